"""Parse the URL fragment that opens a shared deal, the deal of the day or a
replay: ``#deal=42&line=4``, ``#daily&line=4``, ``#replay=<code>``.

``parse_fragment`` accepts any text (``location.hash``) and never raises or
takes long: it reads at most 64 ``&``-separated parts of at most 99,096
characters in all (4,096 for the parts other than a replay code, which may be
95,000 characters long: about 40,000 moves),
and judges a number by its length before converting it. A replay code is only
checked for its characters and length here; the page decodes it with the
facade's ``replay_decode``, which reports a damaged code.
Each part it ignores gives a ``Notice(code, detail)``; the page translates the
code and may show ``detail`` (a short plain-text quote of the part).

``#daily`` (no value) asks for the deal of the day: the page gives the
engine today's date (``new`` with ``daily``); the deal of that date is
``daily.py``'s.

Codes: ``bad_deal`` (not a whole number in 1..999999999), ``bad_line`` (not 4
or 5), ``bad_daily`` (``daily`` with a value, or beside a valid ``deal``: a
link names one deal, and the number counts), ``bad_replay`` (empty, too long,
or characters no replay code has),
``unknown_key``, ``duplicate`` (a key given again after a valid value: the
first valid one counts), ``too_long`` (the rest of a very long fragment was
not read).
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import unquote

from kugler_core.checks import LINES, clean_text
from kugler_core.rng import MAX_DEAL

MAX_REPLAY = 95_000
"""Longest replay code read from a fragment (characters)."""
MAX_OTHER = 4096
"""Characters read of the parts other than ``replay=...`` (the rest is cut)."""
MAX_TEXT = MAX_OTHER + MAX_REPLAY
MAX_PARTS = 64
_LINE_TEXTS = frozenset(str(n) for n in LINES)
DETAIL_MAX = 40
_DIGITS = frozenset("0123456789")
_CODE_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")


@dataclass(frozen=True)
class Notice:
    """One ignored part of the fragment: ``code`` for the page to translate,
    ``detail`` a short plain-text quote of what was ignored."""

    code: str
    detail: str


@dataclass(frozen=True)
class Fragment:
    """The deal, line and replay code asked for (None when absent or ignored),
    whether the deal of the day is asked for, and notices."""

    deal: int | None
    line: int | None
    notices: tuple[Notice, ...]
    replay: str | None = None
    daily: bool = False


def _detail(text: str) -> str:
    cleaned = clean_text(text, DETAIL_MAX + 1)
    return cleaned if len(cleaned) <= DETAIL_MAX else cleaned[: DETAIL_MAX - 1] + "…"


def _parse_deal(value: str) -> int | None:
    digits = value.lstrip("0")
    if not value or len(digits) > len(str(MAX_DEAL)) or not set(value) <= _DIGITS:
        return None
    deal = int(digits) if digits else 0
    return deal if 1 <= deal <= MAX_DEAL else None


def parse_fragment(text: str) -> Fragment:
    """Read ``deal``, ``daily``, ``line`` and ``replay`` from a fragment like ``#deal=42&line=4``.

    Unknown keys, bad values and duplicates are ignored, each with a Notice.
    Keys are case-insensitive; keys and values may be percent-encoded.
    """
    notices: list[Notice] = []
    if not isinstance(text, str):
        return Fragment(None, None, (Notice("bad_fragment", ""),))
    body = text[1:] if text.startswith("#") else text
    if len(body) > MAX_TEXT:
        notices.append(Notice("too_long", f"{len(body)} characters"))
        body = body[:MAX_TEXT]
    parts = body.split("&", MAX_PARTS)
    if len(parts) > MAX_PARTS:
        if not notices:
            notices.append(Notice("too_long", f"more than {MAX_PARTS} parts"))
        parts = parts[:MAX_PARTS]
    deal: int | None = None
    line: int | None = None
    replay: str | None = None
    daily: str | None = None  # the part that asked for the deal of the day
    seen: set[str] = set()
    budget = MAX_OTHER
    for part in parts:
        if budget <= 0:
            if not notices or notices[0].code != "too_long":
                notices.insert(0, Notice("too_long", f"more than {MAX_OTHER} characters"))
            break
        if part.partition("=")[0].strip().lower() != "replay":
            if len(part) > budget:
                part = part[:budget]
                notices.insert(0, Notice("too_long", f"more than {MAX_OTHER} characters"))
            budget -= len(part) + 1
        if not part.strip():
            continue
        raw_key, _, raw_value = part.partition("=")
        key = unquote(raw_key, errors="replace").strip().lower()
        value = unquote(raw_value, errors="replace").strip()
        if key not in ("deal", "line", "replay", "daily"):
            notices.append(Notice("unknown_key", _detail(part)))
            continue
        if key in seen:
            notices.append(Notice("duplicate", _detail(part)))
            continue
        if key == "deal":
            deal = _parse_deal(value)
            if deal is None:
                notices.append(Notice("bad_deal", _detail(part)))
                continue
        elif key == "daily":
            if raw_value.strip():
                notices.append(Notice("bad_daily", _detail(part)))
                continue
            daily = part
        elif key == "replay":
            if not value or len(value) > MAX_REPLAY or not _CODE_CHARS.issuperset(value):
                notices.append(Notice("bad_replay", _detail(part)))
                continue
            replay = value
        elif value in _LINE_TEXTS:
            line = int(value)
        else:
            notices.append(Notice("bad_line", _detail(part)))
            continue
        seen.add(key)
    if daily is not None and deal is not None:
        notices.append(Notice("bad_daily", _detail(daily)))
        daily = None
    return Fragment(deal, line, tuple(notices), replay, daily is not None)
