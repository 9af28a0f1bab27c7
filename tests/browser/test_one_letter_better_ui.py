"""One Letter Better played through the page: a game against a bot over two rounds with a
refused play (its reason shown before and after pressing Play), a steal made by tapping a card
and the word, each round's result and the end; a solo game through the whole deck with its best
score kept; and two people on one device with "players decide": the privacy screen shows no
hand, the other player accepts or challenges in the open without their hand on screen, and a
made-up word falls to a challenge."""

from __future__ import annotations

import random
import re

from playwright.sync_api import Page, expect

from conftest import wait_for_boot, watch_requests
from harness import TEST_CONTEXT
from one_letter_better_driver import game, play_to_the_end, record_of, state_of, wait_for_screen
from wordtable.engine.errors import GameError
from wordtable.engine.game import Record
from wordtable.games.one_letter_better.bots import BOTS
from wordtable.games.one_letter_better.plays import plays
from wordtable.games.one_letter_better.state import MAX_STEALS, penalty

ANN = {"name": "Ann", "bot": None}


def boot(page: Page, url: str) -> None:
    page.goto(url)
    assert wait_for_boot(page) == "ready"


def open_record(page: Page, url: str, players: list[dict], record: Record, save_id: str) -> None:
    """A game whose record was played on in CPython, stored as the app stores a save, opened."""
    save = {"format": "wordtable-save", "version": 1, "id": save_id, "game": "one-letter-better", "players": players,
            "settings": {"botDelay": 0}, "record": record.to_json(),
            "created": "2026-11-22T10:00:00Z", "updated": "2026-11-22T10:00:00Z"}
    page.evaluate("save => localStorage.setItem('wordtable.save.' + save.id, JSON.stringify(save))", save)
    page.goto(f"{url}#game={save_id}")


def refused(olb, state, seat: int, move: dict) -> bool:
    try:
        olb.apply(state, seat, move)
    except GameError:
        return True
    return False


def until_seat_can_steal(options: dict, seat: int = 0, front_only: bool = False) -> tuple[Record, object]:
    """Bots play both seats (in CPython) until `seat` is in its play phase with a one-card steal
    of a plain letter at hand; returns the record and that play."""
    rng = random.Random(0)
    olb = game()
    options = olb.Options.complete(options)  # as a new game's record holds them
    for seed in range(1, 40):
        record = Record("one-letter-better", options, seed)
        state = olb.new(options, seed)
        for _ in range(200):
            if state.outcome or state.round > 1:
                break
            actor = olb.actors(state)[0]
            view = olb.view(state, actor)
            if actor == seat and view["phase"] == "play" and view["must_play"] is None:
                # A word stolen twice already would leave play on this steal: the test follows it on the table.
                # (and so would one a green card protects).
                stays = {word["id"] for word in view["words"] if word["steals"] + 1 < MAX_STEALS and not word["out"]}
                green = {card["uid"] for card in view["hand"] if card["colour"] == "green"}
                found = [p for p in plays(olb, view) if p.kind == "steal" and p.move["type"] == "add"
                         and len(p.move["front"]) + len(p.move["back"]) == 1 and p.move["word"] in stays
                         and not green & set(p.move["front"] + p.move["back"])]
                if front_only:  # a steal the rules allow at the front only (the end is offered first)
                    found = [p for p in found if p.move["front"]
                             and refused(olb, state, seat, dict(p.move, front=[], back=p.move["front"]))]
                if found:
                    return record, found[0]
            move = BOTS["medium"](olb, view, rng)
            state = olb.apply(state, actor, move)
            record.moves.append((actor, move))
    raise AssertionError("no seed gives a steal")


