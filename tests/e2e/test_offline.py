"""Offline play, updates and the first visit without network, against the built site.

Every test makes its own browser context (service workers and caches live per
context) and serves dist/ (or a copy) under the sub-path /kugler/ as GitHub
Pages does.
"""

from __future__ import annotations

import json
import os
import shutil
import time
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import pytest
from conftest import DIST, SiteServer
from pwa_support import (
    GAME_KEY,
    RECORDS_KEY,
    cache_names,
    copy_site,
    engine_state,
    finished_records,
    make_move,
    on_problem,
    stored,
    wait_controlled,
    wait_engine,
    wait_js,
    worker_build,
)

from tools import service_worker

ROOT = Path(__file__).resolve().parents[2]


def dist_build() -> str:
    return str(json.loads((DIST / "build.json").read_text())["build"])


def first_visit(page: Any, url: str) -> None:
    """Open the game online, wait for the engine and for the service worker to take over."""
    page.goto(url)
    wait_engine(page)
    wait_controlled(page)


# A player who keeps clicking: a click on the page every 0.25 s once the engine is ready.
KEEP_CLICKING = """
window.__clicking = setInterval(() => {
  if (document.documentElement?.dataset.engine === "ready") {
    document.dispatchEvent(new MouseEvent("click", { bubbles: true }));
  }
}, 250);
"""


def test_the_service_worker_waits_for_the_player_to_pause(sw_context: Any,
                                                          site: SiteServer) -> None:
    sw_context.add_init_script(KEEP_CLICKING)
    page = sw_context.new_page()
    page.goto(site.url)
    wait_engine(page)
    time.sleep(4)
    assert page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r ?? null)") is None
    page.evaluate("clearInterval(window.__clicking)")
    wait_controlled(page)  # registered and installed once the clicks stopped


# ----------------------------------------------------------------- the build step


def test_precache_lists_every_file_of_the_build() -> None:
    text = (DIST / "sw.js").read_text(encoding="utf-8")
    build = dist_build()
    assert f'const BUILD = "{build}";' in text
    assert "__KUGLER_" not in text, "placeholders left in dist/sw.js"
    listed = {e[0]: e for e in service_worker.precache_entries(DIST)}
    for path in DIST.rglob("*"):
        rel = path.relative_to(DIST).as_posix()
        if path.is_file() and rel != "sw.js" and not rel.endswith(".map"):
            assert rel in listed, f"{rel} is not precached"
            assert json.dumps(list(listed[rel])) in text, f"{rel} is not in dist/sw.js as built"
    wheel = json.loads((DIST / "build.json").read_text())["wheel"]
    for needed in ("index.html", "main.js", "worker.js", "build.json", "manifest.webmanifest",
                   "pyodide/pyodide.mjs", "pyodide/pyodide.asm.wasm",
                   "pyodide/python_stdlib.zip", wheel):
        assert needed in listed, f"{needed} missing from the precache list"
    assert "sw.js" not in listed
    # The snapshot boot's files at install; what only the fallback boot or an
    # app install reads is cached at first use (a first visit stays small).
    for name in ("index.html", "pyodide/pyodide.asm.wasm", "pyodide/kugler-snapshot.bin.gz"):
        assert listed[name][3] == "install", name
    for name in ("pyodide/python_stdlib.zip", "pyodide/kugler-stdlib.zip", wheel):
        assert listed[name][3] == "use", name


def test_render_rejects_a_template_without_placeholders() -> None:
    template = (ROOT / "web" / "sw.js").read_text(encoding="utf-8")
    filled = service_worker.render(template, "abc123", [("a.js", 1, "0" * 64)])
    assert '"abc123"' in filled and '["a.js", 1, "' in filled
    with pytest.raises(ValueError):
        service_worker.render(filled, "abc124", [])
    with pytest.raises(ValueError):
        service_worker.render(template, "bad id\"", [])


# ----------------------------------------------------------------- offline


