"""The design docs: every module named in docs/architecture.md, each doc a
few pages long, and every link between the docs pointing at something.

docs/architecture.md, docs/startup.md and docs/player.md say what the code
does now and why; what was tried on the way is in docs/log/ (dated files).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
ARCHITECTURE = DOCS / "architecture.md"
DESIGN_DOCS = ("architecture.md", "startup.md", "player.md")
MAX_LINES = 400
LINK = re.compile(r"\]\(([^)\s]+)\)")


def modules() -> list[str]:
    """Every module of the engine and of the page (JavaScript and Python)."""
    return sorted([*(p.name for p in (ROOT / "kugler_core").glob("*.py")),
                   *(p.name for p in (ROOT / "web").glob("*.js")),
                   *(p.name for p in (ROOT / "web").glob("*.py"))])


def unnamed(text: str) -> list[str]:
    return [name for name in modules() if f"`{name}`" not in text]


def test_every_module_is_named_in_the_architecture_notes() -> None:
    assert {"player.py", "errors.py", "evaluate.py", "boot.js", "kugler_boot.py"} <= set(modules())
    assert unnamed(ARCHITECTURE.read_text(encoding="utf-8")) == []


def test_a_module_left_out_of_the_notes_is_found() -> None:
    text = ARCHITECTURE.read_text(encoding="utf-8").replace("`evaluate.py`", "evaluate")
    assert unnamed(text) == ["evaluate.py"]


@pytest.mark.parametrize("name", DESIGN_DOCS)
def test_a_design_doc_is_a_few_pages(name: str) -> None:
    lines = (DOCS / name).read_text(encoding="utf-8").count("\n")
    assert lines <= MAX_LINES, f"docs/{name}: {lines} lines; experiments go to docs/log/"


def test_the_log_is_dated_files() -> None:
    logs = sorted(p.name for p in (DOCS / "log").glob("*.md") if p.name != "README.md")
    assert logs and all(re.match(r"\d{4}-\d{2}-\d{2}-[a-z0-9-]+\.md$", n) for n in logs), logs
    index = (DOCS / "log" / "README.md").read_text(encoding="utf-8")
    listed = re.findall(r"^\| \[([\w.-]+\.md)\]", index, re.M)
    assert listed == logs, "docs/log/README.md lists every file, in order"


def slug(heading: str) -> str:
    """The anchor GitHub gives a Markdown heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(path: Path) -> set[str]:
    headings = re.findall(r"^#+ (.+)$", path.read_text(encoding="utf-8"), re.M)
    return {slug(h) for h in headings}


def broken_links(path: Path) -> list[str]:
    broken = []
    for target in LINK.findall(path.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):
            continue  # a web address
        file, _, anchor = target.partition("#")
        linked = (path.parent / file).resolve() if file else path
        missing_heading = bool(anchor) and linked.suffix == ".md" and (
            not linked.exists() or anchor not in anchors(linked))
        if not linked.exists() or missing_heading:
            broken.append(target)
    return broken


def test_links_between_the_docs_point_at_a_file_and_a_heading() -> None:
    pages = [ROOT / "README.md", *sorted(DOCS.rglob("*.md"))]
    assert {p: broken_links(p) for p in pages if broken_links(p)} == {}


def test_a_broken_link_is_found(tmp_path: Path) -> None:
    page = tmp_path / "a.md"
    page.write_text("# Top part\n[x](a.md#top-part) [y](a.md#nothing) [z](b.md) "
                    "[w](https://example.com/c.md)\n", encoding="utf-8")
    assert broken_links(page) == ["a.md#nothing", "b.md"]
