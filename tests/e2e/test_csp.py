"""The Content-Security-Policy: strict in the page, and the game never breaks it.

GitHub Pages cannot send headers, so the policy is a <meta> in index.html.
The browser tests record every `securitypolicyviolation` event (an init script
installed before any page script) and every console error while the game
loads, plays a few moves, opens its windows and shows the help.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from conftest import DIST, SiteServer
from pwa_support import CSP_RECORDER, fresh_context, make_move, on_problem, wait_engine

REQUIRED = {
    "default-src": ["'self'"],
    "script-src": ["'self'", "'wasm-unsafe-eval'"],
    "worker-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'none'"],
}
FORBIDDEN_SOURCES = ("'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", "*", "http:", "https:")


class PageScan(HTMLParser):
    """Collects the CSP meta, inline scripts/styles and inline event handlers of a page."""

    def __init__(self) -> None:
        super().__init__()
        self.policies: list[str] = []
        self.inline: list[str] = []
        self._script_inline = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "meta" and (values.get("http-equiv") or "").lower() == "content-security-policy":
            self.policies.append(values.get("content") or "")
        if tag == "script" and not values.get("src"):
            self._script_inline = True
            self.inline.append("<script> without src")
        if tag == "style":
            self.inline.append("<style> element")
        for name, value in attrs:
            if name == "style":
                self.inline.append(f"style attribute on <{tag}>")
            if name.startswith("on"):
                self.inline.append(f"{name} handler on <{tag}>")
            if name in ("href", "src") and value and value.startswith("javascript:"):
                self.inline.append(f"javascript: URL on <{tag}>")


def parse_policy(text: str) -> dict[str, list[str]]:
    policy: dict[str, list[str]] = {}
    for part in text.split(";"):
        words = part.split()
        if words:
            policy[words[0].lower()] = words[1:]
    return policy


def html_files() -> list[Path]:
    return sorted(DIST.rglob("*.html"))


def test_index_has_the_strict_policy_and_nothing_inline() -> None:
    scan = PageScan()
    scan.feed((DIST / "index.html").read_text(encoding="utf-8"))
    assert len(scan.policies) == 1, "index.html needs exactly one CSP <meta>"
    policy = parse_policy(scan.policies[0])
    for directive, sources in REQUIRED.items():
        assert directive in policy, f"CSP lacks {directive}"
        assert sorted(policy[directive]) == sorted(sources), f"{directive}: {policy[directive]}"
    for directive, sources in policy.items():
        for source in sources:
            assert source not in FORBIDDEN_SOURCES, f"{directive} allows {source}"
            third_party = re.match(r"^[a-z][a-z0-9+.-]*://", source)
            assert not third_party, f"{directive} allows another origin: {source}"
    assert scan.inline == []


@pytest.mark.parametrize("path", html_files(), ids=lambda p: p.relative_to(DIST).as_posix())
def test_no_page_has_inline_code(path: Path) -> None:
    scan = PageScan()
    scan.feed(path.read_text(encoding="utf-8"))
    assert scan.inline == [], f"{path.name}: {scan.inline}"


@pytest.fixture
def csp_page(browser: Any) -> Iterator[tuple[Any, list[str]]]:
    context = fresh_context(browser)
    context.add_init_script(CSP_RECORDER)
    page = context.new_page()
    problems: list[str] = []
    on_problem(page, problems)
    yield page, problems
    context.close()


def violations(page: Any) -> list[dict[str, Any]]:
    return list(page.evaluate("window.__cspViolations"))


def test_no_violation_while_loading_and_playing(csp_page: tuple[Any, list[str]],
                                               site: SiteServer) -> None:
    page, problems = csp_page
    page.goto(site.url)
    wait_engine(page)
    for _ in range(3):
        make_move(page)
    # The windows and the help page, then a reload served by the service worker.
    page.locator("#menu").click()
    page.locator("#game-window").wait_for(state="visible")
    page.locator("#help").click()
    page.locator("#help-window").wait_for(state="visible")
    page.keyboard.press("Escape")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    wait_engine(page)
    make_move(page)
    assert violations(page) == []
    assert problems == []


def test_the_policy_is_enforced(csp_page: tuple[Any, list[str]], site: SiteServer) -> None:
    """The recorder sees a violation, so the test above can fail: inline code is blocked."""
    page, _ = csp_page
    page.goto(site.url)
    wait_engine(page)
    blocked = page.evaluate("""() => {
        window.__inlineRan = false;
        const s = document.createElement("script");
        s.textContent = "window.__inlineRan = true";
        document.head.append(s);
        const st = document.createElement("style");
        st.textContent = "body { outline: 1px solid red }";
        document.head.append(st);
        return !window.__inlineRan;
    }""")
    assert blocked, "an inline script ran: the policy is not in force"
    page.wait_for_timeout(200)
    seen = {v["directive"] for v in violations(page)}
    assert any(d.startswith("script-src") for d in seen), seen
    assert any(d.startswith("style-src") for d in seen), seen
