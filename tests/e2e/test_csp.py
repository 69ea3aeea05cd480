"""The Content-Security-Policy: strict in the page, and the game never breaks it.

GitHub Pages cannot send headers, so the policy is a <meta> in index.html.
The build puts the board's script and the styles into the page
(tools/inline.py); the policy allows exactly those elements by their SHA-256,
never 'unsafe-inline', and nothing else inline (no style attributes, event
handlers or javascript: URLs). The browser tests record every
`securitypolicyviolation` event (an init script installed before any page
script) and every console error while the game loads, plays a few moves,
opens its windows and shows the help.
"""

from __future__ import annotations

import base64
import hashlib
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
    """Collects a page's CSP meta, the text of its inline <script> and <style>
    elements, and any other inline code (style attributes, event handlers,
    javascript: URLs), which no policy here allows."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.policies: list[str] = []
        self.scripts: list[str] = []
        self.styles: list[str] = []
        self.inline: list[str] = []
        self._into: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "meta" and (values.get("http-equiv") or "").lower() == "content-security-policy":
            self.policies.append(values.get("content") or "")
        if tag == "script" and not values.get("src"):
            self.scripts.append("")
            self._into = self.scripts
        if tag == "style":
            self.styles.append("")
            self._into = self.styles
        for name, value in attrs:
            if name == "style":
                self.inline.append(f"style attribute on <{tag}>")
            if name.startswith("on"):
                self.inline.append(f"{name} handler on <{tag}>")
            if name in ("href", "src") and value and value.startswith("javascript:"):
                self.inline.append(f"javascript: URL on <{tag}>")

    def handle_data(self, data: str) -> None:
        if self._into is not None:
            self._into[-1] += data

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._into = None


def sha256_source(text: str) -> str:
    """The CSP source allowing an inline element whose text is `text`."""
    digest = base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode()
    return f"'sha256-{digest}'"


def parse_policy(text: str) -> dict[str, list[str]]:
    policy: dict[str, list[str]] = {}
    for part in text.split(";"):
        words = part.split()
        if words:
            policy[words[0].lower()] = words[1:]
    return policy


def html_files() -> list[Path]:
    return sorted(DIST.rglob("*.html"))


def test_index_has_the_strict_policy_and_only_hashed_inline_elements() -> None:
    scan = PageScan()
    scan.feed((DIST / "index.html").read_text(encoding="utf-8"))
    assert len(scan.policies) == 1, "index.html needs exactly one CSP <meta>"
    policy = parse_policy(scan.policies[0])
    # The board's script and the three stylesheets are inline (tools/inline.py),
    # each allowed by its own hash and nothing more.
    assert len(scan.scripts) == 1 and len(scan.styles) == 3
    required = {**REQUIRED,
                "script-src": REQUIRED["script-src"] + [sha256_source(t) for t in scan.scripts],
                "style-src": REQUIRED["style-src"] + [sha256_source(t) for t in scan.styles]}
    for directive, sources in required.items():
        assert directive in policy, f"CSP lacks {directive}"
        assert sorted(policy[directive]) == sorted(sources), f"{directive}: {policy[directive]}"
    for directive, sources in policy.items():
        for source in sources:
            assert source not in FORBIDDEN_SOURCES, f"{directive} allows {source}"
            third_party = re.match(r"^[a-z][a-z0-9+.-]*://", source)
            assert not third_party, f"{directive} allows another origin: {source}"
    assert scan.inline == []


@pytest.mark.parametrize("path", html_files(), ids=lambda p: p.relative_to(DIST).as_posix())
def test_no_page_has_inline_code_its_policy_does_not_name(path: Path) -> None:
    scan = PageScan()
    scan.feed(path.read_text(encoding="utf-8"))
    assert scan.inline == [], f"{path.name}: {scan.inline}"
    policy = parse_policy(scan.policies[0]) if scan.policies else {}
    for directive, texts in (("script-src", scan.scripts), ("style-src", scan.styles)):
        for text in texts:
            assert sha256_source(text) in policy.get(directive, []), \
                f"{path.name}: an inline element its {directive} does not allow"


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
