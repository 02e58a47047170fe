"""No link runs code: JupyterLite's REPL patched so that it never runs code taken from its URL.

JupyterLite's REPL (plugin ``@jupyterlite/repl-extension:console``) runs every ``code=`` parameter
of its address (query or fragment), so anyone could send a link whose Python runs on this site's
origin. Here, in the built site's bundles, the plugin's ``code`` parameters are replaced by one
fixed line, run only when the address carries ``sixnimmt=<base64url>`` (the app page's route,
channel and address, read by ``sixnimmt_core.widgets.apps.start_encoded``); ``execute`` is
ignored. The base64url alphabet holds no quote or backslash, so nothing reaches Python but data.

The patch matches the minified code exactly; if a JupyterLite upgrade changes it, the build stops
(``PatchError``) rather than ship the hole again. Afterwards no ``getAll("code")`` may remain in
any file of the site. Run by build_site.py after ``jupyter lite build``; docs/site.md, "Security".
"""

from __future__ import annotations

import re
from pathlib import Path

PLUGIN = '"@jupyterlite/repl-extension:console"'
# The plugin's own reading of its parameters (minified names vary per build, the shape does not):
#   s=r.getShareableParams(),d=s.getAll("code"),c=s.get("execute"),
READ = re.compile(
    r"(?P<params>[A-Za-z_$][\w$]*)=(?P<ns>[A-Za-z_$][\w$]*)\.getShareableParams\(\),"
    r"(?P<code>[A-Za-z_$][\w$]*)=(?P=params)\.getAll\(\"code\"\),"
    r"(?P<execute>[A-Za-z_$][\w$]*)=(?P=params)\.get\(\"execute\"\),"
)
# How far after the plugin's id its reading of the URL may start (it is in its activate()).
NEAR = 1000
PARAM = "sixnimmt"
DATA = "^[A-Za-z0-9_-]{1,4096}$"  # base64url, unpadded (the same check as start_encoded's)
LINE = "from sixnimmt_core.widgets.apps import start_encoded; start_encoded("
NEEDLE = 'getAll("code")'


class PatchError(RuntimeError):
    """The REPL's code is not what this patch was written for."""


def replacement(m: re.Match) -> str:
    """The plugin's reading of its parameters, with ``code`` made from ``sixnimmt=`` alone."""
    p, code, execute = m["params"], m["code"], m["execute"]
    run = (f"(x=>/{DATA}/.test(x||\"\")?['{LINE}\"'+x+'\")']:[])({p}.get(\"{PARAM}\"))")
    return f"{p}={m['ns']}.getShareableParams(),{code}={run},{execute}=null,"


def patch_text(text: str) -> str:
    """The bundle's text patched; the text unchanged if it holds no REPL console plugin.

    :raises PatchError: the plugin is there but its reading of the URL is not exactly as expected."""
    if NEEDLE not in text and PLUGIN not in text:
        return text
    starts = [m.start() for m in re.finditer(re.escape(PLUGIN), text)]
    reads = list(READ.finditer(text))
    if len(starts) != 1 or len(reads) != 1 or text.count(NEEDLE) != 1:
        raise PatchError(f"expected the REPL console plugin once and its reading of code= once, found "
                         f"{len(starts)} plugin(s), {len(reads)} reading(s), {text.count(NEEDLE)} {NEEDLE}")
    if not 0 < reads[0].start() - starts[0] < NEAR:
        raise PatchError("the reading of code= is not inside the REPL console plugin")
    return text[: reads[0].start()] + replacement(reads[0]) + text[reads[0].end():]


def patch(site: Path) -> list[Path]:
    """Patch every bundle of ``site`` that holds the REPL console plugin; return them.

    :raises PatchError: no bundle held it, or one held it in another shape, or ``getAll("code")``
        remains somewhere in the site afterwards."""
    patched = []
    for path in sorted((site / "build").rglob("*.js")):
        text = path.read_text("utf-8")
        new = patch_text(text)
        if new != text:
            path.unlink()  # a fresh file, never an edit of a shared (hard-linked) one
            path.write_text(new, encoding="utf-8")
            patched.append(path)
    if not patched:
        raise PatchError(f"no bundle in {site / 'build'} holds {PLUGIN}")
    left = [p for p in site.rglob("*") if p.is_file() and NEEDLE.encode() in p.read_bytes()]
    if left:
        raise PatchError(f"{NEEDLE} still in {', '.join(str(p.relative_to(site)) for p in left)}")
    return patched
