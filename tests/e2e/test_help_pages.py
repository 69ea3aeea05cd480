"""The help pages in dist/help/: every line of the seeds is there, as text,
followed by the page's own notes (web/help/page-<lang>.txt), and the English
page has the same structure as the Danish and Swedish ones."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = {
    "da": next((ROOT / "seeds").glob("000_*")),
    "sv": next((ROOT / "seeds").glob("001_*")),
    "en": ROOT / "web" / "help" / "en.txt",
}


NOTES = {lang: ROOT / "web" / "help" / f"page-{lang}.txt" for lang in SOURCES}


def lines_of(path: Path) -> list[str]:
    return [line.strip() for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip()]


def load(lang: str) -> dict[str, Any]:
    path = ROOT / "dist" / "help" / f"{lang}.json"
    if not path.exists():
        pytest.fail("dist/ is not built: run `python build.py`")
    doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return doc


def texts(doc: dict[str, Any]) -> list[str]:
    out = [doc["title"]]
    for block in doc["blocks"]:
        if block["type"] == "step":
            out += [block["label"], block["text"]]
        elif block["type"] in ("h", "p"):
            out.append(block["text"])
        elif block["type"] == "list":
            out += block["items"]
        elif block["type"] == "table":
            out += ["\t".join(row) for row in block["rows"]]
        else:
            raise AssertionError(f"unknown block {block['type']}")
    return out


@pytest.mark.parametrize("lang", ["da", "sv", "en"])
def test_every_line_of_the_source_is_in_the_help(lang: str) -> None:
    doc = load(lang)
    assert doc["lang"] == lang
    assert texts(doc) == lines_of(SOURCES[lang]) + lines_of(NOTES[lang])


def seed_blocks(doc: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    """The blocks of the seed's part: those before the page notes' heading."""
    title = lines_of(NOTES[lang])[0]
    blocks: list[dict[str, Any]] = doc["blocks"]
    at = next(i for i, b in enumerate(blocks) if b == {"type": "h", "text": title})
    return blocks[:at]


def test_english_help_has_the_structure_of_the_seeds() -> None:
    shapes = {}
    for lang in ("da", "sv", "en"):
        blocks = seed_blocks(load(lang), lang)
        shapes[lang] = [(b["type"], len(b.get("items", b.get("rows", [])))) for b in blocks]
    assert shapes["en"] == shapes["da"] == shapes["sv"]
    steps = [b["label"] for b in load("en")["blocks"] if b["type"] == "step"]
    assert steps == [f"Step {n}" for n in range(1, 8)]