def test_plays_offline_after_one_visit(sw_context: Any, site: SiteServer) -> None:
    page = sw_context.new_page()
    problems: list[str] = []
    on_problem(page, problems)
    first_visit(page, site.url)
    assert cache_names(page) == [f"kugler-{dist_build()}"]
    assert worker_build(page) == dist_build()
    saved = make_move(page)

    sw_context.set_offline(True)
    probe = "fetch('build.json?probe=1').then(() => 'reached', () => 'offline')"
    assert page.evaluate(probe) == "offline", "the worker can still reach the network"
    page.wait_for_timeout(100)
    problems.clear()  # the probe's own failed request
    response = page.reload()
    assert response is not None and response.from_service_worker, "page not served by the worker"
    wait_engine(page)
    assert stored(page, GAME_KEY)["moves"] == saved["moves"], "the saved game was lost offline"
    # The page and its module came from the cache by the worker's static routes,
    # without running its script, although the server sent them with
    # "Vary: Accept-Encoding" as GitHub Pages does (web/sw.js).
    with urllib.request.urlopen(site.url + "main.js") as reply:
        assert reply.headers["Vary"] == "Accept-Encoding"
    sources = page.evaluate(ROUTED_SOURCES)
    assert len(sources) == 2 and set(sources.values()) == {"cache"}, sources
    after = make_move(page)
    assert after["moves"] == saved["moves"] + 1
    assert problems == []


# How the browser got the page and its module: {file: workerFinalSourceType}
# ("cache" when a static route answered from the cache, "fetch-event" when
# the worker's script did).
ROUTED_SOURCES = """() => Object.fromEntries(performance.getEntriesByType("resource")
  .concat(performance.getEntriesByType("navigation"))
  .map((e) => [e.name.split("/").pop() || "(page)", e.workerFinalSourceType])
  .filter(([name]) => ["(page)", "main.js"].includes(name)))"""


def test_plays_with_the_server_stopped(sw_context: Any) -> None:
    server = SiteServer(DIST)
    try:
        page = sw_context.new_page()
        first_visit(page, server.url)
        saved = make_move(page)
    finally:
        server.stop()
    # Nothing answers on that port any more: everything must come from the cache.
    problems: list[str] = []
    page2 = sw_context.new_page()
    on_problem(page2, problems)
    page.close()
    response = page2.goto(server.url)
    assert response is not None and response.from_service_worker
    wait_engine(page2)
    assert stored(page2, GAME_KEY)["moves"] == saved["moves"]
    make_move(page2)
    make_move(page2)
    assert stored(page2, GAME_KEY)["moves"] == saved["moves"] + 2
    # A deep link with a query still opens the cached page.
    response = page2.goto(server.url + "?source=homescreen")
    assert response is not None and response.from_service_worker
    wait_engine(page2)
    assert problems == []


# ----------------------------------------------------------------- updates


def make_second_build(first: Path, target: Path, marker: str) -> str:
    """A copy of the site at `first` with a changed file and its own build id; returns the id."""
    copy_site(first, target)
    changed = target / "main.js"
    changed.write_text(changed.read_text(encoding="utf-8") + f"\n/* {marker} */\n",
                       encoding="utf-8")
    info = json.loads((target / "build.json").read_text())
    info["build"] = f"{info['build'][:8]}{marker}"
    (target / "build.json").write_text(json.dumps(info, indent=2) + "\n")
    shutil.copy2(ROOT / "web" / "sw.js", target / "sw.js")
    service_worker.write(target, info["build"])
    return str(info["build"])


def deploy(source: Path, live: Path) -> None:
    """Put the files of `source` over the live site, the worker script last.

    Each file replaced gets a modification time at least 2 s after the one it
    replaces: the local server's Last-Modified has whole seconds, and two
    deploys within one second would otherwise answer the browser's
    revalidation of a changed file with 304 Not Modified.
    """
    def put(path: Path, target: Path) -> None:
        before = target.stat().st_mtime if target.exists() else 0.0
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, target)
        when = max(time.time(), before + 2)
        os.utime(target, (when, when))

    for path in sorted(source.rglob("*")):
        rel = path.relative_to(source)
        if path.is_file() and rel.as_posix() != "sw.js":
            put(path, live / rel)
    put(source / "sw.js", live / "sw.js")


UPDATE_RESULT = """async () => {
  const reg = await navigator.serviceWorker.getRegistration();
  await reg.update();
  const worker = reg.installing || reg.waiting;
  if (!worker) return "none";
  if (worker.state !== "installing") return worker.state;
  return await new Promise((resolve) => worker.addEventListener("statechange", () => {
    if (worker.state !== "installing") resolve(worker.state);
  }));
}"""


