"""Keyboard alone (issue 16): after every action focus is on the next thing to do, so a keyboard
player never starts again from the top of the page (it took 23 Tabs to reach "Start the game").
A whole game of Four Letter Words against a bot, from the new-game form to the rematch, with
keys only: the number of Tabs each action needs is counted and kept small."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Page, expect

from conftest import wait_for_boot
from four_letter_words_driver import screen

KEYS = {"right": "ArrowRight", "down": "ArrowDown", "left": "ArrowLeft", "up": "ArrowUp"}
WORDS = ["salt", "lamp", "note", "rise", "cart", "dove", "fish", "gold", "hunt", "jump", "king", "mild"]


def focused(page: Page) -> str:
    return page.evaluate("""() => {
      const e = document.activeElement;
      return !e || e === document.body ? 'the page' : e.id || e.dataset.cell && `cell ${e.dataset.cell}` || e.tagName;
    }""")


def tab_to(page: Page, target: str, most: int) -> int:
    """Presses Tab until `target` (an id) has focus; how many it took."""
    for tabs in range(most + 1):
        if focused(page) == target:
            return tabs
        page.keyboard.press("Tab")
    raise AssertionError(f"{target} not reached in {most} Tabs (focus on {focused(page)})")


def test_a_whole_game_with_the_keyboard_alone(page: Page, site):
    page.goto(site.url)
    assert wait_for_boot(page) == "ready"
    page.goto(f"{site.url}#new=four-letter-words")
    expect(page.locator("#setup-start")).to_be_focused()
    page.select_option("#setup-speed", "0")  # the one change made with the mouse: bots at once
    page.locator("#setup-start").focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**#game=*")
    words = iter(WORDS)
    actions = 0
    deadline = time.monotonic() + 120
    while (current := screen(page)) != "over":
        assert time.monotonic() < deadline, f"stuck on {current}"
        if current == "waiting":
            page.wait_for_timeout(30)
            continue
        page.wait_for_timeout(100)  # the screen settles (focus is set as it is drawn)
        if screen(page) != current:
            continue
        if current == "choose":
            expect(page.locator("#flw-word")).to_be_focused()
            page.keyboard.type(next(words, "zzzz"))
            page.keyboard.press("Enter")
            page.wait_for_timeout(200)
            if page.locator("#flw-message.bad").count():  # it does not fit: ask for a suggestion
                tab_to(page, "flw-suggest", most=2)
                page.keyboard.press("Enter")
                expect(page.locator("#flw-word")).to_be_focused()
                expect(page.locator("#flw-word")).to_have_value(re.compile("^[A-Z]{4}$"))
                page.keyboard.press("Enter")
        elif current == "write":
            if page.locator("#flw-grid .cell.start").count():
                # Focus is on the first cell where the word may start: Enter picks it, an arrow
                # chooses the way the word goes (the last one it may go), and Enter writes it.
                expect(page.locator("#flw-grid .cell.start").first).to_be_focused()
                page.keyboard.press("Enter")
                ways = page.eval_on_selector_all("#flw-grid + .arrows button:not([disabled])", "bs => bs.map(b => b.dataset.dir)")
                assert ways, "a start with no way to go"
                page.keyboard.press(KEYS[ways[-1]])
                expect(page.locator("#flw-write")).to_contain_text(f"going {ways[-1]}")
                expect(page.locator("#flw-grid .cell.start").first).to_be_focused()  # the arrow moved nothing
                page.keyboard.press("Enter")
                actions += 1
                continue
            else:
                tab_to(page, "flw-strike", most=4) if page.locator("#flw-strike").count() else tab_to(page, "flw-xs", most=4)
            page.keyboard.press("Enter")
        else:
            raise AssertionError(f"unexpected screen {current}")
        actions += 1
    assert actions >= 4
    expect(page.locator("#play-again")).to_be_focused()
    page.keyboard.press("Enter")
    page.wait_for_function("!document.querySelector('#game-over')")
    assert focused(page) != "the page"
