"""Play by link in the page (issue 35): two browser contexts, each a player's own device, play
Four Letter Words to the end only by opening each other's links (no WebRTC, no server but the
static site); the home list says whose move it is; a link opened twice changes nothing."""

from __future__ import annotations

import json
import os
import re
import time

from playwright.sync_api import Browser, Page, expect

import build
from conftest import TEST_CONTEXT, wait_for_boot, watch_requests
from four_letter_words_driver import screen, take_turn
from spell_write_driver import take_turn as spell_write_turn
from test_accessibility import problems
from wordtable.link import codec


def new_player(browser: Browser, no_outside_requests: list[str]) -> Page:
    context = browser.new_context(**TEST_CONTEXT)
    watch_requests(context, no_outside_requests)
    return context.new_page()


def shot(page: Page, name: str) -> None:
    """LINK_SHOTS=DIR: a screenshot of this screen, as a phone (360 wide) and a desktop."""
    folder = os.environ.get("LINK_SHOTS")
    if not folder:
        return
    for label, size in (("phone", {"width": 360, "height": 740}), ("desktop", {"width": 1280, "height": 800})):
        page.set_viewport_size(size)
        page.wait_for_timeout(150)
        page.screenshot(path=f"{folder}/{name}-{label}.png", full_page=label == "phone")
    page.set_viewport_size({"width": 1280, "height": 720})


def sent_link(page: Page) -> str | None:
    field = page.locator("#link-send")
    return field.input_value() if field.count() else None


