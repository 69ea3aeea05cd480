"""The help pages in dist/help/: every line of the seeds (and of the page's
additions, web/help/page-<lang>.txt) is there, as text,
and the English page has the same structure as the Danish and Swedish ones."""

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


def load(lang: str) -> dict[str, Any]:
    path = ROOT / "dist" / "help" / f"{lang}.json"
    if not path.exists():
        pytest.fail("dist/ is not built: run `python build.py`")
    return json.loads(path.read_text(encoding="utf-8"))


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
    lines = [line.strip() for line in SOURCES[lang].read_text(encoding="utf-8").splitlines()]
    extra = ROOT / "web" / "help" / f"page-{lang}.txt"  # the page's own additions, after the seed
    if extra.exists():
        lines += [line.strip() for line in extra.read_text(encoding="utf-8").splitlines()]
    assert texts(doc) == [line for line in lines if line]


def test_english_help_has_the_structure_of_the_seeds() -> None:
    shapes = {}
    for lang in ("da", "sv", "en"):
        doc = load(lang)
        shapes[lang] = [
            (b["type"], len(b.get("items", b.get("rows", [])))) for b in doc["blocks"]
        ]
    assert shapes["en"] == shapes["da"] == shapes["sv"]
    steps = [b["label"] for b in load("en")["blocks"] if b["type"] == "step"]
    assert steps == [f"Step {n}" for n in range(1, 8)]
