"""Screenshots of each screen at phone and desktop size, to look at the app as a player does
(every game's end and replay included).

    .venv/bin/python tools/screenshots.py [OUT_DIR] [GAME]     (after `python3 build.py test` set up .venv)

With GAME (wordsmith, one-letter-better), only that game's screens are taken. One Letter Better's
are taken at 390×844 and 1366×900.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

from playwright.sync_api import sync_playwright  # noqa: E402

import build  # noqa: E402
import one_letter_better_driver  # noqa: E402
from four_letter_words_driver import play_to_the_end  # noqa: E402
from harness import CHROMIUM_FLAGS, TEST_CONTEXT, LocalSite  # noqa: E402
from layout import measure  # noqa: E402
from spell_write_driver import take_turn  # noqa: E402
from tables import open_prepared_game  # noqa: E402
from wordsmith_driver import act, claims, game as ws_game, panel_ready, state_of, type_claim  # noqa: E402

sys.path.insert(0, str(ROOT / "py"))
from wordtable.games.wordsmith.alphabet import ALPHABET  # noqa: E402
from wordtable.lexicon import store  # noqa: E402

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
OLB_VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1366, "height": 900}}


def main(out: Path, only: str | None = None) -> None:
    out.mkdir(parents=True, exist_ok=True)
    dist = build.build()
    broken = Path(tempfile.mkdtemp()) / "site"
    shutil.copytree(dist, broken)
    (broken / "pyodide" / build.STDLIB_SENT_NAME).unlink()
    good, bad = LocalSite(dist), LocalSite(broken)
    good.start()
    bad.start()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=build.find_chromium(), args=CHROMIUM_FLAGS)
        for size, viewport in OLB_VIEWPORTS.items():
            if only not in (None, "one-letter-better"):
                break
            page = browser.new_context(viewport=viewport, **TEST_CONTEXT).new_page()
            page.goto(good.url)
            page.wait_for_function("document.body.dataset.boot === 'ready'", timeout=60_000)
            one_letter_better_screens(page, out, size)
            page.context.close()
        for size, viewport in VIEWPORTS.items():
            if only == "one-letter-better":
                break
            page = browser.new_context(viewport=viewport, **TEST_CONTEXT).new_page()
            if only == "wordsmith":
                page.goto(good.url)
                page.wait_for_function("document.body.dataset.boot === 'ready'", timeout=60_000)
                wordsmith_screens(page, out, size)
                continue
            gate = good.hold(f"pyodide/{build.STDLIB_SENT_NAME}")
            page.goto(good.url)
            page.wait_for_selector("#boot-label:has-text('Starting the rules checker')")
            page.screenshot(path=out / f"loading-{size}.png", full_page=True)
            gate.set()
            page.wait_for_function("document.body.dataset.boot === 'ready'", timeout=60_000)
            page.screenshot(path=out / f"home-{size}.png", full_page=True)
            page.wait_for_selector("#word-check button:not([disabled])")
            page.fill("#word-check-input", "nigth")
            page.click("#word-check button")
            page.click("#own-list summary")
            page.fill("#own-list-title", "Foods")
            page.fill("#own-list-text", "kale\nleek\n42\nquinoa")
            page.click("#own-list-form button[type=submit]")
            page.wait_for_selector("#own-list-result:not(:empty)")
            page.locator("#dictionaries").screenshot(path=out / f"dictionaries-{size}.png")
            game_screens(page, out, size)
            page.goto(bad.url)
            page.wait_for_function("document.body.dataset.boot === 'failed'", timeout=60_000)
            page.screenshot(path=out / f"boot-error-{size}.png", full_page=True)
            good.held.clear()
        browser.close()
    good.stop()
    bad.stop()
    print(f"screenshots in {out}")


def game_screens(page, out: Path, size: str) -> None:
    """Four Letter Words: setup, each kind of turn, pass-and-play, the end, the replay, saves."""
    page.goto(page.url.split("#")[0] + "#new=four-letter-words")
    page.wait_for_selector("#setup-start")
    page.click("[data-preset=two-people]")
    page.check("#flw-judge-players")
    page.select_option("#setup-speed", "0")
    page.screenshot(path=out / f"setup-{size}.png", full_page=True)
    page.click("#setup-start")
    page.wait_for_selector("#privacy-continue")
    page.screenshot(path=out / f"pass-and-play-privacy-{size}.png", full_page=True)
    page.click("#privacy-continue")
    page.fill("#flw-word", "salt")
    page.screenshot(path=out / f"choose-{size}.png", full_page=True)
    page.click("#table-rules")  # the rules over the game (the same "?" on every game's screen)
    page.frame_locator("#rules-frame").locator("h1").wait_for()
    page.screenshot(path=out / f"rules-over-the-game-{size}.png")
    page.click("#rules-close")
    page.click("#flw-choose")
    page.wait_for_selector("#flw-accept")
    page.screenshot(path=out / f"judge-{size}.png", full_page=True)
    page.click("#flw-accept")
    page.click("#privacy-continue")
    page.click("[data-cell=B2]")
    page.click("[data-cell=B3]")
    page.screenshot(path=out / f"write-preview-{size}.png", full_page=True)
    play_to_the_end(page)
    page.screenshot(path=out / f"game-over-{size}.png", full_page=True)
    page.click("#replay-open")
    page.fill("#replay-step", "6")
    page.screenshot(path=out / f"replay-{size}.png", full_page=True)
    page.click("a:has-text('Home')")
    page.wait_for_selector(".save")
    page.locator("#saves-section").screenshot(path=out / f"saved-games-{size}.png")
    shrdlu_screens(page, out, size)
    spell_write_screens(page, out, size)
    wordsmith_screens(page, out, size)


def spell_write_screens(page, out: Path, size: str) -> None:
    """Spell Write: a turn with a letter chosen and placed, and the claims offered."""
    page.goto(page.url.split("#")[0] + "#play=spell-write&seed=4242&mode=competitive&lexicon=standard")
    page.wait_for_selector("#sw-take, #sw-letters button.lt")
    if page.locator("#sw-take").count():
        page.screenshot(path=out / f"spell-write-doubles-{size}.png", full_page=True)
        page.click("#sw-take")
    page.locator("#sw-letters button.lt").first.click()
    page.wait_for_selector("#sw-letters .lt.chosen")
    page.locator("#sw-play button.sq").first.click()
    page.wait_for_selector("#sw-claims, #sw-skip-block")
    page.screenshot(path=out / f"spell-write-turn-{size}.png", full_page=True)
    spell_write_end_screens(page, out, size)


def start_against_two_bots(page, game: str, speed: str) -> None:
    page.goto(page.url.split("#")[0] + f"#new={game}")
    page.wait_for_selector("#setup-start")
    page.click("[data-preset=two-bots]")
    page.select_option("#setup-speed", speed)
    page.click("#setup-start")


def shrdlu_screens(page, out: Path, size: str) -> None:
    """Shrdlu: a round against a bot, a refused answer, a call's countdown, a round's result."""
    start_against_two_bots(page, "shrdlu", "1200")
    page.wait_for_selector("#spread")
    page.fill("#shrdlu-word", "q" * page.locator("#spread .card").count())
    page.click("#shrdlu-submit")
    page.wait_for_selector("#shrdlu-message:not(:empty)")
    page.screenshot(path=out / f"shrdlu-refused-{size}.png", full_page=True)
    page.click("#shrdlu-call")
    page.wait_for_selector("#countdown, #round-result")
    page.screenshot(path=out / f"shrdlu-countdown-{size}.png", full_page=True)
    page.wait_for_selector("#round-result", timeout=60_000)
    page.screenshot(path=out / f"shrdlu-result-{size}.png", full_page=True)
    shrdlu_end_screens(page, out, size)


def shrdlu_end_screens(page, out: Path, size: str) -> None:
    """Shrdlu's end and its replay: a game against two instant bots, rounds clicked through."""
    start_against_two_bots(page, "shrdlu", "0")
    for _round in range(14):
        page.click("#next-round", timeout=60_000)
        if page.locator("#game-over").count():
            break
    page.wait_for_selector("#game-over")
    page.screenshot(path=out / f"shrdlu-over-{size}.png", full_page=True)
    page.click("#replay-open")
    page.fill("#replay-step", "3")
    page.screenshot(path=out / f"shrdlu-replay-{size}.png", full_page=True)


