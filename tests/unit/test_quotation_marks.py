"""One quotation-mark convention per language, in the help pages and in every
message of the page (web/i18n.js): Danish »…« (as its seed), Swedish ”…” (as
its seed), English “…”. A straight double quote or another language's marks
in a text the player reads fails here."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tools import help_pages

ROOT = Path(__file__).resolve().parents[2]
MARKS = "«»“”„\""
QUOTED = {  # a quotation as the language writes it (on one line, not nested)
    "da": re.compile(r"»[^«»“”„\"\n]*«"),
    "sv": re.compile(r"”[^«»“”„\"\n]*”"),
    "en": re.compile(r"“[^«»“”„\"\n]*”"),
}


def stray_marks(lang: str, text: str) -> list[str]:
    """The quotation marks left in `text` once its quotations in `lang`'s
    convention are taken out."""
    rest = QUOTED[lang].sub("", text)
    return [rest[max(0, i - 20):i + 20] for i, ch in enumerate(rest) if ch in MARKS]


def help_texts(lang: str) -> list[str]:
    """Every text of the help page of `lang` as the build makes it (seed or
    en.txt, and the page's notes)."""
    source = help_pages.sources(ROOT / "seeds", ROOT / "web" / "help")[lang]
    doc = help_pages.with_page_notes(help_pages.parse(source.read_text(encoding="utf-8")),
                                     ROOT / "web" / "help" / f"page-{lang}.txt")
    texts = [doc["title"]]
    for block in doc["blocks"]:
        texts += [block.get("text", ""), block.get("label", ""), *block.get("items", [])]
        texts += [cell for row in block.get("rows", []) for cell in row]
    return [t for t in texts if t]


STRING = re.compile(r'"((?:[^"\\\n]|\\.)*)"')


def page_words(lang: str) -> list[str]:
    """Every string of `lang`'s table in web/i18n.js (its words and messages)."""
    source = (ROOT / "web" / "i18n.js").read_text(encoding="utf-8")
    body = source[source.index("const WORDS = {"):source.index("\n};", source.index("const WORDS"))]
    starts = {name: body.index(f"\n  {name}: {{") for name in ("da", "sv", "en")}
    order = sorted(starts, key=starts.__getitem__)
    begin = starts[lang]
    following = [starts[n] for n in order if starts[n] > begin]
    section = body[begin:following[0] if following else len(body)]
    lines = [line for line in section.split("\n") if not line.strip().startswith("//")]
    words = [m.group(1).replace('\\"', '"') for line in lines for m in STRING.finditer(line)]
    assert len(words) > 100, f"the {lang} table was not read"
    return words


@pytest.mark.parametrize("lang", ["da", "sv", "en"])
def test_the_help_page_quotes_one_way(lang: str) -> None:
    stray = [(t[:50], s) for t in help_texts(lang) for s in stray_marks(lang, t)]
    assert stray == []


@pytest.mark.parametrize("lang", ["da", "sv", "en"])
def test_the_page_s_messages_quote_one_way(lang: str) -> None:
    stray = [(w[:50], s) for w in page_words(lang) for s in stray_marks(lang, w)]
    assert stray == []


@pytest.mark.parametrize(("lang", "text", "clean"), [
    ("da", "Tryk på »Hint« og »Fortryd«.", True),
    ("da", "Tryk på «Hint».", False),
    ("da", "Tryk på \"Hint\".", False),
    ("sv", "Tryck på ”Tips”.", True),
    ("sv", "Tryck på »Tips«.", False),
    ("sv", "Tryck på “Tips”.", False),
    ("en", "Tap “Hint” and “Undo”.", True),
    ("en", "Tap \"Hint\".", False),
    ("en", "Tap ”Hint”.", False),
])
def test_the_check_tells_the_conventions_apart(lang: str, text: str, clean: bool) -> None:
    assert (stray_marks(lang, text) == []) is clean


def test_the_seeds_set_the_conventions() -> None:
    """The Danish and Swedish seeds quote as the check expects (they are never edited)."""
    texts: dict[str, Any] = {lang: help_texts(lang) for lang in ("da", "sv")}
    assert any("»Næste«" in t for t in texts["da"])
    assert any("”Nästa”" in t for t in texts["sv"])