def test_two_devices_play_four_letter_words_to_the_end_by_links_alone(browser: Browser, site, no_outside_requests):
    ann, bob = new_player(browser, no_outside_requests), new_player(browser, no_outside_requests)
    ann.goto(site.url + "#new=four-letter-words")
    assert wait_for_boot(ann) == "ready"
    ann.click("[data-preset=link]")
    expect(ann.locator("#setup-link-note")).to_contain_text("stays on their own device until the end")
    shot(ann, "setup")
    ann.locator(".seat-name-input").first.fill("Ann")
    ann.click("#setup-start")
    expect(ann.locator("#link-send-to")).to_contain_text("Send this invitation to the friend you want to play with")
    invite = sent_link(ann)
    shot(ann, "invitation-to-send")
    # On a phone, what a player sends by chat comes first; the QR code (for a friend beside them) after.
    ann.set_viewport_size({"width": 360, "height": 740})
    copy_top, qr_top = (ann.locator(selector).bounding_box()["y"] for selector in ("#link-copy", "#link-send-panel .qr"))
    assert copy_top < qr_top, (copy_top, qr_top)
    ann.set_viewport_size({"width": 1280, "height": 720})
    assert problems(ann, "the invitation to send") == []
    assert invite and "#link=" in invite and len(invite) < 2000
    # Bob's first visit: play by link is a part of the package the page fetches when the link is
    # opened (issue 44), and says so while it does.
    lock = json.loads((site.directory / "pyodide" / build.LOCK_NAME).read_text())
    link_part = next(part["file_name"] for part in lock["wordtable"]["parts"] if "wordtable.link" in part["modules"])
    gate = site.hold(f"pyodide/{link_part}")
    bob.goto(invite)
    assert wait_for_boot(bob) == "ready"
    expect(bob.locator("#fetch-status")).to_have_text("Fetching play by link…")
    expect(bob.locator("#screen-table")).to_have_text("Opening the link…")
    gate.set()
    expect(bob.locator("#fetch-status")).to_be_hidden()
    expect(bob.locator("#link-invited")).to_contain_text("Ann invites you to play Four Letter Words by link")
    bob.fill("#link-name", " ")  # no name: asked for, not made up
    bob.click("#link-join")
    expect(bob.locator("#link-join-message")).to_have_text("Type your name first: everyone in the game sees it.")
    expect(bob.locator("#link-name")).to_be_focused()
    bob.fill("#link-name", "Bob")
    shot(bob, "join")
    assert problems(bob, "an invitation opened") == []
    bob.click("#link-join")
    pages = {"ann": ann, "bob": bob}
    opened: dict[str, str] = {"bob": invite}
    first_links: dict[str, str] = {}  # the first link each was sent
    deadline, moves, links = time.monotonic() + 240, 0, 1
    progressed = True
    while progressed or not all(screen(page) == "over" for page in pages.values()):
        # (at the end too: the links then carry each player's grid, shown for everyone to check)
        assert time.monotonic() < deadline, "the game by link did not end"
        progressed = False
        for name, page in pages.items():
            other = "bob" if name == "ann" else "ann"
            current = screen(page)
            if current not in ("waiting", "over"):
                if moves in (0, 1, 6):
                    shot(page, f"turn-{moves}")
                take_turn(page, current)
                moves += 1
                progressed = True
                page.wait_for_timeout(50)
                continue
            link = sent_link(page)
            if link and opened.get(other) != link:  # a new link to send: the other player opens it
                if links in (2, 3):
                    shot(page, f"send-{links}")
                if links == 2:
                    assert problems(page, "a move's link to send") == []
                opened[other] = link
                first_links.setdefault(other, link)
                pages[other].goto(link)
                pages[other].wait_for_function("location.hash.startsWith('#bylink=')")
                links += 1
                progressed = True
        if not progressed:
            for page in pages.values():
                page.wait_for_timeout(100)
            progressed = any(sent_link(page) and opened.get("bob" if name == "ann" else "ann") != sent_link(page)
                             for name, page in pages.items())
    shot(ann, "over")
    for page in pages.values():
        expect(page.locator("#verdict")).to_be_visible()
        page.click("#check-game")
        expect(page.locator("#check-verdict")).to_contain_text("Checked: Every one of the")
        expect(page.locator("#check-verdict")).to_contain_text("signature")
    assert moves > 10 and links > 5
    # Opened again: recognised, nothing changes.
    bob.goto(opened["bob"])
    expect(bob.locator("#verdict")).to_be_visible()
    # The home list says where each game by link stands.
    ann.goto(site.url + "#")
    expect(ann.locator(".save.by-link")).to_contain_text("Four Letter Words by link")
    expect(ann.locator(".save.by-link .save-summary")).to_contain_text("Finished: ")  # the verdict, as every game's
    shot(ann, "home")
    assert problems(ann, "the home list with a game by link") == []
    # The invitation opened later by a third friend (it went to a group chat): her device joins,
    # but Ann's keeps the seat for Bob and says so, and Cat's says so when a link of the table reaches it.
    cat = new_player(browser, no_outside_requests)
    cat.goto(invite)
    assert wait_for_boot(cat) == "ready"
    cat.fill("#link-name", "Cat")
    cat.click("#link-join")
    expect(cat.locator("#link-send")).to_be_visible()
    ann.goto(sent_link(cat))
    expect(ann.locator("#app-notice")).to_have_text(
        "Bob has seat 2 already: this link comes from another device, where “Cat” opened the same invitation later. "
        "The seat stays Bob's and this link changes nothing here. Tell Cat the invitation was used; for a game of "
        "their own, start a new one.")
    expect(ann.locator("#verdict")).to_be_visible()
    # (A link naming the table's seats, such as the first Ann sent Bob: later ones name only moves.)
    cat.goto(first_links["bob"])
    expect(cat.locator("#link-displaced [role=alert]")).to_have_text(
        "Your seat in this game (seat 2) was taken by Bob's device before yours joined: the invitation you opened had "
        "been used. This game goes on without this device; ask Ann for a game of your own.")
    expect(cat.locator("#link-waiting")).to_have_count(0)  # no promise of a link that will never come
    shot(cat, "seat-taken")
    # Kept so at home (the table's signed link said so), and Cat can remove the game.
    cat.goto(site.url + "#")
    expect(cat.locator(".save.by-link")).to_contain_text("Your seat was taken by another device")
    cat.locator(".save.by-link a").first.click()
    cat.click("#link-remove")
    expect(cat.locator("#saves")).to_be_visible()
    expect(cat.locator(".save.by-link")).to_have_count(0)


