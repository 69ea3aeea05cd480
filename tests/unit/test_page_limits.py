"""The page shows the engine's limits as the engine states them."""

from __future__ import annotations

import re
from pathlib import Path

from kugler_core.records import NAME_MAX

PAGE = Path(__file__).resolve().parents[2] / "web" / "index.html"


def test_the_name_field_takes_as_many_characters_as_the_ranking_keeps() -> None:
    page = PAGE.read_text(encoding="utf-8")
    field = re.search(r'<input id="go-name"[^>]*>', page)
    assert field is not None
    assert f'maxlength="{NAME_MAX}"' in field.group(0)
    # the counter's first words say the same limit
    assert f'<span id="go-name-count" class="name-count">0/{NAME_MAX}</span>' in page
