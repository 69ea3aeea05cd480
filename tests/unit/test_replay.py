"""Replays: rebuilding a game from its moves, and the replay code of a link."""

from __future__ import annotations

import base64
import json
import math
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from random_play import random_game

from kugler_core import MAX_DEAL, Game
from kugler_core.board import CELL_OF
from kugler_core.errors import DocumentError, ReplayError
from kugler_core.paths import reachable
from kugler_core.replay import MAX_CODE, decode, encode, game_of, replay, unpack, verify
from kugler_core.rng import RULE

SETTINGS = settings(max_examples=60, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])




def code_of(body: bytes) -> str:
    """A code with a correct check around ``body`` (to test what the check cannot)."""
    data = body + zlib.crc32(body, zlib.crc32(b"kugler")).to_bytes(4, "big")
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def expected_length(moves: int) -> int:
    return math.ceil(4 * (9 + math.ceil(14 * moves / 8) + 4) / 3)


# -- replay ----------------------------------------------------------------------


@SETTINGS
@given(deal=st.integers(1, MAX_DEAL), line=st.sampled_from([4, 5]), seed=st.integers(0, 2**32),
       rule=st.sampled_from([1, 2]))
def test_replay_rebuilds_every_position(deal: int, line: int, seed: int, rule: int) -> None:
    g = random_game(deal, line, seed, rule=rule)
    history = g.history
    assert history is not None and len(history) == g.moves
    frames = replay(deal, line, history, rule)
    assert len(frames) == g.moves + 1
    assert frames[0].position == Game.new(deal=deal, line=line, rule=rule).position
    assert frames[0].turn is None
    again = Game.new(deal=deal, line=line, rule=rule)
    for (s, t), frame in zip(history, frames[1:], strict=True):
        turn = again.move(CELL_OF[s], CELL_OF[t])
        assert frame.turn == turn and frame.position == again.position
    assert frames[-1].position == g.position
    assert verify(g) == frames


def test_game_of_gives_a_game_that_goes_on_and_can_undo() -> None:
    g = random_game(77, 5, seed=3, moves=20)
    assert g.history is not None
    rebuilt = game_of(77, 5, g.history, g.rule, id="r")
    assert rebuilt.to_dict() == g.to_dict()
    rebuilt.undo()
    g.undo()
    assert rebuilt.to_dict() == g.to_dict()


def test_replay_of_no_moves_is_the_start() -> None:
    frames = replay(9, 4, [], RULE)
    assert len(frames) == 1 and frames[0].position == Game.new(deal=9, line=4).position


def legal_start(deal: int = 42) -> tuple[int, int]:
    g = Game.new(deal=deal)
    s = next(i for i, c in enumerate(g.board) if c)
    return s, min(reachable(g.board, s))


@pytest.mark.parametrize(("history", "move", "word"), [
    ([(0, 1)], 1, "no ball"),                    # deal 42 has no ball on cell 0
    ([legal_start(), (40, 41)], 2, "no ball"),
    ([(30, 32)], 1, "taken"),
    ([(30, 0), (0, 0)], 2, "taken"),
    ([(30,)], 1, "pair"),
    ([(30, 81)], 1, "pair"),
    ([(30, True)], 1, "pair"),
    ([legal_start(), "ab"], 2, "pair"),
])
def test_an_illegal_move_list_names_the_first_bad_move(history: list[object], move: int,
                                                      word: str) -> None:
    with pytest.raises(ReplayError, match=word) as info:
        replay(42, 5, history, RULE)  # type: ignore[arg-type]
    assert info.value.move == move and info.value.code == "bad_replay"
    assert f"move {move}" in str(info.value)
    assert isinstance(info.value, ValueError) and isinstance(info.value, DocumentError)


def test_an_unreachable_target_is_refused() -> None:
    """A position reached by real moves in which a ball is walled in: moving it to a
    free cell it cannot reach is refused, and named as the move after the others."""
    for seed in range(100):
        for moves in range(5, 30, 3):
            g = random_game(42, 5, seed, moves)
            if g.over or g.history is None:
                continue
            board = g.board
            free = {i for i, c in enumerate(board) if not c}
            for s in (i for i, c in enumerate(board) if c):
                walled = free - reachable(board, s)
                if walled:
                    with pytest.raises(ReplayError, match="no free path") as info:
                        replay(42, 5, [*g.history, (s, min(walled))], g.rule)
                    assert info.value.move == g.moves + 1
                    return
    raise AssertionError("no walled-in ball found")


