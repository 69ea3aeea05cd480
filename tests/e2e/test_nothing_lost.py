"""Nothing lost (issue 6): saved games and records survive broken and newer
documents, storage that throws or is full, two tabs, a reload in the middle of
a roll, export and import, hostile links, hostile worker messages, an engine
that fails, and a hostile player name.

Each test removes nothing from the page: it prepares storage (documents built
with kugler_core), or wraps a browser API from an init script, and checks what
the player and localStorage end up with.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from helpers import (
    BOOT_TIMEOUT,
    GAME_KEY,
    SETTINGS_KEY,
    WALL_ROWS,
    board,
    game_doc,
    move,
    nearly_full,
    open_game,
    reachable,
    records_key,
    records_with,
    seed_raw,
    seed_storage,
    stored,
    stored_keys,
    tap,
    text,
    wait_idle,
    wait_ready,
)

from kugler_core import Game
from kugler_core.records import clean_name

SETTINGS = {"kind": "kugler/settings", "version": 1, "language": None, "line": 5,
            "reduced_motion": None}


def count(cells: list[int]) -> int:
    return sum(1 for c in cells if c)


def raw(page: Any, key: str) -> str | None:
    stored = page.evaluate("k => localStorage.getItem(k)", key)
    return None if stored is None else str(stored)


def broken_keys(page: Any) -> list[str]:
    return [k for k in stored_keys(page) if k.startswith("kugler:1:broken:")]


def a_legal_move(cells: list[int]) -> tuple[tuple[int, int], tuple[int, int]]:
    for i, color in enumerate(cells):
        if color:
            targets = reachable(cells, i)
            if targets:
                j = min(targets)
                return divmod(i, 9), divmod(j, 9)
    raise AssertionError("no legal move")


# ------------------------------------------------------------------ broken documents


def _bad_games() -> dict[str, str]:
    base = game_doc(WALL_ROWS)
    out: dict[str, str] = {"invalid JSON": '{"kind": "kugler/game", "version": 1, "board": ['}
    d = copy.deepcopy(base)
    d["score"] = "5"
    out["wrong type"] = json.dumps(d)
    d = copy.deepcopy(base)
    d["over"] = True
    out["impossible board"] = json.dumps(d)
    d = copy.deepcopy(base)
    d["score"] = -5
    out["negative score"] = json.dumps(d)
    d = copy.deepcopy(base)
    d["board"][0] = "8" + d["board"][0][1:]
    out["8 colours"] = json.dumps(d)
    d = copy.deepcopy(base)
    d["board"][3] = d["board"][3] + "."
    out["10 columns"] = json.dumps(d)
    return out


BAD_GAMES = _bad_games()


def _set_visibility(page: Any, state: str, *, leave: bool = False, back: bool = False) -> None:
    """What the browser does when the tab is hidden or shown; `leave` first
    fires pagehide (the page is being closed or left), `back` pageshow."""
    page.evaluate("""([state, leave, back]) => {
        if (leave) window.dispatchEvent(new PageTransitionEvent("pagehide", { persisted: true }));
        if (back) window.dispatchEvent(new PageTransitionEvent("pageshow", { persisted: true }));
        Object.defineProperty(document, "visibilityState",
                              { configurable: true, get: () => state });
        document.dispatchEvent(new Event("visibilitychange"));
    }""", [state, leave, back])


def test_play_time_is_saved_when_hidden_and_not_asked_for_when_leaving(
        context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {GAME_KEY: game_doc(WALL_ROWS, seconds=100)})
    open_game(page, site)
    page.wait_for_timeout(2200)  # the clock runs
    _set_visibility(page, "hidden", leave=True)
    page.wait_for_timeout(800)
    # Leaving: the engine could not answer in time, so it is not asked.
    assert stored(page, GAME_KEY)["seconds"] == 100
    _set_visibility(page, "visible", back=True)
    page.wait_for_timeout(1200)
    _set_visibility(page, "hidden")  # another tab or app in front: the time is saved
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('kugler:1:game')).seconds >= 102")


@pytest.mark.parametrize("case", sorted(BAD_GAMES))
def test_broken_saved_game_is_kept_aside_and_records_untouched(
        context: Any, page: Any, site: Any, case: str) -> None:
    records = json.dumps(records_with(5, 24))
    seed_raw(context, {GAME_KEY: BAD_GAMES[case], records_key(5): records})
    open_game(page, site)
    assert page.locator("#notice").is_visible()
    assert "beskadiget" in text(page, "#notice")
    broken = broken_keys(page)
    assert len(broken) == 1
    assert raw(page, broken[0]) == BAD_GAMES[case]  # kept exactly as it was
    assert raw(page, records_key(5)) == records  # the other documents untouched
    assert text(page, "#record") == "24"
    assert count(board(page)) == 5  # a new game is on
    assert stored(page, GAME_KEY)["moves"] == 0


@pytest.mark.parametrize("case", ["invalid JSON", "negative record"])
def test_broken_records_are_kept_aside_and_the_game_untouched(
        context: Any, page: Any, site: Any, case: str) -> None:
    if case == "invalid JSON":
        bad = '{"kind": "kugler/records", "version": 1, "record": 2'
    else:
        doc = records_with(5, 24)
        doc["record"] = -1
        bad = json.dumps(doc)
    game = json.dumps(game_doc(WALL_ROWS))
    seed_raw(context, {records_key(5): bad, GAME_KEY: game})
    open_game(page, site)
    assert "beskadige" in text(page, "#notice")
    broken = broken_keys(page)
    assert len(broken) == 1 and raw(page, broken[0]) == bad
    assert raw(page, records_key(5)) is None
    assert json.loads(raw(page, GAME_KEY) or "") == json.loads(game)  # the game is not touched
    assert board(page) == list(Game.from_dict(json.loads(game)).board)


def test_newer_versions_are_left_untouched(context: Any, page: Any, site: Any) -> None:
    newer_records = records_with(5, 24)
    newer_records["version"] = 4
    newer_settings = {**SETTINGS, "version": 4, "future": True}
    seed_storage(context, {records_key(5): newer_records, SETTINGS_KEY: newer_settings,
                           GAME_KEY: nearly_full(10)})
    open_game(page, site)
    records_text = raw(page, records_key(5))
    settings_text = raw(page, SETTINGS_KEY)
    assert "nyere udgave" in text(page, "#notice")
    move(page, (7, 8), (8, 8))  # the game ends and is counted in this session only
    page.wait_for_selector("dialog#game-over[open][data-records=done]")
    wait_idle(page)
    page.keyboard.press("Escape")
    page.click("#menu")
    page.check("input[name=line][value='4']")  # a settings change is not stored either
    page.wait_for_timeout(300)
    assert raw(page, records_key(5)) == records_text
    assert raw(page, SETTINGS_KEY) == settings_text
    assert broken_keys(page) == []


def test_newer_saved_game_is_never_overwritten(context: Any, page: Any, site: Any) -> None:
    newer = game_doc(WALL_ROWS)
    newer["version"] = 4
    seed_storage(context, {GAME_KEY: newer})
    open_game(page, site)
    kept = raw(page, GAME_KEY)
    assert "nyere udgave" in text(page, "#notice")
    source, target = a_legal_move(board(page))
    move(page, source, target)
    page.reload()
    wait_ready(page)
    assert raw(page, GAME_KEY) == kept


# ------------------------------------------------------------------ storage that fails

THROWING_GETTER = """
Object.defineProperty(window, 'localStorage', {
  configurable: true,
  get() { throw new DOMException('denied', 'SecurityError'); },
});
"""

QUOTA_FULL = """
Storage.prototype.setItem = function () {
  throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
};
"""


def test_storage_that_throws_on_access_still_plays(context: Any, page: Any, site: Any) -> None:
    context.add_init_script(THROWING_GETTER)
    open_game(page, site)
    notice = page.locator("#storage-notice")
    assert notice.is_visible()
    assert "kan ikke gemmes" in notice.inner_text()
    before = board(page)
    source, target = a_legal_move(before)
    move(page, source, target)
    after = board(page)
    # the ball now stands on the target (a new ball may land on the freed source cell)
    assert after != before
    assert after[target[0] * 9 + target[1]] == before[source[0] * 9 + source[1]]
    page.wait_for_timeout(7000)  # outlives the ordinary notices
    assert notice.is_visible()


def test_full_storage_still_plays_and_keeps_the_old_records(
        context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {records_key(5): records_with(5, 24), GAME_KEY: nearly_full(10)})
    context.add_init_script(QUOTA_FULL)
    open_game(page, site)
    records_text = raw(page, records_key(5))
    move(page, (7, 8), (8, 8))
    page.wait_for_selector("dialog#game-over[open][data-records=done]")
    assert page.locator("#storage-notice").is_visible()
    assert "kan ikke gemmes" in text(page, "#storage-notice")
    assert raw(page, records_key(5)) == records_text
    page.click("#go-new")
    wait_idle(page)
    assert count(board(page)) == 5


FLAKY_RECORDS_READ = """
window.__kuglerFailReads = true;
const realGetItem = Storage.prototype.getItem;
Storage.prototype.getItem = function (key) {
  if (window.__kuglerFailReads && key === 'kugler:1:records:5') {
    throw new DOMException('read failed', 'UnknownError');
  }
  return realGetItem.call(this, key);
};
"""


def test_records_are_never_replaced_after_a_failed_read(
        context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {records_key(5): records_with(5, 24), GAME_KEY: nearly_full(10)})
    context.add_init_script(FLAKY_RECORDS_READ)
    open_game(page, site)
    assert text(page, "#record") == "10"  # nothing could be read: the game's own points
    page.evaluate("window.__kuglerFailReads = false")
    move(page, (7, 8), (8, 8))
    page.wait_for_selector("dialog#game-over[open][data-records=done]")
    page.wait_for_function(
        "() => JSON.parse(localStorage.getItem('kugler:1:records:5') || 'null')?.stats.games === 2")
    records = stored(page, records_key(5))
    assert records["record"] == 24
    assert {e["id"] for e in records["ranking"]} == {"old-game", "nearly-full"}


# ------------------------------------------------------------------ two tabs

# Registered before the page's own listener, so it can hide storage events from
# it once window.__kuglerDeaf is set: a storage event that comes late or not at all.
DEAF = """
window.addEventListener('storage', (e) => {
  const deaf = window.__kuglerDeaf;
  if (deaf && (deaf === '*' || e.key.startsWith(deaf))) e.stopImmediatePropagation();
});
"""


def ranking_ids(page: Any) -> set[str]:
    return {e["id"] for e in stored(page, records_key(5))["ranking"]}


def games_stored(page: Any, n: int) -> None:
    page.wait_for_function(
        "n => JSON.parse(localStorage.getItem('kugler:1:records:5') || 'null')?.stats.games === n",
        arg=n, timeout=30_000)


def test_games_finished_in_two_tabs_both_count(context: Any, site: Any) -> None:
    """Tab B misses the news about the records (a late or lost storage event)
    and finishes its game after tab A finished another: B re-reads and merges
    before writing, so both games are in the statistics and the ranking."""
    from conftest import watch_problems

    problems: list[str] = []
    seed_storage(context, {GAME_KEY: nearly_full(10, "tab-a", 7)})
    a = context.new_page()
    watch_problems(a, problems)
    open_game(a, site)
    b = context.new_page()
    watch_problems(b, problems)
    b.add_init_script(DEAF)
    open_game(b, site)
    b.evaluate("window.__kuglerDeaf = 'kugler:1:records'")
    move(a, (7, 8), (8, 8))
    games_stored(a, 1)
    # B shows A's finished game, then the next game is written (as a third tab would)
    b.wait_for_function("() => [...document.querySelectorAll('[role=gridcell]')]"
                        ".every(c => c.dataset.color !== '')")
    a.evaluate("doc => localStorage.setItem('kugler:1:game', JSON.stringify(doc))",
               nearly_full(10, "tab-b", 8))
    b.wait_for_function("() => document.querySelector('#deal').textContent.trim() === '8'")
    wait_idle(b)
    assert "anden fane" in text(b, "#notice")
    move(b, (7, 8), (8, 8))
    games_stored(b, 2)
    records = stored(b, records_key(5))
    assert ranking_ids(b) == {"tab-a", "tab-b"}
    assert records["record"] == 10 and records["stats"]["points"] == 20
    # A learns the joined records from the storage event
    a.keyboard.press("Escape")
    a.click("#menu")
    a.click("#ranking")
    a.wait_for_function("() => document.querySelectorAll('#ranking-body tbody tr').length === 2")
    assert problems == []


def test_a_stale_tab_adopts_the_newer_game_instead_of_overwriting(
        context: Any, site: Any) -> None:
    from conftest import watch_problems

    problems: list[str] = []
    seed_storage(context, {GAME_KEY: game_doc(WALL_ROWS)})
    a = context.new_page()
    watch_problems(a, problems)
    a.add_init_script(DEAF)
    open_game(a, site)
    b = context.new_page()
    watch_problems(b, problems)
    open_game(b, site)
    a.evaluate("window.__kuglerDeaf = '*'")
    move(b, (0, 0), (0, 2))
    newer = stored(b, GAME_KEY)
    assert newer["moves"] == 1
    # A still shows the old board; its move must not write over B's game
    tap(a, 0, 0)
    tap(a, 0, 3)
    wait_idle(a)
    a.wait_for_function(
        "() => document.querySelector('#notice').textContent.includes('anden fane')")
    assert stored(a, GAME_KEY) == newer
    assert board(a) == board(b)
    assert problems == []


# ------------------------------------------------------------------ reload during a roll


def test_reload_in_the_middle_of_a_roll_keeps_a_whole_move(
        context: Any, page: Any, site: Any) -> None:
    doc = game_doc(WALL_ROWS)
    seed_storage(context, {GAME_KEY: doc})
    open_game(page, site, reduced_motion=False)
    page.emulate_media(reduced_motion="no-preference")
    expected = Game.from_dict(copy.deepcopy(doc))
    expected.move((0, 0), (0, 2))
    tap(page, 0, 0)
    tap(page, 0, 2)
    # the move is stored while the ball still rolls (18 cells, ~0.6 s)
    page.wait_for_function(
        "() => document.querySelector('[role=grid]').hasAttribute('data-busy')"
        " && JSON.parse(localStorage.getItem('kugler:1:game') || 'null')?.moves === 1", polling=10)
    page.reload()
    wait_ready(page)
    saved = Game.from_dict(stored(page, GAME_KEY))
    assert saved.board == expected.board and saved.next == expected.next
    assert saved.moves == 1 and saved.score == expected.score
    assert board(page) == list(expected.board)


# ------------------------------------------------------------------ export and import


def open_stats(page: Any) -> None:
    page.click("#menu")
    page.click("#stats")
    page.wait_for_selector("#stats-window[open]")


def test_export_then_import_into_an_empty_browser(
        browser: Any, context: Any, page: Any, site: Any, tmp_path: Path) -> None:
    from conftest import watch_problems

    seed_storage(context, {records_key(5): records_with(5, 24), records_key(4): records_with(4, 20),
                           GAME_KEY: game_doc(WALL_ROWS, game_id="exported")})
    open_game(page, site)
    open_stats(page)
    with page.expect_download() as info:
        page.click("#export")
    path = tmp_path / "kugler.json"
    info.value.save_as(path)
    assert info.value.suggested_filename.endswith(".json")
    doc = json.loads(path.read_text())
    assert doc["kind"] == "kugler/export" and doc["version"] == 1
    assert doc["records"]["5"] == stored(page, records_key(5))
    assert doc["records"]["4"] == stored(page, records_key(4))
    assert doc["game"]["id"] == "exported"
    assert doc["settings"]["kind"] == "kugler/settings"

    other = browser.new_context(locale="da-DK")
    problems: list[str] = []
    try:
        fresh = other.new_page()
        watch_problems(fresh, problems)
        open_game(fresh, site)
        assert text(fresh, "#record") == "0"
        open_stats(fresh)
        with fresh.expect_file_chooser() as chooser:
            fresh.click("#import")
        chooser.value.set_files(str(path))
        fresh.wait_for_function(
            "() => document.querySelector('#notice').textContent.includes('hentet')")
        wait_idle(fresh)
        assert stored(fresh, records_key(5)) == doc["records"]["5"]
        assert stored(fresh, records_key(4)) == doc["records"]["4"]
        assert stored(fresh, GAME_KEY)["id"] == "exported"
        assert board(fresh) == list(Game.from_dict(doc["game"]).board)
        assert "24" in text(fresh, "#stats-body")
        assert text(fresh, "#record") == "24"
        assert problems == []
    finally:
        other.close()


def _bad_files() -> dict[str, str]:
    good: dict[str, Any] = {"kind": "kugler/export", "version": 1, "date": "2026-11-29T10:00:00Z",
            "game": None, "records": {"4": None, "5": records_with(5, 24)}, "settings": SETTINGS}
    negative = copy.deepcopy(good)
    negative["records"]["5"]["stats"]["points"] = -3
    newer = {**good, "version": 2}
    wrong = {**good, "kind": "kugler/game"}
    return {
        "not JSON": "this is not JSON {",
        "negative": json.dumps(negative),
        "wrong kind": json.dumps(wrong),
        "newer": json.dumps(newer),
    }


def test_a_bad_import_file_changes_nothing(
        context: Any, page: Any, site: Any, tmp_path: Path) -> None:
    seed_storage(context, {records_key(5): records_with(5, 10), GAME_KEY: game_doc(WALL_ROWS)})
    open_game(page, site)
    snapshot = page.evaluate("JSON.stringify(Object.entries(localStorage).sort())")
    shown = board(page)
    for name, content in _bad_files().items():
        path = tmp_path / f"{name.replace(' ', '-')}.json"
        path.write_text(content)
        open_stats(page)
        with page.expect_file_chooser() as chooser:
            page.click("#import")
        chooser.value.set_files(str(path))
        page.wait_for_function(
            "() => !document.querySelector('#notice').hidden"
            " && document.querySelector('#notice').textContent.includes('Intet er ændret')")
        expected = "nyere udgave" if name == "newer" else "kunne ikke bruges"
        assert expected in text(page, "#notice"), name
        assert page.evaluate("JSON.stringify(Object.entries(localStorage).sort())") == snapshot
        assert board(page) == shown
        assert text(page, "#record") == "10"
        page.evaluate("document.querySelector('#notice').hidden = true")
        page.keyboard.press("Escape")


# ------------------------------------------------------------------ links


@pytest.mark.parametrize("fragment", [
    "#deal=abc", "#deal=-1", "#deal=1e99", "#deal=" + "9" * 10_000, "#line=7", "#colour=red",
])
def test_a_bad_link_starts_a_valid_game_with_a_short_notice(
        page: Any, site: Any, fragment: str) -> None:
    open_game(page, site, fragment)
    notice = page.locator("#notice")
    assert notice.is_visible()
    words = notice.inner_text()
    assert "ignoreret" in words and len(words) < 300
    assert count(board(page)) == 5
    deal = int(text(page, "#deal"))
    assert 1 <= deal <= 999_999_999
    assert board(page) == list(Game.new(deal=deal, line=5).board)
    assert page.evaluate("location.hash") == ""


# ------------------------------------------------------------------ the worker


PROTOCOL = """
async (url) => {
  const worker = new Worker(url, { type: 'module' });
  const next = () => new Promise((resolve) => { worker.onmessage = (e) => resolve(e.data); });
  const status = await next();
  if (status.type !== 'ready') return { status };
  const ask = async (msg) => { const r = next(); worker.postMessage(msg); return r; };
  const out = { first: await ask({ id: 1, cmd: 'new', args: { line: 5, deal: 42, id: 'p' } }) };
  out.bad = [];
  for (const msg of [
    { id: 2, cmd: 'move', args: { from: [9, 9], to: [0, 0] } },
    { id: 3, cmd: 'move', args: { from: [0, -1], to: [0, 0] } },
    { id: 4, cmd: 'move', args: { from: 'a1', to: [0, 0] } },
    { id: 5, cmd: 'move', args: { from: [0, 0], to: [0, 1], extra: 1 } },
    { id: 6, cmd: 'explode', args: {} },
    { id: 7, cmd: 'new', args: { line: 7, deal: 1 } },
    { id: 8, cmd: 'new', args: { line: 5, deal: 1e99 } },
    { id: 9, cmd: 'time', args: { seconds: -4 } },
    { id: 10, cmd: 'load', args: { save: { kind: 'kugler/game', version: 1 } } },
    { id: 11, cmd: 'undo', args: { seconds: 'soon' } },
    'just text', 42, null, [1, 2, 3],
  ]) out.bad.push([msg, await ask(msg)]);
  const circular = { id: 13, cmd: 'time', args: { seconds: 1 } };
  circular.args.self = circular;
  out.circular = await ask(circular);
  out.after = await ask({ id: 12, cmd: 'time', args: { seconds: 0 } });
  worker.terminate();
  return out;
}
"""


def test_worker_answers_bad_messages_with_errors_and_changes_nothing(
        page: Any, site: Any) -> None:
    open_game(page, site)
    out = page.evaluate(PROTOCOL, site.url + "worker.js")
    assert "first" in out, out
    first = out["first"]["result"]["state"]
    for msg, reply in out["bad"]:
        assert reply["ok"] is False, (msg, reply)
        assert reply["error"]["code"] in ("bad_request", "bad_document"), (msg, reply)
        if isinstance(msg, dict):
            assert reply["id"] == msg["id"]
    assert out["circular"]["ok"] is False and out["circular"]["id"] == 13
    assert out["circular"]["error"]["code"] == "bad_request"
    after = out["after"]["result"]["state"]
    assert after["board"] == first["board"] and after["moves"] == 0 and after["deal"] == 42
    assert after["next"] == first["next"] and after["id"] == "p"


BREAKABLE_WORKER = """
(() => {
  const Real = window.Worker;
  window.Worker = class extends Real {
    set onmessage(fn) {
      super.onmessage = (event) => {
        const data = event.data;
        if (window.__kuglerBreak && data && data.id !== undefined && !data.type) {
          fn(new MessageEvent('message', { data: { id: data.id, ok: false,
            error: { code: 'internal', message: 'RuntimeError: test' } } }));
        } else fn(event);
      };
    }
    get onmessage() { return super.onmessage; }
  };
})();
"""


def test_an_engine_exception_offers_a_restart_and_keeps_the_game(
        context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {GAME_KEY: game_doc(WALL_ROWS)})
    context.add_init_script(BREAKABLE_WORKER)
    open_game(page, site)
    move(page, (0, 0), (0, 2))
    saved = raw(page, GAME_KEY)
    shown = board(page)
    page.evaluate("window.__kuglerBreak = true")
    source, target = a_legal_move(shown)
    tap(page, *source)
    tap(page, *target)
    page.wait_for_selector("html[data-engine=failed]")
    assert page.locator("#engine-error").is_visible()
    assert "gemt" in text(page, "#engine-error-text")
    assert text(page, "#engine-retry") == "Genstart"
    assert raw(page, GAME_KEY) == saved
    page.evaluate("window.__kuglerBreak = false")
    page.click("#engine-retry")
    page.wait_for_selector("html[data-engine=ready]", timeout=BOOT_TIMEOUT)
    wait_idle(page)
    assert board(page) == shown
    assert raw(page, GAME_KEY) == saved
    assert page.locator("#undo").is_enabled()


def test_a_crashed_worker_offers_a_restart_and_keeps_the_game(
        context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {GAME_KEY: game_doc(WALL_ROWS)})
    context.add_init_script(
        "(() => { const Real = window.Worker; window.__kuglerWorkers = [];"
        " window.Worker = class extends Real { constructor(...a) { super(...a);"
        " window.__kuglerWorkers.push(this); } }; })();")
    open_game(page, site)
    move(page, (0, 0), (0, 2))
    saved = raw(page, GAME_KEY)
    shown = board(page)
    # the worker dies the way an uncaught error in it is reported
    page.evaluate("window.__kuglerWorkers.at(-1).dispatchEvent(new ErrorEvent('error',"
                  " { message: 'Uncaught RuntimeError: unreachable', cancelable: true }))")
    page.wait_for_selector("html[data-engine=failed]")
    assert text(page, "#engine-retry") == "Genstart"
    page.click("#engine-retry")
    page.wait_for_selector("html[data-engine=ready]", timeout=BOOT_TIMEOUT)
    wait_idle(page)
    assert board(page) == shown and raw(page, GAME_KEY) == saved


# ------------------------------------------------------------------ the player's name

# The first is cut to 24 characters by Python; the second fits whole, so it
# would become an element if the page ever parsed the name as HTML.
@pytest.mark.parametrize("hostile", ["<img src=x onerror=alert(1)>", "<img src=x onerror=f()>"])
def test_a_hostile_player_name_is_only_text(
        context: Any, page: Any, site: Any, hostile: str) -> None:
    seed_storage(context, {GAME_KEY: nearly_full(10)})
    dialogs: list[str] = []

    def dismissed(d: Any) -> None:
        dialogs.append(d.message)
        d.dismiss()

    page.on("dialog", dismissed)
    open_game(page, site)
    move(page, (7, 8), (8, 8))
    page.wait_for_selector("dialog#game-over[open][data-records=done]")
    assert page.locator("#go-name").is_visible()
    page.fill("#go-name", hostile)
    page.click("#go-name-save")
    page.wait_for_selector("#go-name-saved:not([hidden])")
    cleaned = clean_name(hostile)
    assert cleaned
    records = stored(page, records_key(5))
    assert records["ranking"][0]["name"] == cleaned and records["stats"]["games"] == 1
    page.reload()
    wait_ready(page)
    page.wait_for_selector("dialog#game-over[open][data-records=done]")  # the saved game is over
    assert page.input_value("#go-name") == cleaned
    page.keyboard.press("Escape")
    page.click("#menu")
    page.click("#ranking")
    page.wait_for_selector("#ranking-body tbody tr")
    assert text(page, "#ranking-body td.col-name .rank-name") == cleaned
    assert page.evaluate("document.querySelectorAll('img').length") == 0
    page.wait_for_timeout(300)
    assert dialogs == []


def test_a_game_started_after_a_notice_replaces_it(
        context: Any, page: Any, site: Any, tmp_path: Path) -> None:
    """A failed import's notice, then the deal of the day: the day's «started»
    notice replaces it (it would seem to speak of the new game); a new game
    from the menu takes an older notice away."""
    from datetime import UTC, datetime

    from kugler_core.daily import deal_of_day

    seed_storage(context, {GAME_KEY: game_doc(WALL_ROWS)})
    open_game(page, site)
    path = tmp_path / "bad.json"
    path.write_text("not a copy")
    open_stats(page)
    with page.expect_file_chooser() as chooser:
        page.click("#import")
    chooser.value.set_files(str(path))
    page.wait_for_function("() => !document.querySelector('#notice').hidden")
    assert "kunne ikke bruges" in text(page, "#notice")
    page.keyboard.press("Escape")
    page.click("#menu")
    page.click("#daily")
    deal = deal_of_day(datetime.now(UTC).strftime("%Y-%m-%d"))
    page.wait_for_function(
        "d => document.querySelector('#deal').textContent.trim() === String(d)", arg=deal)
    wait_idle(page)
    notice = page.locator("#notice")
    assert notice.is_visible()
    assert text(page, "#notice").startswith(f"Dagens omgang, nr. {deal} (5 på stribe), er startet")
    assert "kunne ikke bruges" not in page.locator("#notices").inner_text()
    page.click("#menu")
    page.click("#new-game")  # no move made: no question
    page.wait_for_function(
        "d => document.querySelector('#deal').textContent.trim() !== String(d)", arg=deal)
    wait_idle(page)
    assert not notice.is_visible()
