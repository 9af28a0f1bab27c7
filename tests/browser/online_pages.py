"""Inside a network namespace (see netns.py): a host page starts Four Letter Words with a
friend's seat online, invites it by link, a guest page answers, and the two play through the
app's screens over WebRTC. Prints the results as JSON. Run by test_webrtc.py."""

from __future__ import annotations

import json
import sys
import time
from dataclasses import replace
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent.parent), str(HERE.parent.parent / "py"), str(HERE)]

from online_driver import DROP_SEEN_MS, browser_pages, invitation, ready  # noqa: E402
from wordtable.games.four_letter_words.rules import FourLetterWords  # noqa: E402
from wordtable.lexicon import store  # noqa: E402

GAME = FourLetterWords(lambda name: store.load(name))


def fitting_word(view: dict) -> str:
    """A word that fits the guest's own grid (what a person would think of)."""
    state = GAME.new(view["options"], 0)
    grids = list(state.grids)
    grids[view["seat"]] = "".join(view["grid"])
    return GAME.fitting_words(replace(state, grids=tuple(grids)), view["seat"])[0]


# The pages run as on a slow phone (issue 30: a rejoin after a drop must hold under CPU load):
# the browser with all its pages gets half this machine's CPU (online_driver.slowed_chromium).
SLOW_CPU = 2


