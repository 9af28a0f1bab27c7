"""The new-game form (issue 16's wording): the preset buttons show which one is active, and
each player's row says which player it is, renumbered when one is removed. Every game shares
this form; Four Letter Words stands for them."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from conftest import wait_for_boot


def pressed(page: Page) -> list[str]:
    return page.eval_on_selector_all("[data-preset][aria-pressed=true]", "buttons => buttons.map(b => b.dataset.preset)")


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
