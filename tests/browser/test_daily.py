"""The daily challenge (issue 16): every game card offers today's challenge; a day's link gives
everyone the same deal (the seed from the game and the date alone), opening it again resumes it,
finishing it starts a streak kept on the device, and the result is shared without a word of the
game. Spell Write stands for every game (the route and the streak name none)."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page, expect

from conftest import wait_for_boot
from harness import TEST_CONTEXT
from spell_write_driver import ready_for_a_choice, take_turn
from wordtable.games import BUILT_IN

DAY = "2026-11-24"


def fnv_seed(game_id: str, date: str) -> int:
    value = 0xCBF29CE484222325
    for byte in f"{game_id}|{date}".encode():
        value = ((value ^ byte) * 0x100000001B3) % 2**64
    return value % 2**53


def save_of(page: Page, save_id: str) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem('wordtable.save.{save_id}')"))


def test_a_daily_challenge_is_the_same_for_everyone_and_keeps_a_streak(page: Page, site, browser):
    page.goto(site.url)
    assert wait_for_boot(page) == "ready"
    for game_id in BUILT_IN:  # every game card offers its challenge of the day
        expect(page.locator(f"[data-daily={game_id}]")).to_have_attribute("href", f"#daily={game_id}")
    page.goto(f"{site.url}#daily=spell-write&date={DAY}")
    page.wait_for_url(f"**#game=daily-spell-write-{DAY}")
    save = save_of(page, f"daily-spell-write-{DAY}")
    assert save["record"]["seed"] == fnv_seed("spell-write", DAY) and save["daily"] == {"date": DAY}
    dice = page.locator("#sw-dice").inner_text()
    # While playing, the screen says this is the daily challenge, and of which day.
    expect(page.locator("#table-headline")).to_contain_text(f"Spell Write · daily challenge of {DAY} · ")

    # A friend on another device opens the same day's link: the same seed, the same first roll.
    other = browser.new_context(**TEST_CONTEXT).new_page()
    other.goto(f"{site.url}#daily=spell-write&date={DAY}")
    assert wait_for_boot(other) == "ready"
    other.wait_for_url(f"**#game=daily-spell-write-{DAY}")
    expect(other.locator("#sw-dice")).to_have_text(dice)
    assert save_of(other, f"daily-spell-write-{DAY}")["record"]["seed"] == save["record"]["seed"]
    other.context.close()

    # Opening the link again resumes the same game, never a second one.
    take_turn(page, lambda text: False)
    page.wait_for_function(f"JSON.parse(localStorage.getItem('wordtable.save.daily-spell-write-{DAY}')).record.moves.length > 0")
    moves = len(save_of(page, f"daily-spell-write-{DAY}")["record"]["moves"])
    page.goto(f"{site.url}#home")
    page.goto(f"{site.url}#daily=spell-write&date={DAY}")
    page.wait_for_url(f"**#game=daily-spell-write-{DAY}")
    assert len(save_of(page, f"daily-spell-write-{DAY}")["record"]["moves"]) == moves
    while ready_for_a_choice(page) != "over":
        take_turn(page, lambda text: False)
    expect(page.locator("#daily-streak")).to_have_text(f"Daily challenge of {DAY} done: 1-day streak.")
    expect(page.locator("#daily-copy")).to_be_focused()  # what to do next: share it
    shared = page.locator("#daily-share-text").input_value().splitlines()
    assert shared[0] == f"Wordtable · Spell Write · daily challenge {DAY}"
    assert re.fullmatch(r"🏁 −?\d+ points?", shared[1]) and shared[2] == "Streak: 1 day"
    assert shared[3] == f"{site.url}#daily=spell-write&date={DAY}"
    book = json.loads(page.evaluate("localStorage.getItem('wordtable.daily.v1')"))
    assert book["spell-write"] == {"last": DAY, "streak": 1, "best": 1}
    # Its end shown again (reopened) counts nothing more: the streak was kept with the game.
    page.evaluate(f"localStorage.setItem('wordtable.daily.v1', JSON.stringify({{'spell-write': {{last: '{DAY}', streak: 4, best: 4}}}}))")
    page.goto(f"{site.url}#home")
    page.goto(f"{site.url}#game=daily-spell-write-{DAY}")
    expect(page.locator("#daily-streak")).to_have_text(f"Daily challenge of {DAY} done: 1-day streak.")
    assert json.loads(page.evaluate("localStorage.getItem('wordtable.daily.v1')"))["spell-write"]["streak"] == 4
    # A damaged day changes nothing and says so.
    page.goto(f"{site.url}#daily=spell-write&date=2026-02-30")
    expect(page.locator("#app-notice")).to_contain_text("That daily challenge link is damaged")
    # The home card shows a streak still alive (its last day today or yesterday, on this device's clock).
    page.evaluate("""() => {
      const two = (n) => String(n).padStart(2, '0'), now = new Date();
      const today = `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
      localStorage.setItem('wordtable.daily.v1', JSON.stringify({ 'spell-write': { last: today, streak: 3, best: 5 } }));
    }""")
    page.goto(f"{site.url}#home")
    expect(page.locator("[data-daily=spell-write]")).to_have_text("Daily challenge · 3-day streak")
    expect(page.locator("[data-daily=shrdlu]")).to_have_text("Daily challenge")
