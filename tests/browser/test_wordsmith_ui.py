"""Wordsmith played through the page: a solo game of two challenges to the end with a word
typed, one tapped on the letter keys, refusals shown with their reasons, the result of each
challenge and the best score kept per variant; a game against an instant bot through its
"Done!" countdown; two people on one device, who play Word by Word (advanced, and plain) with a
panel each in turn;
Secret Wordsmith's sheets checked at the end; and the new-game form."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from conftest import wait_for_boot
from tables import open_prepared_game
from wordsmith_driver import act, claims, game, panel_ready, record_of, state_of, type_claim
from wordtable.games.wordsmith.alphabet import ALPHABET

ME = {"name": "Ann", "bot": None}
FRIEND = {"name": "Bo", "bot": None}


def boot(page: Page, url: str) -> None:
    page.goto(url)
    assert wait_for_boot(page) == "ready"


def screen(page: Page, seat: int = 0) -> str:
    """What the table shows now: a challenge's result, the end, or the seat's panel."""
    panel_ready(page, seat)
    if page.locator("#game-over").count():
        return "over"
    if page.locator("#round-result").count():
        return "result"
    return "race"


def play_to_the_end(page: Page, save_id: str, seat: int = 0, limit: int = 400) -> list[str]:
    """The seat plays every challenge through its panel; each challenge's result is shown and
    left with its button. Returns what was done."""
    done = []
    for _ in range(limit):
        now = screen(page, seat)
        if now == "over":
            return done
        if now == "result":
            done.append("result")
            page.click("#next-round")
            continue
        done.append(act(page, save_id, seat))
    raise AssertionError(f"the game did not end: {done[-20:]}")


def test_a_solo_game_of_two_challenges_with_refusals_and_the_best_score(page, site):
    boot(page, site.url)
    save_id = open_prepared_game(page, site.url, "wordsmith", [ME], {"players": 1, "challenges": 2}, 11)
    panel_ready(page, 0)
    expect(page.locator("#table-headline")).to_have_text("Wordsmith · Challenge 1 of 2")
    pool = state_of(page, save_id).players[0].pool
    chips = page.locator("#ws-panel-0 .ws-pool .ws-chip .ws-n").all_inner_texts()
    assert chips == [f"×{n}" for n in pool]  # red, yellow, blue, green
    expect(page.locator("#ws-roll-0")).to_be_visible()

    # Typing shows at once what the word takes from the pool, before any claim.
    first = claims(page, save_id, 0)[0]["word"]
    page.fill("#ws-word-0", first)
    expect(page.locator("#ws-preview-0 [data-verdict=builds]")).to_contain_text("Your pool builds it")
    expect(page.locator("#ws-preview-0 .ws-preview-word svg")).to_have_attribute("aria-label", re.compile(f"^{first.upper()}:"))
    page.fill("#ws-word-0", "zzzz")
    expect(page.locator("#ws-preview-0 [data-verdict=missing]")).to_contain_text("Missing:")
    # Claimed anyway: Python refuses it, with the reason.
    page.click("#ws-claim-0")
    expect(page.locator("#ws-message-0")).to_contain_text("Your pool cannot build “ZZZZ”: it lacks")
    expect(page.locator("#ws-word-0")).to_have_value("zzzz")  # kept, to be corrected

    # A word built by tapping the letter keys, then claimed.
    page.click("#ws-clear-0")
    for char in first:
        page.click(f"#ws-keys-0 [data-key=\"{char}\"]")
    expect(page.locator("#ws-word-0")).to_have_value(first)
    expect(page.locator("#ws-message-0")).to_be_empty()  # the refusal went with the new word
    page.click("#ws-claim-0")
    expect(page.locator("#ws-sheet-0 .ws-row[data-row='0'] .ws-word-text")).to_have_text(first.upper())
    expect(page.locator("#ws-message-0")).to_contain_text(f"{first.upper()} claimed: {len(first)} points")
    expect(page.locator("#ws-word-0")).to_have_value("")

    # The rule for the next word, in Python's words, while nothing is typed.
    expect(page.locator("#ws-preview-0")).to_contain_text(
        f"Your next word needs a letter {first.upper()} lacks, or one of its letters more times than {first.upper()} has it.")
    # The same letters again: no new letter (GAB after BAG), refused by Python with the reason.
    page.fill("#ws-word-0", first)
    page.click("#ws-claim-0")
    expect(page.locator("#ws-message-0")).to_contain_text(f"No new letter: “{first.upper()}” only moves letters of your previous word")
    page.fill("#ws-word-0", "")

    done = play_to_the_end(page, save_id)
    assert done.count("result") == 2 and any(d.startswith("claim") for d in done)
    state = state_of(page, save_id)
    assert state.outcome is not None and len(state.results) == 2
    total = sum(result.scores[0] for result in state.results)
    expect(page.locator("#verdict")).to_have_text(f"Ann's score: {total} points.")  # alone: a score, not a win
    expect(page.locator("#ws-scores tbody td.ws-game-total")).to_have_text(str(total))
    expect(page.locator("#ws-best")).to_contain_text(f"Your first solo game in this variant: {total} points is the score to beat.")
    expect(page.locator("#ws-final details")).to_have_count(2)  # every sheet of every challenge
    page.click("#ws-final details[data-challenge='1'] summary")  # the last challenge's are open
    expect(page.locator("#ws-final details[data-challenge='1'] .ws-sheet .ws-row .ws-word-text").first).to_have_text(first.upper())

    # Another solo game of the same variant, stopped at once: the best stands, and says so.
    other = open_prepared_game(page, site.url, "wordsmith", [ME], {"players": 1, "challenges": 2}, 12)
    for challenge in range(2):
        panel_ready(page, 0)
        page.click("#ws-stop-0")
        page.click("#ws-stop-0")
        expect(page.locator("#round-result")).to_contain_text("It ended: you stopped.")  # alone: "you", not "everyone"
        expect(page.locator("#next-round")).to_have_text("See your score" if challenge == 1 else "Next challenge")
        page.click("#next-round")
    expect(page.locator("#ws-best")).to_contain_text(f"Your best in this variant is {total}: not beaten this time.")
    expect(page.locator("#ws-best")).to_contain_text("2 games played")
    page.reload()  # the same game reviewed again is not counted twice
    assert wait_for_boot(page) == "ready"
    expect(page.locator("#ws-best")).to_contain_text("2 games played")
    assert record_of(page, other)["moves"] == [[0, {"type": "stop"}], [0, {"type": "stop"}]]

    # Step through the first game: every sheet as it stood.
    page.goto(f"{site.url}#game={save_id}")
    page.click("#replay-open")
    page.fill("#replay-step", "0")
    expect(page.locator("#replay-caption")).to_have_text(re.compile(r"^Step 0 of \d+: The game begins\.$"))
    expect(page.locator("#replay-board .replay-round")).to_have_text("Challenge 1 of 2")
    page.click("#replay-next")
    expect(page.locator("#replay-board .ws-replay-seat .ws-word-text").first).to_have_text(first.upper())

    # The review: the first word claimed, against the longest the pool could build then.
    page.goto(f"{site.url}#review={save_id}")
    summary = re.compile(r"^Ann scored \d+ of the \d+ letters their positions offered: \d+%\.$")
    expect(page.locator("#review-summary li")).to_have_text(summary)
    row = page.locator("#review-turns .review-turn").first
    expect(row).to_contain_text(f"Word 1: {first.upper()} ({len(first)}) · best ")
    row.click()
    expect(page.locator("#review-turns .review-board .ws-replay-seat")).to_be_visible()


def test_a_game_against_an_instant_bot_through_done(page, site):
    boot(page, site.url)
    page.click("a[href='#new=wordsmith']")
    page.click("[data-preset=one-bot]")
    page.locator(".seat-kind").last.select_option("hard")
    page.select_option("#setup-speed", "0")
    page.select_option("#ws-challenges", "1")
    expect(page.locator("#ws-required-from")).to_be_hidden()
    page.check("#ws-advanced")  # required letters, six random ones
    page.check("#ws-from-random")
    expect(page.locator("#setup-lexicon")).to_have_value("wordsmith")  # the game's own dictionary, with contractions
    page.click("#setup-start")
    page.wait_for_url(re.compile("#game="))
    save_id = page.evaluate("location.hash.split('=')[1]")
    options = record_of(page, save_id)["options"]
    assert options["advanced"] is True and options["required_from"] == "random" and options["challenges"] == 1
    required = state_of(page, save_id).required
    expect(page.locator("#ws-sheet-0 .ws-required")).to_have_text([letter.upper() for letter in required])
    # Ann waits while Basil races (an instant bot keeps 2% of its delays): to six words, "Done!".
    panel_ready(page, 0)
    for _ in range(60):
        if page.locator("#ws-done").count() or state_of(page, save_id).players[1].finished:
            break
        page.wait_for_timeout(500)
    waiting = state_of(page, save_id)
    # Basil's Done! leaves Ann a last word, unless her pieces can build none: then the challenge ends at once.
    if waiting.done_by == 1 and waiting.outcome is None:
        expect(page.locator("#ws-done")).to_contain_text(re.compile(r"Done! Basil has six words\. Claim one last word .*: \d+ s left\."))
        expect(page.locator("#ws-roll-0")).to_have_count(0)  # no more pieces after Done!
        expect(page.locator("#table-headline")).to_have_text("Wordsmith · Challenge 1 of 1 · Done! (Basil)")
        basil = [w.upper() for w in state_of(page, save_id).players[1].rows if w]  # row by row
        expect(page.locator("#ws-others [data-seat='1'] .ws-word-text")).to_have_text(basil)  # the others' words, drawn
    for _ in range(200):
        if screen(page) != "race":
            break
        act(page, save_id, 0)
    assert screen(page) == "result"
    state = state_of(page, save_id)
    expect(page.locator("#round-result .verdict")).to_contain_text("Challenge 1:")
    expect(page.locator("#ws-result-sheet-1 caption")).to_contain_text("Basil")
    page.click("#next-round")
    expect(page.locator("#verdict")).to_contain_text(" wins: " if len(state.outcome.winners) == 1 else " share the win: ")
    expect(page.locator("#ws-scores tbody tr")).to_have_count(2)


def start_ann_and_bo(page: Page) -> str:
    """The form's two people named Ann and Bo, the game started: its save's id."""
    page.locator(".seat-name-input").nth(0).fill("Ann")
    page.locator(".seat-name-input").nth(1).fill("Bo")
    page.click("#setup-start")
    page.wait_for_url(re.compile("#game="))
    return page.evaluate("location.hash.split('=')[1]")


def test_two_people_on_one_device_play_word_by_word_in_turn(page, site):
    boot(page, site.url)
    page.click("a[href='#new=wordsmith']")
    expect(page.locator("#ws-race")).to_be_checked()
    page.click("[data-preset=two-people]")
    # The race does not fit one screen: Word by Word, advanced unless the other is chosen.
    expect(page.locator("#ws-word-by-word")).to_be_checked()
    expect(page.locator("#ws-race")).to_be_disabled()
    expect(page.locator("#ws-word-by-word-plain")).to_be_enabled()
    expect(page.locator("#ws-one-device")).to_contain_text("Several people share this device, so the game is Word by Word")
    page.locator(".seat-kind").last.select_option("medium")  # a bot instead: the race is back
    expect(page.locator("#ws-race")).to_be_enabled()
    expect(page.locator("#ws-one-device")).to_be_hidden()
    page.locator(".seat-kind").last.select_option("human")
    expect(page.locator("#ws-race")).to_be_disabled()
    page.select_option("#ws-challenges", "1")
    page.check("#ws-mixed")  # Ann plays with two white discard boxes crossed out
    page.fill("#ws-crossed-0", "2")
    save_id = start_ann_and_bo(page)
    assert record_of(page, save_id)["options"]["word_by_word"] == "dice"
    assert record_of(page, save_id)["options"]["crossed"] == [2, 0]
    expect(page.locator("#ws-sheet-0 .ws-box.crossed")).to_have_count(2)

    # Roll 1: Ann first, then Bo; roll 2: Bo first. Each claims through their own panel.
    expect(page.locator("#ws-queue")).to_contain_text("Ann's turn to claim a word (or pass); then Bo.")
    expect(page.locator("#ws-roll-line")).to_contain_text("Roll 1 for everyone")
    expect(page.locator("#ws-panel-1")).to_have_count(0)
    expect(page.locator("#ws-roll-0")).to_have_count(0)  # nobody rolls their own die
    act(page, save_id, 0)
    expect(page.locator("#ws-queue")).to_contain_text("Bo's turn")
    expect(page.locator("#ws-panel-0")).to_have_count(0)
    act(page, save_id, 1)
    expect(page.locator("#ws-roll-line")).to_contain_text("Roll 2 for everyone")
    expect(page.locator("#ws-queue")).to_contain_text("Bo's turn to claim a word (or pass); then Ann.")
    play_panels_to_the_result(page, save_id)  # whoever's panel shows claims (or passes)
    expect(page.locator("#round-result")).to_be_visible()
    page.click("#next-round")
    expect(page.locator("#verdict")).to_be_visible()
    moves = record_of(page, save_id)["moves"]
    assert {seat for seat, move in moves if move["type"] == "claim"} == {0, 1}


def play_panels_to_the_result(page: Page, save_id: str, limit: int = 300) -> None:
    """People at one device: whoever's panel shows acts, until the challenge's result shows."""
    for _ in range(limit):
        page.wait_for_selector("[id^=ws-panel-], #round-result")
        # Read at once: the last claim's panel may give way to the result between two reads.
        seat = page.evaluate("""() => document.querySelector('#round-result') ? null
          : Number(document.querySelector('[id^=ws-panel-]')?.dataset.seat ?? -1)""")
        if seat is None:
            return
        if seat >= 0:
            act(page, save_id, seat)
    raise AssertionError("the challenge did not end")


def claim_in_turn(page: Page, save_id: str, seat: int, limit: int = 40) -> None:
    """The seat, due at this device, rolls and takes pieces until it claims a word."""
    for _ in range(limit):
        if act(page, save_id, seat).startswith("claim"):
            return
    raise AssertionError(f"seat {seat} claimed no word")

def test_plain_word_by_word_two_people_claim_in_step_rolling_their_own_dice(page, site):
    """The printed Word by Word paragraph alone: claim one word, wait for the others; pieces
    come from your own die, as in the race."""
    boot(page, site.url)
    page.click("a[href='#new=wordsmith']")
    page.click("[data-preset=two-people]")
    page.check("#ws-word-by-word-plain")
    page.select_option("#ws-challenges", "1")
    save_id = start_ann_and_bo(page)
    assert record_of(page, save_id)["options"]["word_by_word"] == "plain"

    expect(page.locator("#ws-queue")).to_contain_text(
        "Ann's turn to claim a word (rolling for pieces as you like); then Bo. The order turns every word.")
    expect(page.locator("#ws-roll-line")).to_have_count(0)  # no dice for everyone
    expect(page.locator("#ws-step-line")).to_have_text(
        "Word by Word: word 1. Claim one word, then wait until everyone has claimed theirs.")
    expect(page.locator("#ws-roll-0")).to_be_visible()     # her own die
    expect(page.locator("#ws-pass-0")).to_have_count(0)
    claim_in_turn(page, save_id, 0)                        # Ann rolls as she likes, then claims
    expect(page.locator("#ws-queue")).to_contain_text("Bo's turn")
    assert state_of(page, save_id).players[0].waiting
    claim_in_turn(page, save_id, 1)
    expect(page.locator("#ws-queue")).to_contain_text("Bo's turn to claim a word (rolling for pieces as you like); then Ann.")
    assert state_of(page, save_id).word_round == 2
    expect(page.locator("#ws-step-line")).to_contain_text("Word by Word: word 2.")
    play_panels_to_the_result(page, save_id)
    page.click("#next-round")
    expect(page.locator("#verdict")).to_be_visible()
    moves = record_of(page, save_id)["moves"]
    assert {seat for seat, move in moves if move["type"] == "claim"} == {0, 1}
    assert not any(move["type"] == "pass" for _seat, move in moves)

def test_secret_wordsmith_hides_words_until_the_sheets_are_checked(page, site):
    boot(page, site.url)
    players = [ME, {"name": "Basil", "bot": "easy"}]
    save_id = open_prepared_game(page, site.url, "wordsmith", players, {"players": 2, "challenges": 1, "secret": True}, 5)
    panel_ready(page, 0)
    # A non-word the pool builds: in Secret Wordsmith it is not checked until the end.
    state = state_of(page, save_id)
    lexicon = game().lexicon_for("wordsmith")
    words = lexicon.buildable(ALPHABET, state.players[0].pool, min_length=3)
    fake = next(w[::-1] for w in words if w[::-1] not in lexicon and w.isalpha())
    type_claim(page, 0, {"word": fake})
    expect(page.locator("#ws-message-0")).to_contain_text(f"{fake.upper()} is on your sheet (checked at the end).")
    expect(page.locator("#ws-sheet-0 .ws-row[data-row='0'] .ws-word-text")).to_have_text(fake.upper())  # my own, shown
    expect(page.locator("#ws-others .ws-other-words .ws-drawn")).to_have_count(0)  # Basil's are not
    if page.locator("#ws-stop-0").count():
        page.click("#ws-stop-0")
        page.click("#ws-stop-0")
    page.wait_for_selector("#round-result", timeout=60_000)
    row = page.locator("#ws-result-sheet-0 .ws-row[data-row='0']")
    expect(row).to_have_class(re.compile("refused"))
    expect(row.locator(".ws-refusal")).to_contain_text("Not a valid word")
    expect(row.locator(".ws-points")).to_have_text("0")
    expect(page.locator("#ws-result-sheet-1 .ws-row .ws-word-text").first).to_be_visible()  # Basil's words, checked
