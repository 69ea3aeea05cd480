"""The looks: the Options window's choice, html[data-look], the first board
painted in the stored look, Auto following the system live, and the seven
balls apart from each other (and from their cells) in every look, measured
from the canvas's pixels.

The colours measured are the canvas's own pixels (what the player sees),
compared in CIELAB (ΔE76, the euclidean distance: 2.3 is a just noticeable
difference; BALL_APART below asks for ten times that).
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from helpers import (
    BOOT_TIMEOUT,
    GAME_KEY,
    SETTINGS_KEY,
    game_doc,
    seed_storage,
    stored,
    wait_ready,
)

LOOKS = ["wood", "light", "dark", "contrast", "classic"]
CHOICES = ["auto", *LOOKS]

# Every colour on the board once (row 0) and empty cells around them.
SEVEN_ROWS = [
    "1.2.3.4..",
    ".........",
    "5.6.7....",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
]
BALL_CELLS = {1: (0, 0), 2: (0, 2), 3: (0, 4), 4: (0, 6), 5: (2, 0), 6: (2, 2), 7: (2, 4)}
EMPTY_CELL = (4, 4)

# ΔE76 between any two of the seven balls as drawn (their mean colour): at
# least ten just noticeable differences, so that no two colours pass for each
# other at a glance on a phone in daylight.
BALL_APART = 23.0


def settings(look: str | None, lang: str = "en", **fields: Any) -> dict[str, Any]:
    return {"kind": "kugler/settings", "version": 3, "language": lang, "line": 5, "speed": None,
            "watch_speed": "normal", "look": look, "marks": False, "symbols": None,
            "sound": False, "volume": 60, **fields}


# -- colour arithmetic ---------------------------------------------------------


def _linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(rgb: tuple[float, float, float]) -> float:
    """WCAG relative luminance of an sRGB colour (0..255 channels)."""
    r, g, b = (_linear(v) for v in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """WCAG contrast ratio of two colours."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def lab(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    """CIELAB (D65) of an sRGB colour."""
    r, g, b = (_linear(v) for v in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    return math.dist(lab(a), lab(b))


# Dichromacy as Machado, Oliveira and Fernandes (2009) simulate it at full
# severity: a 3x3 matrix on linear RGB.
DICHROMACY = {
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}

# ΔE76 between any two balls as a dichromat sees them: at least about four
# just noticeable differences (the symbols, on by default in the high-contrast
# look and a choice in every look, tell apart what colour alone cannot).
BALL_APART_DICHROMAT = 9.0


def simulate(rgb: tuple[float, float, float], kind: str) -> tuple[float, float, float]:
    """The sRGB colour a viewer with `kind` of dichromacy sees for `rgb`."""
    linear = [_linear(v) for v in rgb]
    out = []
    for row in DICHROMACY[kind]:
        v = min(1.0, max(0.0, sum(m * c for m, c in zip(row, linear, strict=True))))
        v = 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
        out.append(255 * v)
    return out[0], out[1], out[2]


# -- the canvas ----------------------------------------------------------------

# The mean colour of the disc of radius `part` times the ball's radius around a
# cell's centre (the ball's own colour with its shading and highlight, as an
# eye averages it), read from the board's canvas.
DISC_MEAN = """([row, col, part]) => {
  const canvas = document.getElementById("board");
  const ctx = canvas.getContext("2d");
  const S = canvas.width, o = S * 0.03, c = (S - 2 * o) / 9;
  const cx = o + (col + 0.5) * c, cy = o + (row + 0.5) * c, r = c * 0.385 * part;
  const x0 = Math.floor(cx - r), y0 = Math.floor(cy - r), side = Math.ceil(2 * r) + 1;
  const data = ctx.getImageData(x0, y0, side, side).data;
  const sum = [0, 0, 0]; let n = 0;
  for (let y = 0; y < side; y += 1) {
    for (let x = 0; x < side; x += 1) {
      if ((x0 + x - cx) ** 2 + (y0 + y - cy) ** 2 > r * r) continue;
      const i = (y * side + x) * 4;
      sum[0] += data[i]; sum[1] += data[i + 1]; sum[2] += data[i + 2]; n += 1;
    }
  }
  return sum.map((v) => v / n);
}"""


def disc(page: Any, cell: tuple[int, int], part: float = 0.8) -> tuple[float, float, float]:
    r, g, b = page.evaluate(DISC_MEAN, [cell[0], cell[1], part])
    return r, g, b


def choose(page: Any, look: str) -> None:
    """Pick `look` in the Options window, as a player does, and close it."""
    page.keyboard.press("o")
    page.wait_for_selector("dialog#options-window[open]")
    page.check(f"input[name=look][value={look}]")
    page.keyboard.press("Escape")
    page.wait_for_selector("dialog#options-window", state="hidden")
    if look != "auto":
        page.wait_for_selector(f"html[data-look={look}]")
    page.wait_for_timeout(150)  # the next frame draws the board in the look


# -- the tests -----------------------------------------------------------------


def test_the_options_offer_every_look_and_keep_the_choice(context: Any, page: Any,
                                                          site: Any) -> None:
    seed_storage(context, {GAME_KEY: game_doc(SEVEN_ROWS), SETTINGS_KEY: settings(None)})
    page.emulate_media(color_scheme="dark", reduced_motion="reduce")
    page.goto(site.url)
    wait_ready(page)
    values = page.eval_on_selector_all("#options-window input[name=look]",
                                       "inputs => inputs.map(i => i.value)")
    assert values == CHOICES
    assert page.get_attribute("html", "data-look") == "wood"  # Auto, in a dark system
    board = page.evaluate("() => document.getElementById('grid').textContent")
    for look in LOOKS:
        choose(page, look)
        assert stored(page, SETTINGS_KEY)["look"] == look
        assert page.get_attribute("html", "data-look") == look
        theme = page.get_attribute("meta[name=theme-color]", "content")
        assert theme == page.evaluate(f"() => kuglerInline.looks.PALETTES.{look}.page")
    choose(page, "auto")
    assert stored(page, SETTINGS_KEY)["look"] is None
    page.wait_for_selector("html[data-look=wood]")
    # the game stayed as it was
    assert page.evaluate("() => document.getElementById('grid').textContent") == board
    page.reload()
    wait_ready(page)
    assert page.is_checked("input[name=look][value=auto]")


def test_a_look_change_keeps_the_selection_and_the_open_window(context: Any, page: Any,
                                                              site: Any) -> None:
    seed_storage(context, {GAME_KEY: game_doc(SEVEN_ROWS), SETTINGS_KEY: settings("wood")})
    page.emulate_media(reduced_motion="reduce")
    page.goto(site.url)
    wait_ready(page)
    page.click('[role=gridcell][data-row="0"][data-col="0"]')
    page.wait_for_selector('[role=gridcell][data-row="0"][data-col="0"][aria-selected=true]')
    page.keyboard.press("o")
    page.wait_for_selector("dialog#options-window[open]")
    page.check("input[name=look][value=dark]")
    page.wait_for_selector("html[data-look=dark]")
    assert page.is_visible("dialog#options-window[open]")
    page.keyboard.press("Escape")
    assert page.is_visible('[role=gridcell][data-row="0"][data-col="0"][aria-selected=true]')
    assert page.get_attribute("html", "data-engine") == "ready"


@pytest.mark.parametrize("look", LOOKS)
def test_the_first_board_is_painted_in_the_stored_look(context: Any, page: Any, site: Any,
                                                       look: str) -> None:
    """Before the engine is ready: html[data-look] is the stored look from the
    first script on (no other look ever shows), and the canvas's cells and
    balls are that look's."""
    seed_storage(context, {GAME_KEY: game_doc(SEVEN_ROWS), SETTINGS_KEY: settings(look)})
    # every value html[data-look] takes, from the document's start on
    context.add_init_script("""
      window.lookSeen = [];
      new MutationObserver((records) => {
        if (!records.some((r) => r.target === document.documentElement)) return;
        const look = document.documentElement.dataset.look;
        if (window.lookSeen.at(-1) !== look) window.lookSeen.push(look);
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-look"] });
    """)
    held: list[Any] = []
    page.route("**/worker.js", lambda route: held.append(route))
    page.emulate_media(color_scheme="light")  # Auto would be light: the stored look wins
    page.goto(site.url)
    page.wait_for_selector("#board-status")
    while not held:
        page.wait_for_timeout(50)
    assert page.get_attribute("html", "data-engine") == "loading"
    assert page.evaluate("() => window.lookSeen") == [look]
    expected = page.evaluate(f"() => kuglerInline.looks.PALETTES.{look}")
    veil = [float(v) for v in expected["loading"][5:-1].split(",")]
    # an empty cell's centre: the middle of its tile's gradient under the loading veil
    (r0, g0, b0), (r1, g1, b1) = [
        tuple(int(h[i:i + 2], 16) for i in (1, 3, 5)) for h in expected["tiles"][0]]
    alpha = veil[3]
    tile = [(a + b) / 2 * (1 - alpha) + v * alpha
            for a, b, v in zip((r0, g0, b0), (r1, g1, b1), veil[:3], strict=True)]
    seen = page.evaluate("""() => {
      const canvas = document.getElementById("board");
      const S = canvas.width, o = S * 0.03, c = (S - 2 * o) / 9;
      const x = Math.round(o + 4.5 * c), y = Math.round(o + 4.5 * c);
      return Array.from(canvas.getContext("2d").getImageData(x, y, 1, 1).data.slice(0, 3));
    }""")
    assert max(abs(a - b) for a, b in zip(seen, tile, strict=True)) <= 12, (seen, tile)
    held[0].continue_()
    wait_ready(page)
    assert page.evaluate("() => window.lookSeen") == [look]


