"""Embeds (issue 16): the home screen's "Embed" dialog writes the iframe code for a game and a
preset; a blog page on another origin pastes it, and a reader plays right there: the compact
layout (no masthead), the players already chosen, and a link opening the whole app in a new tab."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from conftest import wait_for_boot
from harness import LocalSite


def test_a_game_embedded_in_a_blog_post_on_another_origin(page: Page, site, tmp_path):
    page.goto(site.url)
    assert wait_for_boot(page) == "ready"
    page.click("[data-embed=four-letter-words]")
    expect(page.locator("#embed-dialog")).to_be_visible()
    expect(page.locator("#embed-preset")).to_be_focused()
    page.select_option("#embed-preset", "one-bot")
    code = page.locator("#embed-code").input_value()
    assert code.startswith(f'<iframe src="{site.url}?embed#new=four-letter-words&preset=one-bot"')
    page.select_option("#embed-preset", "two-people")
    expect(page.locator("#embed-code")).to_have_value(re.compile("preset=two-people"))
    code = page.locator("#embed-code").input_value()
    page.keyboard.press("Escape")
    expect(page.locator("#embed-dialog")).to_have_count(0)

    # The blog: another origin (another port), the code pasted as it was given.
    (tmp_path / "post.html").write_text(f"<!doctype html><title>My blog</title><h1>A word game</h1>{code}")
    blog = LocalSite(tmp_path)
    blog.start()
    try:
        page.goto(f"{blog.url}post.html")
        frame = page.frame_locator("iframe")
        expect(frame.locator("#setup-start")).to_be_enabled(timeout=60_000)
        expect(frame.locator(".masthead")).to_be_hidden()  # the compact layout
        assert frame.locator(".seat-kind").evaluate_all("fields => fields.map(f => f.value)") == ["human", "human"]
        expect(frame.locator("#embed-open")).to_have_attribute("target", "_blank")
        expect(frame.locator("#embed-open")).to_have_attribute("href", re.compile(r"^" + re.escape(site.url) + r"#new=four-letter-words"))
        # A reader plays: two people on one device, the first word chosen from a suggestion.
        frame.locator("#setup-start").click()
        frame.locator("#privacy-continue").click()
        frame.locator("#flw-suggest").click()
        expect(frame.locator("#flw-word")).to_have_value(re.compile("^[A-Z]{4}$"))
        frame.locator("#flw-choose").click()
        expect(frame.locator("#privacy-continue, #flw-grid").first).to_be_visible()
        # The way out: the game's save lives in this embed's storage (partitioned by the blog's
        # site), so the whole app opens at the game's new-game form, never at a missing save.
        expect(frame.locator("#embed-open")).to_have_attribute("href", f"{site.url}#new=four-letter-words")
    finally:
        blog.stop()
