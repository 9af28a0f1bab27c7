"""Spell Write played through the page: a whole solo game claiming real words, a shared game
link giving the same sheet and rolls (and resuming when opened again), a damaged link, a
non-word costing a point and the free look-up."""

from __future__ import annotations

import functools
import json
import re

from playwright.sync_api import Page, expect

from conftest import wait_for_boot
from layout import problems
from spell_write_driver import ready_for_a_choice, settle, take_turn
from wordtable.games.spell_write.rules import make_layout, roll
from wordtable.lexicon import store

QUICK = 5_000


@functools.lru_cache(maxsize=None)
def standard():
    return store.load("standard")


def boot(page: Page, url: str) -> None:
    page.goto(url)
    assert wait_for_boot(page) == "ready"


def test_a_whole_solo_game_scoring_real_words(page, site):
    boot(page, site.url)
    page.click("a[href='#new=spell-write']")
    page.click("[data-preset=alone]")
    page.click("#setup-start")
    page.wait_for_url(re.compile("#game="))
    save_id = page.evaluate("location.hash.split('=')[1]")
    while ready_for_a_choice(page) != "over":
        take_turn(page, lambda text: text.lower() in standard())
    save = json.loads(page.evaluate(f"localStorage.getItem('wordtable.save.{save_id}')"))
    assert save["over"] is True
    assert [move["type"] for _seat, move in save["record"]["moves"]].count("write") == 14
    points = [int(p) for p in page.locator("#scoring tbody .points").all_inner_texts()]
    assert sum(points) == int(page.locator("#score-total").inner_text())
    assert all(p > 0 for p in points if p != -1)  # only crossed-off letters may cost points here
    for text in page.locator("#scoring tbody td:nth-child(2)").all_inner_texts():
        assert text in ("bonus square",) or text.endswith("crossed off") or text.lower() in standard()
    expect(page.locator("#sw-hard-bot")).to_contain_text("A hard bot scored")
    expect(page.locator("#sw-share-text")).to_have_value(re.compile(r"Spell Write, game \d+ \(competitive\): I scored -?\d+ points\."))

    # Step through the game: the sheet fills square by square, each written square marked.
    final_grid = page.locator("#game-over .play-grid .sq").all_inner_texts()
    moves = save["record"]["moves"]
    page.click("#replay-open")
    expect(page.locator("#replay-caption")).to_contain_text(f"Step {len(moves)} of {len(moves)}: Player 1 wrote ")
    assert page.locator("#replay-board .play-grid .sq").all_inner_texts() == final_grid
    expect(page.locator("#replay-board .replay-round")).to_have_text("After the last round")
    page.fill("#replay-step", "0")
    expect(page.locator("#replay-caption")).to_have_text(f"Step 0 of {len(moves)}: The game begins.")
    assert set(page.locator("#replay-board .play-grid .sq").all_inner_texts()) == {""}
    expect(page.locator("#replay-board .replay-round")).to_contain_text("Round 1 of 14 · dice ")
    step = next(i for i, (_seat, move) in enumerate(moves, 1) if move["type"] == "write")
    page.fill("#replay-step", str(step))
    row, col = moves[step - 1][1]["at"]
    marked = page.locator("#replay-board .play-grid .sq.marked")
    expect(marked).to_have_count(1)
    expect(marked).to_have_attribute("data-sq", f"{chr(65 + col)}{row + 1}")
    assert len([t for t in page.locator("#replay-board .play-grid .sq").all_inner_texts() if t]) == 1
    page.click("#replay-back")
    expect(page.locator("#sw-hard-bot")).to_contain_text("A hard bot scored")

    # The review: a row per round, each with the most its letter could have scored then.
    page.click("#review-open")
    line = page.locator("#review-summary li")
    expect(line).to_have_text(re.compile(r"Player 1 scored -?\d+ of the \d+ points their positions offered: -?\d+%\."))
    assert int(line.inner_text().split(" scored ")[1].split(" ")[0]) == sum(points)  # every round's gain, all told
    expect(page.locator("#review-turns .review-turn")).to_have_count(14)
    page.locator("#review-turns .review-turn").nth(3).click()
    expect(page.locator("#review-turns .review-board .play-grid")).to_be_visible()
    page.click("#review-back")
    expect(page.locator("#sw-hard-bot")).to_contain_text("A hard bot scored")


