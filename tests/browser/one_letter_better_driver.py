"""Playing One Letter Better through the page, shared by the browser tests and the screenshots:
the state behind a save (its record replayed in CPython), which screen the table shows, and a
turn taken the way a person does with the "Suggest" button (the bot's move is loaded into the
screen, its button marked; the person presses it)."""

from __future__ import annotations

import functools
import json
import time

from playwright.sync_api import Error as PlaywrightError, Page

from wordtable.engine.game import Record, replay
from wordtable.games import make
from wordtable.lexicon import store

QUICK = 3_000


@functools.lru_cache(maxsize=None)
def game():
    return make("one-letter-better", functools.lru_cache(maxsize=None)(store.load))[0]


def record_of(page: Page, save_id: str) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem('wordtable.save.{save_id}')"))["record"]


def state_of(page: Page, save_id: str):
    return replay(game(), Record.from_json(record_of(page, save_id)))


def moves_made(page: Page, save_id: str) -> int:
    return len(record_of(page, save_id)["moves"])


def screen(page: Page) -> str:
    """Which screen the table shows now."""
    return page.evaluate("""() => {
      const main = document.querySelector('#table-main');
      if (!main || main.inert) return 'waiting';
      if (document.querySelector('#game-over')) return 'over';
      if (document.querySelector('#privacy-continue')) return 'privacy';
      if (document.querySelector('#olb-next-round')) return 'result';
      if (document.querySelector('#olb-accept')) return 'challenge';
      if (document.querySelector('#olb-turn')) return 'turn';
      return 'waiting';
    }""")


def wait_for_screen(page: Page, timeout: int = 30_000) -> str:
    page.wait_for_function("""() => {
        const main = document.querySelector('#table-main');
        return main && !main.inert && main.querySelector(
            '#olb-turn, #olb-accept, #olb-next-round, #privacy-continue, #game-over');
    }""", timeout=timeout)
    return screen(page)


def suggested_move(page: Page) -> None:
    """Asks for a suggestion and presses the button it marks."""
    page.click("#olb-suggest", timeout=QUICK)
    page.wait_for_selector(".olb-suggested", timeout=QUICK)
    page.click(".olb-suggested", timeout=QUICK)


def take_turn(page: Page, current: str, challenge: bool = False) -> None:
    if current == "privacy":
        page.click("#privacy-continue", timeout=QUICK)
    elif current == "result":
        page.click("#olb-next-round", timeout=QUICK)
    elif current == "challenge":
        page.click("#olb-challenge" if challenge else "#olb-accept", timeout=QUICK)
    elif current == "turn":
        if page.locator("#olb-suggest").count():
            suggested_move(page)
        else:  # discarding down to eight: the first cards
            excess = int(page.evaluate("document.querySelectorAll('#olb-hand .olb-hand-card').length")) - 8
            for index in range(excess):
                page.locator("#olb-hand .olb-hand-card").nth(index).click(timeout=QUICK)
            page.click("#olb-discard", timeout=QUICK)


def play_to_the_end(page: Page, limit_s: float = 120, on_screen=None) -> list[str]:
    """Acts for every person at the table until the game is over; returns the screens acted on."""
    seen: list[str] = []
    deadline = time.monotonic() + limit_s
    while (current := screen(page)) != "over":
        assert time.monotonic() < deadline, f"the game did not end in {limit_s} s (stuck on {current}, after {seen[-10:]})"
        if on_screen:
            on_screen(current)
        if current == "waiting":
            page.wait_for_timeout(30)
            continue
        try:
            take_turn(page, current)
            seen.append(current)
        except PlaywrightError:
            pass  # the screen changed under us (a bot moved): look again
    return seen