# The registration's workers by state (null where there is none).
REGISTRATION_STATE = """async () => {
  const reg = await navigator.serviceWorker.getRegistration();
  return {installing: reg?.installing?.state ?? null, waiting: reg?.waiting?.state ?? null,
          active: reg?.active?.state ?? null};
}"""


# Waits for the registration's installing worker, if any, to end (installed or
# redundant); returns its final state, or null when none was installing.
INSTALL_END = """async () => {
  const reg = await navigator.serviceWorker.getRegistration();
  const worker = reg?.installing;
  if (!worker) return null;
  return await new Promise((resolve) => {
    const done = () => { if (worker.state !== "installing") resolve(worker.state); };
    worker.addEventListener("statechange", done);
    done();
  });
}"""


def settled_cache_names(page: Any, timeout: float = 120) -> list[str]:
    """The page's cache names once no worker is installing.

    The page checks for an update on a return to visibility, and Chromium on
    its own after a navigation (a soft update), so a failed install can be
    followed at once by another attempt of the same build; what that attempt
    leaves behind is judged when it ends.
    """
    deadline = time.monotonic() + timeout
    while True:
        page.evaluate(INSTALL_END)
        names = cache_names(page)
        if page.evaluate(REGISTRATION_STATE)["installing"] is None:
            return names
        assert time.monotonic() < deadline, f"an install never ended: {names}"


def test_update_to_a_new_build_keeps_the_saved_game_and_records(
    sw_context: Any, tmp_path: Path
) -> None:
    live = copy_site(DIST, tmp_path / "live")
    old_build = dist_build()
    server = SiteServer(live)
    try:
        page = sw_context.new_page()
        problems: list[str] = []
        on_problem(page, problems)
        first_visit(page, server.url)
        records = finished_records()
        page.evaluate(f"localStorage.setItem({json.dumps(RECORDS_KEY)}, "
                      f"{json.dumps(json.dumps(records))})")
        page.reload()
        wait_engine(page)
        make_move(page)
        game_before = stored(page, GAME_KEY)
        records_before = stored(page, RECORDS_KEY)
        assert records_before["ranking"] == records["ranking"], "the page rejected the records"
        assert page.locator("#update-notice").count() == 0

        # A half-deployed build (the worker lists a runtime file the server
        # does not have yet) must fail its install and leave the running
        # version alone.
        broken = tmp_path / "broken"
        broken_build = make_second_build(DIST, broken, "broken")
        runtime = broken / "pyodide" / "pyodide.mjs"
        runtime.write_bytes(runtime.read_bytes()[:1000])
        deploy(broken, live)
        assert page.evaluate(UPDATE_RESULT) == "redundant"
        assert settled_cache_names(page) == [f"kugler-{old_build}"]
        assert not page.locator("#update-notice").is_visible()
        page.reload()
        wait_engine(page)
        assert worker_build(page) == old_build
        assert broken_build != old_build
        # The reload checked for an update again: that attempt fails the same way,
        # and none is still downloading when the complete build goes up.
        assert page.evaluate(UPDATE_RESULT) == "redundant"
        assert settled_cache_names(page) == [f"kugler-{old_build}"]

        # The complete new build: the page hears of it when it becomes visible.
        new = tmp_path / "new"
        new_build = make_second_build(DIST, new, "update2")
        deploy(new, live)
        notice = page.locator("#update-notice")
        # The page checks on every return to visibility; under load its listener
        # may be attached only after the first event, so the page "returns" a
        # few times, as a player switching back to the tab would. The new
        # worker's install downloads and checks 14 MB: beside a CPU-heavy job
        # that took longer than the 120 s this loop once allowed in all, so
        # while an install is under way the wait goes on (up to 10 min).
        start = time.monotonic()
        deadline = start + 120
        while not notice.is_visible():
            state = page.evaluate(REGISTRATION_STATE)
            if state["installing"]:
                deadline = min(start + 600, max(deadline, time.monotonic() + 60))
            assert time.monotonic() < deadline, f"the page never offered the new build: {state}"
            page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
            page.wait_for_timeout(3000)
        assert page.locator("#update-reload").inner_text().strip() == "Genindlæs"
        assert "Ny version" in notice.inner_text()
        # The notice speaks the page's language, also after a switch.
        for lang, button in (("sv", "Ladda om"), ("en", "Reload"), ("da", "Genindlæs")):
            page.evaluate(f"document.documentElement.lang = {json.dumps(lang)}")
            page.wait_for_timeout(50)
            assert page.locator("#update-reload").inner_text().strip() == button
        assert engine_state(page) == "ready", "the notice must not interrupt the game"
        with page.expect_navigation(timeout=60_000):
            page.locator("#update-reload").click()
        wait_engine(page)
        assert worker_build(page) == new_build
        assert page.evaluate("fetch('build.json').then((r) => r.json())")["build"] == new_build
        assert "update2" in page.evaluate("fetch('main.js').then((r) => r.text())")
        assert cache_names(page) == [f"kugler-{new_build}"]
        game_after = stored(page, GAME_KEY)
        for key in ("id", "deal", "board", "next", "score", "moves", "lines", "undo"):
            assert game_after[key] == game_before[key], f"saved game changed: {key}"
        assert stored(page, RECORDS_KEY) == records_before
        assert page.locator("#record").inner_text().strip() == str(records["record"])
        assert problems == []
    finally:
        server.stop()


