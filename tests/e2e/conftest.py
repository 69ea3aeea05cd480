"""Fixtures for the browser tests: the built site served under a sub-path, and Chromium.

Every test here runs against dist/ as `python build.py` left it, served at
http://127.0.0.1:PORT/kugler/ like GitHub Pages serves a project. Chromium is
Debian's /usr/bin/chromium unless KUGLER_CHROMIUM points elsewhere; it is
never downloaded.

The browser, its contexts and pages are pytest-playwright's fixtures
(`browser`, `new_context`, `context`, `page`), launched with the project's
Chromium and arguments (`browser_type_launch_args`). The `context` fixture
has a 1280x800 viewport and the Danish locale (`KUGLER_TEST_LOCALE` changes
it). Contexts made through `new_context` (so `context`, `page`, `sw_context`
and `make_page`) are traced, and a failing test leaves its trace and a
screenshot of each open page in test-results/ (pyproject.toml's addopts:
`--tracing retain-on-failure --screenshot only-on-failure --output
test-results`; open a trace with `npx playwright show-trace
test-results/<test>/trace.zip`).

Every browser context is made in a system set to dark (so the look, Auto
until a test chooses, is wood) unless the test asks for another scheme.

The `page` fixture fails the test on any console error, page error or failed
request, unless the test empties `page_problems` itself; so does every page
`make_page` makes.
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
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """pytest-playwright's launch options with the project's Chromium, headless."""
    return {**browser_type_launch_args, "executable_path": chromium_path(),
            "headless": True, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser(browser: Any) -> Any:
    """pytest-playwright's browser, each of whose contexts is made in a system
    set to dark unless the test says otherwise: the look is then Auto's wood,
    the one most tests read pixels of (test_looks.py emulates the others)."""
    new_context = browser.new_context

    def dark_by_default(**options: Any) -> Any:
        options.setdefault("color_scheme", "dark")
        return new_context(**options)

    browser.new_context = dark_by_default
    return browser


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
def context(new_context: Any) -> Any:
    """pytest-playwright's context at 1280x800, in Danish (or KUGLER_TEST_LOCALE)."""
    return new_context(viewport={"width": 1280, "height": 800},
                       locale=os.environ.get("KUGLER_TEST_LOCALE", "da-DK"))


@pytest.fixture
def sw_context(new_context: Any) -> Any:
    """A context of its own, with service workers (pwa_support.context_settings)."""
    from pwa_support import context_settings

    return new_context(**context_settings())


@pytest.fixture
def page(page: Any, page_problems: list[str]) -> Iterator[Any]:
    """pytest-playwright's page, watched: a console error, page error or failed
    request fails the test."""
    watch_problems(page, page_problems)
    yield page
    assert page_problems == [], "the page reported problems:\n" + "\n".join(page_problems)


@pytest.fixture
def make_page(new_context: Any) -> Iterator[Any]:
    """make(width, height, lang, storage={...}, init=[scripts]) -> a page, not yet opened.

    Each page has a context of its own (pytest-playwright's `new_context`: traced,
    closed after the test); a console error on any of them fails the test."""
    problems: list[str] = []

    def make(width: int, height: int, lang: str, storage: dict[str, Any] | None = None,
             init: tuple[str, ...] = (), touch: bool = True, motion: str = "reduce") -> Any:
        ctx = new_context(viewport={"width": width, "height": height},
                          locale=LOCALES[lang], has_touch=touch, reduced_motion=motion)
        if storage:
            seed_storage(ctx, storage)
        for script in init:
            ctx.add_init_script(script)
        page = ctx.new_page()
        watch_problems(page, problems)
        return page

    yield make
    assert problems == [], problems