def spell_write_end_screens(page, out: Path, size: str) -> None:
    """Spell Write's end and its replay: a shared-link game played through, real words claimed."""
    standard = store.load("standard")
    page.goto(page.url.split("#")[0] + "#play=spell-write&seed=77&mode=competitive&lexicon=standard")
    while True:
        page.wait_for_function("""() => { const m = document.querySelector('#table-main');
            return m && !m.inert && m.querySelector('#sw-take, #sw-play, #game-over'); }""", timeout=30_000)
        if page.locator("#game-over").count():
            break
        take_turn(page, lambda text: text.lower() in standard)
    page.screenshot(path=out / f"spell-write-over-{size}.png", full_page=True)
    page.click("#replay-open")
    page.fill("#replay-step", "5")
    page.screenshot(path=out / f"spell-write-replay-{size}.png", full_page=True)


def wordsmith_screens(page, out: Path, size: str) -> None:
    """Wordsmith: the race at the start (Advanced, its rows), a word typed with its preview, a
    star's pick, "Done!" and its clock, a challenge's sheets, the end, the replay, the alphabet
    card, two people on one device (Word by Word) and the how-to-play page. Also at 360 px wide
    on a phone, where nothing may stick out sideways."""
    base = page.url.split("#")[0]
    shot = lambda name: page.screenshot(path=out / f"wordsmith-{name}-{size}.png", full_page=True)  # noqa: E731
    screen = lambda name: page.screenshot(path=out / f"wordsmith-{name}-{size}-screen.png")  # noqa: E731 - what shows without scrolling
    players = [{"name": "Ann", "bot": None}, {"name": "Basil", "bot": "medium"}]
    save_id = open_prepared_game(page, base, "wordsmith", players, {"players": 2, "advanced": True, "crossed": [2, 0]}, 3,
                                 bot_delay=1200)
    panel_ready(page, 0)
    shot("race")
    screen("race")
    found = claims(page, save_id, 0)
    page.fill("#ws-word-0", found[0]["word"])
    screen("typing")
    page.fill("#ws-word-0", found[0]["word"] + "s")
    shot("typing-missing")
    page.fill("#ws-word-0", "")
    for _ in range(30):
        if page.locator("#ws-pick-0").count():
            break
        page.click("#ws-roll-0")
        panel_ready(page, 0)
        page.wait_for_timeout(150)
    screen("pick")
    page.click("#ws-alphabet-open")
    page.wait_for_selector("#ws-alphabet-dialog .ws-alphabet")
    screen("alphabet")
    page.click("#ws-alphabet-close")
    if size == "phone":
        page.set_viewport_size({"width": 360, "height": 740})
        page.fill("#ws-word-0", "quizzed")
        page.wait_for_timeout(200)
        problem = measure(page)["overflow"]  # the layout test's own measure
        page.screenshot(path=out / "wordsmith-race-360.png", full_page=True)
        if problem:
            print(f"wordsmith at 360 px: {problem} sticks out sideways")
        page.set_viewport_size(VIEWPORTS["phone"])

    # Against an instant bot over two challenges: its "Done!", the sheets, the end, the replay.
    players = [{"name": "Ann", "bot": None}, {"name": "Basil", "bot": "hard"}]
    save_id = open_prepared_game(page, base, "wordsmith", players, {"players": 2, "challenges": 2}, 8, bot_delay=0)
    panel_ready(page, 0)
    act(page, save_id, 0)
    page.wait_for_selector("#ws-done, #round-result", timeout=60_000)
    if page.locator("#ws-done").count():
        page.wait_for_timeout(1500)
        screen("done")
    while not page.locator("#game-over").count():
        panel_ready(page, 0, timeout=90_000)
        if page.locator("#round-result").count():
            shot(f"result-{len(state_of(page, save_id).results)}")
            page.click("#next-round")
        elif not page.locator("#game-over").count():
            act(page, save_id, 0)
    shot("over")
    page.click("#replay-open")
    page.fill("#replay-step", "4")
    shot("replay")

    # Two people on one device: Word by Word, one panel at a time.
    page.goto(base + "#new=wordsmith")
    page.wait_for_selector("#setup-start")
    page.click("[data-preset=two-people]")
    page.wait_for_timeout(300)
    shot("setup")
    page.click("#setup-start")
    panel_ready(page, 0)
    save_id = page.evaluate("location.hash.split('=')[1]")
    act(page, save_id, 0)  # Player 1 claims; Player 2's turn
    panel_ready(page, 1)
    shot("one-device")

    # Secret Wordsmith: a made-up word is taken unchecked, then the sheets are checked.
    players = [{"name": "Ann", "bot": None}, {"name": "Basil", "bot": "easy"}]
    save_id = open_prepared_game(page, base, "wordsmith", players, {"players": 2, "challenges": 1, "secret": True}, 5, bot_delay=250)
    panel_ready(page, 0)
    lexicon = ws_game().lexicon_for("wordsmith")
    words = lexicon.buildable(ALPHABET, state_of(page, save_id).players[0].pool, min_length=3)
    type_claim(page, 0, {"word": next(w[::-1] for w in words if w[::-1] not in lexicon and w.isalpha())})
    page.wait_for_selector("#ws-others [data-seat='1'] .ws-other-words .muted:has-text('secret')", timeout=60_000)
    shot("secret")
    page.click("#ws-stop-0")
    page.click("#ws-stop-0")
    page.wait_for_selector("#round-result", timeout=120_000)
    shot("secret-result")
    page.goto(base + "how-to-play/wordsmith.html")
    page.wait_for_selector(".ws-alphabet")
    shot("how-to-play")
    page.goto(base)
    page.wait_for_function("document.body.dataset.boot === 'ready'", timeout=60_000)


