"""Playing a Spell Write turn through the page (used on one device and online)."""

from __future__ import annotations

from playwright.sync_api import Page, expect


def ready_for_a_choice(page: Page) -> str:
    page.wait_for_function("""() => {
        const main = document.querySelector('#table-main');
        return main && !main.inert && main.querySelector('#sw-take, #sw-play, #game-over');
    }""", timeout=30_000)
    if page.locator("#game-over").count():
        return "over"
    return "doubles" if page.locator("#sw-take").count() else "write"


def settle(page: Page) -> None:
    """After choosing a square: skip the 2x2 highlight if offered, then wait for the claims."""
    expect(page.locator("#sw-claims, #sw-skip-block").first).to_be_visible()
    if page.locator("#sw-skip-block").count():
        page.click("#sw-skip-block")
    expect(page.locator("#sw-claims")).to_be_visible()


def take_turn(page: Page, claim) -> None:
    """Takes the first letter the dice allow, writes it in the first empty square, skips any
    highlight, and claims the candidates claim(text) accepts."""
    if ready_for_a_choice(page) == "doubles":
        page.click("#sw-take")
        ready_for_a_choice(page)
    if not page.locator("#sw-letters .lt.chosen").count():
        page.locator("#sw-letters button.lt").first.click()
        expect(page.locator("#sw-letters .lt.chosen")).to_have_count(1)
    page.locator("#sw-play button.sq").first.click()
    settle(page)
    for box in page.locator("#sw-claims input[data-claim]").all():
        if box.is_enabled() and claim(box.get_attribute("data-claim")):
            box.check()  # ticking greys out the lines that share its links
    page.click("#sw-write")
