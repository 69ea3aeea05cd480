"""Installable on phones and desktops: the manifest, its icons, Chromium's verdict, Pages.

Chromium reports installability through the DevTools protocol
(Page.getInstallabilityErrors). Playwright's ordinary contexts are
off-the-record, which Chromium always reports as "in-incognito", so the
browser checks here use a persistent context with its own profile folder.
"""

from __future__ import annotations

import json
import re
import struct
import zlib
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlparse

import pytest
from conftest import CHROMIUM_ARGS, DIST, SiteServer, chromium_path
from pwa_support import copy_site, wait_controlled, wait_engine

from tools import icons

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = DIST / "manifest.webmanifest"


def png_info(data: bytes) -> tuple[int, int, int]:
    """(width, height, colour type) of a PNG; fails on anything else."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    length, kind = struct.unpack(">I4s", data[8:16])
    assert kind == b"IHDR" and length == 13
    width, height, depth, colour = struct.unpack(">IIBB", data[16:26])
    assert depth == 8
    return width, height, colour


def png_pixels(data: bytes) -> bytes:
    """The RGBA bytes of an unfiltered 8-bit RGBA PNG (as tools/icons.py writes them)."""
    width, height, colour = png_info(data)
    assert colour == 6, "icons are RGBA"
    pos, idat = 8, b""
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        if kind == b"IDAT":
            idat += data[pos + 8:pos + 8 + length]
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * 4 + 1
    assert len(raw) == stride * height
    assert all(raw[i * stride] == 0 for i in range(height)), "unexpected PNG row filter"
    return b"".join(raw[i * stride + 1:(i + 1) * stride] for i in range(height))


def manifest() -> dict[str, Any]:
    data = json.loads(MANIFEST.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def is_relative(url: str) -> bool:
    parsed = urlparse(url)
    return not parsed.scheme and not parsed.netloc and not url.startswith("/")


# ----------------------------------------------------------------- manifest and icons


def test_manifest_has_what_installing_needs() -> None:
    m = manifest()
    assert m["name"] == "Kugler"
    assert m["short_name"] == "Kugler"
    assert m["display"] == "standalone"
    for key in ("start_url", "scope"):
        assert is_relative(m[key]), f"{key} must be relative to the manifest: {m[key]!r}"
    base = "https://example.invalid/any/sub/path/"
    start, scope = urljoin(base, m["start_url"]), urljoin(base, m["scope"])
    assert start.startswith(scope), "start_url must lie inside the scope"
    assert "id" not in m or is_relative(m["id"]), "an absolute id breaks hosting on a sub-path"
    for key in ("theme_color", "background_color"):
        assert len(m[key]) == 7 and m[key].startswith("#"), f"{key}: {m[key]!r}"
        int(m[key][1:], 16)


def look_colours(look: str) -> tuple[str, str]:
    """(page background, theme colour) of `look`: its --bg-1 in web/looks.css and
    its palette's page colour in web/looks.js, the colour of the browser's bar."""
    css = (ROOT / "web" / "looks.css").read_text()
    rule = re.search(rf'\[data-look="{look}"\] \{{(.*?)\n\}}', css, re.S)
    assert rule, f"no rule for {look!r} in web/looks.css"
    background = re.search(r"\n  --bg-1: (#[0-9a-f]{6});", rule.group(1))
    source = (ROOT / "web" / "looks.js").read_text()
    block = re.search(rf"\n  {look}: Object\.freeze\(\{{(.*?)\n  \}}\)", source, re.S)
    assert block, f"no palette {look!r} in web/looks.js"
    theme = re.search(r'\n    page: "(#[0-9a-f]{6})",', block.group(1))
    assert background and theme, f"the look {look!r} has no page colours"
    return background.group(1), theme.group(1)


def test_the_splash_screen_has_the_colours_of_the_default_look() -> None:
    """Auto, the default look, is light on a light system and wood on a dark one
    (web/looks.js, resolveLook); so is the installed app's splash and bar."""
    m = manifest()
    assert (m["background_color"], m["theme_color"]) == look_colours("light")
    preferred = m["user_preferences"]["color_scheme_dark"]
    assert (preferred["background_color"], preferred["theme_color"]) == look_colours("wood")


