"""Keep the languages' catalogues in step with the English one (docs/translating.md).

``python tools/i18n.py sync``: every catalogue gets every key of the English catalogue of its
domain (``sixnimmt_core/locale/en/LC_MESSAGES/<domain>.po``) with the English text beside it as a comment
for the translator; a key that is new gets an empty translation (the catalogue test then says which
are missing), a key English no longer has goes. Translations already made are kept.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
LOCALE = ROOT / "sixnimmt_core" / "locale"
SOURCE = "en"
HEADER = "6 nimmt! teaching edition — {name}.\n# Game terms: docs/glossary/{lang}.md (English: the keys' source texts)."


def po_path(lang: str, domain: str = "sixnimmt") -> Path:
    return LOCALE / lang / "LC_MESSAGES" / f"{domain}.po"


def read(lang: str, domain: str = "sixnimmt") -> Catalog:
    with po_path(lang, domain).open("rb") as f:
        return read_po(f, locale=lang)


def write(catalog: Catalog, lang: str, domain: str = "sixnimmt") -> None:
    path = po_path(lang, domain)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, catalog, width=100, sort_output=False, omit_header=False)


def english_of(message) -> str:
    return " | ".join(message.string) if isinstance(message.string, (list, tuple)) else message.string


def sync(lang: str, english: Catalog, domain: str = "sixnimmt") -> tuple[int, int]:
    """Bring ``lang``'s catalogue in step with ``english``; return (keys added, keys dropped).

    The catalogue's header (plural rule, dates, team) is kept; a new catalogue gets a clean one."""
    names = {"en": "English", "cs": "Czech (čeština)", "sk": "Slovak (slovenčina)", "ro": "Romanian (română)"}
    fresh = not po_path(lang, domain).exists()
    catalog = Catalog(locale=lang) if fresh else read(lang, domain)
    old = {m.id: m for m in catalog if m.id}
    for key in old:
        del catalog[key]
    added = 0
    for m in english:
        if not m.id:
            continue
        kept = old.get(m.id)
        if kept is None:
            added += 1
        string = kept.string if kept is not None else (("",) * catalog.num_plurals if m.pluralizable else "")
        if m.pluralizable:
            string = tuple(list(string)[: catalog.num_plurals] + [""] * (catalog.num_plurals - len(string)))
        notes = [c for c in m.auto_comments if not c.startswith("English: ")]  # the developer's notes
        catalog.add(m.id, string, auto_comments=[*notes, f"English: {english_of(m)}"],
                    user_comments=list(kept.user_comments) if kept is not None else [])
    catalog.fuzzy = False
    catalog.project = "sixnimmt"
    if fresh:
        catalog.header_comment = "# " + HEADER.format(name=names.get(lang, lang), lang=lang)
        catalog.msgid_bugs_address = "the project's issues"
        catalog.last_translator = "6 nimmt! teaching edition team"
        catalog.language_team = names.get(lang, lang)
    write(catalog, lang, domain)
    return added, sum(1 for key in old if key not in catalog)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("command", choices=["sync"])
    ap.add_argument("langs", nargs="*", help="default: every catalogue but English")
    ap.add_argument("--domain", action="append", help="only this domain (repeatable); default: every domain")
    args = ap.parse_args(argv)
    langs = args.langs or sorted(p.name for p in LOCALE.iterdir() if p.is_dir() and p.name != SOURCE)
    domains = args.domain or sorted(p.stem for p in (LOCALE / SOURCE / "LC_MESSAGES").glob("*.po"))
    for domain in domains:
        english = read(SOURCE, domain)
        for lang in langs:
            added, dropped = sync(lang, english, domain)
            print(f"i18n: {domain}, {lang}: {added} keys to translate added, {dropped} dropped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
