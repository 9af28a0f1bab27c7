"""Phone first (issue 16), over every registered game at 360×640, 390×844 and 1366×900: the
new-game form, the pass-the-device screen, and the positions of a game that bots played (each
phase, acting and waiting, and the end). On each, nothing sticks out sideways, the control for
what to do next is on the first screen without scrolling, and keyboard focus is on it; and
axe-core finds no critical or serious accessibility problem (test_accessibility.py's check,
run here on the same page loads).

LAYOUT_SHOTS=DIR keeps a screenshot of every screen and size there."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from conftest import wait_for_boot
from harness import LocalSite
from layout import check_all_sizes, open_position, positions, variant_positions
from test_accessibility import problems as accessibility_problems
from toy_games import TOY_GAMES
from toy_site import build_with_toy_games
from wordtable.games import BUILT_IN, game_class, reviewer_of

SHOTS = Path(os.environ["LAYOUT_SHOTS"]) if os.environ.get("LAYOUT_SHOTS") else None


@pytest.mark.parametrize("game_id", BUILT_IN)
def test_every_screen_of_the_game_fits_a_phone_with_the_next_action_in_view(page: Page, site, game_id):
    check_every_screen(page, site, game_id)


@pytest.fixture(scope="module")
def toy_site(tmp_path_factory) -> Iterator[LocalSite]:
    """The site built with the toy games added as a game is added (toy_site.py)."""
    server = LocalSite(build_with_toy_games(tmp_path_factory.mktemp("toy-site")))
    server.start()
    yield server
    server.stop()


@pytest.mark.parametrize("game_id", sorted(TOY_GAMES))
def test_a_toy_game_added_by_its_folders_and_two_registry_lines_fits_too(page: Page, toy_site, game_id):
    page.goto(toy_site.url)
    assert wait_for_boot(page) == "ready"
    expect(page.locator(f"#games a[href='#new={game_id}']")).to_be_visible()  # on the home screen
    check_every_screen(page, toy_site, game_id)


def check_every_screen(page: Page, site, game_id: str) -> None:
    page.goto(site.url)
    assert wait_for_boot(page) == "ready"
    found = []
    page.goto(f"{site.url}#new={game_id}")
    expect(page.locator("#setup-start")).to_be_enabled()
    found += check_all_sizes(page, f"{game_id}-setup", acting=True, shots=SHOTS)
    found += accessibility_problems(page, f"{game_id}-setup")
    for label, record, acting in positions(game_id) + variant_positions(game_id):
        open_position(page, site.url, game_id, label, record)
        found += check_all_sizes(page, label, acting=acting, shots=SHOTS)
        found += accessibility_problems(page, label)
    label, record, _acting = positions(game_id)[-1]  # the end: its review, where the game has one
    open_position(page, site.url, game_id, label, record)
    if reviewer_of(game_id) is not None:
        page.click("#review-open")
        expect(page.locator("#review-turns .review-turn").first).to_be_visible()
        found += check_all_sizes(page, f"{game_id}-review", acting=True)  # focus on the way back
        page.locator("#review-turns .review-turn").first.click()  # a turn's board open, the longest row
        found += check_all_sizes(page, f"{game_id}-review-board", acting=False, shots=SHOTS)
        found += accessibility_problems(page, f"{game_id}-review")
    if not game_class(game_id).kind.realtime:  # two people on one device: the screen between turns
        label, record, _acting = positions(game_id)[0]
        open_position(page, site.url, game_id, f"{game_id}-privacy", record, people=2)
        if page.locator("#privacy-continue").count():
            found += check_all_sizes(page, f"{game_id}-privacy", acting=True, shots=SHOTS)
    assert not found, "\n".join(found)
