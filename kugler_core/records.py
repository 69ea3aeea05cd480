"""The records document of one variant: record, top-10 ranking and statistics.

A records document is plain JSON (all functions here are pure; the browser
stores the text)::

    {"kind": "kugler/records", "version": 1, "line": 5,
     "record": 42,
     "ranking": [{"id": "g1", "points": 42, "moves": 30, "seconds": 95,
                  "lines": {"5": 1, "7": 1}, "deal": 17,
                  "date": "2026-11-29T18:00:00.000Z", "name": null}, ...],
     "stats": {"games": 3, "points": 52, "moves": 81, "seconds": 300,
               "best": 42, "lines": {"5": 2, "7": 1},
               "recent": [{"id": "g0", "points": 0, "moves": 21, "seconds": 40,
                           "lines": {}}, ...]}}

Rules:

* every finished game goes into ``stats``; a replayed deal is a new game
  (it has a new id);
* ``ranking`` holds the 10 best finished games (0 points included, as the
  help pages say), best first; ties are
  broken by the earlier ``date`` (compared as text: the page sends UTC
  ``toISOString()`` dates), then by ``id``;
* ``record`` == ``stats.best`` == the points of the first ranking entry
  (0 with an empty ranking);
* ``recent`` holds the last 200 games ``{id, points, moves, seconds, lines}``
  in play order (enough to count a game again when two copies are merged);
* a game whose id is already in ``recent`` or ``ranking`` is not counted
  again, so adding the same finished game twice changes nothing;
* ``merge_records`` joins two copies that grew apart (two tabs) without
  losing or double-counting a game.

``validate_records`` rejects anything else with a ``DocumentError``: code
``newer_version`` for a version above 1, ``bad_document`` otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import Any

from kugler_core.checks import (
    MAX_COUNT,
    MAX_DEAL,
    DocumentError,
    Migration,
    bad,
    check_date,
    check_header,
    clean_text,
    expect_bool,
    expect_dict,
    expect_int,
    expect_keys,
    expect_list,
    expect_str,
    lines_counts,
)

KIND = "kugler/records"
VERSION = 1
RANKING_SIZE = 10
RECENT_SIZE = 200
NAME_MAX = 24
ID_MAX = 64

_ENTRY_KEYS = frozenset({"id", "points", "moves", "seconds", "lines", "deal", "date", "name"})
_STATS_KEYS = frozenset({"games", "points", "moves", "seconds", "best", "lines", "recent"})
_RECENT_KEYS = frozenset({"id", "points", "moves", "seconds", "lines"})
_DOC_KEYS = frozenset({"kind", "version", "line", "record", "ranking", "stats"})

MIGRATIONS: dict[int, Migration] = {}
"""``MIGRATIONS[n]`` turns a version-n records document into version n + 1."""


@dataclass(frozen=True)
class AddResult:
    """What ``add_game`` did: the new document and the game's place in it.

    ``rank`` is the 1-based ranking place or None (not in the top 10);
    ``new_record`` is True when the game beat ``previous_record``;
    ``already_counted`` is True when the game was in the document already
    (then ``doc`` is the unchanged, validated input).
    """

    doc: dict[str, Any]
    rank: int | None
    new_record: bool
    previous_record: int
    already_counted: bool


def clean_name(name: str | None) -> str | None:
    """A player name as plain text: control and invisible format characters
    removed, whitespace collapsed, at most 24 characters; None when empty."""
    if name is None:
        return None
    text = clean_text(name, NAME_MAX)
    return text or None


def empty_records(line: int) -> dict[str, Any]:
    """A records document with no games for variant ``line`` (4 or 5)."""
    if type(line) is not int or line not in (4, 5):
        raise ValueError("line must be 4 or 5")
    return {
        "kind": KIND,
        "version": VERSION,
        "line": line,
        "record": 0,
        "ranking": [],
        "stats": {
            "games": 0,
            "points": 0,
            "moves": 0,
            "seconds": 0,
            "best": 0,
            "lines": {},
            "recent": [],
        },
    }


def _rank_key(entry: dict[str, Any]) -> tuple[int, str, str]:
    return (-int(entry["points"]), str(entry["date"]), str(entry["id"]))


def _check_id(value: object, where: str) -> str:
    text = expect_str(value, where, ID_MAX)
    if not text:
        raise bad(f"{where} is empty")
    return text


def _check_entry(raw: object, line: int, where: str) -> dict[str, Any]:
    entry = expect_dict(raw, where)
    expect_keys(entry, _ENTRY_KEYS, _ENTRY_KEYS, where)
    name = entry["name"]
    if name is not None:
        name = expect_str(name, f"{where}.name", NAME_MAX * 4)
        if clean_name(name) != name:
            raise bad(f"{where}.name is not a clean name")
    return {
        "id": _check_id(entry["id"], f"{where}.id"),
        "points": expect_int(entry["points"], f"{where}.points", 0, MAX_COUNT),
        "moves": expect_int(entry["moves"], f"{where}.moves", 0, MAX_COUNT),
        "seconds": expect_int(entry["seconds"], f"{where}.seconds", 0, MAX_COUNT),
        "lines": lines_counts(entry["lines"], line, f"{where}.lines"),
        "deal": expect_int(entry["deal"], f"{where}.deal", 1, MAX_DEAL),
        "date": check_date(entry["date"], f"{where}.date"),
        "name": name,
    }


def _check_stats(raw: object, line: int) -> dict[str, Any]:
    stats = expect_dict(raw, "stats")
    expect_keys(stats, _STATS_KEYS, _STATS_KEYS, "stats")
    recent_raw = expect_list(stats["recent"], "stats.recent", RECENT_SIZE)
    recent: list[dict[str, Any]] = []
    for i, item in enumerate(recent_raw):
        where = f"stats.recent[{i}]"
        item_d = expect_dict(item, where)
        expect_keys(item_d, _RECENT_KEYS, _RECENT_KEYS, where)
        recent.append({
            "id": _check_id(item_d["id"], f"{where}.id"),
            "points": expect_int(item_d["points"], f"{where}.points", 0, MAX_COUNT),
            "moves": expect_int(item_d["moves"], f"{where}.moves", 0, MAX_COUNT),
            "seconds": expect_int(item_d["seconds"], f"{where}.seconds", 0, MAX_COUNT),
            "lines": lines_counts(item_d["lines"], line, f"{where}.lines"),
        })
    return {
        "games": expect_int(stats["games"], "stats.games", 0, MAX_COUNT),
        "points": expect_int(stats["points"], "stats.points", 0, MAX_COUNT),
        "moves": expect_int(stats["moves"], "stats.moves", 0, MAX_COUNT),
        "seconds": expect_int(stats["seconds"], "stats.seconds", 0, MAX_COUNT),
        "best": expect_int(stats["best"], "stats.best", 0, MAX_COUNT),
        "lines": lines_counts(stats["lines"], line, "stats.lines"),
        "recent": recent,
    }


def validate_records(doc: object, line: int) -> dict[str, Any]:
    """Check a records document of variant ``line`` and return a normalized copy.

    Raises DocumentError (code ``newer_version`` for a version above 1,
    ``bad_document`` for anything malformed, inconsistent or of the other
    variant). Never raises anything else for JSON-like input.
    """
    if type(line) is not int or line not in (4, 5):
        raise ValueError("line must be 4 or 5")
    d = check_header(doc, KIND, "records", VERSION, MIGRATIONS)
    expect_keys(d, _DOC_KEYS, _DOC_KEYS, "records")
    doc_line = expect_int(d["line"], "line", 4, 5)
    if doc_line != line:
        raise bad(f"records are for '{doc_line} in a row', not '{line} in a row'")
    record = expect_int(d["record"], "record", 0, MAX_COUNT)
    ranking_raw = expect_list(d["ranking"], "ranking", RANKING_SIZE)
    ranking = [_check_entry(e, line, f"ranking[{i}]") for i, e in enumerate(ranking_raw)]
    stats = _check_stats(d["stats"], line)

    # Consistency: the numbers must tell one story.
    ids = [e["id"] for e in ranking]
    if len(set(ids)) != len(ids):
        raise bad("ranking lists a game twice")
    if any(_rank_key(a) > _rank_key(b) for a, b in pairwise(ranking)):
        raise bad("ranking is not sorted best first")
    recent_ids = [r["id"] for r in stats["recent"]]
    if len(set(recent_ids)) != len(recent_ids):
        raise bad("stats.recent lists a game twice")
    if stats["best"] != record:
        raise bad("record differs from stats.best")
    if ranking and ranking[0]["points"] != record:
        raise bad("record differs from the best ranking entry")
    if not ranking and record != 0:
        raise bad("record without a ranking entry")
    games = stats["games"]
    if games < len(recent_ids) or games < len(ranking):
        raise bad("stats.games is smaller than the games listed")
    if stats["points"] < record or stats["points"] < sum(r["points"] for r in stats["recent"]):
        raise bad("stats.points is smaller than the points listed")
    if any(r["points"] > record for r in stats["recent"]):
        raise bad("a recent game beats the record")
    if games == 0 and (stats["points"] or stats["moves"] or stats["seconds"] or stats["lines"]):
        raise bad("statistics without games")
    for key in ("moves", "seconds"):
        if stats[key] < sum(r[key] for r in stats["recent"]):
            raise bad(f"stats.{key} is smaller than the {key} listed")
    listed = _add_lines({}, *(r["lines"] for r in stats["recent"]))
    if any(stats["lines"].get(k, 0) < n for k, n in listed.items()):
        raise bad("stats.lines has fewer lines than the games listed")
    by_id = {r["id"]: r for r in stats["recent"]}
    for e in ranking:
        r = by_id.get(e["id"])
        if r is not None and any(r[k] != e[k] for k in ("points", "moves", "seconds", "lines")):
            raise bad(f"game {e['id'][:40]!r} is listed twice with different numbers")
    return {
        "kind": KIND,
        "version": VERSION,
        "line": line,
        "record": record,
        "ranking": ranking,
        "stats": stats,
    }


def _game_facts(game: object, line: int) -> dict[str, Any]:
    """The facts of a finished game document that the records use.

    Raises ValueError (not DocumentError) when the game is not over, has no
    id or is of the other variant; DocumentError when fields are malformed.
    Full validation of the game document is ``Game.from_dict``'s job.
    """
    g = expect_dict(game, "game")
    for key in ("id", "deal", "line", "score", "moves", "seconds", "lines", "over"):
        if key not in g:
            raise bad(f"game has no {key!r}")
    if expect_int(g["line"], "game.line", 4, 5) != line:
        raise ValueError("the game is of the other variant")
    if not expect_bool(g["over"], "game.over"):
        raise ValueError("the game is not over")
    game_id = expect_str(g["id"], "game.id", ID_MAX)
    if not game_id:
        raise ValueError("the game has no id")
    return {
        "id": game_id,
        "points": expect_int(g["score"], "game.score", 0, MAX_COUNT),
        "moves": expect_int(g["moves"], "game.moves", 0, MAX_COUNT),
        "seconds": expect_int(g["seconds"], "game.seconds", 0, MAX_COUNT),
        "lines": lines_counts(g["lines"], line, "game.lines"),
        "deal": expect_int(g["deal"], "game.deal", 1, MAX_DEAL),
    }


def _add_lines(a: dict[str, int], *more: dict[str, int]) -> dict[str, int]:
    out = dict(a)
    for b in more:
        for key, n in b.items():
            out[key] = min(out.get(key, 0) + n, MAX_COUNT)
    return {k: out[k] for k in sorted(out, key=int)}


def add_game(
    doc: object, game_doc: object, date: str, name: str | None = None
) -> AddResult:
    """Add a finished game to a records document (pure: returns a new document).

    ``doc`` is validated first (DocumentError when bad); its ``line`` decides the
    variant. The game must be over, of the same variant and have an id
    (ValueError otherwise). ``date`` is ISO text; ``name`` is cleaned with
    ``clean_name``. A game already counted (id in ``recent`` or ``ranking``)
    leaves the document unchanged with ``already_counted=True``.
    """
    raw = expect_dict(doc, "records")
    line = raw.get("line")
    if type(line) is not int or line not in (4, 5):
        raise bad("records have no valid line")
    current = validate_records(raw, line)
    facts = _game_facts(game_doc, line)
    try:
        date = check_date(date, "date")
    except DocumentError as exc:
        raise ValueError(str(exc)) from None
    if name is not None and not isinstance(name, str):
        raise ValueError("name must be text")
    previous = int(current["record"])
    stats = current["stats"]
    known = {r["id"] for r in stats["recent"]} | {e["id"] for e in current["ranking"]}
    if facts["id"] in known:
        place = next(
            (i + 1 for i, e in enumerate(current["ranking"]) if e["id"] == facts["id"]), None
        )
        return AddResult(current, place, False, previous, True)

    points = facts["points"]
    new_stats = _count(stats, [{k: facts[k] for k in _RECENT_KEYS}])
    ranking = list(current["ranking"])
    rank: int | None = None
    entry = {**facts, "date": date, "name": clean_name(name)}
    ranking.append(entry)
    ranking.sort(key=_rank_key)
    ranking = ranking[:RANKING_SIZE]
    rank = next((i + 1 for i, e in enumerate(ranking) if e["id"] == facts["id"]), None)
    new_doc = {
        "kind": KIND,
        "version": VERSION,
        "line": line,
        "record": max(previous, points),
        "ranking": ranking,
        "stats": new_stats,
    }
    return AddResult(new_doc, rank, points > previous, previous, False)


def _count(stats: dict[str, Any], games: list[dict[str, Any]]) -> dict[str, Any]:
    """``stats`` with ``games`` (recent entries, not counted yet) added."""
    return {
        "games": min(stats["games"] + len(games), MAX_COUNT),
        "points": min(stats["points"] + sum(g["points"] for g in games), MAX_COUNT),
        "moves": min(stats["moves"] + sum(g["moves"] for g in games), MAX_COUNT),
        "seconds": min(stats["seconds"] + sum(g["seconds"] for g in games), MAX_COUNT),
        "best": max([stats["best"], *(g["points"] for g in games)]),
        "lines": _add_lines(stats["lines"], *(g["lines"] for g in games)),
        "recent": [*stats["recent"], *games][-RECENT_SIZE:],
    }


@dataclass(frozen=True)
class MergeResult:
    """The merged document; ``complete`` is False when the two copies could not
    be lined up (then ``doc`` is the copy that has seen more games)."""

    doc: dict[str, Any]
    complete: bool


def merge_records(a: object, b: object) -> MergeResult:
    """Join two copies of one variant's records that grew apart (e.g. two tabs).

    Both must descend from one common document through ``add_game``/merges.
    Every game is counted once: the games of ``b`` that ``a`` has not counted
    are those in ``b.recent`` after the first game both copies list in
    ``recent`` (games before it are older than ``a``'s window, so ``a``
    counted them) and not in ``a``'s ``recent`` or ``ranking``. They are
    added to ``a``'s counters and appended to ``a.recent`` in ``b``'s order;
    the ranking is the best 10 of both rankings. With no game in common,
    the copies line up only when neither has dropped a game from ``recent``
    (all games of both are listed); otherwise ``complete`` is False.
    Raises DocumentError when a copy is bad or of the other variant.
    """
    raw = expect_dict(a, "records")
    line = raw.get("line")
    if type(line) is not int or line not in (4, 5):
        raise bad("records have no valid line")
    da = validate_records(raw, line)
    db = validate_records(b, line)
    sa, sb = da["stats"], db["stats"]
    if sb["games"] == 0:
        return MergeResult(da, True)
    if sa["games"] == 0:
        return MergeResult(db, True)
    a_recent = {r["id"] for r in sa["recent"]}
    known = a_recent | {e["id"] for e in da["ranking"]}
    first = next((i for i, r in enumerate(sb["recent"]) if r["id"] in a_recent), None)
    if first is None:
        if sa["games"] != len(sa["recent"]) or sb["games"] != len(sb["recent"]):
            return MergeResult(da if sa["games"] >= sb["games"] else db, False)
        first = -1
    missing = [r for r in sb["recent"][first + 1 :] if r["id"] not in known]
    ranking = {e["id"]: e for e in [*da["ranking"], *db["ranking"]]}
    best = sorted(ranking.values(), key=_rank_key)[:RANKING_SIZE]
    stats = _count(sa, missing)
    doc = {
        "kind": KIND,
        "version": VERSION,
        "line": line,
        "record": max(da["record"], db["record"]),
        "ranking": best,
        "stats": {**stats, "best": max(stats["best"], db["record"])},
    }
    return MergeResult(validate_records(doc, line), True)


def summary(doc: object) -> dict[str, Any]:
    """What the Statistics window shows, from a records document (validated here)."""
    raw = expect_dict(doc, "records")
    line = raw.get("line")
    if type(line) is not int or line not in (4, 5):
        raise bad("records have no valid line")
    stats = validate_records(raw, line)["stats"]
    games = stats["games"]
    return {
        "games": games,
        "points": stats["points"],
        "average": round(stats["points"] / games, 1) if games else 0.0,
        "best": stats["best"],
        "moves": stats["moves"],
        "seconds": stats["seconds"],
        "lines": dict(stats["lines"]),
        "recent_points": [r["points"] for r in stats["recent"]],
    }
