"""URL fragment: hostile input never crashes or hangs; each ignored part gives a notice."""

from __future__ import annotations

import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kugler_core.fragment import DETAIL_MAX, Fragment, Notice, parse_fragment

CASES = [
    ("", None, None, []),
    ("#", None, None, []),
    ("#deal=42&line=4", 42, 4, []),
    ("#line=5&deal=999999999", 999999999, 5, []),
    ("deal=7", 7, None, []),
    ("#deal=0000000042", 42, None, []),
    ("#DEAL=42&Line=4", 42, 4, []),
    ("#%64eal=%34%32&line=%35", 42, 5, []),
    ("#deal= 42 ", 42, None, []),
    ("#deal=abc", None, None, ["bad_deal"]),
    ("#deal=-1", None, None, ["bad_deal"]),
    ("#deal=+1", None, None, ["bad_deal"]),
    ("#deal=0", None, None, ["bad_deal"]),
    ("#deal=1e99", None, None, ["bad_deal"]),
    ("#deal=1000000000", None, None, ["bad_deal"]),
    ("#deal=4.0", None, None, ["bad_deal"]),
    ("#deal=\u0664\u0662", None, None, ["bad_deal"]),
    ("#deal=", None, None, ["bad_deal"]),
    ("#deal", None, None, ["bad_deal"]),
    ("#line=7", None, None, ["bad_line"]),
    ("#line=4.0", None, None, ["bad_line"]),
    ("#line=", None, None, ["bad_line"]),
    ("#foo=1", None, None, ["unknown_key"]),
    ("#deal=3&deal=4", 3, None, ["duplicate"]),
    ("#deal=x&deal=4", 4, None, ["bad_deal"]),
    ("#line=4&line=5&line=6", None, 4, ["duplicate", "duplicate"]),
    ("#deal=5&&&line=4&", 5, 4, []),
    ("#a=1&deal=9&b&line=9", 9, None, ["unknown_key", "unknown_key", "bad_line"]),
    ("#deal=%ZZ", None, None, ["bad_deal"]),
    ("#deal=%E2%82", None, None, ["bad_deal"]),
    ("#<script>=1", None, None, ["unknown_key"]),
]


@pytest.mark.parametrize(("text", "deal", "line", "codes"), CASES)
def test_fragment_cases(text: str, deal: int | None, line: int | None, codes: list[str]) -> None:
    f = parse_fragment(text)
    assert (f.deal, f.line) == (deal, line)
    assert [n.code for n in f.notices] == codes


def test_ten_thousand_digits_are_rejected_quickly() -> None:
    start = time.perf_counter()
    f = parse_fragment("#deal=" + "9" * 10_000 + "&line=4")
    assert time.perf_counter() - start < 1.0  # generous: a guard against int() on 10k digits
    assert f.deal is None
    assert "bad_deal" in [n.code for n in f.notices]
    assert all(len(n.detail) <= DETAIL_MAX for n in f.notices)


def test_leading_zeros_do_not_hide_a_big_number() -> None:
    assert parse_fragment("#deal=" + "0" * 5000 + "7").deal is None  # cut by length
    assert parse_fragment("#deal=" + "0" * 20 + "7").deal == 7


def test_many_parts_are_capped() -> None:
    f = parse_fragment("#" + "&".join(f"k{i}=1" for i in range(1000)) + "&deal=5")
    assert f.deal is None
    assert f.notices[0].code == "too_long"
    assert len(f.notices) <= 65


def test_detail_is_short_plain_text() -> None:
    f = parse_fragment("#x\x00\x1b[31m\u202e=" + "y" * 500)
    (n,) = f.notices
    assert n.code == "unknown_key"
    assert len(n.detail) <= DETAIL_MAX
    assert "\x00" not in n.detail and "\x1b" not in n.detail and "\u202e" not in n.detail


def test_non_text_gives_a_notice() -> None:
    f = parse_fragment(None)  # type: ignore[arg-type]
    assert f == Fragment(None, None, (Notice("bad_fragment", ""),))


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=300) | st.from_regex(r"#?((deal|line|daily|x)=[0-9a-z%+\-.]{0,12}&?){0,5}"))
def test_any_text_parses(text: str) -> None:
    f = parse_fragment(text)
    assert f.deal is None or 1 <= f.deal <= 999_999_999
    assert f.line in (None, 4, 5)
    for n in f.notices:
        assert n.code in {"bad_deal", "bad_line", "bad_daily", "bad_replay", "unknown_key",
                          "duplicate", "too_long"}
        assert isinstance(n.detail, str) and len(n.detail) <= DETAIL_MAX


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 999_999_999), st.sampled_from([4, 5]))
def test_valid_fragments_round_trip(deal: int, line: int) -> None:
    assert parse_fragment(f"#deal={deal}&line={line}") == Fragment(deal, line, ())


DAILY_CASES = [
    ("#daily", True, None, None, []),
    ("#daily=", True, None, None, []),
    ("#DAILY&line=4", True, None, 4, []),
    ("#line=5&daily", True, None, 5, []),
    ("#daily=2026-12-02", False, None, None, ["bad_daily"]),
    ("#daily=1", False, None, None, ["bad_daily"]),
    ("#daily&daily", True, None, None, ["duplicate"]),
    ("#daily&deal=42", False, 42, None, ["bad_daily"]),  # a link names one deal: the number's
    ("#deal=42&daily&line=4", False, 42, 4, ["bad_daily"]),
    ("#deal=x&daily", True, None, None, ["bad_deal"]),
    ("#deal=42", False, 42, None, []),
]


@pytest.mark.parametrize(("text", "daily", "deal", "line", "codes"), DAILY_CASES)
def test_daily_link(text: str, daily: bool, deal: int | None, line: int | None,
                    codes: list[str]) -> None:
    f = parse_fragment(text)
    assert (f.daily, f.deal, f.line) == (daily, deal, line)
    assert [n.code for n in f.notices] == codes


def test_replay_codes() -> None:
    from kugler_core.fragment import MAX_REPLAY
    code = "AQUAAAAqAAABPAD9pN9h"
    assert parse_fragment(f"#replay={code}") == Fragment(None, None, (), code)
    assert parse_fragment(f"#line=4&REPLAY={code}&deal=3") == Fragment(3, 4, (), code)
    long_code = "A" * MAX_REPLAY  # read whole: the engine decodes (and refuses) it later
    assert parse_fragment(f"#replay={long_code}&deal=5") == Fragment(5, None, (), long_code)
    for bad in ("", "a+b", "a/b", "a=b", "A" * (MAX_REPLAY + 1)):
        f = parse_fragment(f"#replay={bad}")
        assert f.replay is None and [n.code for n in f.notices] == ["bad_replay"]
    f = parse_fragment(f"#replay={code}&replay=B")
    assert f.replay == code and [n.code for n in f.notices] == ["duplicate"]


def test_other_parts_are_still_cut_at_4096_characters() -> None:
    f = parse_fragment("#x=" + "y" * 5000 + "&deal=5")
    assert f.deal is None and f.notices[0].code == "too_long"