def main(dist: str) -> None:
    result: dict = {}
    with browser_pages(dist, slow_cpu=SLOW_CPU) as pages:
        host, guest = pages.new(), pages.new()
        host.goto(pages.site.url)
        ready(host)
        host.click("a[href='#new=four-letter-words']")
        host.click("[data-preset=two-people]")
        host.locator(".seat-kind").last.select_option("online")
        host.fill("#flw-rows", "5")
        host.fill("#flw-cols", "5")
        host.click("#setup-start")
        link = invitation(host, 1)
        guest.goto(link)
        ready(guest)
        answer = (guest.locator("#answer-code").input_value(timeout=15_000)
                  if guest.wait_for_selector("#answer-code", timeout=15_000) else "")
        result["answer_chars"] = len(answer)
        started = time.perf_counter()
        host.fill("#invite-answer", answer)
        host.click("#invite-connect")
        guest.wait_for_selector("#table-headline", timeout=15_000)
        result["connect_ms"] = (time.perf_counter() - started) * 1000
        host.click("#invite-close")
        host.wait_for_selector("[data-online='1']:has-text('connected')")
        delays = []

        def over() -> bool:
            return bool(host.locator("#game-over").count())

        def play_word(turn: int) -> None:
            view = guest.evaluate("wordtable.guest.view")
            if view["chooser"] == 1:
                guest.fill("#flw-word", fitting_word(view))
                sent = time.perf_counter()
                guest.click("#flw-choose")
                host.wait_for_selector("#flw-grid, #privacy-continue")
                delays.append((time.perf_counter() - sent) * 1000)
            else:
                host.click("#flw-suggest")
                host.wait_for_function("document.querySelector('#flw-word').value.length === 4")
                sent = time.perf_counter()
                host.click("#flw-choose")
                guest.wait_for_selector("#flw-grid")
                delays.append((time.perf_counter() - sent) * 1000)
            for page in (host, guest):  # both write the word (or strike when it fits nowhere)
                page.wait_for_selector("#flw-grid, #game-over, #verdict")
                if not page.locator("#flw-grid").count():
                    continue
                if page.locator("#flw-grid .cell.start").count():
                    page.locator("#flw-grid .cell.start").first.click()
                    page.click("#flw-write")
                else:
                    page.click("#flw-strike")
                page.wait_for_selector("#flw-grid", state="detached")
            host.wait_for_selector("#flw-word, #remote-waiting, #game-over")
            guest.wait_for_function("wordtable.guest.view && (wordtable.guest.view.history.length === %d"
                                    " || wordtable.guest.view.phase === 'over')" % (turn + 1))

        # The game is on the guest's screen once the start's draw is in (and its dictionary, which
        # its device needs for its own grid).
        guest.wait_for_function("wordtable.guest && wordtable.guest.view !== null && wordtable.guest.view !== undefined")
        for turn in range(3):  # three words, each chosen by whoever's turn it is, written by both
            play_word(turn)
        result["guest_history"] = guest.evaluate("wordtable.guest.view.history")
        result["host_history"] = host.locator("#history li").all_inner_texts()
        # Mid-game, the guest's view holds its own grid only.
        result["guest_sees_other_grid"] = '"grids"' in json.dumps(guest.evaluate("wordtable.guest.view"))

        # The guest's connection drops (the tab closes); the host invites the seat again and
        # the guest comes back to the same seat and the same game.
        guest.close()
        host.wait_for_selector("[data-online='1']:has-text('dropped')", timeout=DROP_SEEN_MS)
        # Back in the same browser (it holds the seat's secret part of the game's randomness).
        guest = pages.join(host, 1, guest=guest.context.new_page())
        result["after_rejoin"] = guest.evaluate("[wordtable.guest.view.seat, wordtable.guest.view.history.length]")
        # On to the end, whoever is still in: each page acts when it has something to do.
        deadline = time.monotonic() + 60
        actions = 0
        while not (host.locator("#verdict").count() and guest.locator("#verdict").count()):
            assert time.monotonic() < deadline, (
                "the online game did not end:\nHOST " + host.inner_text("#screen-table")[:700]
                + "\nGUEST " + guest.inner_text("#screen-table")[:700])
            acted = False
            for page in (host, guest):
                try:
                    if page is guest and page.locator("#flw-word").count():
                        page.fill("#flw-word", fitting_word(guest.evaluate("wordtable.guest.view")), timeout=2000)
                        page.click("#flw-choose", timeout=2000)
                    elif page is host and page.locator("#flw-suggest").count():
                        page.click("#flw-suggest", timeout=2000)
                        page.wait_for_function("document.querySelector('#flw-word').value.length === 4", timeout=2000)
                        page.click("#flw-choose", timeout=2000)
                    elif page.locator("#flw-grid:not([inert])").count() and not page.locator("[inert] #flw-grid").count():
                        if page.locator("#flw-grid .cell.start").count():
                            page.locator("#flw-grid .cell.start").first.click(timeout=2000)
                            page.click("#flw-write", timeout=2000)
                        else:
                            page.click("#flw-strike", timeout=2000)
                    else:
                        continue
                    acted = True
                    actions += 1
                    page.wait_for_timeout(150)
                except Exception:  # the screen changed under us: look again
                    pass
            if not acted:
                host.wait_for_timeout(50)
        turn = actions
        host.wait_for_selector("#verdict")
        guest.wait_for_selector("#verdict")
        result["host_verdict"] = host.locator("#verdict").inner_text()
        result["guest_verdict"] = guest.locator("#verdict").inner_text()
        result["shared_events"] = host.evaluate(
            "JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('wordtable.save.'))))"
            ".record.shared.events.length")
        # The friend's grid stays on their device until the end, then both screens show it.
        for page in (host, guest):
            page.wait_for_selector(".revealed-grids .letter-grid >> nth=1")
        result["unshown_grids"] = host.locator(".grid-unshown").count() + guest.locator(".grid-unshown").count()
        host.click("#check-game")
        host.wait_for_function("/^(Checked|This record|The check)/.test(document.querySelector('#check-verdict').textContent)")
        result["check"] = host.locator("#check-verdict").inner_text()
        guest.click("#check-game")  # the friend checks the record the table sent, its own draws included
        guest.wait_for_function("/^(Checked|This record|The check)/.test(document.querySelector('#check-verdict').textContent)")
        result["guest_check"] = guest.locator("#check-verdict").inner_text()
        # Both review the game: the friend's from the record the table sent at the end.
        for name, page in (("host", host), ("guest", guest)):
            page.click("#review-open")
            page.wait_for_selector("#review-summary li >> nth=1")
            result[f"{name}_review"] = page.locator("#review-summary li").all_inner_texts()
            result[f"{name}_review_turns"] = page.locator("#review-turns .review-turn").count()
        result["words"] = turn
        result["move_shown_ms"] = delays
    result["outside"] = pages.outside
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv[1])
