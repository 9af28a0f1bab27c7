"""The new-game form (issue 16's wording): the preset buttons show which one is active, and
each player's row says which player it is, renumbered when one is removed. Every game shares
this form; Four Letter Words stands for them."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from conftest import wait_for_boot


def pressed(page: Page) -> list[str]:
    return page.eval_on_selector_all("[data-preset][aria-pressed=true]", "buttons => buttons.map(b => b.dataset.preset)")


def values(page: Page, selector: str) -> list[str]:
    expect(page.locator("#setup-start")).to_be_enabled()  # the form is drawn in full
    return page.eval_on_selector_all(selector, "fields => fields.map(f => f.value)")


def test_the_active_preset_and_the_player_rows_are_labelled(page: Page, site):
    page.goto(site.url)
    assert wait_for_boot(page) == "ready"
    page.click("a[href='#new=four-letter-words']")
    expect(page.locator(".seat-row")).to_have_count(2)
    assert pressed(page) == ["one-bot"]
    expect(page.locator("[data-preset=two-people]")).to_have_attribute("aria-pressed", "false")
    page.click("[data-preset=two-people]")
    assert pressed(page) == ["two-people"]
    expect(page.locator(".seat-number")).to_have_text(["Player 1", "Player 2"])
    page.click("#add-seat")  # changed by hand: no preset describes the table any more
    assert pressed(page) == []
    expect(page.locator(".seat-number")).to_have_text(["Player 1", "Player 2", "Player 3"])
    page.locator(".seat-row").first.get_by_role("button", name="Remove player 1").click()
    expect(page.locator(".seat-number")).to_have_text(["Player 1", "Player 2"])
    expect(page.locator(".seat-row").last.get_by_role("button")).to_have_accessible_name("Remove player 2")
    expect(page.locator(".seat-row").last.locator("select")).to_have_accessible_name("Player 2 is")


def test_an_online_game_says_what_the_hosts_device_can_see(page: Page, site):
    """Issue 18: online, the host's device runs the game; the form says what it could see."""
    page.goto(site.url)
    assert wait_for_boot(page) == "ready"
    page.click("a[href='#new=one-letter-better']")
    expect(page.locator("#setup-host-sees")).to_be_hidden()  # no one online: nothing to say
    page.click("[data-preset=online]")
    expect(page.locator("#setup-host-sees")).to_be_visible()
    expect(page.locator("#setup-host-sees")).to_contain_text("which holds only the host's own hand and those of the bots the host seats")
    page.click("[data-preset=two-people]")
    expect(page.locator("#setup-host-sees")).to_be_hidden()


def test_by_link_one_letter_better_says_its_price_and_offers_strict_draws(page: Page, site):
    """By link, One Letter Better gives each link's parts of the next draws ahead: the form says
    a device could work out the coming cards, and offers strict draws (a table whose draws wait
    for a link), which the new game then is."""
    page.goto(site.url)
    assert wait_for_boot(page) == "ready"
    page.click("a[href='#new=one-letter-better']")
    expect(page.locator("#setup-strict-choice")).to_be_hidden()
    expect(page.locator("#setup-bots")).to_be_visible()  # the usual first game has a bot
    page.click("[data-preset=link]")
    expect(page.locator("#setup-bots")).to_be_hidden()  # by link there is no bot to pace
    expect(page.locator("#setup-link-note")).to_contain_text("could work out the coming cards")
    expect(page.locator("#setup-strict-choice")).to_be_visible()
    page.check("#setup-strict-draws")
    expect(page.locator("#setup-link-note")).to_contain_text("Draws stay unknown to everyone until they are made")
    expect(page.locator("#setup-link-note")).not_to_contain_text("work out the coming cards")
    page.click("#setup-start")  # no name of one's own: asked for, not "Player 1 invites you"
    expect(page.locator("#setup-message")).to_have_text("Type your name as player 1's first: your friends see it on every link.")
    expect(page.locator(".seat-name-input").first).to_be_focused()
    page.locator(".seat-name-input").first.fill("Ann")
    page.click("#setup-start")
    page.wait_for_function("location.hash.startsWith('#bylink=')")
    tables = page.evaluate("""Object.keys(localStorage).filter((key) => key.includes('link'))
        .map((key) => localStorage.getItem(key)).filter((text) => text.includes('"ahead"'))""")
    assert tables and all('"ahead":0' in text for text in tables), tables
    # Wordsmith goes by link only Word by Word: the note says so before Start would refuse.
    page.goto(site.url + "#new=wordsmith")
    page.click("[data-preset=link]")
    expect(page.locator("#setup-link-note")).to_contain_text("Choose “Word by Word” (under how words are claimed) to play it by link.")
    # Four Letter Words gives no parts ahead: nothing to choose.
    page.goto(site.url + "#new=four-letter-words")
    page.click("[data-preset=link]")
    expect(page.locator("#setup-link-note")).to_be_visible()
    expect(page.locator("#setup-strict-choice")).to_be_hidden()


