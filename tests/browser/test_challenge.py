"""Challenge links (issue 16), for every game: a finished game one person played against bots
offers "Challenge a friend to the same game" (not "deal": most games deal no cards); its text shares the result without a word of the game
and a link that gives whoever opens it, on another device, the same game (seed and options)
against the same bots at the same speed, resumed when opened again. A damaged link changes
nothing and says why. No game is named here: each finished game comes from bots playing it."""

from __future__ import annotations

import json
import re
from urllib.parse import quote

import pytest
from playwright.sync_api import Browser, Page, expect

from conftest import wait_for_boot, watch_requests
from harness import TEST_CONTEXT
from layout import open_position, positions
from wordtable.games import BUILT_IN, game_class

# The result line of every game: points or cards against the best rival, or how long a seat lasted.
RESULT = re.compile(r"(✅ I won|❌ I lost): (−?\d+ (points?|cards?) to −?\d+"
                    r"|(out|still in) after \d+ words? · (no strikes|✗+ \d strikes?))")


def save_of(page: Page, save_id: str) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem('wordtable.save.{save_id}')"))


@pytest.mark.parametrize("game_id", list(BUILT_IN))
def test_a_finished_game_challenges_a_friend_to_the_same_deal(page: Page, site, browser: Browser, game_id: str,
                                                             no_outside_requests: list[str]):
    page.goto(site.url)
    assert wait_for_boot(page) == "ready"
    label, record, _acting = positions(game_id)[-1]
    open_position(page, site.url, game_id, label, record, bot_delay=250)  # the form's Quick
    page.click("#challenge-open")
    text = page.locator("#link-text").input_value().splitlines()
    assert text[0].startswith("Wordtable · ") and text[0].endswith(" · can you beat me at the same game?"), text
    expect(page.locator("#challenge-open")).to_have_text("Challenge a friend to the same game")
    assert RESULT.fullmatch(text[1]), text[1]
    link = text[2]
    assert link.startswith(f"{site.url}#challenge={game_id}&seed={record.seed}&seats=you%2Cmedium&speed=250&o="), link
    expect(page.locator("#link-copy")).to_have_text("Copy the challenge")
    page.click("#link-close")

    # A friend on another device opens it: the same game, against the same bot at the same speed.
    friend_context = browser.new_context(**TEST_CONTEXT)
    watch_requests(friend_context, no_outside_requests)
    friend = friend_context.new_page()
    friend.goto(link)
    assert wait_for_boot(friend) == "ready"
    # It opens on who challenges and their result, with a line on the game, not in round 1.
    title = game_class(game_id).title
    expect(friend.locator("#challenge-heading")).to_have_text(f"Ann challenged you to {title}")
    result = friend.locator("#challenge-result").inner_text()
    won, _, score = text[1].partition(": ")
    assert result == f"Ann {'won' if won.startswith('✅') else 'lost'}: {score}. Can you beat that?", (result, text[1])
    assert friend.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('wordtable.save.')).length") == 0
    friend.click("#challenge-play")
    friend.wait_for_url(re.compile(rf"#game=challenge-{game_id}-[0-9a-z]+$"))
    save_id = friend.evaluate("location.hash.split('=')[1]")
    save = save_of(friend, save_id)
    # The same options, each written out (a new game's record holds every option).
    assert save["record"]["seed"] == record.seed
    assert save["record"]["options"] == game_class(game_id).Options.complete(record.options)
    assert [player["bot"] for player in save["players"]] == [None, "medium"]
    assert save["settings"]["botDelay"] == 250
    # A game under way: the friend has something to do, or the bot has moved (not an error).
    friend.wait_for_function(f"""() => document.querySelector('#table-main [data-next]')
        || JSON.parse(localStorage.getItem('wordtable.save.{save_id}')).record.moves.length > 0""")
    expect(friend.locator("#app-notice")).to_be_empty()
    # Opened again, the link resumes that game instead of dealing a second one.
    friend.goto(f"{site.url}#home")
    friend.goto(link)
    friend.wait_for_url(f"**#game={save_id}")
    assert friend.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('wordtable.save.challenge-')).length") == 1
    friend_context.close()


def test_a_damaged_challenge_link_changes_nothing_and_says_why(page: Page, site):
    page.goto(site.url)
    assert wait_for_boot(page) == "ready"
    keys = page.evaluate("Object.keys(localStorage).sort()")
    game_id = next(iter(BUILT_IN))
    page.goto(f"{site.url}#challenge={game_id}&seed=12&seats=you,medium&speed=700&o=%%%")
    expect(page.locator("#app-notice")).to_have_text(
        "That challenge link cannot be opened: its options cannot be read. Nothing was changed.")
    # Options that pass the page's checks but not the game's: Python's refusal, word for word.
    options = "eyJwbGF5ZXJzIjoyLCJub25zZW5zZSI6MX0"  # {"players":2,"nonsense":1}
    page.goto(f"{site.url}#challenge={game_id}&seed=12&seats=you,medium&speed=700&o={options}")
    expect(page.locator("#app-notice")).to_contain_text("That challenge link cannot be opened: ")
    expect(page.locator("#app-notice")).to_contain_text("has no option 'nonsense'")
    assert page.evaluate("Object.keys(localStorage).sort()") == keys


def test_the_challengers_name_and_result_are_plain_text_and_an_old_link_still_opens(page: Page, site):
    page.goto(site.url)
    assert wait_for_boot(page) == "ready"
    game_id = "shrdlu"
    options = "eyJwbGF5ZXJzIjoyfQ"  # {"players":2}
    deal = f"{site.url}#challenge={game_id}&seed=12&seats=you,medium&speed=700&o={options}"
    hostile = "<img src=x onerror=\"window.pwned=1\">\u202e" + "Ω" * 500
    page.goto(deal + "&by=" + quote(hostile) + "&w=0&r=" + quote(hostile))
    heading = page.locator("#challenge-heading").inner_text()
    assert heading == f"{hostile[:24]} challenged you to Shrdlu", heading  # cut to a name's 24 characters
    assert page.locator("#challenge-intro img").count() == 0 and page.evaluate("window.pwned") is None
    assert page.locator("#challenge-result").inner_text().startswith(f"{hostile[:24]} lost: <img")
    # A link from before names nobody and no result: the friend still reads what it is.
    page.goto(f"{site.url}#home")
    page.goto(deal)
    expect(page.locator("#challenge-heading")).to_have_text("A friend challenged you to Shrdlu")
    expect(page.locator("#challenge-result")).to_have_text("The same game they played: can you beat their result?")
    page.click("#challenge-play")
    page.wait_for_url(re.compile(r"#game=challenge-shrdlu-[0-9a-z]+$"))
