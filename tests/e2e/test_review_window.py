"""The game review in a real Chromium: from the game-over window and from the
replay viewer, its summary, its moves, a move opened with the played and the
better move marked, the next and previous mistake, axe-core in its window.

The games are short real games (a seeded random player, so there are costly
moves); what the page shows is compared with the facade's own answer.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from helpers import BOOT_TIMEOUT, GAME_KEY, SETTINGS_KEY, move, seed_storage, wait_ready
from test_a11y import audit, settings
from test_replay_viewer import REPLAY, nearly_finished, rc

from kugler_core.facade import Session
from kugler_core.replay import encode

REVIEW = "dialog#review-window"
SERIOUS = {"mistake", "blunder"}


def facade_review(deal: int, moves: list[tuple[int, int]]) -> list[dict[str, Any]]:
    reply = Session().handle({"cmd": "review", "args": {"code": encode(deal, 5, moves, 2)}})
    assert reply["ok"], reply
    result: list[dict[str, Any]] = reply["result"]["moves"]
    return result


def game_with_mistakes(deal: int = 4242) -> tuple[Any, ...]:
    """The first of a few seeded random games of ``deal`` with two mistakes or
    blunders: its document one move before the end, that move, all its moves
    and the facade's review of them."""
    for seed in range(1, 40):
        doc, last, _, moves = nearly_finished(deal=deal, seed=seed)
        expected = facade_review(deal, moves)
        if sum(m["grade"] in SERIOUS for m in expected) >= 2:
            return doc, last, moves, expected
    raise AssertionError("no random game with two mistakes")


def wait_reviewed(page: Any, total: int) -> None:
    page.wait_for_selector(f"{REVIEW}[open][data-done]", timeout=240_000)
    assert page.eval_on_selector("#review-progress", "e => [e.value, e.max]") == [total, total]


def shown_moves(page: Any) -> list[dict[str, Any]]:
    return list(page.eval_on_selector_all(
        "#review-moves button",
        "bs => bs.map(b => ({move: Number(b.dataset.move), grade: b.dataset.grade,"
        " cost: Number(b.dataset.cost)}))"))


def marked(page: Any, kind: str) -> list[tuple[int, int]]:
    cells = page.eval_on_selector_all(
        f"{REPLAY} [role=gridcell][data-review~={kind}]",
        "cs => cs.map(c => [Number(c.dataset.row), Number(c.dataset.col)])")
    return sorted((r, c) for r, c in cells)


def test_a_finished_game_is_reviewed_from_the_game_over_window(
        context: Any, page: Any, site: Any) -> None:
    doc, last, moves, expected = game_with_mistakes()
    costly = [m for m in expected if m["grade"] in ("inaccuracy", *SERIOUS)]
    seed_storage(context, {GAME_KEY: doc})
    page.emulate_media(reduced_motion="reduce")
    page.goto(site.url)
    wait_ready(page)
    move(page, rc(last[0]), rc(last[1]))
    page.wait_for_selector("dialog#game-over[open][data-records=done]")
    assert page.locator("#go-review").is_visible()
    page.click("#go-review")
    wait_reviewed(page, len(moves))
    # the summary: accuracy as the engine's shares say, the moves that cost points
    accuracy = sum(m["accuracy"] for m in expected) / len(expected)
    text = page.text_content("#review-accuracy") or ""
    shown = re.search(r"(\d+) %", text)
    assert shown and abs(int(shown.group(1)) - accuracy) <= 0.5, (text, accuracy)
    assert shown_moves(page) == [{"move": m["index"], "grade": m["grade"], "cost": m["cost"]}
                                 for m in costly]
    assert page.locator("#review-costliest li").count() == min(3, len(
        [m for m in expected if m["cost"] > 0]))
    assert page.locator("#review-graph").is_visible()

    # a move opened: the board before it, the played and the better move marked
    target = max(costly, key=lambda m: m["cost"])
    page.click(f"#review-moves button[data-move='{target['index']}']")
    page.wait_for_selector(f"{REPLAY}[open][data-ready][data-move='{target['index']}']")
    played = sorted(tuple(c) for c in target["played"])
    better = sorted(tuple(c) for c in target["best"])
    assert marked(page, "played") == played
    assert marked(page, "better") == better
    assert page.locator("#replay-reviewed").is_visible()
    # a step away takes the marks off; they belong to the board before the move
    page.click("#replay-next")
    page.wait_for_selector(f"{REPLAY}[data-move='{target['index'] + 1}']")
    assert marked(page, "played") == []

    # the next and the previous mistake
    # closing the viewer comes back to the review
    page.keyboard.press("Escape")
    page.wait_for_selector(f"{REVIEW}[open]")
    serious = [m["index"] for m in expected if m["grade"] in SERIOUS]
    page.click(f"#review-moves button[data-move='{serious[0]}']")
    page.wait_for_selector(f"{REPLAY}[open][data-ready][data-move='{serious[0]}']")
    assert page.locator("#review-prev").is_disabled()
    page.click("#review-next")
    page.wait_for_selector(f"{REPLAY}[data-move='{serious[1]}']")
    assert marked(page, "played") == sorted(tuple(c) for c in expected[serious[1]]["played"])
    page.click("#review-prev")
    page.wait_for_selector(f"{REPLAY}[data-move='{serious[0]}']")
    page.keyboard.press("Escape")
    page.wait_for_selector(f"{REVIEW}[open]")
    # and closing the review comes back to the game-over window
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog#game-over[open]")


