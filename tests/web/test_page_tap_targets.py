"""Issue 50, "Phone-first": at a 390 x 844 window every control is a tap target at least 44 x 44
CSS px (WCAG 2.5.5's size), and the page does not scroll sideways.

Controls: buttons, menus, inputs (text, number, range, radio), the text box, links (the section
links at the top and those inside the hints), the summaries that open a <details>, and anything
else the keyboard reaches (``[role=button]``, ``[tabindex]`` not -1).  A radio or checkbox is
tapped through its <label> (a label wrapping it or naming it with ``for=``): the label's box
counts when the input's own is smaller.  Elements of zero width or height (hidden) are skipped.

Left out: the positions drawn inside the SVG tables (the coins of the play table, the glasses of
the tray, the Devil's coins).  They are keyboard-reachable (``tabindex=0``, ``role=checkbox``),
but they are drawn pieces of a picture whose size follows the table's, not boxes the style
sheet sizes; with the table as wide as the screen they are far apart and larger than a finger.

The squares of the Why grid and of a wide Watch row are no controls (no tabindex, no role: the
slider next to each reaches the same moves), but a tap on one shows or names it, so they are
measured too (``SQUARES``), with a strategy of 8 coins in both sections: a run of the Why grid
wraps onto more lines, and a Watch row scrolls sideways inside its cell.

The page is measured in four states, each with every <details> opened so the controls inside
are laid out: just loaded; with a play game started; with two glasses felt on the tray (the
up/down buttons and Set show); with a Be the Devil game started (the turn buttons show).
"""

from __future__ import annotations

import pytest
from helpers import feel, new_touch_game, start
from playwright.sync_api import expect

pytestmark = pytest.mark.browser

#: The smallest tap target, in CSS px, each way.
TAP = 44

#: Every element a tap or the keyboard reaches.
CONTROLS = (
    "button, select, input, textarea, a[href], summary, [role=button],"
    " [tabindex]:not([tabindex='-1'])"
)

#: The squares a tap shows (a move of the Why grid) or names (a sequence of a Watch row).
SQUARES = "#why-grid .why-cell, #watch-rows .dots span"

#: The tap boxes of the controls shown (zero-sized ones skipped), the SVG's drawn positions left
#: out: {name, width, height, x, y} each, rounded to 0.1 px.
MEASURE = """controls => {
  for (const d of document.querySelectorAll('details')) d.open = true;
  const round = v => Math.round(v * 10) / 10;
  const out = [];
  for (const el of document.querySelectorAll(controls)) {
    if (el.closest('svg')) continue;  // a coin or a glass drawn on a table
    const own = el.getBoundingClientRect();
    if (own.width === 0 || own.height === 0) continue;
    let boxes = [own];
    if (el.matches('input[type=radio], input[type=checkbox]'))
      boxes = boxes.concat([...el.labels].map(l => l.getBoundingClientRect()));
    // the box that best fits a finger: the largest smaller side
    const box = boxes.reduce((a, b) =>
      Math.min(b.width, b.height) > Math.min(a.width, a.height) ? b : a);
    const text = (el.innerText || el.value || el.getAttribute('aria-label') || '')
      .trim().replace(/\\s+/g, ' ').slice(0, 30);
    // an element without an id is named by its section (there are four "How to play")
    const part = el.closest('section, header');
    const where = el.id ? '' : `${part ? part.id || part.tagName.toLowerCase() : 'page'}: `;
    const name = where + el.tagName.toLowerCase() + (el.type ? `[type=${el.type}]` : '') +
      (el.id ? `#${el.id}` : '') + (text ? ` "${text}"` : '');
    out.push({ name, width: round(box.width), height: round(box.height),
               x: round(box.x + window.scrollX), y: round(box.y + window.scrollY) });
  }
  return out;
}"""


def measure(page, state: str, small: dict[str, str], controls: str = CONTROLS) -> int:
    """Open every <details>, measure the controls shown, and add those smaller than TAP either
    way to small (name: size and state); assert the page is no wider than the window.  Returns
    how many controls were measured."""
    boxes = page.evaluate(MEASURE, controls)
    for b in boxes:
        if b["width"] < TAP or b["height"] < TAP:
            small.setdefault(b["name"], f"{b['width']} x {b['height']} ({state})")
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways ({state}): {width} px wide"
    return len(boxes)


@pytest.mark.parametrize("visitor", [(390, 844)], ids=["phone"], indirect=True)
def test_every_control_is_a_44_px_tap_target_on_a_phone(visitor):
    page = visitor
    small: dict[str, str] = {}
    counted = measure(page, "loaded", small)
    assert counted > 40  # the page's own controls, not an empty page
    start(page, 4)
    measure(page, "a play game started", small)
    new_touch_game(page)
    feel(page, [0, 1])
    expect(page.locator("#touch-set-0")).to_be_visible()
    measure(page, "two glasses felt", small)
    page.click("#devil-begin")  # the optimal strategy for 4 coins, a random start
    expect(page.locator("#devil-status")).to_contain_text("Move 1 of 15")
    expect(page.locator("#devil-turns button")).to_have_count(4)
    measure(page, "a Be the Devil game started", small)
    listed = "\n".join(f"  {name}: {size}" for name, size in small.items())
    assert not small, f"{len(small)} controls smaller than {TAP} x {TAP} px:\n{listed}"
    assert page.errors == []


@pytest.mark.parametrize("visitor", [(390, 844)], ids=["phone"], indirect=True)
def test_the_why_and_watch_squares_are_44_px_tap_targets_on_a_phone(visitor):
    page = visitor
    small: dict[str, str] = {}
    assert measure(page, "loaded, 4 coins", small, SQUARES) == 15  # the Why grid's 15 moves
    page.select_option("#why-n", "8")
    expect(page.locator("#why-move")).to_contain_text("Move 1 of 255")
    page.select_option("#watch-n", "8")
    expect(page.locator("#watch-step")).to_contain_text("move 0 of 255")
    for _ in range(2):
        page.click("#forward")
    expect(page.locator("#watch-rows tbody tr")).to_have_count(3)
    assert measure(page, "8 coins", small, SQUARES) == 255 + 3 * 36  # every square of both
    listed = "\n".join(f"  {name}: {size}" for name, size in small.items())
    assert not small, f"{len(small)} squares smaller than {TAP} x {TAP} px:\n{listed}"
    # a square scrolled out of its row's view is still tapped, and names its sequence
    page.locator("#watch-rows tr.current .dots span").nth(35).click()
    expect(page.locator("#watch-named")).to_contain_text("Square 36:")
    assert page.errors == []