def test_a_move_after_the_end_is_refused() -> None:
    g = random_game(5, 5, seed=1)
    assert g.over and g.history is not None
    with pytest.raises(ReplayError, match="over") as info:
        replay(5, 5, [*g.history, (0, 1)], g.rule)
    assert info.value.move == g.moves + 1


@pytest.mark.parametrize(("deal", "line", "rule"), [
    (0, 5, 2), (MAX_DEAL + 1, 5, 2), (1, 6, 2), (True, 5, 2), (1, 5, 0), (1, 5, 3), (1, 5, True)])
def test_a_bad_deal_line_or_rule(deal: int, line: int, rule: int) -> None:
    with pytest.raises(ReplayError):
        replay(deal, line, [], rule)


def test_verify_refuses_a_history_that_leads_elsewhere() -> None:
    g = random_game(11, 4, seed=2, moves=15)
    d = g.to_dict()
    other = random_game(11, 4, seed=9, moves=15).to_dict()["history"]
    assert other != d["history"]
    d["history"] = other
    tampered = Game.from_dict(d)  # the shape is fine: loading does not replay
    with pytest.raises(ReplayError, match="do not lead"):
        verify(tampered)
    old = {k: v for k, v in random_game(11, 4, seed=2, moves=15, rule=1).to_dict().items()
           if k not in ("history", "hints", "computer", "daily", "rule", "landing")}
    old["undo"] = {k: v for k, v in old["undo"].items() if k != "landing"}
    with pytest.raises(ReplayError, match="cannot be replayed"):
        verify(Game.from_dict({**old, "version": 1}))


# -- the code --------------------------------------------------------------------


@SETTINGS
@given(deal=st.integers(1, MAX_DEAL), line=st.sampled_from([4, 5]), seed=st.integers(0, 2**32),
       moves=st.integers(0, 60), rule=st.sampled_from([1, 2]))
def test_code_round_trip(deal: int, line: int, seed: int, moves: int, rule: int) -> None:
    g = random_game(deal, line, seed, moves, rule=rule)
    assert g.history is not None
    code = encode(deal, line, g.history, rule)
    assert set(code) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    assert len(code) == expected_length(g.moves)
    assert decode(code) == (deal, line, g.history, rule)
    assert unpack(code) == (deal, line, g.history, rule)


@st.composite
def corruptions(draw: st.DrawFn, code: str) -> str:
    """``code`` changed by one to three edits: replace, delete, insert, truncate, swap."""
    chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    out = code
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["replace", "delete", "insert", "truncate", "swap"]))
        i = draw(st.integers(0, max(len(out) - 1, 0)))
        if kind == "replace" and out:
            out = out[:i] + draw(st.sampled_from(chars)) + out[i + 1:]
        elif kind == "delete" and out:
            out = out[:i] + out[i + 1:]
        elif kind == "insert":
            out = out[:i] + draw(st.sampled_from(chars)) + out[i:]
        elif kind == "truncate":
            out = out[:i]
        elif kind == "swap" and i + 1 < len(out):
            out = out[:i] + out[i + 1] + out[i] + out[i + 2:]
    return out


CODES = [encode(g.deal, g.line, g.history, g.rule) for g in
         (random_game(d, line, d, m, rule=rule) for d, line, m, rule in
          ((1, 5, 0, 2), (2, 4, 3, 2), (3, 5, 25, 1), (4, 4, 10**6, 2), (5, 5, 10**6, 1)))
         if g.history is not None]


@settings(max_examples=400, deadline=None)
@given(data=st.data(), which=st.integers(0, len(CODES) - 1))
def test_corrupt_codes_are_refused(data: st.DataObject, which: int) -> None:
    code = CODES[which]
    bad = data.draw(corruptions(code))
    if bad == code:
        return
    with pytest.raises(ReplayError) as info:
        decode(bad)
    assert info.value.code == "bad_replay"


