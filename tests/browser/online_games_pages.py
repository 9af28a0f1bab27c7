"""Inside a network namespace (see netns.py): Shrdlu between three browsers (a host and two
guests, one connected by scanning its answer's QR code from a picture), a guest dropped and
restored mid-game, played to the end; then Spell Write between two browsers through a reload of
the host's page, to the end. Prints the results as JSON. Run by test_webrtc.py."""

from __future__ import annotations

import json
import re
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent.parent), str(HERE.parent.parent / "py"), str(HERE)]

from online_driver import Pages, browser_pages, ready  # noqa: E402
from sw_driver import ready_for_a_choice, take_turn  # noqa: E402
from wordtable.games.shrdlu import solve  # noqa: E402
from wordtable.lexicon import store  # noqa: E402

STANDARD = store.load("standard")


def spread_of(page) -> list[str]:
    return page.eval_on_selector_all("#spread .card", "els => els.map(e => e.dataset.card)")


def shrdlu(pages: Pages, folder: Path, result: dict) -> None:
    host = pages.start("shrdlu", friends=2)
    ann = pages.join(host, 1)
    bo = pages.join(host, 2, by_qr=True, folder=folder)
    everyone = (host, ann, bo)
    for page in everyone:
        page.wait_for_selector("#spread")
    assert spread_of(host) == spread_of(ann) == spread_of(bo)
    # Each player's connection delay, measured and shown at the host (and at each guest).
    host.wait_for_selector("[data-online='1'] .seat-status:text-matches('connected · [0-9]+ ms')", timeout=10_000)
    host.wait_for_selector("[data-online='2'] .seat-status:text-matches('connected · [0-9]+ ms')", timeout=10_000)
    ann.wait_for_selector("#guest-status:text-matches('Connected to the table · [0-9]+ ms')", timeout=10_000)
    result["delays_ms"] = [int(host.get_attribute(f"[data-online='{s}'] .seat-status", "data-delay")) for s in (1, 2)]

    # Round 1: Ann's wrong word is refused with the table's reason, then her word wins the round.
    words = solve(STANDARD, spread_of(ann))
    ann.fill("#shrdlu-word", "q" * len(spread_of(ann)))
    ann.click("#shrdlu-submit")
    ann.wait_for_function("document.querySelector('#shrdlu-message').textContent.length > 0")
    result["refusal"] = ann.locator("#shrdlu-message").inner_text()
    if words:
        ann.fill("#shrdlu-word", words[0])
        ann.click("#shrdlu-submit")
    else:
        ann.click("#shrdlu-call")
    for page in everyone:
        page.wait_for_selector("#round-result #round-words")
    result["round1"] = [page.locator("#round-result .verdict").inner_text() for page in everyone]
    result["next_round_in"] = [page.locator("#next-round-in").count() for page in everyone]
    # Online, the next round starts by itself on every screen.
    for page in everyone:
        page.wait_for_selector("#spread", timeout=15_000)

    # Bo drops (the tab closes): the host sees it, Ann sees Bo away; Bo comes back by a new
    # invitation, from another browser, to the same seat and the same score.
    bo.close()
    host.wait_for_selector("[data-online='2'].online-dropped", timeout=30_000)
    ann.wait_for_selector("[data-seat='2'].away", timeout=10_000)
    bo = pages.join(host, 2)
    ann.wait_for_selector("[data-seat='2']:not(.away)", timeout=10_000)
    everyone = (host, ann, bo)
    bo.wait_for_selector("#spread")
    result["after_rejoin"] = [bo.evaluate("wordtable.guest.view.cards_won"), ann.evaluate("wordtable.guest.view.cards_won")]

    # On to the end: each round, the next player in turn finds a word (or calls shrdlu!).
    rounds = 0
    deadline = time.monotonic() + 240
    while not all(page.locator("#verdict").count() for page in everyone):
        assert time.monotonic() < deadline, "the online Shrdlu game did not end: " + host.inner_text("#screen-table")[:600]
        page = everyone[rounds % 3]
        try:
            page.wait_for_selector("#shrdlu-word:visible, #verdict", timeout=20_000)
            if page.locator("#verdict").count():
                for other in everyone:
                    other.wait_for_selector("#verdict", timeout=20_000)
                continue
            version = page.evaluate("document.querySelector('#spread').outerHTML")
            found = solve(STANDARD, spread_of(page))
            if found:
                page.fill("#shrdlu-word", found[0], timeout=2000)
                page.click("#shrdlu-submit", timeout=2000)
            else:
                page.click("#shrdlu-call", timeout=2000)
            page.wait_for_function("(before) => !document.querySelector('#spread') || document.querySelector('#spread').outerHTML !== before"
                                   " || document.querySelector('#countdown')", arg=version, timeout=40_000)
            rounds += 1
        except Exception as error:  # the screen changed under us (a round ended): look again
            result.setdefault("retries", []).append(str(error).splitlines()[0][:120])
            if len(result["retries"]) > 10:
                raise
    result["shrdlu_verdicts"] = [page.locator("#verdict").inner_text() for page in everyone]
    result["shrdlu_scores"] = [page.locator(".scoreboard .seat-status").all_inner_texts() for page in everyone]
    result["shrdlu_rounds"] = rounds
    for page in everyone:
        page.context.close()


