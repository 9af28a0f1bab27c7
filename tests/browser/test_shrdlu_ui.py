"""Shrdlu played through the page: a round won by a typed word (after a refusal naming the
broken card), "shrdlu!" calls decided at once or raced against the countdown with buzz keys,
practice alone, and a whole game against a bot."""

from __future__ import annotations

import functools
import json
import re

import pytest
from playwright.sync_api import Page, expect

from conftest import wait_for_boot
from tables import open_prepared_game
from wordtable.games.shrdlu.rules import Shrdlu, breaks, solve
from wordtable.lexicon import store

ME = {"name": "Player 1", "bot": None}
FRIEND = {"name": "Player 2", "bot": None}


@functools.lru_cache(maxsize=None)
def standard():
    return store.load("standard")


def first_spread(seed: int, players: int = 2) -> tuple[str, ...]:
    return Shrdlu(lambda name: standard()).new({"players": players}, seed).spread


def seed_where(fits: bool) -> int:
    """A seed whose first spread has words (or has none)."""
    return next(seed for seed in range(10_000) if bool(solve(standard(), first_spread(seed))) == fits)


def boot(page: Page, url: str) -> None:
    page.goto(url)
    assert wait_for_boot(page) == "ready"


def cards(page: Page) -> list[str]:
    page.wait_for_selector("#spread")
    return page.eval_on_selector_all("#spread .card", "els => els.map(e => e.dataset.card)")


def test_a_round_won_by_a_typed_word_after_a_refusal(page, site):
    boot(page, site.url)
    seed = seed_where(fits=True)
    open_prepared_game(page, site.url, "shrdlu", [ME, {"name": "Basil", "bot": "medium"}], {"players": 2}, seed,
                       bot_delay=1200)  # relaxed: the bot needs several seconds
    spread = cards(page)
    words = solve(standard(), spread)
    wrong = "q" * len(spread)
    broken = breaks(spread, wrong)
    page.fill("#shrdlu-word", wrong)
    page.click("#shrdlu-submit")
    if broken is None:  # every card allows Qs: only the dictionary refuses
        expect(page.locator("#shrdlu-message")).to_contain_text("fits the cards but is not in the Standard dictionary")
    else:
        expect(page.locator("#shrdlu-message")).to_contain_text(f"Letter {broken + 1} (Q) breaks the card")
        expect(page.locator(f"#spread .card:nth-child({broken + 1})")).to_have_class(re.compile("broken"))
    page.locator("#shrdlu-word").press("Backspace")  # typing again: the old refusal and its mark go
    expect(page.locator("#shrdlu-message")).to_have_text("")
    expect(page.locator("#spread .card.broken")).to_have_count(0)
    page.fill("#shrdlu-word", words[0].upper())
    page.click("#shrdlu-submit")
    expect(page.locator("#round-result")).to_contain_text(f"Player 1 wins the round with {words[0].upper()}")
    expect(page.locator("#round-words")).to_contain_text(f"{len(words)} word")
    page.click("#next-round")
    expect(page.locator("#seats .seat[data-seat='0']")).to_contain_text("1 card")
    expect(page.locator("#table-headline")).to_contain_text("Round 2 of 11")


def test_shrdlu_when_no_word_fits_wins_at_once(page, site):
    boot(page, site.url)
    seed = seed_where(fits=False)
    open_prepared_game(page, site.url, "shrdlu", [ME, {"name": "Ada", "bot": "easy"}], {"players": 2}, seed,
                       bot_delay=1200)
    cards(page)
    page.click("#shrdlu-call")
    expect(page.locator("#round-result")).to_contain_text("Player 1 called shrdlu! and was right: no word fits.")
    expect(page.locator("#round-words")).to_have_text("No word in the dictionary fits these cards.")


def test_shrdlu_with_words_starts_the_countdown_and_a_buzzed_friend_answers(page, site):
    boot(page, site.url)
    seed = seed_where(fits=True)
    words = solve(standard(), first_spread(seed))
    open_prepared_game(page, site.url, "shrdlu", [ME, FRIEND], {"players": 2}, seed)
    cards(page)
    page.click("[data-shrdlu='0']")
    expect(page.locator("#countdown")).to_contain_text("Player 1 called shrdlu!")
    expect(page.locator("#countdown")).to_contain_text("s left to find a word")
    expect(page.locator("[data-buzz='0']")).to_be_disabled()  # the caller may not answer
    page.locator("body").press("l")  # Player 2's buzz key
    expect(page.locator("#shrdlu-who")).to_have_text("Player 2, your word")
    page.fill("#shrdlu-word", words[-1])
    page.click("#shrdlu-submit")
    expect(page.locator("#round-result")).to_contain_text(
        f"Player 2 wins the round with {words[-1].upper()} (Player 1 had called shrdlu!)")


