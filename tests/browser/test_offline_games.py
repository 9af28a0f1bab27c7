"""Every game offline after one visit (issue 32): a first visit that opens only the home screen
leaves, once the home screen says "Ready to play offline", everything each game needs with
its default options on the device; with the server gone, each of the five games starts from
the new-game form and takes a first move. A dictionary never fetched is named, with the ones
the device has."""

from __future__ import annotations

import json

from playwright.sync_api import Page, expect

import build
import four_letter_words_driver
import one_letter_better_driver
import spell_write_driver
import wordsmith_driver
from conftest import wait_for_boot
from layout import open_position, positions
from wordtable.games import BUILT_IN


def record_of(page: Page, save_id: str) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem('wordtable.save.{save_id}')"))["record"]


def start(page: Page, url: str, game_id: str, preset: str | None = None) -> str:
    """A new game with the form's defaults (and a preset of players); its save's id."""
    page.goto(f"{url}#new={game_id}")
    page.wait_for_selector("#setup-start")
    if preset:
        page.click(f"[data-preset={preset}]")
    page.click("#setup-start")
    page.wait_for_url("**#game=*")
    return page.evaluate("location.hash.split('=')[1]")


def own_moves(page: Page, save_id: str) -> int:
    return sum(1 for seat, _move in record_of(page, save_id)["moves"] if seat == 0)


def first_move(page: Page, game_id: str, save_id: str) -> None:
    """The person at seat 0 makes a move of the game, however its screen asks for it."""
    if game_id == "shrdlu":  # practice alone: passing the round is a move
        page.click("#shrdlu-pass")
        expect(page.locator("#round-result")).to_contain_text("You passed this round.")
    elif game_id == "spell-write":
        spell_write_driver.take_turn(page, lambda _claim: False)
    elif game_id == "wordsmith":
        wordsmith_driver.panel_ready(page, 0)
        wordsmith_driver.act(page, save_id, 0)
    else:
        driver = four_letter_words_driver if game_id == "four-letter-words" else one_letter_better_driver
        for _ in range(40):
            if own_moves(page, save_id):
                break
            current = driver.screen(page)
            if current != "waiting":
                driver.take_turn(page, current)
            else:
                page.wait_for_timeout(200)
    page.wait_for_function(f"""() => JSON.parse(localStorage.getItem('wordtable.save.{save_id}'))
        .record.moves.some(([seat]) => seat === 0)""", timeout=30_000)


def test_after_one_visit_every_game_starts_offline_and_plays(page, site):
    page.goto(site.url)
    assert wait_for_boot(page) == "ready"
    # Nothing but the home screen on this visit; the page registers its worker a few seconds in.
    page.wait_for_selector("body[data-offline=ready]", timeout=120_000)
    expect(page.locator("#offline-status")).to_have_text("Ready to play offline: every game now starts without a network.")
    site.stop()  # the network is gone
    page.reload()
    assert wait_for_boot(page) == "ready"
    expect(page.locator("#offline-status")).to_be_hidden()  # said once
    for game_id in BUILT_IN:
        save_id = start(page, site.url, game_id, preset="alone" if game_id == "shrdlu" else None)
        first_move(page, game_id, save_id)
        expect(page.locator(".notice.bad:visible, [role=alert]:visible")).to_have_count(0)
    # A finished game of each is reviewed offline too (the review comes with the link part).
    for game_id in BUILT_IN:
        label, record, _acting = positions(game_id)[-1]
        open_position(page, site.url, game_id, label, record)
        page.click("#review-open")
        expect(page.locator("#review-turns .review-turn").first).to_be_visible()
        expect(page.locator("#review-refused")).to_have_count(0)


def test_a_dictionary_never_fetched_is_named_offline_with_the_ones_on_the_device(page, site):
    page.goto(site.url)
    assert wait_for_boot(page) == "ready"
    page.wait_for_selector("body[data-offline=ready]", timeout=120_000)
    site.stop()
    page.reload()
    assert wait_for_boot(page) == "ready"
    message = page.evaluate("""wordtable.python.call('lexicon.check', {lexicon: 'large', words: ['qi']})
        .then(() => 'found', (error) => error.message)""")
    assert message.startswith("The “Large” dictionary is not on this device yet"), message
    assert "On this device: “Standard”, “Common words”" in message and "“Standard with contractions”" in message


def test_a_first_visit_fetches_only_its_listed_files_before_the_first_game_is_playable(page, site):
    """Issue 44: a first visit that opens the first game's daily challenge fetches, before the
    game is playable, only build.first_visit_files (which test_build holds to the budget): no
    part of the package (play by link, online, the other games)."""
    fetched: list[str] = []
    # The page's and its Python worker's requests; the service worker's precaching is not a
    # first game's wait (bench/network.py counts it apart).
    page.context.on("requestfinished", lambda request: request.service_worker or fetched.append(request.url))
    page.goto(site.url)
    first = page.locator("[data-daily]").first
    game_id = first.get_attribute("data-daily")
    first.click()
    page.wait_for_selector("#table-main [data-next]:not([disabled])", timeout=120_000)
    paths = {url.removeprefix(site.url).split("#")[0].split("?")[0] or "index.html" for url in fetched}
    assert game_id == BUILT_IN[0] and "pyodide/pyodide.asm.wasm" in paths  # the worker's requests are seen
    assert paths <= set(build.first_visit_files(site.directory)), sorted(paths - set(build.first_visit_files(site.directory)))