def invite_by_link(ann: Page, site, game: str = "four-letter-words") -> str:
    """Ann starts a game by link: the invitation her screen gives her to send."""
    ann.goto(f"{site.url}#new={game}")
    assert wait_for_boot(ann) == "ready"
    ann.click("[data-preset=link]")
    ann.locator(".seat-name-input").first.fill("Ann")
    ann.click("#setup-start")
    expect(ann.locator("#link-send")).to_be_visible()
    return sent_link(ann)


def start_by_link(ann: Page, bob: Page, site, game: str = "four-letter-words") -> str:
    """Ann invites, Bob joins; the link Bob's join gives him to send back."""
    bob.goto(invite_by_link(ann, site, game))
    assert wait_for_boot(bob) == "ready"
    bob.fill("#link-name", "Bob")
    bob.click("#link-join")
    expect(bob.locator("#link-send")).to_be_visible()
    return sent_link(bob)


def test_a_browser_that_lost_the_game_imports_its_export_and_gets_the_whole_game(browser: Browser, site,
                                                                                 no_outside_requests):
    ann, bob = new_player(browser, no_outside_requests), new_player(browser, no_outside_requests)
    back = start_by_link(ann, bob, site)
    bob.click("#link-export")  # a backup, as a player keeps one
    exported = bob.locator("#export-text").input_value()
    bob.click("#export-close")
    assert '"format": "wordtable-link"' in exported
    # Ann and Bob play on (Bob only opens Ann's links) until it is Bob's move.
    last, deadline = {"ann": back}, time.monotonic() + 60
    ann.goto(back)
    ann.wait_for_function("location.hash.startsWith('#bylink=')")
    while screen(bob) in ("waiting", "over") or not last.get("bob"):
        assert time.monotonic() < deadline, "Bob's move never came"
        if screen(ann) not in ("waiting", "over"):
            take_turn(ann, screen(ann))
            ann.wait_for_timeout(50)
            continue
        link = sent_link(ann)
        if link and last.get("bob") != link:
            last["bob"] = link
            bob.goto(link)
            bob.wait_for_function("location.hash.startsWith('#bylink=')")
        ann.wait_for_timeout(100)
    # Bob's browser loses everything: a new one knows nothing of the game, and says what to do.
    bob.context.close()
    bob = new_player(browser, no_outside_requests)
    bob.goto(last["bob"])
    assert wait_for_boot(bob) == "ready"
    expect(bob.locator("#link-refused")).to_contain_text("import an export of it")
    bob.goto(site.url + "#")
    bob.click("#import summary")
    damaged = json.loads(exported)
    damaged["saved"]["players"] = 9
    bob.fill("#import-text", json.dumps(damaged))
    bob.click("#import-form button[type=submit]")
    expect(bob.locator("#import-result")).to_contain_text("That game by link cannot be imported")
    expect(bob.locator(".save.by-link")).to_have_count(0)
    bob.set_viewport_size({"width": 360, "height": 740})  # a phone: the home list moves as a first game comes in
    bob.fill("#import-text", exported)
    bob.click("#import-form button[type=submit]")
    expect(bob.locator("#import-result")).to_contain_text("Imported: Four Letter Words by link, as Bob")
    expect(bob.locator("#import-result")).to_be_in_viewport()  # the confirmation where the player looks
    expect(bob.locator(".save.by-link")).to_contain_text("Four Letter Words by link")
    bob.set_viewport_size({"width": 1280, "height": 720})
    # The imported copy may be behind moves Bob made since: it signs none until it is up to date.
    bob.goto(f"{site.url}#bylink={json.loads(exported)['table']}")
    expect(bob.locator("#link-restored")).to_contain_text("This copy of the game was restored from an export")
    expect(bob.locator("#link-play-on")).to_be_visible()
    shot(bob, "restored")
    # Ann cannot import Bob's copy over her own seat's.
    ann.goto(site.url + "#")
    ann.click("#import summary")
    ann.fill("#import-text", exported)
    ann.click("#import-form button[type=submit]")
    expect(ann.locator("#import-result")).to_contain_text("holds that game as Ann's")
    # Ann sends Bob the whole game; his imported copy catches up and it is his move.
    ann.click(".save.by-link a.button")
    ann.locator("#link-whole summary").click()
    shot(ann, "whole-game")
    ann.evaluate("document.querySelector('#link-send').value = ''")  # the link shown anew, from the button
    ann.click("[data-whole-to='1']")
    expect(ann.locator("#link-send")).not_to_have_value("")
    expect(ann.locator("#link-send-to")).to_contain_text("Bob")
    whole = sent_link(ann)
    assert whole and codec.decode(whole)["since"] == 0 and codec.decode(whole)["to"] == 1
    bob.goto(whole)
    bob.wait_for_function("location.hash.startsWith('#bylink=')")
    expect(bob.locator("#table-headline")).to_be_visible()
    # Where the copy held every move already, the whole game proves nothing more (an old one
    # would say the same), so it waits for Bob's word that he made no move since; where it
    # brought moves, the copy is up to date. (Which one depends on where the export was made.)
    if bob.locator("#link-restored").count():
        bob.click("#link-play-on")
    deadline = time.monotonic() + 10
    while screen(bob) in ("waiting", "over"):
        assert time.monotonic() < deadline, "Bob's restored copy did not reach his move: " + bob.inner_text("main")[:600]
        bob.wait_for_timeout(100)
    expect(bob.locator("#link-restored")).to_have_count(0)
    assert problems(bob, "a restored game by link") == []


