"""Compile the message catalogues (``.po`` → ``.mo``) with Babel when the package is built.

Hatchling runs this for every wheel, editable ones included; ``python hatch_build.py`` does the
same by hand (``make catalogues``). The ``.mo`` files are written beside their ``.po`` files (not in
git) and shipped in the wheel, where the standard library's ``gettext`` reads them, in Pyodide too.
"""

from __future__ import annotations

import sys
from pathlib import Path

LOCALE = Path(__file__).resolve().parent / "sixnimmt_core" / "locale"


def compile_catalogues(locale: Path = LOCALE) -> list[Path]:
    """Write ``<lang>/LC_MESSAGES/sixnimmt.mo`` for every ``.po`` under ``locale``; return them."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po in sorted(locale.glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.parts[-3], abort_invalid=True)
        mo = po.with_suffix(".mo")
        with mo.open("wb") as f:
            write_mo(f, catalog, use_fuzzy=False)
        written.append(mo)
    return written


try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # run by hand, outside a build
    BuildHookInterface = object  # type: ignore[assignment,misc]


class CataloguesHook(BuildHookInterface):  # type: ignore[misc,valid-type]
    """Hatchling's custom build hook: the compiled catalogues go into every wheel."""

    def initialize(self, version: str, build_data: dict) -> None:  # noqa: ARG002 - hatchling's signature
        for mo in compile_catalogues():
            build_data.setdefault("artifacts", []).append(str(mo.relative_to(Path(self.root))))


if __name__ == "__main__":
    for path in compile_catalogues():
        print(f"catalogues: {path.relative_to(LOCALE.parent.parent)}")
    sys.exit(0)
