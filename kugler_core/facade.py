"""The JSON facade: the only thing the browser's worker calls.

One ``Session`` holds at most one game. ``handle_json(text) -> text`` takes a
request ``{"id": 7, "cmd": "move", "args": {...}}`` and answers
``{"id": 7, "ok": true, "result": {...}}`` or
``{"id": 7, "ok": false, "error": {"code": "...", "message": "..."}}``
(``id`` is echoed when the request had a JSON scalar there).

It never raises. Malformed JSON, a non-object, an unknown command, missing,
unknown, wrongly typed or out-of-range arguments give code ``bad_request``;
an illegal move gives the ``IllegalMove`` code (``no_ball``, ``target_taken``,
``unreachable``, ``game_over``, ``nothing_to_undo``); a bad document gives
the ``DocumentError`` code (``bad_document``, ``newer_version``, ``bad_replay``
for a replay code or move list that is not a legal game); any other
exception gives ``internal``. A request that fails changes nothing.

The commands, their arguments and results are those of docs/architecture.md.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Collection
from typing import Any

from kugler_core.board import SIZE
from kugler_core.checks import (
    LINES,
    check_cell,
    check_daily,
    check_date,
    check_id,
    check_line,
    expect_int,
    expect_str,
)
from kugler_core.daily import deal_of_day
from kugler_core.documents import default_settings as _default_settings
from kugler_core.documents import make_export, read_export, validate_settings
from kugler_core.errors import (
    DocumentError,
    HistoryError,
    IllegalMove,
    InputError,
    RecordEntryError,
)
from kugler_core.fragment import parse_fragment
from kugler_core.game import PLAYERS, Game
from kugler_core.position import MAX_HISTORY
from kugler_core.records import (
    add_game,
    counts_for_record,
    empty_records,
    merge_records,
    summary,
    unpack_history,
    validate_records,
)
from kugler_core.replay import Frame
from kugler_core.replay import encode as replay_encode
from kugler_core.replay import replay as replay_frames
from kugler_core.replay import unpack as replay_unpack
from kugler_core.rng import MAX_DEAL, RULES

MAX_REQUEST = 2_000_000
"""Longest request text accepted, in characters."""
MAX_SECONDS = 10**8
MAX_TEXT = 100_000
MESSAGE_MAX = 300

_TOP_KEYS = frozenset({"id", "cmd", "args"})


class BadRequest(Exception):
    """A request that does not follow the protocol (reply code ``bad_request``)."""


def _short(value: object) -> str:
    if isinstance(value, (list, tuple)):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return f"an object of {len(value)} fields"
    text = repr(value)
    return text if len(text) <= 40 else text[:39] + "…"


# -- argument checks (each raises BadRequest) ---------------------------------


def _args(args: dict[str, Any], required: Collection[str], optional: Collection[str]) -> None:
    for key in required:
        if key not in args:
            raise BadRequest(f"missing argument {key!r}")
    for key in args:
        if key not in required and key not in optional:
            raise BadRequest(f"unknown argument {_short(key)}")


def _history(value: object) -> list[tuple[int, int]]:
    """A history as the game document holds it (a list of ``[from, to]``), or as
    a ranking entry stores it (``records.pack_history``'s text)."""
    if isinstance(value, str):
        try:
            value = unpack_history(value)
        except HistoryError as error:
            raise BadRequest(f"history: {error}") from None
    if not isinstance(value, list):
        raise BadRequest("history must be a list of [from, to] cell indices")
    if len(value) > MAX_HISTORY:
        raise BadRequest(f"history holds at most {MAX_HISTORY} moves")
    out = []
    for n, pair in enumerate(value, 1):
        if (not isinstance(pair, list) or len(pair) != 2
                or any(type(v) is not int or not 0 <= v <= 80 for v in pair)):
            raise BadRequest(f"move {n} of history must be [from, to] with cells 0..80")
        out.append((pair[0], pair[1]))
    return out


def _seconds(args: dict[str, Any]) -> int | None:
    if "seconds" not in args:
        return None
    return expect_int(args["seconds"], "seconds", 0, MAX_SECONDS, BadRequest)


def _is_scalar(value: object) -> bool:
    if value is None or isinstance(value, (bool, int, str)):
        return True
    return isinstance(value, float) and math.isfinite(value)


def _reject_constant(name: str) -> Any:
    raise BadRequest(f"{name} is not valid JSON")


# -- the session ------------------------------------------------------------------


class Session:
    """The engine as the page sees it: one game (or none) and the commands.

    ``handle`` takes a request object and returns a reply dict;
    ``handle_json`` does the same with JSON text. Neither raises.
    """

    def __init__(self) -> None:
        self._game: Game | None = None
        # the replay code reviewed last and its positions: the next chunk of the
        # same game's review does not replay it again (a long game's replay
        # costs as much as a few moves' review)
        self._reviewed: tuple[str, list[Frame]] | None = None
        self._commands: dict[str, Callable[[dict[str, Any]], dict[str, Any]]] = {
            "new": self._new,
            "load": self._load,
            "move": self._move,
            "reach": self._reach,
            "undo": self._undo,
            "hint_shown": self._hint_shown,
            "daily": self._daily,
            "replay_encode": self._replay_encode,
            "replay_decode": self._replay_decode,
            "time": self._time,
            "records_load": self._records_load,
            "records_add": self._records_add,
            "records_merge": self._records_merge,
            "settings_load": self._settings_load,
            "fragment": self._fragment,
            "export": self._export,
            "import": self._import,
            "suggest": self._suggest,
            "review": self._review,
        }

    @property
    def game(self) -> Game | None:
        """The current game (read it, do not change it)."""
        return self._game

    # -- entry points

    def handle_json(self, text: str) -> str:
        """Answer one JSON request with one JSON reply (ASCII, strict JSON)."""
        try:
            if not isinstance(text, str):
                raise BadRequest("the request must be JSON text")
            if len(text) > MAX_REQUEST:
                raise BadRequest(f"the request is longer than {MAX_REQUEST} characters")
            try:
                request = json.loads(text, parse_constant=_reject_constant)
            except (ValueError, RecursionError) as exc:
                raise BadRequest(f"the request is not valid JSON: {str(exc)[:80]}") from None
        except BadRequest as exc:
            return self._dump(_error(None, False, "bad_request", str(exc)))
        except Exception as exc:  # pragma: no cover - defensive
            return self._dump(_error(None, False, "internal", f"{type(exc).__name__}: {exc}"))
        return self._dump(self.handle(request))

    def handle(self, request: object) -> dict[str, Any]:
        """Answer one request object (as parsed from JSON) with a reply dict."""
        has_id = isinstance(request, dict) and "id" in request and _is_scalar(request["id"])
        rid = request["id"] if has_id and isinstance(request, dict) else None
        try:
            if not isinstance(request, dict):
                raise BadRequest("the request must be an object {id, cmd, args}")
            for key in request:
                if key not in _TOP_KEYS:
                    raise BadRequest(f"unknown request field {_short(key)}")
            if "id" in request and not has_id:
                raise BadRequest("id must be a number, text, true/false or null")
            cmd = request.get("cmd")
            if not isinstance(cmd, str) or cmd not in self._commands:
                raise BadRequest(f"unknown command {_short(cmd)}")
            args = request.get("args", {})
            if not isinstance(args, dict) or not all(isinstance(k, str) for k in args):
                raise BadRequest("args must be an object")
            result = self._commands[cmd](args)
            reply: dict[str, Any] = {"ok": True, "result": result}
            if has_id:
                reply = {"id": rid, **reply}
            return reply
        except BadRequest as exc:
            return _error(rid, has_id, "bad_request", str(exc))
        except IllegalMove as exc:
            return _error(rid, has_id, exc.code, str(exc))
        except DocumentError as exc:
            return _error(rid, has_id, exc.code, str(exc))
        except InputError as exc:
            return _error(rid, has_id, exc.code, str(exc))
        except Exception as exc:
            return _error(rid, has_id, "internal", f"{type(exc).__name__}: {exc}")

    @staticmethod
    def _dump(reply: dict[str, Any]) -> str:
        try:
            return json.dumps(reply, ensure_ascii=True, allow_nan=False, separators=(",", ":"))
        except Exception as exc:  # a result that is not JSON: a bug, reported as such
            fallback = _error(
                reply.get("id"), "id" in reply, "internal", f"reply is not JSON: {exc}"
            )
            return json.dumps(fallback, ensure_ascii=True, default=repr)

    # -- helpers

    def _need_game(self) -> Game:
        if self._game is None:
            raise _NoGame("there is no game: send new or load first")
        return self._game

    def _state(self) -> dict[str, Any]:
        g = self._need_game()
        return state(g)

    # -- commands

    def _new(self, args: dict[str, Any]) -> dict[str, Any]:
        _args(args, ("line",), ("deal", "entropy", "id", "daily"))
        line = check_line(args["line"], "line", BadRequest)
        daily = None
        if "daily" in args:
            if "deal" in args or "entropy" in args:
                raise BadRequest("give daily alone, without deal or entropy")
            daily = check_daily(args["daily"], None, "daily", BadRequest)
            deal = deal_of_day(daily)
        elif ("deal" in args) == ("entropy" in args):
            raise BadRequest("give either deal, entropy or daily")
        elif "deal" in args:
            deal = expect_int(args["deal"], "deal", 1, MAX_DEAL, BadRequest)
        else:
            deal = 1 + expect_int(args["entropy"], "entropy", 0, None, BadRequest) % MAX_DEAL
        game_id = check_id(args.get("id", ""), "id", BadRequest)
        self._game = Game.new(deal=deal, line=line, id=game_id, daily=daily)
        return {"state": self._state()}

    def _load(self, args: dict[str, Any]) -> dict[str, Any]:
        _args(args, ("save",), ())
        game = _from_dict(args["save"])
        self._game = game
        return {"state": self._state()}

    def _move(self, args: dict[str, Any]) -> dict[str, Any]:
        _args(args, ("from", "to"), ("seconds", "by"))
        source = check_cell(args["from"], "from", BadRequest)
        target = check_cell(args["to"], "to", BadRequest)
        seconds = _seconds(args)
        by = args.get("by", "player")
        if by not in PLAYERS:
            raise BadRequest(f"by must be 'player' or 'computer', not {_short(by)}")
        g = self._need_game()
        before = g.seconds
        if seconds is not None:
            g.seconds = seconds
        try:
            turn = g.move(source, target, by=by)
        except BaseException:
            g.seconds = before
            raise
        return {"turn": turn.to_dict(), "state": self._state()}

    def _reach(self, args: dict[str, Any]) -> dict[str, Any]:
        _args(args, ("from",), ())
        source = check_cell(args["from"], "from", BadRequest)
        cells = self._need_game().reachable(source)
        return {"cells": [[r, c] for r, c in sorted(cells)]}

    def _undo(self, args: dict[str, Any]) -> dict[str, Any]:
        _args(args, (), ("seconds",))
        seconds = _seconds(args)
        g = self._need_game()
        g.undo()
        if seconds is not None:
            g.seconds = seconds
        return {"state": self._state()}

    def _hint_shown(self, args: dict[str, Any]) -> dict[str, Any]:
        _args(args, (), ())
        self._need_game().count_hint()
        return {"state": self._state()}

    def _daily(self, args: dict[str, Any]) -> dict[str, Any]:
        _args(args, ("date",), ())
        return {"deal": deal_of_day(check_daily(args["date"], None, "date", BadRequest))}

    def _replay_encode(self, args: dict[str, Any]) -> dict[str, Any]:
        _args(args, ("deal", "line", "history", "rule"), ())
        deal = expect_int(args["deal"], "deal", 1, MAX_DEAL, BadRequest)
        line = check_line(args["line"], "line", BadRequest)
        rule = expect_int(args["rule"], "rule", min(RULES), max(RULES), BadRequest)
        return {"code": replay_encode(deal, line, _history(args["history"]), rule)}

    def _replay_decode(self, args: dict[str, Any]) -> dict[str, Any]:
        _args(args, ("code",), ())
        code = args["code"]
        if not isinstance(code, str):
            raise BadRequest("code must be text")
        deal, line, history, rule = replay_unpack(code)
        frames = replay_frames(deal, line, history, rule)
        return {
            "deal": deal,
            "line": line,
            "rule": rule,
            "history": [[s, t] for s, t in history],
            "frames": [{
                "board": list(f.position.board),
                "next": list(f.position.next),
                "score": f.position.score,
                "moves": f.position.moves,
                "over": f.position.over,
                "turn": None if f.turn is None else f.turn.to_dict(),
            } for f in frames],
        }

    def _time(self, args: dict[str, Any]) -> dict[str, Any]:
        _args(args, ("seconds",), ())
        seconds = expect_int(args["seconds"], "seconds", 0, MAX_SECONDS, BadRequest)
        self._need_game().seconds = seconds
        return {"state": self._state()}

    def _records_load(self, args: dict[str, Any]) -> dict[str, Any]:
        _args(args, ("doc", "line"), ())
        line = check_line(args["line"], "line", BadRequest)
        doc = empty_records(line) if args["doc"] is None else validate_records(args["doc"], line)
        return {"records": doc, "summary": summary(doc)}

    def _records_add(self, args: dict[str, Any]) -> dict[str, Any]:
        _args(args, ("records", "game", "date"), ("name",))
        date = check_date(args["date"], "date", BadRequest)
        name = args.get("name")
        if name is not None:
            name = expect_str(name, "name", 1000, BadRequest)
        game = _from_dict(args["game"])
        if not game.over:
            raise BadRequest("the game is not over")
        if not game.id:
            raise BadRequest("the game has no id")
        doc = (
            empty_records(game.line)
            if args["records"] is None
            else validate_records(args["records"], game.line)
        )
        try:  # the game as its document's one reader made it
            res = add_game(doc, game, date, name)
        except RecordEntryError as exc:
            raise BadRequest(str(exc)) from None
        return {
            "records": res.doc,
            "summary": summary(res.doc),
            "rank": res.rank,
            "new_record": res.new_record,
            "previous_record": res.previous_record,
            "already_counted": res.already_counted,
            "assisted": res.assisted,
            "daily_best": res.daily_best,
            "daily_beaten": res.daily_beaten,
        }

    def _records_merge(self, args: dict[str, Any]) -> dict[str, Any]:
        _args(args, ("a", "b", "line"), ())
        line = check_line(args["line"], "line", BadRequest)
        a = empty_records(line) if args["a"] is None else args["a"]
        b = empty_records(line) if args["b"] is None else args["b"]
        validate_records(a, line)
        res = merge_records(a, b)
        return {"records": res.doc, "summary": summary(res.doc), "complete": res.complete}

    def _settings_load(self, args: dict[str, Any]) -> dict[str, Any]:
        _args(args, ("doc",), ())
        doc = args["doc"]
        settings = _default_settings() if doc is None else validate_settings(doc)
        return {"settings": settings, "variants": _variants()}

    def _fragment(self, args: dict[str, Any]) -> dict[str, Any]:
        _args(args, ("text",), ())
        text = expect_str(args["text"], "text", MAX_TEXT, BadRequest)
        f = parse_fragment(text)
        return {
            "deal": f.deal,
            "daily": f.daily,
            "line": f.line,
            "replay": f.replay,
            "notices": [{"code": n.code, "text": n.detail} for n in f.notices],
        }

    def _export(self, args: dict[str, Any]) -> dict[str, Any]:
        _args(args, ("game", "records", "settings", "date"), ())
        date = check_date(args["date"], "date", BadRequest)
        return {"doc": make_export(args["game"], args["records"], args["settings"], date)}

    def _import(self, args: dict[str, Any]) -> dict[str, Any]:
        _args(args, ("doc",), ())
        return read_export(args["doc"])

    def _suggest(self, args: dict[str, Any]) -> dict[str, Any]:
        """The computer player's move for the current game (kugler_core.player), with
        the path the ball would roll; ``{"move": null}`` when the game is over.
        Never changes the game."""
        from kugler_core.board import CELL_OF, index
        from kugler_core.paths import shortest_path
        from kugler_core.player import STRENGTHS, suggest

        _args(args, (), ("strength",))
        strength = args.get("strength", "quick")
        if not isinstance(strength, str) or strength not in STRENGTHS:
            raise BadRequest(f"strength must be 'quick' or 'strong', not {_short(strength)}")
        g = self._need_game()
        move = suggest(g, strength)
        if move is None:
            return {"move": None}
        source, target = move
        path = shortest_path(g.board, index(source), index(target))
        if path is None:  # pragma: no cover - suggest returns legal moves only
            raise RuntimeError(f"suggested move {move} has no path")
        return {"move": {"from": list(source), "to": list(target),
                         "path": [list(CELL_OF[i]) for i in path]}}


    def _review(self, args: dict[str, Any]) -> dict[str, Any]:
        """The moves ``start`` .. ``start + count - 1`` of the game of replay ``code``
        judged by ``kugler_core.review``: ``{moves: [{index, played, best, cost,
        grade, accuracy}], total}`` (``accuracy``: the move's share of the game's
        accuracy, ``review.accuracy``). Never changes the game. The code last
        reviewed is replayed once: its next chunks start from its positions."""
        from kugler_core.board import CELL_OF
        from kugler_core.review import accuracy, review_on

        _args(args, ("code",), ("start", "count"))
        code = args["code"]
        if not isinstance(code, str):
            raise BadRequest("code must be text")
        start = expect_int(args.get("start", 0), "start", 0, MAX_HISTORY, BadRequest)
        count = (None if args.get("count") is None
                 else expect_int(args["count"], "count", 0, MAX_HISTORY, BadRequest))
        deal, line, history, rule = replay_unpack(code)
        if self._reviewed is not None and self._reviewed[0] == code:
            frames = self._reviewed[1]
        else:
            frames = replay_frames(deal, line, history, rule)  # bad_replay: moves refused
            self._reviewed = (code, frames)
        total = len(history)
        if start > total:
            raise BadRequest(f"start must be at most the game's {total} moves, not {start}")
        end = total if count is None else min(total, start + count)
        before = Game(frames[start].position, deal=deal, line=line, rule=rule)
        judged = review_on(before, history[start:end])
        return {"moves": [{
            "index": start + n,
            "played": [list(CELL_OF[j.played[0]]), list(CELL_OF[j.played[1]])],
            "best": [list(CELL_OF[j.best[0]]), list(CELL_OF[j.best[1]])],
            "cost": j.cost,
            "grade": j.grade,
            "accuracy": accuracy([j.cost]),
        } for n, j in enumerate(judged)], "total": total}


class _NoGame(IllegalMove):
    """No game in the session (reply code ``no_game``)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, "no_game")


def _from_dict(doc: object) -> Game:
    """Game.from_dict with every failure as a DocumentError."""
    try:
        return Game.from_dict(doc)
    except InputError as exc:  # pragma: no cover - a document the reader accepts is a game
        raise DocumentError(f"game: {exc}") from None


def _error(rid: object, has_id: bool, code: str, message: str) -> dict[str, Any]:
    if len(message) > MESSAGE_MAX:
        message = message[: MESSAGE_MAX - 1] + "…"
    reply: dict[str, Any] = {"ok": False, "error": {"code": code, "message": message}}
    return {"id": rid, **reply} if has_id else reply


def _variants() -> list[int]:
    """The variants (line lengths, ``checks.LINES``), the first-visit one first."""
    usual = _default_settings()["line"]
    return [usual, *(n for n in LINES if n != usual)]


def state(g: Game) -> dict[str, Any]:
    """The ``state`` object of the protocol: what the page draws and stores.

    ``size`` is the board's side (``board`` holds size * size colours, row by
    row); ``counts_for_record`` says whether this game may still set the record
    (``records.counts_for_record``: false once it has had help)."""
    return {
        "size": SIZE,
        "board": list(g.board),
        "next": list(g.next),
        "score": g.score,
        "moves": g.moves,
        "over": g.over,
        "can_undo": g.can_undo,
        "line": g.line,
        "deal": g.deal,
        "seconds": g.seconds,
        "lines": {str(n): c for n, c in sorted(g.lines_by_length.items()) if c},
        "id": g.id,
        "landing": [[[r, c], colour] for (r, c), colour in g.landing()],
        "rule": g.rule,
        "history_known": g.history is not None,
        "hints": g.hints,
        "computer": g.computer,
        "assisted": g.assisted,
        "counts_for_record": counts_for_record(g),
        "daily": g.daily,
        "save": g.to_dict(),
    }