def test_a_result_waiting_for_a_grid_or_decided_by_a_forfeit_says_so_on_its_end_screen_and_at_home(browser: Browser, site,
                                                                                                    no_outside_requests,
                                                                                                    tmp_path):
    """Issue 42: three of Ann's games by link, kept in her browser. In one, Bob's grid has not
    come yet: not final. In another, Bob's device sent a link after the end without his grid: he
    lost by forfeit. In the third (Spell Write), Bob signed two moves for one turn: the game
    ended there. Each screen and the home list say which."""
    from test_link import play_by_link
    from test_link_forfeit import ann_after_bob_signed_two_moves, hiding_bob
    games = {}
    for name, tamper in (("waiting", None), ("forfeit", hiding_bob)):
        (tmp_path / name).mkdir()
        made, table_id, _links = play_by_link(tmp_path / name, "four-letter-words", 2, tamper=tamper)
        saved = json.loads(made[0].path.read_text())["games"][table_id]
        if name == "waiting":  # as Ann's device held it before Bob's grid came
            del saved["shown"]["1"]
            saved["record"]["owned"]["shown"] = {"0": saved["record"]["owned"]["shown"]["0"]}
            saved["record"]["signed"]["shown"] = {"0": saved["record"]["signed"]["shown"]["0"]}
        games[name] = (table_id, {"format": "wordtable-link", "table": table_id, "game": "four-letter-words",
                                  "saved": saved, "state": {"over": True, "your_turn": False, "waiting_for": [],
                                                            "players": ["Ann", "Bob"], "send": None, "send_to": None},
                                  "updated": "2026-11-29T10:00:00Z", "changed": "2026-11-29T10:00:00Z", "summary": None})
    two_moves = ann_after_bob_signed_two_moves(tmp_path)
    games["two moves"] = (two_moves["table"], dict(games["forfeit"][1], table=two_moves["table"], game="spell-write",
                                                   saved=two_moves))
    ann = new_player(browser, no_outside_requests)
    ann.goto(site.url)
    assert wait_for_boot(ann) == "ready"
    for table_id, entry in games.values():
        ann.evaluate("([key, value]) => localStorage.setItem(key, value)", [f"wordtable.link.{table_id}", json.dumps(entry)])
    ann.goto(f"{site.url}#bylink={games['waiting'][0]}")
    expect(ann.locator("#link-not-final")).to_have_text(
        "Over, waiting for Bob to show the grid kept on their device: until then this result is not final, and nothing "
        "of their game can be checked.")
    expect(ann.locator(".link-forfeit")).to_have_count(0)
    ann.goto(f"{site.url}#bylink={games['forfeit'][0]}")
    expect(ann.locator(".link-forfeit")).to_have_text(
        "Bob loses by forfeit: their device sent a link after the end without the grid it kept, so nothing of their "
        "game can be checked.")
    expect(ann.locator("#link-not-final")).to_have_count(0)
    shot(ann, "forfeit")
    ann.click("#check-game")
    expect(ann.locator(".check-game")).to_contain_text("Seat 2 loses by forfeit")
    ann.goto(f"{site.url}#bylink={games['two moves'][0]}")
    expect(ann.locator(".link-forfeit")).to_contain_text("Bob loses by forfeit: they signed two different moves for move")
    expect(ann.locator("#link-ended")).to_have_text("This game has ended: nobody can move any more.")
    shot(ann, "two-moves")
    ann.click("#check-game")
    expect(ann.locator(".check-game")).to_contain_text("their device signed two different moves")
    ann.goto(site.url + "#")
    expect(ann.locator(".save.by-link")).to_have_count(3)
    expect(ann.locator(".save.by-link", has_text="signed two different moves")).to_have_count(1)
    expect(ann.locator(".save.by-link", has_text="without the grid it kept")).to_have_count(1)
    expect(ann.locator(".save.by-link", has_text="waiting for Bob to show the grid")).to_have_count(1)
    assert problems(ann, "a game by link lost by forfeit") == []