def test_when_nobody_finds_a_word_in_time_the_table_clock_ends_the_round(page, site):
    page.clock.install()  # the page's timers, sped up below (Python's worker keeps real time)
    boot(page, site.url)
    seed = seed_where(fits=True)
    save_id = open_prepared_game(page, site.url, "shrdlu", [ME, FRIEND], {"players": 2}, seed)
    cards(page)
    page.click("[data-shrdlu='0']")
    expect(page.locator("#countdown")).to_contain_text("30 s left to find a word")
    page.clock.run_for(10_000)
    expect(page.locator("#countdown")).to_contain_text("20 s left to find a word")
    page.clock.run_for(21_000)
    expect(page.locator("#round-result")).to_contain_text("Player 1 called shrdlu! and nobody found a word in time.")
    record = json.loads(page.evaluate(f"localStorage.getItem('wordtable.save.{save_id}')"))["record"]
    assert record["moves"][-2:] == [[0, {"type": "shrdlu"}], [0, {"type": "time-up"}]]  # played by the clock


def test_a_bot_keeps_its_plan_when_someone_else_moves_in_the_same_round(page, site):
    """Bots act at their planned moment from the round's start, not again from each move."""
    page.clock.install()
    boot(page, site.url)
    seed = next(s for s in range(10_000) if solve(standard(), first_spread(s, players=3)))
    record = page.evaluate("args => wordtable.python.call('game.new', args)",
                           {"game": "shrdlu", "options": {"players": 3}, "seed": seed})["record"]
    plans = {level: page.evaluate("([r, level]) => wordtable.python.call('game.bot', {record: r, seat: 2, level})", [record, level])["move"]
             for level in ("easy", "medium", "hard")}
    # A bot that would answer well after the start of the round and well before a countdown's end.
    level, plan = next((level, plan) for level, plan in plans.items()
                       if plan and plan["type"] == "claim" and 8_000 <= plan["after_ms"] <= 25_000)
    players = [ME, FRIEND, {"name": "Basil", "bot": level}]
    open_prepared_game(page, site.url, "shrdlu", players, {"players": 3}, seed, bot_delay=700)  # Normal: as planned
    cards(page)
    # The round's clock runs, and the bot is seen hunting (the two people are at this device).
    expect(page.locator("#shrdlu-hunting")).to_have_text("Basil is hunting for a word")
    expect(page.locator("#shrdlu-call-hint")).to_contain_text("No word fits? Call shrdlu!")
    page.clock.run_for(plan["after_ms"] // 2)
    seconds = plan["after_ms"] // 2 // 1000
    expect(page.locator("#shrdlu-clock")).to_have_text(f"{seconds // 60}:{seconds % 60:02d} into the round")
    page.click("[data-shrdlu='0']")  # Player 1 calls halfway: the round (the epoch) goes on
    expect(page.locator("#countdown")).to_contain_text("Player 1 called shrdlu!")
    expect(page.locator("#round-result")).to_have_count(0)
    page.clock.run_for(plan["after_ms"] // 2 + 1_000)  # Basil's moment, long before the countdown's end
    expect(page.locator("#round-result")).to_contain_text(
        f"Basil wins the round with {plan['word'].upper()} (Player 1 had called shrdlu!)")


def test_practice_alone_shows_the_answers(page, site):
    boot(page, site.url)
    seed = seed_where(fits=True)
    open_prepared_game(page, site.url, "shrdlu", [ME], {"players": 1}, seed)
    cards(page)
    expect(page.locator("#countdown")).to_have_count(0)
    page.click("#shrdlu-pass")
    expect(page.locator("#round-result")).to_contain_text("You passed this round.")
    count = len(solve(standard(), first_spread(seed, players=1)))
    expect(page.locator("#round-words")).to_contain_text(f"{count} word")


def test_a_whole_game_against_a_bot_then_stepped_through(page, site):
    boot(page, site.url)
    page.click("a[href='#new=shrdlu']")
    page.click("[data-preset=one-bot]")
    page.locator(".seat-kind").last.select_option("hard")
    page.select_option("#setup-speed", "0")
    page.click("#setup-start")
    page.wait_for_url(re.compile("#game="))
    save_id = page.evaluate("location.hash.split('=')[1]")
    for _round in range(12):  # eleven rounds, a possible tiebreak
        page.click("#next-round", timeout=30_000)
        if page.locator("#game-over").count():
            break
    expect(page.locator("#verdict")).to_contain_text("Basil wins: took the most cards.")
    expect(page.locator("#history li")).to_have_count(11)
    final = page.locator("#game-over .scoreboard .seat-status").all_inner_texts()
    assert final[0] == "0 cards" and final[1] == "11 cards"
    expect(page.locator("#game-over .scoreboard [data-seat='1'] .card")).to_have_count(11)  # the cards Basil won

    # Step through the game: the spread of each round, the result when a round ends, the
    # cards each player has won, and the deck's secret order.
    moves = json.loads(page.evaluate(f"localStorage.getItem('wordtable.save.{save_id}')"))["record"]["moves"]
    page.click("#replay-open")
    last = len(moves)
    expect(page.locator("#replay-caption")).to_contain_text(f"Step {last} of {last}: Basil ")
    assert page.locator("#replay-board .cards-won .seat-status").all_inner_texts() == final
    expect(page.locator("#replay-board .round-result .verdict")).to_contain_text("Basil ")  # the last round's result
    page.fill("#replay-step", "0")
    expect(page.locator("#replay-caption")).to_have_text(f"Step 0 of {last}: The game begins.")
    expect(page.locator("#replay-board .replay-round")).to_have_text("Round 1 of 11")
    spread = page.locator("#replay-board .replay-round + .spread .card")
    assert spread.count() in (5, 6)
    assert page.locator("#replay-board .cards-won .seat-status").all_inner_texts() == ["0 cards", "0 cards"]
    assert page.locator("#replay-board .deck .card").count() == 15 - spread.count()
    expect(page.locator("#replay-board .round-result")).to_have_count(0)
    page.click("#replay-next")
    seat, move = moves[0]
    expect(page.locator("#replay-caption")).to_contain_text(f"Step 1 of {last}: Basil ")
    assert seat == 1 and move["type"] in ("claim", "shrdlu")
    expect(page.locator("#replay-board .cards-won .seat.marked")).to_have_attribute("data-seat", "1")
    if move["type"] == "claim":  # the round ended: its result, then round 2's spread
        expect(page.locator("#replay-board .round-result .verdict")).to_contain_text(f"Basil wins the round with {move['word'].upper()}")
        expect(page.locator("#replay-board .replay-round")).to_have_text("Round 2 of 11")
        assert page.locator("#replay-board .cards-won .seat-status").all_inner_texts() == ["0 cards", "1 card"]
    page.click("#replay-back")
    expect(page.locator("#verdict")).to_contain_text("Basil wins")

    # Review this game: a line per player, the person's eleven rounds, each the best it offered.
    page.click("#review-open")
    expect(page.locator("#review-summary li[data-seat='0']")).to_have_text("Player 1 scored 0 of the 11 cards their positions offered: 0%.")
    expect(page.locator("#review-summary li[data-seat='1']")).to_contain_text("Basil scored 11 of the 11 cards")
    turns = page.locator("#review-turns .review-turn")
    expect(turns).to_have_count(11)
    expect(turns.first).to_contain_text("Round 1: — (0) · best ")
    expect(turns.first).to_contain_text("1 missed")
    turns.first.click()
    expect(turns.first).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#review-turns .review-board .replay-round").first).to_have_text("Round 1 of 11")
    page.select_option("#review-seat", "1")
    expect(page.locator("#review-turns .review-best")).to_have_count(11)
    page.click("#review-back")
    expect(page.locator("#verdict")).to_contain_text("Basil wins")
    # From the home list too.
    page.goto(f"{site.url}#review={save_id}")
    expect(page.locator("#review-turns .review-turn")).to_have_count(11)


CARD_FITS = """() => [...document.querySelectorAll('#spread .card')].map(card => {
  const box = card.getBoundingClientRect();
  const inside = [...card.querySelectorAll('.card-face, .card-label')].every(part => {
    const r = part.getBoundingClientRect();
    return r.left >= box.left - 1 && r.right <= box.right + 1;
  });
  // Each word of the card's words in one piece: a word broken across lines has two boxes.
  const label = card.querySelector('.card-label').firstChild;
  const whole = [...label.textContent.matchAll(/\\S+/g)].every(m => {
    const range = document.createRange();
    range.setStart(label, m.index); range.setEnd(label, m.index + m[0].length);
    return range.getClientRects().length === 1;
  });
  return {text: card.innerText.replace(/\\s+/g, ' '), fits: inside && whole && card.scrollWidth <= card.clientWidth + 1
          && box.right <= innerWidth};
})"""


@pytest.mark.parametrize("size", [(360, 640), (390, 844), (1366, 900)])
def test_a_six_card_spread_fits_its_cards_on_a_phone(page: Page, site, size):
    """Every card's letters and words fit inside it (AEIOU did not at 360 px), nothing scrolls
    sideways, and the answer field and its button are on screen."""
    seed = next(s for s in range(10_000) if len(first_spread(s)) == 6 and "aeiou" in first_spread(s))
    page.set_viewport_size({"width": size[0], "height": size[1]})
    boot(page, site.url)
    open_prepared_game(page, site.url, "shrdlu", [ME, {"name": "Ada", "bot": "easy"}], {"players": 2}, seed,
                       bot_delay=600_000)
    expect(page.locator("#spread .card")).to_have_count(6)
    cards = page.evaluate(CARD_FITS)
    assert [card["text"] for card in cards if not card["fits"]] == []
    assert any("AEIOU" in card["text"] for card in cards)
    # The asterisk that deals the sixth card says so in plain words, not as if it were the sixth.
    assert any("a sixth card is dealt" in card["text"] for card in cards)
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth")
    expect(page.locator("#shrdlu-word")).to_be_in_viewport()
    expect(page.locator("#shrdlu-submit")).to_be_in_viewport()