def test_manifest_icons_exist_with_their_sizes() -> None:
    purposes: dict[str, set[int]] = {}
    for icon in manifest()["icons"]:
        assert is_relative(icon["src"]), icon
        path = DIST / icon["src"]
        assert path.is_file(), f"{icon['src']} is missing from dist/"
        assert icon["type"] == "image/png"
        width, height, _ = png_info(path.read_bytes())
        assert icon["sizes"] == f"{width}x{height}", f"{icon['src']} is {width}x{height}"
        for purpose in icon.get("purpose", "any").split():
            purposes.setdefault(purpose, set()).add(width)
    assert {192, 512} <= purposes.get("any", set())
    assert 512 in purposes.get("maskable", set())


def test_maskable_and_apple_icons_are_full_bleed() -> None:
    for name, size in (("maskable-512.png", 512), ("apple-touch-icon.png", 180)):
        data = (DIST / "icons" / name).read_bytes()
        assert png_info(data)[:2] == (size, size)
        pixels = png_pixels(data)
        alphas = pixels[3::4]
        assert min(alphas) == 255, f"{name} must be opaque edge to edge"


def test_committed_icons_are_what_the_generator_draws() -> None:
    for name in ("icon-192.png", "apple-touch-icon.png"):
        size, scale, full_bleed = icons.ICONS[name]
        drawn = png_pixels(icons.render(size, scale, full_bleed))
        committed = png_pixels((ROOT / "web" / "icons" / name).read_bytes())
        assert drawn == committed, f"web/icons/{name} is stale: run python tools/icons.py"


class LinkScan(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: dict[str, str] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        if tag == "link" and values.get("rel") and values.get("href"):
            for rel in (values["rel"] or "").split():
                self.links[rel] = values["href"] or ""


def test_page_links_the_manifest() -> None:
    scan = LinkScan()
    scan.feed((DIST / "index.html").read_text(encoding="utf-8"))
    href = scan.links.get("manifest")
    assert href is not None, "index.html has no <link rel=manifest>"
    assert is_relative(href) and (DIST / href).resolve() == MANIFEST.resolve()


# ----------------------------------------------------------------- Chromium's verdict


@pytest.fixture
def profile_context(browser: Any, tmp_path: Path) -> Iterator[Any]:
    """A persistent (not off-the-record) Chromium context with a fresh profile."""
    context = browser.browser_type.launch_persistent_context(
        str(tmp_path / "profile"),
        executable_path=chromium_path(),
        headless=True,
        args=CHROMIUM_ARGS,
        locale="da-DK",
        reduced_motion="reduce",
    )
    yield context
    context.close()


def installability(context: Any, page: Any) -> tuple[list[str], dict[str, Any]]:
    cdp = context.new_cdp_session(page)
    reply = cdp.send("Page.getInstallabilityErrors")
    errors = [e["errorId"] for e in reply["installabilityErrors"]]
    app = cdp.send("Page.getAppManifest")
    cdp.detach()
    return errors, app


def test_chromium_considers_the_game_installable(profile_context: Any, site: SiteServer) -> None:
    page = profile_context.pages[0] if profile_context.pages else profile_context.new_page()
    page.goto(site.url)
    wait_engine(page)
    wait_controlled(page)
    errors, app = installability(profile_context, page)
    assert app["url"] == site.url + "manifest.webmanifest"
    assert app["errors"] == [], app["errors"]
    parsed = app["manifest"]
    assert parsed["name"] == "Kugler"
    assert parsed["display"] == "kStandalone"
    assert parsed["startUrl"] == site.url and parsed["scope"] == site.url
    assert parsed["id"] == site.url, "the app id must stay inside the sub-path"
    rgba = ["rgba({},{},{},1)".format(*(int(c[i : i + 2], 16) for i in (1, 3, 5)))
            for c in look_colours("light")]
    assert [parsed["backgroundColor"], parsed["themeColor"]] == rgba, "Auto's light look"
    assert errors == [], f"Chromium says the game is not installable: {errors}"
    assert page.evaluate("navigator.serviceWorker.controller.scriptURL") == site.url + "sw.js"


def test_chromium_rejects_a_manifest_without_icons(profile_context: Any, tmp_path: Path) -> None:
    """The check above can fail: the same site with a crippled manifest is not installable."""
    copy = copy_site(DIST, tmp_path / "site")
    broken = manifest()
    broken["icons"] = []
    (copy / "manifest.webmanifest").write_text(json.dumps(broken))
    server = SiteServer(copy)
    try:
        page = profile_context.new_page()
        page.goto(server.url)
        errors, _ = installability(profile_context, page)
        assert errors, "Chromium accepted a manifest without icons"
    finally:
        server.stop()
