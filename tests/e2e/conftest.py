"""Fixtures for the browser tests: the built site served under a sub-path, and Chromium.

Every test here runs against dist/ as `python build.py` left it, served at
http://127.0.0.1:PORT/kugler/ like GitHub Pages serves a project. Chromium is
Debian's /usr/bin/chromium unless KUGLER_CHROMIUM points elsewhere.

Every browser context is made in a system set to dark (so the look, Auto
until a test chooses, is wood) unless the test asks for another scheme.

The `page` fixture fails the test on any console error, page error or failed
request, unless the test empties `page_problems` itself.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from helpers import LOCALES, seed_storage

import build  # the project's build.py

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM_ARGS = build.CHROMIUM_ARGS
DIST = ROOT / "dist"
BASE = "/kugler/"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if Path(str(item.fspath)).is_relative_to(Path(__file__).parent):
            item.add_marker(pytest.mark.browser)


def chromium_path() -> str:
    found = build.find_chromium()
    if found is None:
        pytest.fail("Chromium not found: run `python build.py test`, or set KUGLER_CHROMIUM")
    return found


class SiteServer:
    """dist/ (or another folder) served in a thread at http://127.0.0.1:PORT{base}."""

    def __init__(self, directory: Path = DIST, base: str = BASE, port: int = 0) -> None:
        self.directory = directory
        self.base = base
        self.httpd = build.make_server(directory, port, base)
        self.port = self.httpd.server_port
        self.url = f"http://127.0.0.1:{self.port}{base}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


@pytest.fixture(scope="session")
def site() -> Iterator[SiteServer]:
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run `python build.py` (or `python build.py test`)")
    server = SiteServer()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        instance = pw.chromium.launch(
            executable_path=chromium_path(),
            headless=True,
            args=CHROMIUM_ARGS,
        )
        # Every context in a system set to dark unless a test says otherwise:
        # the look is then Auto's wood, the one most tests read pixels of;
        # test_looks.py emulates the other systems and looks.
        new_context = instance.new_context

        def dark_by_default(**options: Any) -> Any:
            options.setdefault("color_scheme", "dark")
            return new_context(**options)

        instance.new_context = dark_by_default
        yield instance
        instance.close()


def watch_problems(page: Any, problems: list[str]) -> None:
    """Collect console errors, uncaught page errors and failed requests into `problems`."""
    page.on(
        "console",
        lambda m: problems.append(f"console: {m.text}") if m.type == "error" else None,
    )
    page.on("pageerror", lambda e: problems.append(f"pageerror: {e}"))
    page.on("requestfailed", lambda r: problems.append(f"requestfailed: {r.url} {r.failure}"))
    page.on(
        "response",
        lambda r: problems.append(f"http {r.status}: {r.url}") if r.status >= 400 else None,
    )


@pytest.fixture
def page_problems() -> list[str]:
    return []


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    ctx = browser.new_context(
        viewport={"width": 1280, "height": 800},
        locale=os.environ.get("KUGLER_TEST_LOCALE", "da-DK"),
    )
    yield ctx
    ctx.close()


@pytest.fixture
def sw_context(browser: Any) -> Iterator[Any]:
    """A context of its own, with service workers (pwa_support.fresh_context)."""
    from pwa_support import fresh_context

    context = fresh_context(browser)
    yield context
    context.close()


@pytest.fixture
def page(context: Any, page_problems: list[str]) -> Iterator[Any]:
    pg = context.new_page()
    watch_problems(pg, page_problems)
    yield pg
    assert page_problems == [], "the page reported problems:\n" + "\n".join(page_problems)


@pytest.fixture
def make_page(browser: Any) -> Iterator[Any]:
    """make(width, height, lang, storage={...}, init=[scripts]) -> a page, not yet opened."""
    contexts: list[Any] = []
    problems: list[str] = []

    def make(width: int, height: int, lang: str, storage: dict[str, Any] | None = None,
             init: tuple[str, ...] = (), touch: bool = True, motion: str = "reduce") -> Any:
        ctx = browser.new_context(viewport={"width": width, "height": height},
                                  locale=LOCALES[lang], has_touch=touch, reduced_motion=motion)
        contexts.append(ctx)
        if storage:
            seed_storage(ctx, storage)
        for script in init:
            ctx.add_init_script(script)
        page = ctx.new_page()
        watch_problems(page, problems)
        return page

    yield make
    for ctx in contexts:
        ctx.close()
    assert problems == [], problems
