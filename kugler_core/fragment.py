"""Parse the URL fragment that opens a shared deal: ``#deal=42&line=4``.

``parse_fragment`` accepts any text (``location.hash``) and never raises or
takes long: it reads at most 64 ``&``-separated parts of at most 4,096
characters in all, and judges a number by its length before converting it.
Each part it ignores gives a ``Notice(code, detail)``; the page translates the
code and may show ``detail`` (a short plain-text quote of the part).

Codes: ``bad_deal`` (not a whole number in 1..999999999), ``bad_line`` (not 4
or 5), ``unknown_key``, ``duplicate`` (a key given again after a valid
value: the first valid one counts), ``too_long`` (the rest of a very long fragment was not read).
"""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import unquote

from kugler_core.checks import clean_text
from kugler_core.rng import MAX_DEAL

MAX_TEXT = 4096
MAX_PARTS = 64
DETAIL_MAX = 40
_DIGITS = frozenset("0123456789")


@dataclass(frozen=True)
class Notice:
    """One ignored part of the fragment: ``code`` for the page to translate,
    ``detail`` a short plain-text quote of what was ignored."""

    code: str
    detail: str


@dataclass(frozen=True)
class Fragment:
    """The deal and line asked for (None when absent or ignored), and notices."""

    deal: int | None
    line: int | None
    notices: tuple[Notice, ...]


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
    """Read ``deal`` and ``line`` from a fragment like ``#deal=42&line=4``.

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
    seen: set[str] = set()
    for part in parts:
        if not part.strip():
            continue
        raw_key, _, raw_value = part.partition("=")
        key = unquote(raw_key, errors="replace").strip().lower()
        value = unquote(raw_value, errors="replace").strip()
        if key not in ("deal", "line"):
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
        elif value in ("4", "5"):
            line = int(value)
        else:
            notices.append(Notice("bad_line", _detail(part)))
            continue
        seen.add(key)
    return Fragment(deal, line, tuple(notices))
