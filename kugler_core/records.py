"""The records document of one variant: record, top-10 ranking and statistics.

A records document is plain JSON (all functions here are pure; the browser
stores the text)::

    {"kind": "kugler/records", "version": 3, "line": 5,
     "record": 42,
     "ranking": [{"id": "g1", "points": 42, "moves": 30, "seconds": 95,
                  "lines": {"5": 1, "7": 1}, "deal": 17,
                  "date": "2026-11-29T18:00:00.000Z", "name": null,
                  "history": "3a4b..." | null, "rule": 2}, ...],
     "stats": {"games": 3, "points": 52, "moves": 81, "seconds": 300,
               "best": 42, "lines": {"5": 2, "7": 1},
               "assisted": {"games": 1, "points": 9000},
               "daily": {"2026-11-29": 42, ...},
               "recent": [{"id": "g0", "points": 0, "moves": 21, "seconds": 40,
                           "lines": {}, "assisted": false}, ...]}}

Rules:

* every finished game goes into ``stats``; a replayed deal is a new game
  (it has a new id);
* an *assisted* game (``Game.assisted``: a hint was shown or the computer moved)
  is counted apart, in ``stats.assisted`` (games, points) only: the other
  totals (``games``, ``points``, ``moves``, ``seconds``, ``lines``, ``best``),
  the ``daily`` bests, the record and the ranking are the player's own
  games, so help never lifts them and never dilutes their average;
* ``ranking`` holds the 10 best unassisted finished games (0 points
  included, as the help pages say), best first; ties are broken by the
  earlier ``date`` (compared as text: the page sends UTC ``toISOString()``
  dates), then by ``id``; each keeps the game's moves in ``history`` (see
  ``pack_history``; null when unknown or longer than ``HISTORY_MAX`` moves)
  and the placement rule it was played by (``rule``: 1 or 2, see
  ``rng.RULES``), so it can be watched again exactly as it was played;
* ``record`` == ``stats.best`` == the points of the first ranking entry
  (0 with an empty ranking);
* ``daily`` maps the date of a day's deal (``YYYY-MM-DD``) to the best
  points of the unassisted games played on it, for the last 400 dates;
* ``recent`` holds the last 200 games ``{id, points, moves, seconds, lines,
  assisted}`` in play order (enough to count a game again when two copies
  are merged), without their moves;
* a game whose id is already in ``recent`` or ``ranking`` is not counted
  again, so adding the same finished game twice changes nothing;
* ``merge_records`` joins two copies that grew apart (two tabs) without
  losing or double-counting a game.

Version 1 documents (no ``history``, ``assisted``, ``daily``; only games
with points in the ranking) and version 2 (ranking entries without
``rule``: their games were all played by rule 1) are read and brought to
version 3. ``validate_records`` rejects anything else with a
``DocumentError``: code ``newer_version`` for a version above 3,
``bad_document`` otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence
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
    check_day,
    check_header,
    check_id,
    check_line,
    clean_text,
    expect_bool,
    expect_dict,
    expect_int,
    expect_keys,
    expect_list,
    expect_str,
    lines_counts,
)
from kugler_core.errors import HistoryError, RecordEntryError, VariantError
from kugler_core.game import Game
from kugler_core.rng import RULES

KIND = "kugler/records"
VERSION = 3
RANKING_SIZE = 10
RECENT_SIZE = 200
DAILY_SIZE = 400
HISTORY_MAX = 10_000
"""Longest game (in moves) whose history a ranking entry keeps."""
NAME_MAX = 24
CELLS = 81

HISTORY_ALPHABET = (
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_.~!*()+,;:@$=[]{}"
)
"""The stored form of a history: cell i (0..80, row-major) is this text's i-th
character, a move is its two cells, so a game of n moves is 2n characters of
plain ASCII that JSON stores as they are (no quote, no backslash)."""
_CELL_OF_CHAR = {ch: i for i, ch in enumerate(HISTORY_ALPHABET)}

_ENTRY_KEYS = frozenset(
    {"id", "points", "moves", "seconds", "lines", "deal", "date", "name", "history", "rule"}
)
_STATS_KEYS = frozenset(
    {"games", "points", "moves", "seconds", "best", "lines", "assisted", "daily", "recent"}
)
_ASSISTED_KEYS = frozenset({"games", "points"})
_RECENT_KEYS = frozenset({"id", "points", "moves", "seconds", "lines", "assisted"})
_DOC_KEYS = frozenset({"kind", "version", "line", "record", "ranking", "stats"})

_V2_ENTRY_KEYS = _ENTRY_KEYS - {"rule"}
_V1_ENTRY_KEYS = _V2_ENTRY_KEYS - {"history"}
_V1_STATS_KEYS = _STATS_KEYS - {"assisted", "daily"}
_V1_RECENT_KEYS = _RECENT_KEYS - {"assisted"}


def _records_1_to_2(d: dict[str, Any]) -> dict[str, Any]:
    """Version 1 -> 2: ranking entries get ``history: null``, recent games
    ``assisted: false``, the statistics ``assisted`` (none) and ``daily`` (none)."""
    ranking = expect_list(d.get("ranking"), "ranking", RANKING_SIZE)
    stats = expect_dict(d.get("stats"), "stats")
    expect_keys(stats, (), _V1_STATS_KEYS, "stats")
    recent = expect_list(stats.get("recent"), "stats.recent", RECENT_SIZE)
    for i, e in enumerate(ranking):
        expect_keys(expect_dict(e, f"ranking[{i}]"), (), _V1_ENTRY_KEYS, f"ranking[{i}]")
        e["history"] = None
    for i, r in enumerate(recent):
        where = f"stats.recent[{i}]"
        expect_keys(expect_dict(r, where), (), _V1_RECENT_KEYS, where)
        r["assisted"] = False
    stats["assisted"] = {"games": 0, "points": 0}
    stats["daily"] = {}
    d["version"] = 2
    return d


def _records_2_to_3(d: dict[str, Any]) -> dict[str, Any]:
    """Version 2 -> 3: ranking entries get ``rule: 1`` (every game kept before the
    placement rule 2 was played by rule 1)."""
    ranking = expect_list(d.get("ranking"), "ranking", RANKING_SIZE)
    for i, e in enumerate(ranking):
        expect_keys(expect_dict(e, f"ranking[{i}]"), (), _V2_ENTRY_KEYS, f"ranking[{i}]")
        e["rule"] = 1
    d["version"] = 3
    return d


MIGRATIONS: dict[int, Migration] = {1: _records_1_to_2, 2: _records_2_to_3}
"""``MIGRATIONS[n]`` turns a version-n records document into version n + 1."""


@dataclass(frozen=True)
class AddResult:
    """What ``add_game`` did: the new document and the game's place in it.

    ``rank`` is the 1-based ranking place or None (not in the top 10, or an
    assisted game); ``new_record`` is True when the game beat
    ``previous_record`` (never for an assisted game); ``already_counted`` is
    True when the game was in the document already (then ``doc`` is the
    unchanged, validated input); ``assisted`` tells that the game was counted
    apart. For a game of a day's deal, ``daily_best`` is the best points on
    that deal before this game (None when it is the first, or not a daily
    game) and ``daily_beaten`` is True when this unassisted game scored more.
    """

    doc: dict[str, Any]
    rank: int | None
    new_record: bool
    previous_record: int
    already_counted: bool
    assisted: bool = False
    daily_best: int | None = None
    daily_beaten: bool = False


def clean_name(name: str | None) -> str | None:
    """A player name as plain text: control and invisible format characters
    removed, whitespace collapsed, at most 24 characters; None when empty."""
    if name is None:
        return None
    text = clean_text(name, NAME_MAX)
    return text or None


# -- the stored form of a game's moves -----------------------------------------------


def pack_history(moves: Sequence[Sequence[int]]) -> str:
    """The stored form of a list of moves ``[[from, to], ...]`` (cells 0..80):
    two characters of ``HISTORY_ALPHABET`` per move. HistoryError for a move
    that is not two cells."""
    out: list[str] = []
    for move in moves:
        if len(move) != 2 or any(type(c) is not int or not 0 <= c < CELLS for c in move):
            raise HistoryError("a move must be two cells 0..80")
        out.append(HISTORY_ALPHABET[move[0]] + HISTORY_ALPHABET[move[1]])
    return "".join(out)


def unpack_history(text: str) -> list[list[int]]:
    """The moves ``[[from, to], ...]`` of a stored history (``pack_history``'s
    inverse). HistoryError for text that ``pack_history`` cannot have made."""
    if len(text) % 2:
        raise HistoryError("a stored history has two characters per move")
    try:
        cells = [_CELL_OF_CHAR[ch] for ch in text]
    except KeyError:
        raise HistoryError("a stored history has a character that is not a cell") from None
    return [[cells[i], cells[i + 1]] for i in range(0, len(cells), 2)]


def _check_stored_history(value: object, moves: int, where: str) -> str | None:
    if value is None:
        return None
    text = expect_str(value, where, 2 * HISTORY_MAX)
    if len(text) != 2 * moves:
        raise bad(f"{where} does not hold the game's {moves} moves")
    if any(ch not in _CELL_OF_CHAR for ch in text):
        raise bad(f"{where} has a character that is not a cell")
    return text


# -- documents -------------------------------------------------------------------------


def empty_records(line: int) -> dict[str, Any]:
    """A records document with no games for variant ``line`` (4 or 5; VariantError
    otherwise)."""
    check_line(line, "line", VariantError)
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
            "assisted": {"games": 0, "points": 0},
            "daily": {},
            "recent": [],
        },
    }


def _rank_key(entry: dict[str, Any]) -> tuple[int, str, str]:
    return (-int(entry["points"]), str(entry["date"]), str(entry["id"]))


def _check_entry(raw: object, line: int, where: str) -> dict[str, Any]:
    entry = expect_dict(raw, where)
    expect_keys(entry, _ENTRY_KEYS, _ENTRY_KEYS, where)
    name = entry["name"]
    if name is not None:
        name = expect_str(name, f"{where}.name", NAME_MAX * 4)
        if clean_name(name) != name:
            raise bad(f"{where}.name is not a clean name")
    moves = expect_int(entry["moves"], f"{where}.moves", 0, MAX_COUNT)
    return {
        "id": check_id(entry["id"], f"{where}.id", empty=False),
        "points": expect_int(entry["points"], f"{where}.points", 0, MAX_COUNT),
        "moves": moves,
        "seconds": expect_int(entry["seconds"], f"{where}.seconds", 0, MAX_COUNT),
        "lines": lines_counts(entry["lines"], line, f"{where}.lines"),
        "deal": expect_int(entry["deal"], f"{where}.deal", 1, MAX_DEAL),
        "date": check_date(entry["date"], f"{where}.date"),
        "name": name,
        "history": _check_stored_history(entry["history"], moves, f"{where}.history"),
        "rule": expect_int(entry["rule"], f"{where}.rule", min(RULES), max(RULES)),
    }


def _check_daily(raw: object) -> dict[str, int]:
    d = expect_dict(raw, "stats.daily")
    if len(d) > DAILY_SIZE:
        raise bad(f"stats.daily has more than {DAILY_SIZE} dates")
    return {
        check_day(day, "a date of stats.daily"): expect_int(
            d[day], f"stats.daily[{day[:10]!r}]", 0, MAX_COUNT
        )
        for day in sorted(d)
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
            "id": check_id(item_d["id"], f"{where}.id", empty=False),
            "points": expect_int(item_d["points"], f"{where}.points", 0, MAX_COUNT),
            "moves": expect_int(item_d["moves"], f"{where}.moves", 0, MAX_COUNT),
            "seconds": expect_int(item_d["seconds"], f"{where}.seconds", 0, MAX_COUNT),
            "lines": lines_counts(item_d["lines"], line, f"{where}.lines"),
            "assisted": expect_bool(item_d["assisted"], f"{where}.assisted"),
        })
    assisted = expect_dict(stats["assisted"], "stats.assisted")
    expect_keys(assisted, _ASSISTED_KEYS, _ASSISTED_KEYS, "stats.assisted")
    return {
        "games": expect_int(stats["games"], "stats.games", 0, MAX_COUNT),
        "points": expect_int(stats["points"], "stats.points", 0, MAX_COUNT),
        "moves": expect_int(stats["moves"], "stats.moves", 0, MAX_COUNT),
        "seconds": expect_int(stats["seconds"], "stats.seconds", 0, MAX_COUNT),
        "best": expect_int(stats["best"], "stats.best", 0, MAX_COUNT),
        "lines": lines_counts(stats["lines"], line, "stats.lines"),
        "assisted": {
            "games": expect_int(assisted["games"], "stats.assisted.games", 0, MAX_COUNT),
            "points": expect_int(assisted["points"], "stats.assisted.points", 0, MAX_COUNT),
        },
        "daily": _check_daily(stats["daily"]),
        "recent": recent,
    }


def _line_of(doc: object) -> int:
    raw = expect_dict(doc, "records")
    return check_line(raw.get("line"), "records.line")


def validate_records(doc: object, line: int) -> dict[str, Any]:
    """Check a records document of variant ``line`` and return a normalized
    copy at version 3 (an older document is brought up to date).

    Raises DocumentError (code ``newer_version`` for a version above 3,
    ``bad_document`` for anything malformed, inconsistent or of the other
    variant), and VariantError for a ``line`` other than 4 or 5. Never raises
    anything else for JSON-like input.
    """
    check_line(line, "line", VariantError)
    d = check_header(doc, KIND, "records", VERSION, MIGRATIONS)
    expect_keys(d, _DOC_KEYS, _DOC_KEYS, "records")
    doc_line = check_line(d["line"])
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
    own = [r for r in stats["recent"] if not r["assisted"]]
    helped = [r for r in stats["recent"] if r["assisted"]]
    if stats["best"] != record:
        raise bad("record differs from stats.best")
    if ranking and ranking[0]["points"] != record:
        raise bad("record differs from the best ranking entry")
    if not ranking and record != 0:
        raise bad("record without a ranking entry")
    games = stats["games"]
    if games < len(own) or games < len(ranking):
        raise bad("stats.games is smaller than the games listed")
    if stats["points"] < record or stats["points"] < sum(r["points"] for r in own):
        raise bad("stats.points is smaller than the points listed")
    if any(r["points"] > record for r in own):
        raise bad("a recent game beats the record")
    if games == 0 and (stats["points"] or stats["moves"] or stats["seconds"] or stats["lines"]):
        raise bad("statistics without games")
    for key in ("moves", "seconds"):
        if stats[key] < sum(r[key] for r in own):
            raise bad(f"stats.{key} is smaller than the {key} listed")
    listed = _add_lines({}, *(r["lines"] for r in own))
    if any(stats["lines"].get(k, 0) < n for k, n in listed.items()):
        raise bad("stats.lines has fewer lines than the games listed")
    assisted = stats["assisted"]
    if assisted["games"] < len(helped) or assisted["points"] < sum(r["points"] for r in helped):
        raise bad("stats.assisted is smaller than the assisted games listed")
    if assisted["games"] == 0 and assisted["points"]:
        raise bad("assisted points without assisted games")
    if any(p > record for p in stats["daily"].values()):
        raise bad("a daily best beats the record")
    if stats["daily"] and games == 0:
        raise bad("daily bests without games")
    by_id = {r["id"]: r for r in stats["recent"]}
    for e in ranking:
        r = by_id.get(e["id"])
        if r is None:
            continue
        if r["assisted"]:
            raise bad(f"assisted game {e['id'][:40]!r} is in the ranking")
        if any(r[k] != e[k] for k in ("points", "moves", "seconds", "lines")):
            raise bad(f"game {e['id'][:40]!r} is listed twice with different numbers")
    return {
        "kind": KIND,
        "version": VERSION,
        "line": line,
        "record": record,
        "ranking": ranking,
        "stats": stats,
    }


# -- adding a game ------------------------------------------------------------------


def _game_facts(game: Game, line: int) -> dict[str, Any]:
    """The facts of a finished game that the records keep (a ranking entry without
    its date and name). Raises RecordEntryError (not DocumentError) when the game
    is not over, has no id or is of the other variant."""
    if game.line != line:
        raise RecordEntryError("the game is of the other variant")
    if not game.over:
        raise RecordEntryError("the game is not over")
    if not game.id:
        raise RecordEntryError("the game has no id")
    return {
        "id": game.id,
        "points": game.score,
        "moves": game.moves,
        "seconds": game.seconds,
        "lines": {str(n): c for n, c in sorted(game.lines_by_length.items()) if c},
        "deal": game.deal,
        "rule": game.rule,
    }


def _add_lines(a: dict[str, int], *more: dict[str, int]) -> dict[str, int]:
    out = dict(a)
    for b in more:
        for key, n in b.items():
            out[key] = min(out.get(key, 0) + n, MAX_COUNT)
    return {k: out[k] for k in sorted(out, key=int)}


def _keep_daily(daily: dict[str, int]) -> dict[str, int]:
    """The last ``DAILY_SIZE`` dates, in date order."""
    return {day: daily[day] for day in sorted(daily)[-DAILY_SIZE:]}


def counts_for_record(game: Game) -> bool:
    """True when ``game`` can set the record and enter the ranking: it had no help
    (``Game.assisted``: no hint shown, no computer move). The one rule: ``add_game``
    follows it, and the facade's state tells it to the page (``counts_for_record``).

    >>> g = Game.new(deal=42)
    >>> counts_for_record(g)
    True
    >>> g.count_hint()
    >>> counts_for_record(g)
    False
    """
    return not game.assisted


def add_game(
    doc: object, game: Game, date: str, name: str | None = None
) -> AddResult:
    """Add a finished game to a records document (pure: returns a new document).

    ``doc`` is validated first (DocumentError when bad); its ``line`` decides the
    variant. ``game`` is a ``Game`` as its document's one reader
    (``Game.from_dict``) made it; it must be over, of the same variant and
    have an id (RecordEntryError otherwise, and for a bad ``date`` or ``name``).
    ``date`` is ISO text; ``name`` is cleaned with ``clean_name``. A game already
    counted (id in ``recent`` or ``ranking``) leaves the document unchanged with
    ``already_counted=True``. An assisted game is counted in ``stats.assisted``
    only (see the module).
    """
    line = _line_of(doc)
    current = validate_records(doc, line)
    facts = _game_facts(game, line)
    try:
        date = check_date(date, "date")
    except DocumentError as exc:
        raise RecordEntryError(str(exc)) from None
    if name is not None and not isinstance(name, str):
        raise RecordEntryError("name must be text")
    previous = int(current["record"])
    stats = current["stats"]
    assisted = game.assisted
    daily = game.daily
    daily_best = None if daily is None else stats["daily"].get(daily)
    known = {r["id"] for r in stats["recent"]} | {e["id"] for e in current["ranking"]}
    if facts["id"] in known:
        place = next(
            (i + 1 for i, e in enumerate(current["ranking"]) if e["id"] == facts["id"]), None
        )
        return AddResult(current, place, False, previous, True, assisted, daily_best, False)

    points = facts["points"]
    recent_entry = {
        "id": facts["id"], "points": points, "moves": facts["moves"],
        "seconds": facts["seconds"], "lines": facts["lines"], "assisted": assisted,
    }
    new_stats = _count(stats, [recent_entry])
    ranking = list(current["ranking"])
    rank: int | None = None
    beaten = False
    ranked = counts_for_record(game)
    if ranked:
        history = game.history
        entry = {
            **facts,
            "date": date,
            "name": clean_name(name),
            "history": None
            if history is None or len(history) > HISTORY_MAX
            else pack_history(history),
        }
        ranking.append(entry)
        ranking.sort(key=_rank_key)
        ranking = ranking[:RANKING_SIZE]
        rank = next((i + 1 for i, e in enumerate(ranking) if e["id"] == facts["id"]), None)
        if daily is not None:
            beaten = daily_best is not None and points > daily_best
            best = points if daily_best is None else max(points, daily_best)
            new_stats["daily"] = _keep_daily({**new_stats["daily"], daily: best})
    new_doc = {
        "kind": KIND,
        "version": VERSION,
        "line": line,
        "record": new_stats["best"],
        "ranking": ranking,
        "stats": new_stats,
    }
    return AddResult(
        new_doc, rank, ranked and points > previous, previous, False, assisted,
        daily_best, beaten,
    )


def _count(stats: dict[str, Any], games: list[dict[str, Any]]) -> dict[str, Any]:
    """``stats`` with ``games`` (recent entries, not counted yet) added: the
    unassisted ones to the totals, the assisted ones to ``assisted``."""
    own = [g for g in games if not g["assisted"]]
    helped = [g for g in games if g["assisted"]]
    return {
        "games": min(stats["games"] + len(own), MAX_COUNT),
        "points": min(stats["points"] + sum(g["points"] for g in own), MAX_COUNT),
        "moves": min(stats["moves"] + sum(g["moves"] for g in own), MAX_COUNT),
        "seconds": min(stats["seconds"] + sum(g["seconds"] for g in own), MAX_COUNT),
        "best": max([stats["best"], *(g["points"] for g in own)]),
        "lines": _add_lines(stats["lines"], *(g["lines"] for g in own)),
        "assisted": {
            "games": min(stats["assisted"]["games"] + len(helped), MAX_COUNT),
            "points": min(
                stats["assisted"]["points"] + sum(g["points"] for g in helped), MAX_COUNT
            ),
        },
        "daily": dict(stats["daily"]),
        "recent": [*stats["recent"], *games][-RECENT_SIZE:],
    }


# -- merging two copies ---------------------------------------------------------------


@dataclass(frozen=True)
class MergeResult:
    """The merged document; ``complete`` is False when the two copies could not
    be lined up (then ``doc`` is the copy that has seen more games)."""

    doc: dict[str, Any]
    complete: bool


def _seen(stats: dict[str, Any]) -> int:
    """Every game a copy has counted, assisted or not."""
    return int(stats["games"]) + int(stats["assisted"]["games"])


def merge_records(a: object, b: object) -> MergeResult:
    """Join two copies of one variant's records that grew apart (e.g. two tabs).

    Both must descend from one common document through ``add_game``/merges
    (either may still be of version 1). Every game is counted once: the games
    of ``b`` that ``a`` has not counted are those in ``b.recent`` after the
    first game both copies list in ``recent`` (games before it are older than
    ``a``'s window, so ``a`` counted them) and not in ``a``'s ``recent`` or
    ``ranking``. They are added to ``a``'s counters (an assisted one to
    ``assisted``) and appended to ``a.recent`` in ``b``'s order; the ranking
    is the best 10 of both rankings; ``daily`` keeps the higher best of each
    date (the last 400 dates). With no game in common, the copies line up
    only when neither has dropped a game from ``recent`` (all games of both
    are listed); otherwise ``complete`` is False and nothing is joined.
    Raises DocumentError when a copy is bad or of the other variant.
    """
    line = _line_of(a)
    da = validate_records(a, line)
    db = validate_records(b, line)
    sa, sb = da["stats"], db["stats"]
    if _seen(sb) == 0:
        return MergeResult(da, True)
    if _seen(sa) == 0:
        return MergeResult(db, True)
    a_recent = {r["id"] for r in sa["recent"]}
    known = a_recent | {e["id"] for e in da["ranking"]}
    first = next((i for i, r in enumerate(sb["recent"]) if r["id"] in a_recent), None)
    if first is None:
        if _seen(sa) != len(sa["recent"]) or _seen(sb) != len(sb["recent"]):
            return MergeResult(da if _seen(sa) >= _seen(sb) else db, False)
        first = -1
    missing = [r for r in sb["recent"][first + 1 :] if r["id"] not in known]
    ranking = {e["id"]: e for e in [*da["ranking"], *db["ranking"]]}
    best = sorted(ranking.values(), key=_rank_key)[:RANKING_SIZE]
    stats = _count(sa, missing)
    daily = dict(sa["daily"])
    for day, points in sb["daily"].items():
        daily[day] = max(points, daily.get(day, 0))
    doc = {
        "kind": KIND,
        "version": VERSION,
        "line": line,
        "record": max(da["record"], db["record"]),
        "ranking": best,
        "stats": {
            **stats,
            "best": max(stats["best"], db["record"]),
            "daily": _keep_daily(daily),
        },
    }
    return MergeResult(validate_records(doc, line), True)


def summary(doc: object) -> dict[str, Any]:
    """What the Statistics window shows, from a records document (validated here).

    The totals and ``recent_points`` are the player's own (unassisted) games;
    ``assisted`` counts the games with help apart; ``daily`` lists the best
    points on each day's deal played, newest date first.
    """
    stats = validate_records(doc, _line_of(doc))["stats"]
    games = stats["games"]
    return {
        "games": games,
        "points": stats["points"],
        "average": round(stats["points"] / games, 1) if games else 0.0,
        "best": stats["best"],
        "moves": stats["moves"],
        "seconds": stats["seconds"],
        "lines": dict(stats["lines"]),
        "recent_points": [r["points"] for r in stats["recent"] if not r["assisted"]],
        "assisted": dict(stats["assisted"]),
        "daily": [
            {"date": day, "points": stats["daily"][day]}
            for day in sorted(stats["daily"], reverse=True)
        ],
    }