def one_letter_better_screens(page, out: Path, size: str) -> None:
    """One Letter Better: the new-game form, a turn's draw and play (a selection previewed, a
    steal's placements, a refusal), players deciding (the privacy screen, a challenge), a
    round's result, the end and its replay, a solo game's end and the how-to-play page."""
    base = page.url.split("#")[0]
    shot = lambda name: page.screenshot(path=out / f"olb-{name}-{size}.png", full_page=True)  # noqa: E731
    page.goto(base + "#new=one-letter-better")
    page.wait_for_selector("#setup-start")
    page.click("[data-preset=one-bot]")
    page.check("#olb-handicap")
    shot("setup")
    players = [{"name": "Ann", "bot": None}, {"name": "Basil", "bot": "medium"}]
    open_prepared_game(page, base, "one-letter-better", players, {"players": 2, "rounds": 2, "target": 40}, 5)
    one_letter_better_driver.wait_for_screen(page)
    shot("draw")
    page.click("#olb-draw")
    one_letter_better_driver.wait_for_screen(page)
    page.click("#olb-suggest")
    page.wait_for_selector(".olb-suggested")
    page.wait_for_selector("#olb-preview .olb-verdict", timeout=5_000)
    shot("play-preview")
    page.click("#olb-clear")
    hand = page.locator("#olb-hand .olb-hand-card")
    hand.nth(0).click()
    hand.nth(1).click()
    page.wait_for_selector("#olb-preview .olb-verdict")
    shot("refused")  # (or, if the two cards spell a word, its preview)
    page.click("#olb-clear")
    one_letter_better_driver.play_to_the_end(page, on_screen=lambda current: current == "result" and shot("result"))
    shot("over")
    page.click("#replay-open")
    page.fill("#replay-step", "3")
    shot("replay")

    # Two people, players decide: the privacy screen, then a play the other may challenge.
    page.goto(base + "#new=one-letter-better")
    page.wait_for_selector("#setup-start")
    page.click("[data-preset=two-people]")
    page.check("#olb-judge-players")
    page.click("#setup-start")
    page.wait_for_selector("#privacy-continue")
    shot("privacy")
    page.click("#privacy-continue")
    page.click("#olb-take")  # the top card alone: kept like a card drawn, or put back
    page.wait_for_selector("#olb-put-back")
    shot("took-one")
    page.click("#olb-put-back")
    page.wait_for_selector("#olb-draw")
    page.click("#olb-draw")
    one_letter_better_driver.wait_for_screen(page)
    hand = page.locator("#olb-hand .olb-hand-card")
    hand.nth(0).click()
    hand.nth(1).click()
    page.wait_for_selector("#olb-preview .olb-verdict")
    page.click("#olb-play")
    page.wait_for_selector("#olb-accept", timeout=10_000)
    shot("challenge")

    # Solo through the deck.
    page.goto(base + "#new=one-letter-better")
    page.wait_for_selector("#setup-start")
    page.click("[data-preset=alone]")
    shot("setup-solo")
    page.click("#setup-start")
    page.wait_for_url("**#game=*")
    one_letter_better_driver.play_to_the_end(page, limit_s=120)
    shot("solo-over")
    page.goto(base + "how-to-play/one-letter-better.html")
    page.wait_for_selector("#olb-deck")
    shot("how-to-play")
    page.goto(base)


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "screenshots", sys.argv[2] if len(sys.argv) > 2 else None)
