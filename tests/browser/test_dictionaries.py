"""Dictionaries in the browser: checking words, and a player's own list kept across reloads."""

import json

from playwright.sync_api import Page, expect

from conftest import wait_for_boot

OWN_LISTS_KEY = "wordtable.ownLists.v1"


def open_dictionaries(page: Page, url: str) -> None:
    page.goto(url)
    assert wait_for_boot(page) == "ready"
    expect(page.locator("#word-check button")).to_be_enabled(timeout=30_000)


def check(page: Page, word: str, lexicon: str | None = None) -> str:
    if lexicon:
        page.select_option("#word-check-lexicon", label=lexicon)
    page.fill("#word-check-input", word)
    page.click("#word-check button")
    result = page.locator("#word-check-result")
    expect(result).not_to_be_empty()
    text = result.inner_text()
    page.evaluate("document.getElementById('word-check-result').textContent = ''")
    return text


def add_own_list(page: Page, title: str, text: str) -> str:
    page.click("#own-list summary")
    page.fill("#own-list-title", title)
    page.fill("#own-list-text", text)
    page.click("#own-list-form button[type=submit]")
    result = page.locator("#own-list-result")
    expect(result).not_to_be_empty()
    return result.inner_text()


def test_shipped_dictionaries_are_listed_and_answer(page, site):
    open_dictionaries(page, site.url)
    for title in ["Standard", "Common words", "Large", "British", "Standard with contractions"]:
        expect(page.locator(".dictionary h3", has_text=title).first).to_be_visible()
    expect(page.locator("[data-lexicon=standard] .meta")).to_contain_text("111,548 words")
    assert check(page, "Night").startswith("Yes")
    assert "not in the Standard dictionary" in check(page, "nigth")
    assert check(page, "colour", "British").startswith("Yes")
    # Abbreviations and letter names are not words; hyphenated words are Wordsmith's (issue 31).
    assert "not in the Standard dictionary" in check(page, "GS", "Standard")
    assert check(page, "x-ray", "Standard with contractions").startswith("Yes")
    # Punctuation is explained, not just refused (issue 16); the word shows as the player sees it.
    assert check(page, "night!", "Standard") == ("Dictionaries hold letters only (apostrophes and hyphens inside a word count), "
                                                 "so “night!” is looked up as NIGHT. Yes: NIGHT is in the Standard dictionary.")


def test_own_list_is_added_kept_and_deleted(page, site):
    open_dictionaries(page, site.url)
    message = add_own_list(page, "Foods", "Kale\nleek\nCRÈME\n42\nquinoa\n")
    assert "Added “Foods” with 4 words" in message and "1 item was not a word and left out: 42 (no letters)." in message
    assert check(page, "creme", "Foods").startswith("Yes")
    assert "not in the Foods dictionary" in check(page, "night", "Foods")

    page.reload()  # kept across reloads
    open_dictionaries(page, site.url)
    expect(page.locator(".dictionary h3", has_text="Foods")).to_be_visible()
    assert check(page, "quinoa", "Foods").startswith("Yes")

    page.locator(".dictionary", has_text="Foods").get_by_role("button", name="Delete").click()
    expect(page.locator(".dictionary h3", has_text="Foods")).to_have_count(0)
    page.reload()
    open_dictionaries(page, site.url)
    expect(page.locator(".dictionary h3", has_text="Foods")).to_have_count(0)
    assert json.loads(page.evaluate(f"localStorage.getItem('{OWN_LISTS_KEY}')")) == []


def test_garbage_list_is_refused_and_nothing_is_saved(page, site):
    open_dictionaries(page, site.url)
    message = add_own_list(page, "Junk", "1\n2\n3\n!!!\nok\n")
    assert "does not look like a word list" in message
    assert page.evaluate(f"localStorage.getItem('{OWN_LISTS_KEY}')") is None
    expect(page.locator(".dictionary h3", has_text="Junk")).to_have_count(0)


def test_unreadable_saved_lists_are_reported_and_kept_aside(page, site):
    page.goto(site.url)
    page.evaluate(f"localStorage.setItem('{OWN_LISTS_KEY}', '{{not json')")
    open_dictionaries(page, site.url)
    page.reload()
    open_dictionaries(page, site.url)
    expect(page.locator("#dictionary-notice")).to_contain_text("could not be read")
    # Still untouched after the visit; a new list keeps the unreadable one aside, not lost.
    assert page.evaluate(f"localStorage.getItem('{OWN_LISTS_KEY}')") == "{not json"
    add_own_list(page, "Birds", "wren\nrobin\n")
    kept = page.evaluate(f"""Object.keys(localStorage).filter(k => k.startsWith('{OWN_LISTS_KEY}.unreadable-'))
                             .map(k => localStorage.getItem(k))""")
    assert kept == ["{not json"]


def test_a_tampered_saved_list_cannot_break_the_app(page, site):
    page.goto(site.url)
    tampered = [{"id": "custom:x", "title": "Evil", "words": ["<script>", "1234", "%%%"]},
                {"id": "custom:y", "title": "Fine", "words": ["apple", "pear"]}]
    page.evaluate(f"localStorage.setItem('{OWN_LISTS_KEY}', {json.dumps(json.dumps(tampered))})")
    page.reload()
    open_dictionaries(page, site.url)
    expect(page.locator("#dictionary-notice")).to_contain_text("“Evil” could not be used")
    assert check(page, "pear", "Fine").startswith("Yes")


def test_own_list_from_a_file(page, site, tmp_path):
    words_file = tmp_path / "birds.txt"
    words_file.write_text("Wren\r\nrobin\r\nthrush\r\n", encoding="utf-8")
    open_dictionaries(page, site.url)
    page.click("#own-list summary")
    page.fill("#own-list-title", "Birds")
    page.set_input_files("#own-list-file", str(words_file))
    page.click("#own-list-form button[type=submit]")
    expect(page.locator("#own-list-result")).to_contain_text("Added “Birds” with 3 words.")
    assert check(page, "wren", "Birds").startswith("Yes")


def test_a_binary_file_is_refused(page, site, tmp_path):
    blob = tmp_path / "photo.txt"
    blob.write_bytes(bytes(range(256)) * 40)
    open_dictionaries(page, site.url)
    page.click("#own-list summary")
    page.set_input_files("#own-list-file", str(blob))
    page.click("#own-list-form button[type=submit]")
    expect(page.locator("#own-list-result")).to_contain_text("binary file")
    assert page.evaluate(f"localStorage.getItem('{OWN_LISTS_KEY}')") is None