def spell_write(pages: Pages, result: dict) -> None:
    host = pages.start("spell-write", friends=1)
    guest = pages.join(host, 1)
    claim = lambda text: text.lower() in STANDARD  # noqa: E731
    turns = 0
    reloaded = False
    while True:
        try:
            # Both choose at once: sometimes the host first, sometimes the friend, sometimes
            # one right after the other while the first move is still on its way.
            first, second = (host, guest) if turns % 3 else (guest, host)
            if ready_for_a_choice(first) == "over":
                break
            take_turn(first, claim)
            if turns % 3 == 1:
                first.wait_for_selector("#remote-waiting, #guest-waiting")
            ready_for_a_choice(second)
            take_turn(second, claim)
        except Exception as error:
            probe = "(() => { const m = document.querySelector('#table-main'); return m && [m.inert, m.hasAttribute('aria-busy'), m.querySelectorAll('#sw-play').length, m.innerHTML.length]; })()"
            stores = "JSON.stringify(Object.entries(localStorage).map(([k, v]) => [k, v.length > 300 ? JSON.parse(v).online?.last_move ?? v.slice(0, 200) : v]))"
            raise AssertionError(f"Spell Write online stalled after {turns} turns ({error}) {host.evaluate(probe)} {guest.evaluate(probe)}"
                                 f" host {host.evaluate(stores)} guest {guest.evaluate(stores)}:\nHOST "
                                 + host.inner_text("#screen-table")[:800] + "\nGUEST " + guest.inner_text("#screen-table")[:800]) from None
        turns += 1
        if turns == 5 and not reloaded:
            # The host's page reloads mid-game: the table comes back from its save; the host
            # invites the friend again and the friend's page follows the new link.
            reloaded = True
            host.reload()
            ready(host)
            host.wait_for_selector("[data-invite='1']")
            pages.join(host, 1, guest=guest)
            result["after_reload"] = guest.evaluate("wordtable.guest.view.round")
            result["returning_told"] = pages.returning
    for page in (host, guest):
        page.wait_for_selector("#verdict", timeout=20_000)
    result["sw_verdicts"] = [host.locator("#verdict").inner_text(), guest.locator("#verdict").inner_text()]
    result["sw_turns"] = turns
    scores = [text for text in host.locator("#table-main").inner_text().splitlines() if re.search(r"\d+ points", text)]
    result["sw_host_lines"] = scores[:4]
    result["sw_guest_total"] = guest.locator("#score-total").inner_text()
    result["sw_guest_sheet"] = guest.evaluate("wordtable.guest.view.sheets[1].score")


def main(dist: str) -> None:
    result: dict = {}
    with browser_pages(dist) as pages, tempfile.TemporaryDirectory() as folder:
        shrdlu(pages, Path(folder), result)
        spell_write(pages, result)
    print(json.dumps({**result, "outside": pages.outside}))


if __name__ == "__main__":
    main(sys.argv[1])