def test_auto_follows_the_system_live(context: Any, page: Any, site: Any) -> None:
    seed_storage(context, {GAME_KEY: game_doc(SEVEN_ROWS), SETTINGS_KEY: settings(None)})
    page.emulate_media(color_scheme="light", reduced_motion="reduce")
    page.goto(site.url)
    wait_ready(page)
    assert page.get_attribute("html", "data-look") == "light"
    assert page.get_attribute("meta[name=color-scheme]", "content") == "light"
    light_cell = disc(page, EMPTY_CELL)
    page.emulate_media(color_scheme="dark")
    page.wait_for_selector("html[data-look=wood]")
    page.wait_for_timeout(150)
    assert page.get_attribute("meta[name=color-scheme]", "content") == "dark"
    assert delta_e(disc(page, EMPTY_CELL), light_cell) > 10  # the canvas followed
    # a look chosen stays, whatever the system says
    choose(page, "dark")
    page.emulate_media(color_scheme="light")
    page.wait_for_timeout(200)
    assert page.get_attribute("html", "data-look") == "dark"


def ball_colours(page: Any) -> dict[int, tuple[float, float, float]]:
    return {color: disc(page, cell) for color, cell in BALL_CELLS.items()}


@pytest.mark.parametrize("look", LOOKS)
def test_the_seven_balls_stay_apart_in_every_look(context: Any, page: Any, site: Any,
                                                  look: str) -> None:
    seed_storage(context, {GAME_KEY: game_doc(SEVEN_ROWS), SETTINGS_KEY: settings("wood")})
    page.emulate_media(reduced_motion="reduce")
    page.goto(site.url)
    wait_ready(page)
    if look != "wood":
        choose(page, look)  # the live change: the sprites are made again
    balls = ball_colours(page)
    cell = disc(page, EMPTY_CELL)
    pairs = {(a, b): delta_e(balls[a], balls[b]) for a in balls for b in balls if a < b}
    closest = min(pairs, key=lambda p: pairs[p])
    assert pairs[closest] >= BALL_APART, (look, closest, pairs[closest])
    for color, rgb in balls.items():
        assert delta_e(rgb, cell) >= BALL_APART, (look, color)
    # the page's small balls (the Next bar, the previews) have the canvas's colours
    css = page.evaluate("""() => [1, 2, 3, 4, 5, 6, 7].map((n) =>
      getComputedStyle(document.documentElement).getPropertyValue(`--c${n}`).trim())""")
    palette = page.evaluate(f"() => kuglerInline.looks.PALETTES.{look}.balls.slice(1)")
    assert css == palette


