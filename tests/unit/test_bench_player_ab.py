"""bench/player_ab.py: variants parsed, the sign test, the table, and a short paired run."""

from __future__ import annotations

import doctest
import json
from pathlib import Path

import pytest
from bench_scripts import load

ab = load("player_ab.py")
CRISIS = Path(__file__).resolve().parents[2] / "bench" / "crisis.json"

from kugler_core import player as engine  # noqa: E402
from kugler_core import value  # noqa: E402


def test_doctests() -> None:
    assert doctest.testmod(ab).failed == 0


def test_a_variant_changes_only_the_fields_it_names() -> None:
    name, effort, weights = ab.parse_variant("m0:learned_margin=0,deep=20")
    assert (name, effort.learned_margin, effort.deep, weights) == ("m0", 0.0, 20, None)
    base = ab.parse_variant("base")[1]
    for field in engine.Effort.__slots__:
        assert getattr(base, field) == getattr(engine.QUICK, field), field
    assert ab.parse_variant("off:learned_margin=-1")[1].learned_margin is None


def test_a_variant_reads_its_weights_file(tmp_path: Path) -> None:
    path = tmp_path / "w.bin"
    path.write_bytes(value.weights(5).dump())
    assert ab.parse_variant(f"w:{path}")[2] is not None
    path.write_bytes(b"KUGV" + bytes(40))
    with pytest.raises(value.WeightsError):
        ab.parse_variant(f"w:{path}")


@pytest.mark.parametrize("spec", ["x:depth=3", "x:deep=many"])
def test_a_bad_variant_is_refused(spec: str) -> None:
    with pytest.raises(ValueError):
        ab.parse_variant(spec)


def test_the_table_counts_saved_and_lost_more_against_the_first() -> None:
    results = {"base": [(True, 0, 10), (False, 12, 30), (True, 0, 5)],
               "other": [(False, 15, 40), (True, 0, 8), (False, 9, 20)]}
    lines = ab.table(results).splitlines()
    assert lines[2].startswith("| base | 3 | 2 (")
    assert lines[3].startswith("| other | 3 | 1 (") and lines[3].endswith("| 2 / 1 (1.00) |")
    with pytest.raises(ValueError):
        ab.table({"base": results["base"], "short": results["other"][:2]})


def test_a_paired_run_and_its_comparison_from_files(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    quick = engine.EFFORTS["quick"]
    for name, spec in (("a", "a"), ("b", "b:top_crowded=2")):
        assert ab.main(["--crisis-file", str(CRISIS), "--crisis-moves", "2", "--count", "1",
                        "--variant", spec, "--results", str(tmp_path / f"{name}.json")]) == 0
    assert engine.EFFORTS["quick"] is quick, "the player's effort is put back"
    rows = json.loads((tmp_path / "a.json").read_text())["a"]
    assert len(rows) == 1 and len(rows[0]) == 3
    capsys.readouterr()
    assert ab.main(["--compare", str(tmp_path / "a.json"), str(tmp_path / "b.json")]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(" | ")[0] for line in out[2:]] == ["| a", "| b"]


def test_choices_counts_the_moves_a_variant_chooses_otherwise(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Each variant chooses once per position; the same effort twice chooses
    the same moves, the ranking's first move (top 1) others, and another seed
    moves the choice where a taken mark's cells decide it (positions 21-24 of
    crisis.json: 21, 23 and 24); the player is left as it was."""
    quick, seed = engine.EFFORTS["quick"], engine._seed
    crises = ab.load_crises(CRISIS)[21:25]
    rows = ab.choices(crises, [ab.parse_variant("base"), ab.parse_variant("same"),
                               ab.parse_variant("first:top=1,top_crowded=1")])
    assert [(name, differ) for name, differ, _ms in rows] == [
        ("base", 0), ("same", 0), ("first", rows[2][1]), ("base, another seed", 3)]
    assert rows[2][1] > 0 and all(ms > 0 for _n, _d, ms in rows)
    assert engine.EFFORTS["quick"] is quick and engine._seed is seed
    assert ab.main(["--choices", "--variant", "base", "--variant", "r6:reply=6",
                    "--crisis-file", str(CRISIS), "--first", "21", "--count", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("| variant | positions | choices not the first variant's |")
    assert out[2].startswith("| base | 2 | 0 (0.0 %) |")
    assert out[4].startswith("| base, another seed | 2 | 1 (50.0 %) |")


def test_another_seed_plays_the_same_player_with_other_draws(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """``--seed`` draws a taken mark's cells otherwise: on positions 21-24 of
    crisis.json the player seeded with "x" chooses other moves than without,
    every choice of the run is seeded so, and the seed is put back."""
    seed = engine._seed
    crises = ab.load_crises(CRISIS)[21:25]
    views = [engine.View.of(c.game()) for c in crises]
    plain = [engine.choose(view, "quick") for view in views]
    engine._seed = lambda view, strength: seed(view, f"{strength}/x")
    try:
        other = [engine.choose(view, "quick") for view in views]
    finally:
        engine._seed = seed
    assert plain != other
    seeded: list[bool] = []
    choose = engine.choose

    def spy(view: engine.View, strength: engine.Strength = "quick") -> engine.Move | None:
        seeded.append(engine._seed(view, strength) == seed(view, f"{strength}/x"))
        return choose(view, strength)

    monkeypatch.setattr(engine, "choose", spy)
    assert ab.main(["--choices", "--variant", "base", "--seed", "x",
                    "--crisis-file", str(CRISIS), "--first", "21", "--count", "4"]) == 0
    assert engine._seed is seed, "the seed is put back"
    assert seeded == [True] * 4 + [False] * 4  # the last run: "another seed" of the seeded base
    out = capsys.readouterr().out.splitlines()
    assert out[2].startswith("| base | 4 | 0 (0.0 %) |")


def test_the_reference_is_the_base_under_several_seeds(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--compare --reference N`` adds each file's lost positions against the
    mean of the first N files'; files of one variant name keep both (by file)."""
    rows = {"s1": [[True, 0, 0], [False, 9, 9], [True, 0, 0], [False, 3, 5]],
            "s2": [[True, 0, 0], [False, 9, 9], [False, 9, 9], [False, 3, 5]],
            "new": [[True, 0, 0], [True, 0, 0], [True, 0, 0], [True, 0, 0]]}
    files = []
    for stem, results in rows.items():
        path = tmp_path / f"{stem}.json"
        path.write_text(json.dumps({"base": results}))
        files.append(str(path))
    assert ab.main(["--compare", *files, "--reference", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    names = [line.split(" | ")[0] for line in out[2:5]]
    assert names == ["| base", "| base (s2)", "| base (new)"]
    assert out[6] == ("| variant | positions | lost "
                      "| against the mean of the seeds (base, base (s2)) |")
    assert out[8].startswith("| base | 4 | 2 | +1.0 ± ")  # against the other seed alone
    assert out[10].startswith("| base (new) | 4 | 4 | +2.5 ± ")
    with pytest.raises(SystemExit):  # a clear message, no table
        ab.main(["--compare", *files, "--reference", "4"])
    assert "--reference needs 2 to 3 files, got 4" in capsys.readouterr().err
    with pytest.raises(ValueError, match="2 to 3 seeds"):
        ab.reference_table({k: [tuple(r) for r in v] for k, v in rows.items()}, 1)