def test_a_game_against_a_bot_with_a_refusal_a_steal_and_each_rounds_result(page, site):
    boot(page, site.url)
    options = {"players": 2, "rounds": 2, "target": 40}
    record, steal = until_seat_can_steal(options)
    open_record(page, site.url, [ANN, {"name": "Basil", "bot": "medium"}], record, "steal")
    assert wait_for_screen(page) == "turn"
    before = state_of(page, "steal")
    view = game().view(before, 0)
    expect(page.locator("#table-headline")).to_have_text("One Letter Better · Round 1 of 2 · Ann plays")
    expect(page.locator("#olb-hand .olb-hand-card")).to_have_count(len(view["hand"]))
    expect(page.locator("#olb-stack .olb-stack-count")).to_have_text(str(view["stack"]))
    expect(page.locator("#olb-pile .olb-pile-card")).to_have_count(len(view["pile"]))  # every card of the pile shows
    expect(page.locator("#olb-suggest")).to_have_count(1)  # the app checks the words: Suggest is offered

    # Two cards that spell no word: the preview says why at once, and Play cannot send it (the
    # refusal is said once).
    letters = [card for card in view["hand"] if card["kind"] == "letter"]
    pair = next((a, b) for a in letters for b in letters if a is not b and not game().is_word(before, a["letters"] + b["letters"]))
    bad = (pair[0]["letters"] + pair[1]["letters"]).upper()
    for card in pair:
        page.click(f"#olb-hand [data-uid='{card['uid']}']")
    expect(page.locator("#olb-preview [data-verdict=refused]")).to_have_text(f"✗ {bad} is not in the dictionary.")
    expect(page.locator("#olb-play")).to_have_text(f"Play {bad}")
    expect(page.locator("#olb-play")).to_be_disabled()
    expect(page.get_by_text(f"{bad} is not in the dictionary.")).to_have_count(1)
    assert len(record_of(page, "steal")["moves"]) == len(record.moves)  # nothing was played
    page.click("#olb-clear")

    # The steal: tap the card, then Basil's word; the placements spell the new word.
    move = steal.move
    [uid] = move["front"] + move["back"]
    target = next(word for word in view["words"] if word["id"] == move["word"])
    page.click(f"#olb-hand [data-uid='{uid}']")
    page.click(f"#olb-table [data-word='{target['id']}']")
    side = "front" if move["front"] else "end"
    page.click(f"#olb-places [data-place={side}]")
    new_text = steal.text.upper()
    expect(page.locator("#olb-places .olb-place.chosen .olb-place-text")).to_have_text(new_text)
    expect(page.locator("#olb-preview [data-verdict=ok]")).to_have_text(f"{new_text} · +{steal.gain}")
    expect(page.locator("#olb-play")).to_have_text(f"Steal {target['text'].upper()}: {new_text}")
    page.click("#olb-play")
    mine = page.locator("#olb-table .olb-seat[data-seat='0'] .olb-word", has=page.locator(f"[data-uid='{uid}']"))
    expect(mine).to_have_attribute("data-text", steal.text)
    stole = f"Ann stole {target['text'].upper()}, making {new_text} for {steal.gain}, from Basil."
    expect(page.locator("#announcement")).to_have_text(stole)
    expect(page.locator("#olb-log li").first).to_have_text(stole)
    after = state_of(page, "steal")
    assert after.scores == (before.scores[0] + steal.gain, before.scores[1] - target["worth"])
    expect(page.locator("#olb-table .olb-seat[data-seat='1'] .olb-word")).to_have_count(
        len([w for w in view["words"] if w["owner"] == 1]) - 1)

    # On to the end: each round's result shows once before the next round's first turn.
    headlines: list[tuple[str, str]] = []
    seen = play_to_the_end(page, on_screen=lambda current: headlines.append((current, page.inner_text("#table-headline"))))
    # While round 1's result shows, the headline speaks of round 1, not of round 2 dealt behind it;
    # then of round 2 again.
    at_result = [text for current, text in headlines if current == "result"]
    assert at_result and set(at_result) == {"One Letter Better · Round 1 of 2 · over"}, headlines
    after = [text for current, text in headlines[headlines.index(("result", at_result[0])):] if current == "turn"]
    assert after and after[0].startswith("One Letter Better · Round 2 of 2 · "), headlines
    expect(page.locator("#table-headline")).to_have_text("One Letter Better · Game over")
    state = state_of(page, "steal")
    assert state.outcome is not None and len(state.results) == 2
    assert seen.count("result") == 1  # Ann begins round 2: round 1's result first
    totals = [str(t) for t in state.totals]
    expect(page.locator("#olb-scores tfoot .olb-total")).to_have_text(totals)
    expect(page.locator("#olb-final details.olb-final-round")).to_have_count(2)
    last = state.results[-1]
    for seat in (0, 1):
        row = page.locator("#olb-final details[data-round='2'] tbody tr").nth(seat)
        expect(row.locator(".olb-final")).to_have_text(str(last.final[seat]))
        hand_line = page.locator("#olb-final details[data-round='2'] .olb-hand-line").nth(seat)
        expect(hand_line.locator(".olb-card")).to_have_count(len(last.hands[seat]))
    page.click("#replay-open")
    page.fill("#replay-step", "1")
    expect(page.locator("#replay-board .olb-hands .olb-hand-line")).to_have_count(2)  # every hand, revealed

    # The review: Ann's turns, each against the best single play her hand allowed after the draw.
    page.click("#replay-back")
    page.click("#review-open")
    lines = page.locator("#review-summary li")
    expect(lines).to_have_count(2)
    expect(lines.first).to_have_text(re.compile(r"^Ann scored -?\d+ of the \d+ points their positions offered: -?\d+%\.$"))
    rows = page.locator("#review-turns .review-turn")
    expect(rows.first).to_contain_text("Turn 1: ")
    rows.first.click()
    expect(page.locator("#review-turns .review-board .olb-hand-line").first).to_be_visible()


