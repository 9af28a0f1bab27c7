"""Plays Four Letter Words through the page the way a person does: suggested words, the first
highlighted start cell, the write button; strikes when nothing fits."""

from __future__ import annotations

import time

from playwright.sync_api import Error as PlaywrightError, Page

QUICK = 2_000


def screen(page: Page) -> str:
    """Which screen the table shows now."""
    return page.evaluate("""() => {
      if (document.querySelector('#table-main')?.inert) return 'waiting';
      if (document.querySelector('#game-over')) return 'over';
      if (document.querySelector('#privacy-continue')) return 'privacy';
      if (document.querySelector('#flw-suggest')) return 'choose';
      if (document.querySelector('#flw-accept')) return 'vet';
      if (document.querySelector('#flw-defend')) return 'defend';
      if (document.querySelector('#flw-grid')) return 'write';
      return 'waiting';
    }""")


def take_turn(page: Page, current: str) -> None:
    if current == "privacy":
        page.click("#privacy-continue", timeout=QUICK)
    elif current == "choose":
        page.click("#flw-suggest", timeout=QUICK)
        page.wait_for_function("document.querySelector('#flw-word')?.value.length === 4", timeout=QUICK)
        page.click("#flw-choose", timeout=QUICK)
    elif current == "vet":
        page.click("#flw-accept", timeout=QUICK)
    elif current == "defend":
        page.click("#flw-defend", timeout=QUICK)
    elif current == "write":
        starts = page.locator("#flw-grid .cell.start")
        if starts.count():
            starts.first.click(timeout=QUICK)
            page.click("#flw-write", timeout=QUICK)
        else:
            page.click("#flw-strike, #flw-xs", timeout=QUICK)


def play_to_the_end(page: Page, limit_s: float = 180, on_screen=None) -> int:
    """Acts for every human until the game is over; returns how many actions it took."""
    actions = 0
    deadline = time.monotonic() + limit_s
    while (current := screen(page)) != "over":
        assert time.monotonic() < deadline, f"the game did not end in {limit_s} s (stuck on {current})"
        if on_screen:
            on_screen(current, actions)
        if current == "waiting":
            page.wait_for_timeout(30)
            continue
        try:
            take_turn(page, current)
            actions += 1
        except PlaywrightError:
            pass  # the screen changed under us (a bot moved): look again
    return actions
