"""Inside a network namespace (see netns.py): Shrdlu between three browsers (a host and two
guests, one connected by scanning its answer's QR code from a picture), a guest dropped and
restored mid-game, played to the end; then Spell Write between two browsers through a reload of
the host's page, to the end; then a challenge of Wordsmith raced between two browsers, to the
end; then a round of One Letter Better between two browsers, to the end. Prints the results as
JSON. Run by test_webrtc.py."""

from __future__ import annotations

import json
import os
import re
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent.parent), str(HERE.parent.parent / "py"), str(HERE)]

import one_letter_better_driver  # noqa: E402
from online_driver import DROP_SEEN_MS, Pages, browser_pages, ready  # noqa: E402
from spell_write_driver import ready_for_a_choice, take_turn  # noqa: E402
from wordsmith_driver import game as wordsmith_game, state_of  # noqa: E402
from wordtable.games.one_letter_better.plays import plays as olb_plays  # noqa: E402
from wordtable.games.shrdlu.rules import solve  # noqa: E402
from wordtable.lexicon import store  # noqa: E402

STANDARD = store.load("standard")


def spread_of(page) -> list[str]:
    return page.eval_on_selector_all("#spread .card", "els => els.map(e => e.dataset.card)")


def end_the_round(page) -> None:
    """The page's player wins the round with a word, or by calling shrdlu when none fits (the
    solver then decides at once). Online, the win waits for the next spread's random draw."""
    words = solve(STANDARD, spread_of(page))
    if words:
        page.fill("#shrdlu-word", words[0])
        page.click("#shrdlu-submit")
    else:
        page.click("#shrdlu-call")


def drawing_line(host, expected: str) -> str:
    """The host's line while the next spread waits for friends' parts, once it says `expected`
    (or what it says after 30 s)."""
    try:
        host.wait_for_function("(text) => document.querySelector('#table-drawing')?.textContent === text",
                               arg=expected, timeout=30_000)
    except Exception:  # noqa: BLE001 (the test compares what it says)
        pass
    line = host.locator("#table-drawing")
    return line.inner_text() if line.count() else host.inner_text("#table-main")[:300]