@pytest.mark.parametrize("look", LOOKS)
def test_the_seven_balls_stay_apart_for_colour_blind_eyes(context: Any, page: Any, site: Any,
                                                         look: str) -> None:
    """Under simulated protanopia, deuteranopia and tritanopia, symbols off."""
    seed_storage(context, {GAME_KEY: game_doc(SEVEN_ROWS),
                           SETTINGS_KEY: settings(look, symbols=False)})
    page.emulate_media(reduced_motion="reduce")
    page.goto(site.url)
    wait_ready(page)
    page.wait_for_selector(f"html[data-look={look}]")
    balls = ball_colours(page)
    for kind in DICHROMACY:
        seen = {color: simulate(rgb, kind) for color, rgb in balls.items()}
        pairs = {(a, b): delta_e(seen[a], seen[b]) for a in seen for b in seen if a < b}
        closest = min(pairs, key=lambda p: pairs[p])
        assert pairs[closest] >= BALL_APART_DICHROMAT, (look, kind, closest, pairs[closest])


# The review's graph (#review-graph: its lines and its marks of each grade on
# the graph's background, over the window) and the key to the reviewed move's
# two looks (on the window): non-text contrast, WCAG 1.4.11.
REVIEW_COLOURS = {
    "--graph-bg": ["--graph-points", "--graph-free", "--grade-inaccuracy", "--grade-mistake",
                   "--grade-blunder"],
    None: ["--review-played", "--review-better"],
}