def test_a_solo_game_through_the_deck_keeps_the_best_score(page, site):
    boot(page, site.url)
    page.click("a[href='#new=one-letter-better']")
    page.click("[data-preset=alone]")
    expect(page.locator("#olb-solo")).to_be_visible()
    expect(page.locator("#olb-target")).to_be_hidden()
    expect(page.locator("#olb-rounds")).to_have_value("1")
    page.check("#olb-solo-pile")
    page.click("#setup-start")
    page.wait_for_url(re.compile("#game="))
    save_id = page.evaluate("location.hash.split('=')[1]")
    options = record_of(page, save_id)["options"]
    assert options["players"] == 1 and options["solo_pile"] is True and options["target"] == 0
    seen = play_to_the_end(page, limit_s=90)
    state = state_of(page, save_id)
    result = state.results[0]
    assert result.how == "deck" and not state.stack
    # The hand and, in this variant, the discard pile count against the player (red cards too).
    assert result.penalties[0] == sum(penalty(uid) for uid in state.hands[0] + state.pile)
    assert len(seen) > 20
    # Alone, the end is a score, not a win.
    expect(page.locator("#verdict")).to_have_text(re.compile(f"^.+ score: −?{abs(result.final[0])} points?\\.$"))
    expect(page.locator("#olb-scores tfoot .olb-total")).to_have_text(str(result.final[0]))
    expect(page.locator("#olb-best")).to_contain_text(f"Your first solo game in this variant: {result.final[0]} point")
    expect(page.locator("#olb-best")).to_contain_text("the discard pile counts against you")
    page.reload()  # the same game seen again is not counted twice
    assert wait_for_boot(page) == "ready"
    expect(page.locator("#olb-best")).to_contain_text("1 game played")


def test_two_people_players_decide_privacy_and_a_challenge(page, site):
    boot(page, site.url)
    page.click("a[href='#new=one-letter-better']")
    page.click("[data-preset=two-people]")
    page.locator(".seat-name-input").nth(0).fill("Ann")
    page.locator(".seat-name-input").nth(1).fill("Bo")
    page.check("#olb-judge-players")
    page.fill("#olb-target", "60")
    page.click("#setup-start")
    page.wait_for_url(re.compile("#game="))
    save_id = page.evaluate("location.hash.split('=')[1]")
    assert record_of(page, save_id)["options"]["judge"] == "players"

    def hand_hidden(seat: int) -> None:
        """None of the seat's cards in hand is anywhere on the screen."""
        expect(page.locator("#olb-hand")).to_have_count(0)
        hand = state_of(page, save_id).hands[seat]
        shown = page.eval_on_selector_all("#table-main [data-uid]", "els => els.map(e => Number(e.dataset.uid))")
        assert not set(hand) & set(shown)

    # Bo begins (the player after the dealer): behind the privacy screen, no hand at all.
    first = state_of(page, save_id).turn
    names = ["Ann", "Bo"]
    assert wait_for_screen(page) == "privacy"
    expect(page.locator("#privacy")).to_contain_text(f"Pass the device to {names[first]}")
    expect(page.locator("#privacy-note")).to_have_text("Everyone else, look away: hands are secret.")
    hand_hidden(first)
    hand_hidden(1 - first)
    page.click("#privacy-continue")
    page.click("#olb-draw")
    wait_for_screen(page)
    # Players may not look words up before playing them: no Suggest (a bot's suggestion is a look-up).
    expect(page.locator("#olb-hand")).to_be_visible()
    expect(page.locator("#olb-suggest")).to_have_count(0)
    # A made-up word: in "players decide" the preview never looks it up.
    state = state_of(page, save_id)
    cards = {card["uid"]: card for card in game().view(state, first)["hand"]}
    letters = [uid for uid, card in cards.items() if card["kind"] == "letter"]
    # Two cards worth something together (a red card could cancel the other: "· 0").
    pair = next((a, b) for a in letters for b in letters if a != b and cards[a]["points"] + cards[b]["points"] > 0
                and not game().is_word(state, cards[a]["letters"] + cards[b]["letters"]))
    made_up = (cards[pair[0]]["letters"] + cards[pair[1]]["letters"]).upper()
    for uid in pair:
        page.click(f"#olb-hand [data-uid='{uid}']")
    expect(page.locator("#olb-preview [data-verdict=ok]")).to_contain_text(f"{made_up} · +")
    expect(page.locator("#olb-preview")).to_contain_text("the others may challenge it")
    page.click("#olb-play")

    # The other player answers in the open: no privacy screen, and no hand on screen.
    assert wait_for_screen(page) == "challenge"
    other = 1 - first
    expect(page.locator("#olb-challenge-screen .word-banner")).to_contain_text(f"{names[other]}: {names[first]} played {made_up}")
    hand_hidden(other)
    hand_hidden(first)
    scored = state_of(page, save_id).pending.scored
    expect(page.locator("#olb-challenge-screen")).to_contain_text(f"you score {max(0, scored)} (the whole word's worth)")
    page.click("#olb-challenge")
    expect(page.locator("#announcement")).to_have_text(
        f"{names[other]} challenged {made_up}: not in the dictionary, so the play is taken back and the points go to the "
        f"challenger; the turn ends for {names[first]}.")
    after = state_of(page, save_id)
    assert after.scores[other] == max(0, scored) and after.scores[first] == 0
    assert after.turn == other and not after.words  # the play is gone and the turn with it
    # The next private turn is screened again.
    assert wait_for_screen(page) == "privacy"
    hand_hidden(other)
    page.click("#privacy-continue")
    expect(page.locator("#olb-hand .olb-hand-card")).to_have_count(len(after.hands[other]))