def test_a_shared_link_gives_the_same_sheet_and_rolls_and_resumes(page, site):
    boot(page, site.url)
    seed = 4242
    link = f"{site.url}#play=spell-write&seed={seed}&mode=friendly&lexicon=standard"
    page.goto(link)
    ready_for_a_choice(page)
    d1, d2 = roll(seed, 1)
    expect(page.locator("#sw-dice")).to_contain_text(f"{d1}")
    expect(page.locator("#sw-dice")).to_contain_text(f"{d2}")
    layout = make_layout(seed, None)
    for r, c in layout.black:
        expect(page.locator(f"#sw-play [data-sq={chr(65 + c)}{r + 1}]")).to_have_class(re.compile("black"))
    for r, c in layout.highlighted:
        expect(page.locator(f"#sw-play [data-sq={chr(65 + c)}{r + 1}]")).to_have_class(re.compile("highlighted"))
    take_turn(page, lambda text: False)
    ready_for_a_choice(page)
    expect(page.locator("#table-headline")).to_contain_text("Round 2 of 14")
    page.click("#table-invite")
    expect(page.locator("#link-text")).to_have_value(re.compile(rf"#play=spell-write&seed={seed}&mode=friendly&lexicon=standard$"))
    page.click("#link-close")
    page.goto(site.url)  # away, then the same link again: the same game, not a new one
    assert wait_for_boot(page) == "ready"
    saves_before = page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('wordtable.save.')).length")
    page.goto(link)
    ready_for_a_choice(page)
    expect(page.locator("#table-headline")).to_contain_text("Round 2 of 14")
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('wordtable.save.')).length") == saves_before


def test_a_damaged_link_changes_nothing(page, site):
    boot(page, site.url)
    page.goto(f"{site.url}#play=spell-write&seed=-5&mode=sneaky")
    expect(page.locator("#app-notice")).to_contain_text("That game link is damaged")
    assert page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('wordtable.save.')).length") == 0


def test_a_non_word_costs_a_point_unless_looked_up(page, site):
    boot(page, site.url)
    seed = next(s for s in range(1000) if roll(s, 1)[0] != roll(s, 1)[1] and roll(s, 2)[0] != roll(s, 2)[1])
    page.goto(f"{site.url}#play=spell-write&seed={seed}&mode=friendly&lexicon=standard")
    take_turn(page, lambda text: False)  # a first letter alone: nothing to claim
    # The second letter next to the first: claim whatever the two letters spell, both ways.
    ready_for_a_choice(page)
    page.locator("#sw-letters button.lt").first.click()
    first_square = page.locator("#sw-play .sq:not(.empty):not(.black)").first.get_attribute("data-sq")
    col, row = ord(first_square[0]) - 65, int(first_square[1:]) - 1
    neighbours = [f"{chr(65 + c)}{r + 1}" for r, c in ((row, col + 1), (row, col - 1), (row + 1, col), (row - 1, col))
                  if 0 <= r < 4 and 0 <= c < 4]
    target = next(n for n in neighbours if page.locator(f"#sw-play button[data-sq={n}]").count())
    page.click(f"#sw-play button[data-sq={target}]")
    settle(page)
    # The banner names the button it asks for (it said "confirm" beside a button saying "Write").
    write = page.locator("#sw-write").inner_text()
    expect(page.locator(".word-banner")).to_contain_text(f"then press “{write.removesuffix(' and score')}”")
    texts = page.locator("#sw-claims input[data-claim]").evaluate_all("els => els.map(e => e.dataset.claim)")
    non_words = [t for t in texts if t.lower() not in standard()]
    if not non_words:
        return  # both readings are words: nothing to refuse (checked in the Python tests)
    # The free look-up is offered beside each word, before ticking it; looking a word up ticks it.
    expect(page.locator("#sw-claims input[data-lookup]")).to_have_count(len(texts))
    chosen = texts.index(non_words[0])
    page.check(f"#sw-lookup-{chosen}")
    expect(page.locator(f"#sw-claim-{chosen}")).to_be_checked()
    for other in (i for i in range(len(texts)) if i != chosen):  # the same two squares read the other way
        expect(page.locator(f"#sw-claim-{other}")).to_be_disabled()
        expect(page.locator(f"#sw-claim-{other}")).to_have_accessible_description(
            f"shares a link with {non_words[0]}, which you ticked")
    page.click("#sw-write")
    ready_for_a_choice(page)
    expect(page.locator("#scoring tbody")).not_to_contain_text("is not a word")  # looked up: no penalty
    expect(page.locator("#scoring tbody")).to_contain_text(
        f"{non_words[0]} is not in the dictionary: not scored; your look-up is used")
    # Said at the top of the next turn too, where the player looks (the table is far below on a phone).
    expect(page.locator("#sw-last-turn")).to_contain_text(
        f"Last turn you wrote {write.split(' ')[1]}; {non_words[0]} is not in the dictionary: not scored; your look-up is used")
    expect(page.locator("#sw-last-turn")).to_be_in_viewport()