SOLID = """([under, over]) => {
  const ctx = Object.assign(document.createElement("canvas"), { width: 1, height: 1 })
    .getContext("2d");
  const style = getComputedStyle(document.getElementById("review-graph"));
  for (const name of ["--window-1", ...under, over]) {
    if (!name) continue;
    ctx.fillStyle = style.getPropertyValue(name).trim();
    ctx.fillRect(0, 0, 1, 1);
  }
  return Array.from(ctx.getImageData(0, 0, 1, 1).data.slice(0, 3));
}"""
"""The colour the eye sees of the custom properties `under` painted in turn
over the window's background, then `over` (null: none)."""


@pytest.mark.parametrize("look", LOOKS)
def test_the_review_graph_and_key_stand_out_in_every_look(context: Any, page: Any, site: Any,
                                                          look: str) -> None:
    seed_storage(context, {SETTINGS_KEY: settings(look)})
    page.goto(site.url)
    page.wait_for_selector(f"html[data-look={look}]", state="attached", timeout=BOOT_TIMEOUT)
    for ground, names in REVIEW_COLOURS.items():
        under = [ground] if ground else []
        back = page.evaluate(SOLID, [under, None])
        for name in names:
            ink = page.evaluate(SOLID, [under, name])
            assert contrast(ink, back) >= 3, (look, name, ink, back)