def test_a_joiner_sees_no_deal_until_every_player_has_joined_and_is_told_why(browser: Browser, site,
                                                                            no_outside_requests):
    """Issue 42: One Letter Better by link gives no part of a draw before every player has joined,
    so Bob's device cannot deal when he joins: his screen says the first draw waits for Ann's
    share, and once her link comes back he holds his hand and plays."""
    ann, bob = new_player(browser, no_outside_requests), new_player(browser, no_outside_requests)
    invite = invite_by_link(ann, site, "one-letter-better")
    assert "ahead" not in codec.decode(invite), "the invitation gave a part of a draw"
    bob.goto(invite)
    assert wait_for_boot(bob) == "ready"
    bob.fill("#link-name", "Bob")
    bob.click("#link-join")
    expect(bob.locator("#table-headline")).to_contain_text("Waiting for the first draw")
    expect(bob.locator("#link-waiting")).to_contain_text("The first draw also needs Ann's share: send the link below")
    expect(bob.locator("#link-send-to")).to_contain_text("Ann")
    shot(bob, "first-draw-waits")
    assert problems(bob, "a joiner waiting for the first draw") == []
    reply = sent_link(bob)
    ann.goto(reply)
    ann.wait_for_function("location.hash.startsWith('#bylink=')")
    expect(ann.locator("#link-send")).to_be_visible()  # the deal is drawn on her device: Bob plays first
    bob.goto(sent_link(ann))
    bob.wait_for_function("location.hash.startsWith('#bylink=')")
    expect(bob.locator("#link-waiting")).to_have_count(0)
    expect(bob.locator("#table-headline")).not_to_contain_text("Waiting")
    shot(bob, "first-draw-done")


def open_in(page: Page, link: str) -> None:
    page.goto(link)
    page.wait_for_function("location.hash.startsWith('#bylink=')")