def wait_worker_activated(sw_context: Any, build: str, timeout: float = 60.0) -> None:
    """Wait until the service worker of `build` is the activated one (no page needed)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for worker in sw_context.service_workers:
            try:
                if worker.evaluate("[BUILD, self.serviceWorker.state]") == [build, "activated"]:
                    return
            except Exception:  # a worker that was just stopped or made redundant
                continue
        time.sleep(0.2)
    raise AssertionError(f"the worker of build {build} never activated")


def test_update_applies_on_the_next_start_without_the_notice(sw_context: Any,
                                                             tmp_path: Path) -> None:
    live = copy_site(DIST, tmp_path / "live")
    server = SiteServer(live)
    try:
        page = sw_context.new_page()
        first_visit(page, server.url)
        new_build = make_second_build(DIST, tmp_path / "new", "nextstart")
        deploy(tmp_path / "new", live)
        assert page.evaluate(UPDATE_RESULT) == "installed"
        page.locator("#update-notice").wait_for(state="visible")
        page.close()  # the last page of the old version goes away ...
        wait_worker_activated(sw_context, new_build)  # ... so the waiting build takes over
        page2 = sw_context.new_page()
        page2.goto(server.url)
        wait_engine(page2)
        wait_js(page2, "!!navigator.serviceWorker.controller")
        assert worker_build(page2) == new_build
        assert cache_names(page2) == [f"kugler-{new_build}"]
    finally:
        server.stop()


# ----------------------------------------------------------------- first visit, no network


def test_first_visit_without_the_runtime_says_so_and_retry_works(
    sw_context: Any, site: SiteServer
) -> None:
    blocked: list[str] = []
    blocked_for_worker: list[str] = []

    def block(route: Any) -> None:
        request = route.request
        (blocked_for_worker if request.service_worker else blocked).append(request.url)
        route.abort("internetdisconnected")

    def runtime(url: str) -> bool:
        """The engine's files: the Pyodide runtime, the wheel and build.json."""
        path = urlparse(url).path
        return "/kugler/pyodide/" in path or path.endswith((".whl", "/build.json"))

    sw_context.route(runtime, block)
    page = sw_context.new_page()
    page.goto(site.url)
    wait_engine(page, "failed")
    assert blocked, "the runtime was never requested"
    error = page.locator("#engine-error")
    assert error.is_visible()
    text = page.locator("#engine-error-text").inner_text().strip()
    assert len(text) > 10, f"no clear message: {text!r}"
    assert page.evaluate("document.documentElement.lang") == "da"
    retry = page.locator("#engine-retry")
    assert retry.is_visible() and retry.inner_text().strip()
    # The service worker could not precache either, and left no half-filled cache.
    for _ in range(600):
        if blocked_for_worker:
            break
        page.wait_for_timeout(100)
    assert blocked_for_worker, "the service worker never tried to precache the runtime"
    wait_js(page, """navigator.serviceWorker.getRegistration().then((r) =>
        !r || (!r.installing && !r.waiting && !r.active))""", 60, "the failed install to settle")
    assert [n for n in cache_names(page) if n.startswith("kugler-")] == []

    sw_context.unroute(runtime, block)
    retry.click()
    wait_engine(page)
    assert not error.is_visible()
    make_move(page)
    # The next visit installs the worker, and the game is then offline-ready.
    page.reload()
    wait_engine(page)
    wait_controlled(page)
    assert cache_names(page) == [f"kugler-{dist_build()}"]