def test_every_look_defines_every_colour(page: Any, site: Any) -> None:
    """Each look's table sets every custom property wood's sets (none falls back to wood)."""
    page.goto(site.url)
    page.wait_for_selector("#board-status", timeout=BOOT_TIMEOUT)
    missing = page.evaluate("""(looks) => {
      const names = (look) => {
        for (const sheet of document.styleSheets) {
          for (const rule of sheet.cssRules) {
            if (rule.selectorText === `[data-look="${look}"]`
                || rule.selectorText === `:root, [data-look="${look}"]`) {
              return [...rule.style].filter((p) => p.startsWith("--")).sort();
            }
          }
        }
        return null;
      };
      const wood = names("wood");
      return looks.map((look) => [look, wood.filter((n) => !(names(look) ?? []).includes(n))]);
    }""", LOOKS)
    assert all(not names for _, names in missing), missing


def test_auto_is_high_contrast_when_the_system_asks_for_it(context: Any, page: Any,
                                                           site: Any) -> None:
    seed_storage(context, {GAME_KEY: game_doc(SEVEN_ROWS), SETTINGS_KEY: settings(None)})
    page.emulate_media(color_scheme="light", reduced_motion="reduce")
    page.goto(site.url)
    wait_ready(page)
    assert page.get_attribute("html", "data-look") == "light"
    assert page.get_attribute("html", "data-symbols") is None
    page.emulate_media(contrast="more")
    page.wait_for_selector("html[data-look=contrast]")
    # the shapes come with the look (the player chose none)
    page.wait_for_selector("html[data-symbols]", state="attached")
    page.emulate_media(contrast="no-preference", forced_colors="active")
    page.wait_for_timeout(200)
    assert page.get_attribute("html", "data-look") == "contrast"
    page.emulate_media(forced_colors="none")
    page.wait_for_selector("html[data-look=light]")
    assert page.get_attribute("html", "data-symbols") is None


# Text and its background in the high-contrast look's table (looks.css):
# every pair at least 7:1 (WCAG AAA).
TEXT_PAIRS = [("--ink", "--bg-1"), ("--ink-dim", "--panel"), ("--accent-ink", "--window-1"),
              ("--ink", "--btn-1"), ("--primary-ink", "--primary-1"),
              ("--notice-ink", "--notice-bg"), ("--banner-ink", "--banner-1"),
              ("--ink-dim", "--window-1"), ("--update-ink", "--update-bg"),
              ("--update-action-ink", "--update-action"), ("--focus", "--bg-1")]


def hex_rgb(text: str) -> tuple[float, float, float]:
    text = text.strip().lstrip("#")
    r, g, b = (int(text[i:i + 2], 16) for i in (0, 2, 4))
    return r, g, b


def test_the_high_contrast_look_has_text_7_to_1_and_balls_3_to_1(context: Any, page: Any,
                                                                 site: Any) -> None:
    seed_storage(context, {GAME_KEY: game_doc(SEVEN_ROWS), SETTINGS_KEY: settings("contrast")})
    page.emulate_media(reduced_motion="reduce")
    page.goto(site.url)
    wait_ready(page)
    values = page.evaluate("""(names) => names.map((n) =>
      getComputedStyle(document.documentElement).getPropertyValue(n).trim())""",
                           sorted({n for pair in TEXT_PAIRS for n in pair}))
    table = dict(zip(sorted({n for pair in TEXT_PAIRS for n in pair}), values, strict=True))
    for ink, ground in TEXT_PAIRS:
        ratio = contrast(hex_rgb(table[ink]), hex_rgb(table[ground]))
        assert ratio >= 7, (ink, ground, ratio)
    # the balls against their (black) cells, measured on the canvas without the rim
    page.keyboard.press("o")
    page.wait_for_selector("dialog#options-window[open]")
    assert page.is_checked("input[name=symbols]")  # on: the look's
    page.uncheck("input[name=symbols]")  # off: the ball's own colour is measured
    page.keyboard.press("Escape")
    page.wait_for_selector("html:not([data-symbols])")
    page.wait_for_timeout(150)
    cell = disc(page, EMPTY_CELL)
    for color, cell_rc in BALL_CELLS.items():
        ratio = contrast(disc(page, cell_rc, 0.8), cell)
        assert ratio >= 3, (color, ratio)