def test_two_people_and_a_bot_on_one_device(page, site):
    boot(page, site.url)
    page.click("a[href='#new=spell-write']")
    page.click("[data-preset=two-people]")
    page.click("#add-seat")
    page.locator(".seat-kind").last.select_option("hard")
    page.select_option("#setup-speed", "0")
    page.click("#setup-start")
    privacy_screens = 0
    while True:
        page.wait_for_function("""() => { const m = document.querySelector('#table-main');
            return m && !m.inert && m.querySelector('#privacy-continue, #sw-take, #sw-play, #game-over'); }""",
                               timeout=30_000)
        if page.locator("#game-over").count():
            break
        if page.locator("#privacy-continue").count():
            privacy_screens += 1
            assert page.locator("#table-main .play-grid, #table-main .letter-grid-6").count() == 0
            page.click("#privacy-continue")
            continue
        take_turn(page, lambda text: text.lower() in standard())
    assert privacy_screens >= 28  # each person, each of the 14 rounds
    expect(page.locator("#game-over .play-grid")).to_have_count(3)
    expect(page.locator("#verdict")).to_contain_text("the highest score")
    # The bot's score is explained like the players': its scoring rows under its grid…
    save_id = page.evaluate("location.hash.split('=')[1]")
    save = json.loads(page.evaluate(f"localStorage.getItem('wordtable.save.{save_id}')"))
    bot = save["players"][2]["name"]
    scoring = page.locator("#game-over .grid-figure[data-seat='2'] .sw-sheet-scoring")
    expect(scoring.locator("summary")).to_have_text(f"{bot}'s scoring")
    scoring.locator("summary").click()
    points = [int(p) for p in scoring.locator("tbody .points").all_inner_texts()]
    assert points and sum(points) == int(scoring.locator("tfoot .points").inner_text())
    # …and in the replay, what each of its turns wrote and scored.
    moves = save["record"]["moves"]
    step = max(i for i, (seat, move) in enumerate(moves, 1) if seat == 2 and move["type"] == "write")
    page.click("#replay-open")
    page.fill("#replay-step", str(step))
    expect(page.locator("#sw-turn-notes")).to_have_text(re.compile(f"^{re.escape(bot)} wrote [A-Z]"))


def start_alone(page: Page, site, on_doubles=lambda: None) -> None:
    """A new solo game from the form, past a doubles choice (taking the letters) if it opens on one."""
    boot(page, site.url)
    page.click("a[href='#new=spell-write']")
    page.click("[data-preset=alone]")
    page.click("#setup-start")
    page.wait_for_url(re.compile("#game="))
    if ready_for_a_choice(page) == "doubles":
        on_doubles()
        page.click("#sw-take")
        ready_for_a_choice(page)