def test_a_move_that_waits_for_the_next_draw_shows_at_once_as_made(browser: Browser, site, no_outside_requests):
    """Spell Write by link: Ann writes last in the round, and the next roll needs Bob's part. Her
    screen says her move is made and whom it waits for; she is not listed as still choosing."""
    ann, bob = new_player(browser, no_outside_requests), new_player(browser, no_outside_requests)
    open_in(ann, start_by_link(ann, bob, site, "spell-write"))
    expect(ann.locator("#link-send")).to_be_visible()
    open_in(bob, sent_link(ann))
    spell_write_turn(bob, lambda _text: False)
    expect(bob.locator("#link-send")).to_be_visible()
    open_in(ann, sent_link(bob))
    spell_write_turn(ann, lambda _text: False)
    expect(ann.locator("#link-pending")).to_have_text(re.compile(
        r"^Your move is made: wrote ([A-Z]) at ([A-E][1-5])\. What is drawn next needs Bob's part: send the link; "
        r"Bob's reply brings it\.$"))
    letter, square = re.match(r"Your move is made: wrote ([A-Z]) at ([A-E][1-5])", ann.inner_text("#link-pending")).groups()
    # Her letter shows on her grid at once, marked as waiting for the roll.
    expect(ann.locator(f".sw-waiting [data-sq='{square}']")).to_have_text(letter)
    expect(ann.locator(f".sw-waiting [data-sq='{square}']")).to_have_attribute("aria-label", re.compile("waiting for the next roll"))
    expect(ann.locator("#seats [data-seat='0'] .seat-status")).not_to_have_text(re.compile("choos"))
    shot(ann, "move-made-waiting-for-the-draw")


def test_a_late_friend_is_offered_the_seat_still_free_and_the_game_starts_with_her(browser: Browser, site,
                                                                                   no_outside_requests):
    """Issue 43 item 3, three seats: Bob and then Cat open Ann's invitation for seat 2 (a group
    chat). Bob's join invites seat 3; sent to Cat, her page offers that seat in place of the one
    she joined, and her join closes the ring: Ann's table has Bob at 2 and Cat at 3."""
    ann, bob, cat = (new_player(browser, no_outside_requests) for _ in range(3))
    ann.goto(f"{site.url}#new=one-letter-better")
    assert wait_for_boot(ann) == "ready"
    ann.click("[data-preset=link]")
    ann.click("#add-seat")
    ann.locator(".seat-kind").nth(2).select_option("link")
    ann.locator(".seat-name-input").first.fill("Ann")
    ann.click("#setup-start")
    expect(ann.locator("#link-send")).to_be_visible()
    invite = sent_link(ann)
    assert invite and codec.decode(invite)["n"] == 3
    for page, name in ((bob, "Bob"), (cat, "Cat")):
        page.goto(invite)
        assert wait_for_boot(page) == "ready"
        page.fill("#link-name", name)
        page.click("#link-join")
        expect(page.locator("#link-send-to")).to_contain_text("Send this invitation to the friend you want to play with")
    cat.goto(sent_link(bob))  # Bob's invitation for seat 3, sent to Cat
    expect(cat.locator("#link-other-seat")).to_contain_text(
        "This device already plays this game at seat 2. This invitation is for seat 3: join it only if someone else "
        "opened the invitation you used before you and has seat 2 (ask Bob).")
    expect(cat.locator("#link-name")).to_have_value("Cat")
    shot(cat, "offered-a-free-seat")
    cat.click("#link-join")
    expect(cat.locator("#link-send-to")).to_contain_text("Ann")
    open_in(ann, sent_link(cat))
    expect(ann.locator("#seats")).to_contain_text("Bob")
    expect(ann.locator("#seats [data-seat='2']")).to_contain_text("Cat")
    cat.goto(site.url + "#")
    expect(cat.locator(".save.by-link")).to_have_count(1)  # her copy at seat 2 was replaced, not kept beside