@pytest.mark.parametrize("which", range(len(CODES)))
def test_every_single_character_change_is_refused(which: int) -> None:
    code = CODES[which]
    chars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for i in range(len(code)):
        for ch in chars[(i * 7) % 50:(i * 7) % 50 + 14]:
            if ch != code[i]:
                with pytest.raises(ReplayError):
                    unpack(code[:i] + ch + code[i + 1:])
    for n in range(len(code)):
        with pytest.raises(ReplayError):
            unpack(code[:n])


@pytest.mark.parametrize(("code", "word"), [
    ("", "empty"),
    ("AQUA AAAq", "characters"),
    ("AQUA+AAq", "characters"),
    ("AQUA/AAq", "characters"),
    ("AQUAAAAqAAABPAD9pN9h=", "characters"),
    ("AQUAAAAqAAABPAD9pN9", "damaged"),    # one character short
    ("AQUAAAAqAAABPAD9pN9hA", "damaged"),  # one character long
    ("AQUAA", "damaged"),                  # 5 characters: no base64 text is that long
    ("AQUAAAAqAAABPAD9pN9i", "damaged"),   # not canonical base64: spare bits set
    ("x" * (MAX_CODE + 1), "too long"),
    (None, "text"),
    (12, "text"),
])
def test_bad_codes(code: object, word: str) -> None:
    with pytest.raises(ReplayError, match=word):
        decode(code)


def test_codes_with_a_good_check_but_no_game() -> None:
    head = bytes([1, 5]) + (42).to_bytes(4, "big")
    assert decode(code_of(head + (0).to_bytes(3, "big"))) == (42, 5, (), 1)
    assert decode(code_of(bytes([2]) + head[1:] + (0).to_bytes(3, "big"))) == (42, 5, (), 2)
    with pytest.raises(ReplayError, match="newer version"):
        decode(code_of(bytes([3]) + head[1:] + (0).to_bytes(3, "big")))
    with pytest.raises(ReplayError, match="version 0"):
        decode(code_of(bytes([0]) + head[1:] + (0).to_bytes(3, "big")))
    with pytest.raises(ReplayError, match="version 1"):
        decode(code_of(head[:3]))
    with pytest.raises(ReplayError, match="impossible"):
        decode(code_of(bytes([1, 6]) + head[2:] + (0).to_bytes(3, "big")))
    with pytest.raises(ReplayError, match="impossible"):
        decode(code_of(bytes([1, 5]) + (0).to_bytes(4, "big") + (0).to_bytes(3, "big")))
    with pytest.raises(ReplayError, match="impossible"):
        decode(code_of(head + (10**6 + 1).to_bytes(3, "big")))
    one = head + (1).to_bytes(3, "big")
    with pytest.raises(ReplayError, match="truncated"):
        decode(code_of(one + bytes([30 >> 1])))  # one byte of the move's two
    with pytest.raises(ReplayError, match="bits"):
        decode(code_of(one + ((30 << 9) | 1).to_bytes(2, "big")))  # a spare bit set
    with pytest.raises(ReplayError, match="not on the board") as info:
        decode(code_of(one + ((81 << 9) | (0 << 2)).to_bytes(2, "big")))
    assert info.value.move == 1
    with pytest.raises(ReplayError, match="move 1") as info:
        decode(code_of(one + ((0 << 9) | (1 << 2)).to_bytes(2, "big")))  # no ball on 0
    assert info.value.move == 1
    assert decode(code_of(one + ((30 << 9) | (0 << 2)).to_bytes(2, "big"))) == (
        42, 5, ((30, 0),), 1)


def test_encode_refuses_an_illegal_game() -> None:
    with pytest.raises(ReplayError, match="move 1"):
        encode(42, 5, [(0, 1)], RULE)
    with pytest.raises(ReplayError):
        encode(0, 5, [], RULE)
    with pytest.raises(ReplayError):
        encode(42, 5, [], 3)


def test_length_of_long_games() -> None:
    """The code grows by 14 bits a move: 2,000 moves fit in 4,684 characters."""
    assert expected_length(2000) == 4684 and expected_length(5000) == 11684
    g = random_game(4, 4, seed=4)
    assert g.history is not None
    assert len(encode(4, 4, g.history, RULE)) == expected_length(g.moves)
    code = encode(4, 4, g.history, RULE)
    assert json.dumps(code).strip('"') == code