def test_each_step_of_a_turn_keeps_what_to_do_next_on_a_small_phone(page, site):
    """Issue 16: after picking a letter, the play grid was below the fold, and the Write button
    too after choosing a square. At 360×640 each step's controls (data-next) are in view, with
    focus on them."""
    page.set_viewport_size({"width": 360, "height": 640})

    def doubles_fit() -> None:
        assert not problems(page, acting=True), "the doubles choice"
    start_alone(page, site, on_doubles=doubles_fit)
    if not page.locator("#sw-letters .lt.chosen").count():
        assert not problems(page, acting=True), "choosing a letter"
        page.keyboard.press("Enter")  # focus is on the first letter the dice allow
        expect(page.locator("#sw-letters .lt.chosen")).to_have_count(1)
    expect(page.locator("#sw-play button.sq").first).to_be_focused()
    assert not problems(page, acting=True), "choosing a square"
    page.keyboard.press("Enter")
    settle(page)
    assert not problems(page, acting=True), "ticking words and writing"
    expect(page.locator("#sw-write")).to_be_enabled()


def test_the_boards_are_crossed_with_arrow_keys_from_one_tab_stop(page, site):
    """Issue 16: a board is a grid, so a keyboard moves in it with the arrows (one Tab stop, not
    one per square), Home and End along a row, and a pick keeps the pattern on the play grid."""
    start_alone(page, site)
    at = lambda: page.evaluate("document.activeElement.dataset.lt || document.activeElement.dataset.sq || document.activeElement.id")  # noqa: E731
    assert page.locator("#sw-letters [role=gridcell][tabindex='0']").count() == 1
    chosen_for_us = page.locator("#sw-letters .lt.chosen").count() > 0
    if chosen_for_us:
        page.focus("#sw-letters [tabindex='0']")  # a letter was chosen for the player: back to the letters
    first = at()
    assert re.fullmatch(r"[1-6][1-6]", first), first  # on the first letter the dice allow
    row, col = int(first[0]), int(first[1])
    other = row + 1 if row < 6 else row - 1  # a neighbouring row, whichever exists
    page.keyboard.press("ArrowDown" if other > row else "ArrowUp")
    assert at() == f"{other}{col}"
    page.keyboard.press("End")
    assert at() == f"{other}6"
    page.keyboard.press("Home")
    assert at() == f"{other}1"
    page.keyboard.press("ArrowUp" if other > row else "ArrowDown")
    assert at() == f"{row}1"
    for _ in range(col - 1):
        page.keyboard.press("ArrowRight")
    assert at() == first
    page.keyboard.press("Alt+ArrowLeft")  # the browser's Back: not the board's
    assert at() == first
    page.keyboard.press("Enter")
    expect(page.locator("#sw-letters .lt.chosen")).to_have_count(1)
    if chosen_for_us:  # taking the letter already chosen changes nothing on screen: Tab on to the grid
        page.focus("#sw-play [tabindex='0']")
    # On the play grid: one Tab stop, the arrows across empty squares, Enter writes there.
    expect(page.locator("#sw-play button.sq").first).to_be_focused()
    assert page.locator("#sw-play [role=gridcell][tabindex='0']").count() == 1
    start = at()  # a square's name: its column letter, then its row (the first turn: the top row)
    assert start.endswith("1"), start
    page.keyboard.press("ArrowDown")
    assert at() == f"{start[0]}2"
    while True:  # along row 2 to a square that can be written in (the arrows pass black ones too)
        before = at()
        page.keyboard.press("ArrowRight")
        moved = at()
        if moved == before:  # the end of the row: back to the first square
            page.keyboard.press("ArrowUp")
            moved = at()
            assert moved == f"{before[0]}1" and page.evaluate("document.activeElement.tagName") == "BUTTON"
            break
        assert moved == f"{chr(ord(before[0]) + 1)}{before[1:]}", (before, moved)
        if page.evaluate("document.activeElement.tagName") == "BUTTON":
            break
    page.keyboard.press("Enter")
    settle(page)
    expect(page.locator(f"#sw-play [data-sq='{moved}']")).to_have_class(re.compile(r"\bpreview\b"))
