"""Build step: render the help pages into dist/help/<lang>.json.

The Danish and Swedish help pages are the seeds (seeds/000_*, seeds/001_*);
the English one is web/help/en.txt, a faithful translation in the same plain
text format. Each becomes a JSON document the Help window shows as text
(never as HTML):

    {"lang": "da", "title": "...", "blocks": [
        {"type": "h", "text": "..."},                 a section heading
        {"type": "step", "label": "Trin 1", "text": "Brættet"},
        {"type": "p", "text": "..."},
        {"type": "list", "items": ["...", ...]},
        {"type": "table", "rows": [["Træk", "Point"], ...]}]}

The format: blocks separated by blank lines; the first block is the title;
"Trin N" / "Steg N" / "Step N" labels the next block as a step heading; a
block whose lines hold tabs is a table; a block of several lines is a list
(a first line of several sentences stays a paragraph before it); a single
short line without closing punctuation is a heading, anything else a paragraph.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

STEP = re.compile(r"^(Trin|Steg|Step) \d+$")
HEADING_MAX = 60


def parse(text: str) -> dict[str, Any]:
    """Parse one help page into {title, blocks}; raises ValueError when empty."""
    blocks = [b.strip("\n") for b in re.split(r"\n\s*\n", text.replace("\r\n", "\n").strip())]
    blocks = [b for b in blocks if b.strip()]
    if not blocks:
        raise ValueError("empty help page")
    title, rest = blocks[0].strip(), blocks[1:]
    out: list[dict[str, Any]] = []
    i = 0
    while i < len(rest):
        block = rest[i]
        lines = [line.strip() for line in block.split("\n") if line.strip()]
        if len(lines) == 1 and STEP.match(lines[0]) and i + 1 < len(rest):
            out.append({"type": "step", "label": lines[0], "text": rest[i + 1].strip()})
            i += 2
            continue
        if any("\t" in line for line in lines):
            out.append({"type": "table",
                        "rows": [[c.strip() for c in line.split("\t")] for line in lines]})
        elif len(lines) > 1:
            first = lines[0]
            if ". " in first.rstrip("."):
                out.append({"type": "p", "text": first})
                lines = lines[1:]
            out.append({"type": "list", "items": lines})
        elif len(lines[0]) <= HEADING_MAX and lines[0][-1] not in ".:!?":
            out.append({"type": "h", "text": lines[0]})
        else:
            out.append({"type": "p", "text": lines[0]})
        i += 1
    return {"title": title, "blocks": out}


def sources(seeds: Path, english: Path) -> dict[str, Path]:
    """The help source of each language: the seeds for da and sv, en.txt for en."""
    da = sorted(seeds.glob("000_*"))
    sv = sorted(seeds.glob("001_*"))
    if not da or not sv:
        raise SystemExit(f"help: the seeds 000_* and 001_* are missing in {seeds}")
    return {"da": da[0], "sv": sv[0], "en": english / "en.txt"}


def with_page_notes(doc: dict[str, Any], notes: Path) -> dict[str, Any]:
    """The help page ``doc`` followed by the page's own notes (keys, options,
    the clock), when the file ``notes`` exists: its first block becomes a
    section heading, its other blocks follow as usual. The seeds stay as
    they are; what the page adds to them stands in ``web/help/page-<lang>.txt``.
    """
    if not notes.is_file():
        return doc
    more = parse(notes.read_text(encoding="utf-8"))
    return {**doc, "blocks": [*doc["blocks"], {"type": "h", "text": more["title"]},
                              *more["blocks"]]}


def write(dist: Path, seeds: Path, english: Path) -> list[Path]:
    """Write dist/help/<lang>.json for da, sv, en and return the files written.

    The English source and the page notes copied along with web/ are removed
    from dist/help/.
    """
    out_dir = dist / "help"
    if out_dir.exists():
        shutil.rmtree(out_dir)
    out_dir.mkdir(parents=True)
    written = []
    for lang, source in sources(seeds, english).items():
        doc = {"lang": lang, **parse(source.read_text(encoding="utf-8"))}
        doc = with_page_notes(doc, english / f"page-{lang}.txt")
        target = out_dir / f"{lang}.json"
        target.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        written.append(target)
    return written