def test_a_replay_links_game_is_reviewed_from_the_viewer(page: Any, site: Any) -> None:
    _, _, moves, _ = game_with_mistakes(777)
    moves = moves[:12]
    code = encode(777, 5, moves, 2)
    page.goto(site.url + "#replay=" + code)
    wait_ready(page)
    page.wait_for_selector(f"{REPLAY}[open][data-ready]", timeout=BOOT_TIMEOUT)
    page.click("#replay-review")
    wait_reviewed(page, len(moves))
    expected = facade_review(777, moves)
    assert [m["move"] for m in shown_moves(page)] == [
        m["index"] for m in expected if m["grade"] in ("inaccuracy", *SERIOUS)]
    assert "%" in (page.text_content("#review-accuracy") or "")


@pytest.mark.parametrize("lang", ["da", "sv", "en"])
def test_no_violations_in_the_review_window(context: Any, page: Any, site: Any,
                                            lang: str) -> None:
    seed_storage(context, {SETTINGS_KEY: settings(lang, True)})
    _, _, moves, _ = game_with_mistakes()
    page.goto(site.url + "#replay=" + encode(4242, 5, moves[:10], 2))
    wait_ready(page)
    page.wait_for_selector(f"{REPLAY}[open][data-ready]", timeout=BOOT_TIMEOUT)
    page.click("#replay-review")
    wait_reviewed(page, 10)
    problems = audit(page, "review window")
    button = page.locator("#review-moves button").first
    if button.count():
        button.click()
        page.wait_for_selector(f"{REPLAY}[open][data-ready]")
        problems += audit(page, "a reviewed move")
    assert problems == [], "\n".join(problems)


def test_shift_and_the_arrows_go_to_the_next_and_the_previous_mistake(
        page: Any, site: Any) -> None:
    _, _, moves, expected = game_with_mistakes()
    serious = [m["index"] for m in expected if m["grade"] in SERIOUS]
    moves = moves[:serious[1] + 2]  # a game that ends just after its second mistake
    page.goto(site.url + "#replay=" + encode(4242, 5, moves, 2))
    wait_ready(page)
    page.wait_for_selector(f"{REPLAY}[open][data-ready]", timeout=BOOT_TIMEOUT)
    page.click("#replay-review")
    wait_reviewed(page, len(moves))
    page.click(f"#review-moves button[data-move='{serious[0]}']")
    page.wait_for_selector(f"{REPLAY}[open][data-ready][data-move='{serious[0]}']")
    assert page.get_attribute("#review-next", "aria-keyshortcuts") == "Shift+ArrowRight"
    page.keyboard.press("Shift+ArrowRight")
    page.wait_for_selector(f"{REPLAY}[data-ready][data-move='{serious[1]}']")
    assert marked(page, "played") == sorted(tuple(c) for c in expected[serious[1]]["played"])
    assert marked(page, "better") == sorted(tuple(c) for c in expected[serious[1]]["best"])
    # the arrow alone still steps one move, and the marks stay with their move
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector(f"{REPLAY}[data-ready][data-move='{serious[1] - 1}']")
    assert marked(page, "played") == []
    page.keyboard.press("Shift+ArrowLeft")
    page.wait_for_selector(f"{REPLAY}[data-ready][data-move='{serious[0]}']")
    assert marked(page, "played") == sorted(tuple(c) for c in expected[serious[0]]["played"])
