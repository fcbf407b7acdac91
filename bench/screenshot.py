"""Make docs/screenshot.png: the whole page with each section in use: two moves of a game, two
glasses felt, six steps of the strategy, a move of the strategy picked and one tried on the Devil.

.venv/bin/python bench/screenshot.py     (needs Debian's chromium at /usr/bin/chromium)
"""

from __future__ import annotations

from pathlib import Path

from load import Server
from playwright.sync_api import expect, sync_playwright

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def main() -> None:
    """Serve the app, drive the page a little, and save the full-page picture."""
    with Server() as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1000, "height": 900})
        page.goto(url + "/")
        expect(page.locator("#watch-step")).to_have_text("move 0 of 15")
        page.select_option("#play-n", "4")
        page.click("#new-game")
        expect(page.locator("#play-status")).to_contain_text("0 moves")
        for k, move in enumerate([[0, 1, 2, 3], [0, 2]], 1):
            if page.locator("#flip").is_disabled():
                break  # the random Devil let the first move win
            for i in move:
                page.locator(f'#play-table [data-position="{i}"]').click()
            page.click("#flip")
            expect(page.locator("#play-status")).to_contain_text(f": {k} move")
        before = page.evaluate("() => devilcoins.touch.game")
        page.click("#touch-new")  # then wait for the new game: a click before it is lost
        page.wait_for_function(
            "b => devilcoins.touch.game !== null && devilcoins.touch.game !== b", arg=before
        )
        for i in (0, 1):
            page.locator(f'#touch-tray [data-position="{i}"]').click()
        page.click("#touch-feel")
        expect(page.locator("#touch-set")).to_be_visible()
        page.select_option("#watch-n", "4")
        expect(page.locator("#watch-step")).to_have_text("move 0 of 15")
        for _ in range(6):
            page.click("#forward")
        page.locator("#why-grid .why-cell").nth(3).click()
        expect(page.locator("#why-move")).to_contain_text("Move 4 of 15")
        page.locator('#why-devil-table [data-position="0"]').click()
        page.click("#why-devil-flip")
        expect(page.locator("#why-devil-history li")).to_have_count(1)
        page.mouse.move(0, 0)
        Path("docs").mkdir(exist_ok=True)
        page.screenshot(path="docs/screenshot.png", full_page=True)
        browser.close()
    print("wrote docs/screenshot.png")


if __name__ == "__main__":
    main()
