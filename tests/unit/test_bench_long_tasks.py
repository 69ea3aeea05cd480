"""bench/startup.py's long-task rows: the split by phase, the page-only site
(the game's page with its engine left out) and how both reach the table."""

from __future__ import annotations

import doctest
from pathlib import Path
from typing import Any

from bench_scripts import load

startup = load("startup.py")


def test_doctests() -> None:
    result = doctest.testmod(startup)
    assert result.attempted > 0
    assert result.failed == 0


def test_tasks_are_split_at_the_moment_the_engine_was_ready() -> None:
    tasks = [[60.0, 55.0], [300.0, 120.0], [1700.0, 51.0], [5000.0, 80.0]]
    assert startup.tasks_by_phase(tasks, 1700.0) == {
        "load": [[60.0, 55.0], [300.0, 120.0], [1700.0, 51.0]],
        "after": [[5000.0, 80.0]],
    }
    assert startup.tasks_by_phase([], 1700.0) == {"load": [], "after": []}


def test_page_only_site_is_the_built_site_without_its_engine(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    (dist / "pyodide").mkdir(parents=True)
    (dist / "pyodide" / "pyodide.asm.wasm").write_bytes(b"\0asm")
    (dist / "icons").mkdir()
    (dist / "icons" / "icon-192.png").write_bytes(b"png")
    (dist / "index.html").write_text("<!doctype html><p>page</p>")
    (dist / "main.js").write_text("new Worker('worker.js');\n")
    (dist / "worker.js").write_text("import './pyodide/pyodide.mjs';\n")
    (dist / "kugler_core-1.0.0-py3-none-any.whl").write_bytes(b"PK")

    site = startup.make_page_only_site(tmp_path, dist)

    files = sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())
    assert files == ["icons/icon-192.png", "index.html", "main.js", "worker.js"]
    assert (site / "index.html").read_bytes() == (dist / "index.html").read_bytes()
    assert (site / "main.js").read_bytes() == (dist / "main.js").read_bytes()
    worker = (site / "worker.js").read_text()
    assert "import" not in worker and "postMessage" not in worker
    assert (dist / "worker.js").read_text() == "import './pyodide/pyodide.mjs';\n"


def _game_run(cold_load: list[list[float]], moves: list[list[float]],
              warm_load: list[list[float]]) -> dict[str, Any]:
    return {
        "cold": {"paint": 100.0, "ready": 1500.0}, "warm": {"paint": 90.0, "ready": 1000.0},
        "moves": [4.0] * 30, "longtasks": cold_load + moves + warm_load,
        "longtasks_by_phase": {"cold_load": cold_load, "moves": moves, "warm_load": warm_load},
        "service_worker": True, "image_kept": True,
        "bytes": {"raw": 14_000_000, "gzip": 6_900_000},
    }


def test_table_shows_each_phase_and_the_page_alone() -> None:
    game = [
        _game_run([[90.0, 82.0]], [], []),
        _game_run([[90.0, 61.0], [300.0, 120.0]], [], [[80.0, 55.0]]),
        _game_run([], [], []),
    ]
    bare = [{"cold": {"paint": 80.0, "ready": 5000.0}, "warm": {"paint": 70.0, "ready": 4800.0},
             "longtasks": [], "bytes": {"raw": 13_000_000, "gzip": 6_300_000}}] * 3
    page_only = [{"paint": 95.0, "longtasks": [[88.0, 77.0]]},
                 {"paint": 99.0, "longtasks": []},
                 {"paint": 97.0, "longtasks": [[70.0, 58.0], [250.0, 64.0]]}]
    no_sw = {"raw": 13_900_000, "gzip": 6_880_000}

    summary = startup.summarize(game, bare, no_sw, page_only)

    assert summary["longtasks_median"] == 1
    assert summary["longtask_max"] == 120.0
    assert summary["longtasks_cold_load"] == (1, 120.0)
    assert summary["longtasks_moves"] == (0, 0.0)
    assert summary["longtasks_warm_load"] == (0, 55.0)
    assert summary["page_only_longtasks"] == (1, 77.0)
    assert summary["page_only_paint"] == 97.0
    rows = {line.split(" | ")[0].lstrip("| "): line for line in startup.table(summary).splitlines()}
    assert "| 1 (120 ms) | 0 |" in rows["… while the cold visit loads: per run (longest)"]
    assert "| 0 | n/a |" in rows["… during the moves: per run (longest)"]
    assert "| 0 (55.0 ms) | n/a |" in rows["… while the warm visit loads: per run (longest)"]
    assert "| 1 (77.0 ms) | n/a |" in rows[
        "… the cold load of the page alone (engine left out), same window"]