def shrdlu(pages: Pages, folder: Path, result: dict) -> None:
    host = pages.start("shrdlu", friends=2)
    ann = pages.join(host, 1)
    # Ann is in, Bo not yet: the game waits for everyone's part of its randomness.
    result["guest_lobby"] = ann.locator("#guest-waiting-to-start").inner_text(timeout=10_000)
    # The host's lobby says each friend's state once, in the panel: no line above repeating it.
    assert host.locator("#online-status").is_hidden()
    bo = pages.join(host, 2, by_qr=True, folder=folder, close=False)
    everyone = (host, ann, bo)
    for page in everyone:
        page.wait_for_selector("#spread")
    # The race starts as Bo joins: the host's invitation closes by itself, the board in view.
    host.wait_for_selector("#invite-dialog", state="detached", timeout=10_000)
    assert spread_of(host) == spread_of(ann) == spread_of(bo)
    result["host_sees"] = ann.locator("#guest-host-sees p").text_content()  # said to each guest (issue 18), behind a disclosure
    # Each player's connection delay, measured and shown at the host (and at each guest).
    host.wait_for_selector("[data-online='1'] .seat-status:text-matches('connected · (good|slow|very slow) connection')", timeout=10_000)
    host.wait_for_selector("[data-online='2'] .seat-status:text-matches('connected · (good|slow|very slow) connection')", timeout=10_000)
    ann.wait_for_selector("#guest-status:text-matches('Connected to the table · (good|slow|very slow) connection')", timeout=10_000)
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
    result["host_sees_after_a_move"] = ann.locator("#guest-host-sees").is_hidden()  # then it makes room
    result["next_round_in"] = [page.locator("#next-round-in").count() for page in everyone]
    # Online, the next round starts by itself on every screen.
    for page in everyone:
        page.wait_for_selector("#spread", timeout=15_000)

    # Bo drops (the tab closes): the host sees it, Ann sees Bo away; Bo comes back by a new
    # invitation, in another tab of the same browser, to the same seat and the same score.
    bo.close()
    host.wait_for_selector("[data-online='2'].online-dropped", timeout=DROP_SEEN_MS)
    ann.wait_for_selector("[data-seat='2'].away", timeout=10_000)
    # Ann drops too, and the host wins the round: the win waits for the next spread's draw, which
    # waits for both friends' parts.
    # Ann comes back first and gives hers: the host's line then names Bo alone.
    ann.close()
    host.wait_for_selector("[data-online='1'].online-dropped", timeout=DROP_SEEN_MS)
    end_the_round(host)
    result["drawing"] = [drawing_line(host, "Drawing at random with Friend 2, Friend 3…")]
    ann = pages.join(host, 1, guest=ann.context.new_page())
    result["drawing"].append(drawing_line(host, "Drawing at random with Friend 3…"))
    bo = pages.join(host, 2, guest=bo.context.new_page())  # the same browser: it holds Bo's secret
    ann.wait_for_selector("[data-seat='2']:not(.away)", timeout=10_000)
    everyone = (host, ann, bo)
    bo.wait_for_selector("#spread")
    # With every part in, the host's win of round 2 is played: two cards won in all, everywhere.
    for page in (bo, ann):
        page.wait_for_function("wordtable.guest.view?.cards_won?.reduce((a, b) => a + b, 0) === 2", timeout=30_000)
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
            page.wait_for_function("(before) => !document.querySelector('#spread')"
                                   " || document.querySelector('#spread').outerHTML !== before"
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
            probe = ("(() => { const m = document.querySelector('#table-main');"
                     " return m && [m.inert, m.hasAttribute('aria-busy'), m.querySelectorAll('#sw-play').length, m.innerHTML.length]; })()")
            stores = ("JSON.stringify(Object.entries(localStorage).map(([k, v]) =>"
                      " [k, v.length > 300 ? JSON.parse(v).online?.last_move ?? v.slice(0, 200) : v]))")
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
            # The table's view comes over the new connection (read at once, it could be the page's
            # own from before): the round the game had reached, not an earlier one.
            result["after_reload"] = guest.wait_for_function(
                "wordtable.guest.view?.round >= 6 && wordtable.guest.view.round", timeout=15_000).json_value()
            result["returning_told"] = pages.returning
    for page in (host, guest):
        page.wait_for_selector("#verdict", timeout=20_000)
    result["sw_verdicts"] = [host.locator("#verdict").inner_text(), guest.locator("#verdict").inner_text()]
    result["sw_turns"] = turns
    scores = [text for text in host.locator("#table-main").inner_text().splitlines() if re.search(r"\d+ points", text)]
    result["sw_host_lines"] = scores[:4]
    result["sw_guest_total"] = guest.locator("#score-total").inner_text()
    result["sw_guest_sheet"] = guest.evaluate("wordtable.guest.view.sheets[1].score")
    for page in (host, guest):  # a throttled page left open spins a core (see online_driver.Pages.tab)
        page.context.close()


def wordsmith_move(page, seat: int, host, save_id: str) -> bool:
    """One move of a seat through its page (the host's, or a guest's), chosen on the host's
    state: take a star's piece, claim the longest word allowed, roll, or stop. False when the
    seat has nothing to do (finished, or its screen shows no panel yet)."""
    state = state_of(host, save_id)
    me = state.players[seat]
    if state.outcome or me.finished or not page.locator(f"#ws-panel-{seat}").count():
        return False
    before = len(host.evaluate(f"JSON.parse(localStorage.getItem('wordtable.save.{save_id}')).record.moves"))
    found = wordsmith_game().claimable(state, seat, limit=1)
    if me.picks:
        page.click(f"#ws-take-{seat}-{next(k for k, n in zip(('red', 'yellow', 'blue', 'green'), state.supply) if n)}", timeout=3000)
    elif found:
        page.fill(f"#ws-word-{seat}", found[0]["word"], timeout=3000)
        page.click(f"#ws-claim-{seat}", timeout=3000)
    elif page.locator(f"#ws-roll-{seat}").count():
        page.click(f"#ws-roll-{seat}", timeout=3000)
    else:
        page.click(f"#ws-stop-{seat}", timeout=3000)
        page.click(f"#ws-stop-{seat}", timeout=3000)
    # The move reached the host's record (or was refused: the state changed under it).
    host.wait_for_function(f"JSON.parse(localStorage.getItem('wordtable.save.{save_id}')).record.moves.length > {before}"
                           f" || document.querySelector('#verdict')", timeout=10_000)
    return True


def wordsmith(pages: Pages, result: dict) -> None:
    """One challenge raced between the host and a friend: each claims words through their own
    panel (refusals shown on the guest's), rolls, and stops; both see the same sheets."""
    host = pages.start("wordsmith", friends=1, options=lambda page: page.select_option("#ws-challenges", "1"))
    guest = pages.join(host, 1)
    save_id = host.evaluate("location.hash.split('=')[1]")
    for page, seat in ((host, 0), (guest, 1)):
        try:
            page.wait_for_selector(f"#ws-panel-{seat}")
        except Exception:
            raise AssertionError(f"seat {seat} has no Wordsmith panel: " + page.inner_text("body")[:800]) from None
    result["ws_pools"] = [page.locator(f"#ws-panel-{seat} .ws-pool").get_attribute("aria-label").split(": ", 1)[1]
                          for page, seat in ((host, 0), (guest, 1))]
    guest.fill("#ws-word-1", "zzzz")
    guest.click("#ws-claim-1")
    guest.wait_for_selector("#ws-message-1.bad")
    result["ws_refusal"] = guest.locator("#ws-message-1").inner_text()
    deadline = time.monotonic() + 180
    while not all(page.locator("#verdict").count() for page in (host, guest)):
        assert time.monotonic() < deadline, "the online Wordsmith game did not end: " + host.inner_text("#screen-table")[:600]
        moved = False
        for page, seat in ((host, 0), (guest, 1)):
            try:
                moved = wordsmith_move(page, seat, host, save_id) or moved
            except Exception as error:  # the screen changed under us (a redraw): look again
                result.setdefault("ws_retries", []).append(str(error).splitlines()[0][:120])
                assert len(result["ws_retries"]) < 20, result["ws_retries"]
        if not moved:
            time.sleep(0.3)  # the challenge's sheets show for a few seconds, then the end
    state = state_of(host, save_id)
    result["ws_claims"] = [sum(1 for row in sheet if row.word) for sheet in state.results[0].rows]
    result["ws_verdicts"] = [page.locator("#verdict").inner_text() for page in (host, guest)]
    result["ws_totals"] = [page.locator("#ws-scores .ws-game-total").all_inner_texts() for page in (host, guest)]
    result["ws_expected_totals"] = [str(total) for total in (sum(r.scores[s] for r in state.results) for s in range(2))]
    for page in (host, guest):
        page.context.close()


def shoot(page, name: str) -> None:
    """With WORDTABLE_SHOTS set (a folder), the page at desktop and phone sizes, to look at."""
    folder = os.environ.get("WORDTABLE_SHOTS")
    if not folder:
        return
    size = page.viewport_size
    for label, width, height in (("desktop", 1280, 900), ("phone", 390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(Path(folder) / f"{name}-{label}.png"), full_page=True)
    if size:
        page.set_viewport_size(size)


def olb_host_table(host, save_id: str):
    """The host's table of sealed cards as its page saved it (online.sealed_host): its own
    seat's device, and the table's entries."""
    from wordtable.online.sealed_host import SealedHost
    saved = json.loads(host.evaluate(f"localStorage.getItem('wordtable.save.{save_id}')"))["online"]
    return SealedHost.from_json(one_letter_better_driver.game(), saved)


def olb_entries(host, save_id: str) -> int:
    saved = json.loads(host.evaluate(f"localStorage.getItem('wordtable.save.{save_id}')"))["online"]
    return len(saved["play"]["entries"])


def olb_wait_for_entries(host, save_id: str, before: int) -> None:
    """Until the host's page saved an entry more than `before` (a move made, or its answer)."""
    host.wait_for_function(f"JSON.parse(localStorage.getItem('wordtable.save.{save_id}')).online.play.entries.length > {before}",
                           timeout=10_000)


def olb_guest_device(guest):
    """The friend's own device, as their page saved it: the only place their hand is open."""
    from wordtable.online.sealed_guest import SealedGuest
    saved = guest.evaluate("""() => Object.keys(localStorage).filter((k) => k.startsWith('wordtable.guest.'))
        .map((k) => localStorage.getItem(k))[0]""")
    seat = SealedGuest("", lexicon_for=store.load)
    seat.restore(json.loads(saved))
    return seat


def olb_guest_turn(guest, result: dict) -> None:
    """The friend's turn, through their own screen (no suggestions online): draw; then once a
    word found for their hand (read from their own device's save: the host's page cannot open
    it), tapped card by card, previewed by their own device, played; else end the turn, or
    discard a card when nothing was played."""
    if guest.locator("#olb-draw").count():
        guest.click("#olb-draw", timeout=3000)
        return
    if "olb_guest_word" not in result:
        view = olb_guest_device(guest).screen_view()
        found = sorted((p for p in olb_plays(one_letter_better_driver.game(), view) if p.kind == "word"
                        and all(not isinstance(entry, list) for entry in p.move["cards"])), key=lambda p: -p.gain)
        if found:
            for uid in found[0].move["cards"]:
                guest.click(f"#olb-hand [data-uid='{uid}']", timeout=3000)
            guest.wait_for_selector("#olb-preview [data-verdict=ok]", timeout=10_000)
            result["olb_guest_preview"] = guest.locator("#olb-preview").inner_text()
            result["olb_guest_word"] = [found[0].text.upper(), found[0].gain]
            guest.click("#olb-play", timeout=3000)
            return
    if guest.locator("#olb-end").count():
        guest.click("#olb-end", timeout=3000)
    else:
        guest.locator("#olb-hand .olb-hand-card").first.click(timeout=3000)
        guest.click("#olb-discard", timeout=3000)


def one_letter_better(pages: Pages, result: dict) -> None:
    """A round to 20 points between the host (playing the suggested moves) and a friend online
    (playing through their own screen), the hands dealt sealed by both devices together: each
    page opens only its own hand; both see the same end, every hand shown, every deal audited."""
    def options(page) -> None:
        page.fill("#olb-rounds", "1")
        page.fill("#olb-target", "20")
    started = time.monotonic()
    host = pages.start("one-letter-better", friends=1, options=options)
    guest = pages.join(host, 1)
    joined = time.monotonic()
    save_id = host.evaluate("location.hash.split('=')[1]")
    for page in (host, guest):
        page.wait_for_function("""() => { const main = document.querySelector('#table-main');
            return main && main.querySelector('#olb-turn, #olb-accept, #guest-waiting, #remote-waiting'); }""", timeout=60_000)
    result["olb_first_turn_s"] = round(time.monotonic() - started, 1)  # from the form, both joined and dealt
    result["olb_deal_s"] = round(time.monotonic() - joined, 1)  # from the friend's join: keys, the deal, a first turn
    result["olb_codes"] = [host.inner_text("#online-status"), guest.inner_text("#guest-status")]
    shoot(host, "olb-sealed-host-first-turn")
    shoot(guest, "olb-sealed-guest-first-turn")
    result["olb_guest_host_sees"] = guest.locator("#guest-host-sees").inner_text() if guest.locator("#guest-host-sees").count() else ""
    deadline = time.monotonic() + 180
    while not all(page.locator("#verdict").count() for page in (host, guest)):
        assert time.monotonic() < deadline, ("the online One Letter Better game did not end: " + host.inner_text("#screen-table")[:300]
                                             + " / " + guest.inner_text("body")[:600] + f" / {result.get('olb_retries')}")
        try:
            if one_letter_better_driver.screen(host) == "turn":
                before = olb_entries(host, save_id)
                one_letter_better_driver.take_turn(host, "turn")
                olb_wait_for_entries(host, save_id, before)
            elif one_letter_better_driver.screen(guest) == "turn":
                before = olb_entries(host, save_id)
                olb_guest_turn(guest, result)
                olb_wait_for_entries(host, save_id, before)
            else:
                time.sleep(0.1)
        except Exception as error:  # the screen changed under us (a redraw): look again
            result.setdefault("olb_retries", []).append(str(error).splitlines()[0][:120])
            assert len(result["olb_retries"]) < 20, result["olb_retries"]
    for page in (host, guest):
        page.wait_for_selector("#sealed-audit.good", timeout=30_000)
    # "Check this game": the host's save (its table's entries beside its record), and the
    # friend's own entries (checked at once once every device has shown its keys).
    host.click("#check-game", timeout=5000)
    for page in (host, guest):
        page.wait_for_selector("#check-verdict.good, #check-verdict.bad", timeout=60_000)
    result["olb_checks"] = [page.inner_text("#check-verdict") for page in (host, guest)]
    shoot(host, "olb-sealed-host-end")
    shoot(guest, "olb-sealed-guest-end")
    table = olb_host_table(host, save_id)
    device = olb_guest_device(guest).play.devices[1]
    state = table.table.any_device.state
    result["olb_verdicts"] = [page.locator("#verdict").inner_text() for page in (host, guest)]
    result["olb_totals"] = [page.locator("#olb-scores tfoot .olb-total").all_inner_texts() for page in (host, guest)]
    result["olb_expected_totals"] = [str(total) for total in state.totals]
    result["olb_hands_shown"] = [page.locator("#olb-final .olb-hand-line").count() for page in (host, guest)]
    result["olb_audits"] = [page.inner_text("#sealed-audit") for page in (host, guest)]
    result["olb_guest_moves"] = [entry["m"]["move"]["type"] for entry in table.table.entries
                                 if entry.get("m", {}).get("kind") == "move" and entry["from"] == 1]
    # What each page opened: the host's device its own hand, the draws and what was shown; the
    # friend's likewise. Neither opened a card dealt to the other that was never shown.
    host_deal, guest_deal = table.table.devices[0].rounds[1], device.rounds[1]
    result["olb_opened_other_unshown"] = [
        sorted(set(host_deal.opened) & set(host_deal.layout.hand(1)) - host_deal.public),
        sorted(set(guest_deal.opened) & set(guest_deal.layout.hand(0)) - guest_deal.public)]
    result["olb_host_devices"] = sorted(table.table.devices)
    for page in (host, guest):
        page.context.close()


# The pages run as on a slow phone (issue 30: a rejoin after a drop must hold under CPU load):
# the browser with all its pages gets half this machine's CPU (online_driver.slowed_chromium).
SLOW_CPU = 2


def main(dist: str, only: str = "") -> None:
    """only: the games to play, comma-separated (all four by default), to run one by hand."""
    result: dict = {}
    with browser_pages(dist, slow_cpu=SLOW_CPU) as pages, tempfile.TemporaryDirectory() as folder:
        seconds = result["seconds"] = {}  # each game's time, to see where the scenario's time goes
        games = (("shrdlu", lambda: shrdlu(pages, Path(folder), result)), ("spell write", lambda: spell_write(pages, result)),
                 ("wordsmith", lambda: wordsmith(pages, result)), ("one letter better", lambda: one_letter_better(pages, result)))
        for name, play in games:
            if only and name not in only.split(","):
                continue
            started = time.monotonic()
            play()
            seconds[name] = round(time.monotonic() - started, 1)
    print(json.dumps({**result, "outside": pages.outside}))


if __name__ == "__main__":
    main(*sys.argv[1:3])