def test_a_first_shrdlu_game_is_gentle_and_the_form_remembers_the_last_choices(page: Page, site):
    """A newcomer's first race meets an easy bot at Gentle speed (issue 16: the medium bot at
    Normal won before a newcomer had read the cards); the form says what a speed means; the next
    form opens with the players, speed, dictionary and game options chosen last time."""
    page.goto(site.url)
    assert wait_for_boot(page) == "ready"
    page.click("a[href='#new=shrdlu']")
    assert values(page, ".seat-kind") == ["human", "easy"]
    expect(page.locator("#setup-speed")).to_have_value("2100")
    expect(page.locator("#setup-speed-means")).to_have_text(
        "Bots take three times as long as at Normal: time to read everything in a first game.")
    expect(page.locator("#setup-speed")).to_have_accessible_description(page.locator("#setup-speed-means").inner_text())
    expect(page.locator("#setup-start")).to_be_focused()  # a keyboard player starts with one key
    page.select_option("#setup-speed", "250")
    expect(page.locator("#setup-speed-means")).to_contain_text("a third of Normal")
    # Another game keeps its usual first game: a medium bot at Normal, a turn-based meaning.
    page.goto(f"{site.url}#new=four-letter-words")
    expect(page.locator("#setup h2")).to_have_text("New game of Four Letter Words")
    assert values(page, ".seat-kind") == ["human", "medium"]
    expect(page.locator("#setup-speed")).to_have_value("700")
    expect(page.locator("#setup-speed-means")).to_have_text("A bot waits under a second before each move.")
    page.click("#add-seat")
    page.locator(".seat-kind").nth(2).select_option("hard")
    page.locator(".seat-name-input").nth(0).fill("Ann")
    page.select_option("#setup-speed", "1200")
    page.select_option("#setup-lexicon", "common")
    page.check("#flw-judge-players")
    page.click("#setup-start")
    page.wait_for_url("**#game=*")
    page.goto(f"{site.url}#new=four-letter-words")
    expect(page.locator("#setup h2")).to_have_text("New game of Four Letter Words")
    assert values(page, ".seat-kind") == ["human", "medium", "hard"]
    assert values(page, ".seat-name-input") == ["Ann", "Basil", "Clover"]
    expect(page.locator("#setup-speed")).to_have_value("1200")
    expect(page.locator("#setup-lexicon")).to_have_value("common")
    expect(page.locator("#flw-judge-players")).to_be_checked()
    assert pressed(page) == []
    # Shrdlu's form is its own: still the first-game choices.
    page.goto(f"{site.url}#new=shrdlu")
    expect(page.locator("#setup-speed")).to_have_value("2100")
    # A damaged memory is ignored: the usual form, nothing broken.
    page.evaluate("localStorage.setItem('wordtable.setup.v1.four-letter-words', '{not json')")
    page.goto(f"{site.url}#new=four-letter-words")
    expect(page.locator("#setup h2")).to_have_text("New game of Four Letter Words")
    assert values(page, ".seat-kind") == ["human", "medium"]
    expect(page.locator("#setup-start")).to_be_enabled()


def test_the_form_fits_a_small_phone_and_the_grid_size_reads_on_one_line(page: Page, site):
    """At 360 px every box of the form has the same width, and '7 rows × 7 columns' stays on one
    line inside its box (it wrapped and overflowed)."""
    page.set_viewport_size({"width": 360, "height": 640})
    page.goto(site.url)
    assert wait_for_boot(page) == "ready"
    page.goto(f"{site.url}#new=four-letter-words")
    row = page.locator(".grid-size")
    expect(row).to_be_visible()
    boxes = [row.locator(":scope > *").nth(i).bounding_box() for i in range(4)]
    field = page.locator("fieldset", has=row).bounding_box()
    assert len({round(box["y"] + box["height"] / 2) for box in boxes}) == 1, boxes  # one line
    assert max(box["x"] + box["width"] for box in boxes) <= field["x"] + field["width"], (boxes, field)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    # Every box of the form keeps to the same width (the Players box stuck out by 17 px).
    rights = page.eval_on_selector_all(".setup fieldset:not(fieldset fieldset)",
                                       "fs => fs.map(f => Math.round(f.getBoundingClientRect().right))")
    assert len(set(rights)) == 1, rights
