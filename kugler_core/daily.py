"""The deal of the day: one deal number per calendar date, the same for everyone.

The deal of a date (UTC, ``YYYY-MM-DD``) is::

    day  = days from 1970-01-01 to the date (negative before it)
    deal = 1 + splitmix64_output(day mod 2**64) mod MAX_DEAL

with ``splitmix64_output`` of ``rng.py`` (the first output of splitmix64 from
state ``day``). This must never change: a date means the same deal forever.

>>> deal_of_day("2025-01-01")
255212540
>>> deal_of_day("1970-01-01") == 1 + rng.splitmix64_output(0) % rng.MAX_DEAL
True
>>> deal_of_day("2025-02-30")
Traceback (most recent call last):
...
kugler_core.errors.DateError: '2025-02-30' is not a date YYYY-MM-DD
"""

from __future__ import annotations

import re
from datetime import date

from . import rng
from .errors import DateError

__all__ = ["day_number", "deal_of_day"]

_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_EPOCH = date(1970, 1, 1).toordinal()


def day_number(date_text: object) -> int:
    """Days from 1970-01-01 to the date ``YYYY-MM-DD``; DateError if it is not one."""
    if not isinstance(date_text, str) or not _DATE.fullmatch(date_text):
        raise DateError(f"{str(date_text)[:40]!r} is not a date YYYY-MM-DD")
    try:
        return date.fromisoformat(date_text).toordinal() - _EPOCH
    except ValueError:  # date.fromisoformat: a day that does not exist
        raise DateError(f"{date_text!r} is not a date YYYY-MM-DD") from None


def deal_of_day(date_text: object) -> int:
    """The deal (1..MAX_DEAL) of the date ``YYYY-MM-DD``; DateError if it is not one."""
    day = day_number(date_text)
    return 1 + rng.splitmix64_output(day & rng.MASK64) % rng.MAX_DEAL
