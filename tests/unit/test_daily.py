"""The deal of the day: a fixed hash of the date, pinned so that it never changes."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kugler_core import MAX_DEAL, rng
from kugler_core.daily import day_number, deal_of_day

PINNED = [  # these must never change: players compare their games of a day
    ("1970-01-01", 0, 952815968),
    ("2000-02-29", 11016, 12287846),
    ("2025-01-01", 20089, 255212540),
    ("2025-01-02", 20090, 943887901),
    ("9999-12-31", 2932896, 461767100),
    ("0001-01-01", -719162, 545201429),
]


@pytest.mark.parametrize(("date", "day", "deal"), PINNED)
def test_pinned_deals(date: str, day: int, deal: int) -> None:
    assert day_number(date) == day
    assert deal_of_day(date) == deal
    assert deal == 1 + rng.splitmix64_output(day & rng.MASK64) % MAX_DEAL


@pytest.mark.parametrize("date", ["2025-02-29", "2025-13-01", "2025-00-10", "2025-1-01",
                                  "20250101", "2025-01-01T00:00", " 2025-01-01", "0000-01-01",
                                  "\uff12\uff10\uff12\uff15-01-01",
                                  "", None, 20250101, ["2025-01-01"]])
def test_not_a_date(date: object) -> None:
    with pytest.raises(ValueError, match="not a date"):
        deal_of_day(date)


@given(st.dates())
def test_every_date_has_one_deal_in_range(day: object) -> None:
    text = str(day)
    deal = deal_of_day(text)
    assert 1 <= deal <= MAX_DEAL
    assert deal == deal_of_day(text)