def test_on_a_small_phone_the_hand_leaves_the_table_half_the_screen(browser, site, no_outside_requests):
    """At 360×640 the hand, what it makes and its buttons stay pinned at the foot but take at most
    about half the screen (the rest of them scrolls within): the words to change stay in view."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, **TEST_CONTEXT)
    watch_requests(context, no_outside_requests)
    page = context.new_page()
    boot(page, site.url)
    record, steal = until_seat_can_steal({"players": 2}, front_only=True)
    open_record(page, site.url, [ANN, {"name": "Basil", "bot": "medium"}], record, "phone")
    assert wait_for_screen(page) == "turn"
    # A steal the rules allow at the front only: tapping the card and the word offers the front
    # (the end, offered first, would spell no word), and the preview says it stands.
    page.click(f"#olb-hand [data-uid='{steal.move['front'][0]}']")
    page.click(f"#olb-table [data-word='{steal.move['word']}']")
    expect(page.locator("#olb-places .olb-place.chosen")).to_have_attribute("data-place", "front")
    expect(page.locator("#olb-preview [data-verdict=ok]")).to_contain_text(steal.text.upper())
    page.click("#olb-clear")
    hand = page.locator("#olb-hand .olb-hand-card")
    hand.nth(0).click()
    hand.nth(1).click()
    page.wait_for_selector("#olb-preview .olb-verdict")
    area = page.locator("#olb-play-area").bounding_box()
    assert area["height"] <= 0.58 * 640 and area["y"] + area["height"] <= 640 + 1, area
    # At the start of a turn the pile's top card, the one to take or leave, is never under the hand.
    open_record(page, site.url, [ANN, {"name": "Basil", "bot": "medium"}], until_seat_draws(), "phone-draw")
    assert wait_for_screen(page) == "turn"
    top = page.locator("#olb-pile .olb-pile-card").last
    expect(top).to_be_in_viewport()
    assert top.evaluate("""(card) => { const box = card.getBoundingClientRect();
        const seen = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return card.contains(seen); }"""), "the hand's panel covers the pile's top card"
    context.close()


def until_seat_draws(seat: int = 0) -> Record:
    """Bots play (in CPython) until `seat` begins a turn with cards on the discard pile."""
    rng, olb = random.Random(0), game()
    options = olb.Options.complete({"players": 2})  # as a new game's record holds them
    record = Record("one-letter-better", options, 5)
    state = olb.new(options, 5)
    for _ in range(400):
        actor = olb.actors(state)[0]
        if actor == seat and state.phase == "draw" and len(state.pile) >= 2:
            return record
        move = rng.choice(olb.legal_moves(state, actor))  # at random: a pile grows (bots take it)
        state = olb.apply(state, actor, move)
        record.moves.append((actor, move))
    raise AssertionError("the seat never began a turn with a pile")
