"""One Letter Better's how-to-play page: every rule of the module's docstring and every
decision of ours is on it, in our own words, with the seed's worked examples; and its deck
table is the deck the game deals (one_letter_better_deck.deck_json), card for card."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from wordtable.games.one_letter_better import rules as one_letter_better
from wordtable.games.one_letter_better.deck import deck_json

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "web" / "how-to-play" / "one-letter-better.html"
SEED = Path("/work/shared/seeds/003_bee6ad38d362b431.txt")


def text() -> str:
    """The page's words, tags removed and spaces joined."""
    raw = re.sub(r"<[^>]+>", " ", PAGE.read_text())
    return " ".join(html.unescape(raw).split()).replace(" .", ".").replace(" ,", ",")


def test_how_to_play_covers_every_rule_and_decision():
    page = text()
    rules = [
        # dealing and turns
        "seven cards", "The player after the dealer goes first", "the deal passes to the next player",
        "until you hold eight cards", "at least two", "Take just the top card and it is yours like a card drawn",
        "Take two or more and the lowest of them must be part of your very next play",
        "put what you took back on the pile and draw", "There is no Suggest button either", "discard one to four cards",
        "Once the stack is empty nobody may discard",
        "staggered", "A player with no cards left may always end the turn",
        # plays
        "at least two cards long", "Lengthen your own word", "Wild cards are allowed here",
        "several cards that spell a word of their own at one end", "Wild cards can never be used to steal",
        "may not include a green card", "Join two words", "STAR + FISH = STARFISH", "may not hold a wild card",
        "Insert a red card", "PINT becomes PRINT", "SLANT (S, L, A, N, T) becomes CHANT", "the S and the L go into your hand",
        "never replaces the whole word", "must sit at its start or its end", "Swap a blue card", "random card",
        "draws two cards at the start of their next turn", "a different word",
        # cards
        "a word holding a green card is scored, then taken out of play", "its owner cannot lengthen it",
        "a red T is worth −2", "two letters in a row", "used together and in their printed order",
        # scoring, with the seed's examples
        "5 points for every card beyond the third", "The bonus counts cards, not letters",
        "2 + 1 + 5 + 1 = 9, plus 5 for the fourth card, 14 points", "TIMER for +7", "A new word scores its whole worth",
        "the owner keeps those points", "stolen for the third time", "Handicap", "from 0 to 10",
        # judging
        "The app checks each word", "Players decide, with challenges", "scores its points twice",
        "the play is taken back", "the challenger scores", "ends the turn", "discards down to eight cards",
        "never tells you whether a word is in the dictionary",
        # the end
        "reaches the agreed number of points", "red cards count as positive", "With a target of 0",
        "every player in a row has ended a turn without playing", "except the top scorer",
        "the highest total wins", "share the win",
        # solo
        "play through the whole deck", "the discard pile are subtracted too", "best score for each variant",
    ]
    decisions = ["The app checking every word is the default", "The deck itself is ours", "stops after 400 turns"]
    missing = [phrase for phrase in rules + decisions if phrase not in page]
    assert missing == []
    assert str(one_letter_better.MAX_TURNS) in page


# Each DECISION of the rules module's docstring (found by its opening words) and the page's line for it.
DECISIONS = {
    "taking from the pile replaces the draw": "Taking from the discard pile is instead of drawing from the stack",
    "two cards, so a lone ANT card": "a lone ANT or ING card is not a word",
    "joining your own word scores the difference": "Joining your own word to another player's scores the difference",
    "a joined word carries the larger": "the larger steal count of its two words, plus one",
    "the challenge comes right after each play": "a play can be challenged right after it is made",
    "a green card may sit anywhere": "A green card may sit anywhere in a new word",
    "a fallen addition or join gives": "the challenger scores the whole word's worth",
    "STL-1 cards are left out of a solo deck": "In solo play the STL-1 cards are left out of the deck, and every word is checked",
}


def test_every_decision_of_the_rules_module_is_on_the_page():
    doc = " ".join(one_letter_better.__doc__.split())
    found = re.findall(r"DECISION: (.{10,60})", doc)
    assert len(found) == len(DECISIONS), f"a DECISION the page does not cover yet: {found}"
    for decision in found:
        key = next((key for key in DECISIONS if decision.startswith(key[:30])), None)
        assert key, f"a DECISION the page does not cover yet: {decision}"
    page = text()
    assert [line for line in DECISIONS.values() if line not in page] == []


def test_the_deck_table_is_the_games_deck_card_for_card():
    source = PAGE.read_text()
    rows = re.findall(r'<tr data-card="([^"]+)" data-colour="([^"]+)" data-kind="([^"]+)"><td class="olb-deck-card">([^<]+)</td>'
                      r'<td>[^<]+</td><td class="points">([^<]+)</td><td class="points">(\d+)</td></tr>', source)
    assert source.count("<tr data-card=") == len(rows)  # every row read
    deck = deck_json()
    names = {"wild": "Wild card", "double-wild": "Double wild card", "steal-one": "STL-1"}
    expected = [(card["id"], card["colour"], card["kind"], card["letters"].upper() if card["kind"] == "letter" else names[card["kind"]],
                 str(card["points"]).replace("-", "−"), str(card["count"])) for card in deck["cards"]]
    assert rows == expected
    assert re.search(r'<span id="olb-deck-total">(\d+)</span>', source).group(1) == str(deck["total"])
    assert sum(int(row[5]) for row in rows) == deck["total"]


def test_the_page_is_in_our_own_words():
    """No run of twelve words of the seed's rules is on the page."""
    if not SEED.exists():
        pytest.skip("the seed's rules text lives outside the repository (/work/shared/seeds)")
    seed = re.sub(r"[^a-z0-9 ]", " ", SEED.read_text().lower()).split()
    page = " ".join(re.sub(r"[^a-z0-9 ]", " ", text().lower()).split())
    copied = [" ".join(seed[i:i + 12]) for i in range(len(seed) - 11) if " ".join(seed[i:i + 12]) in page]
    assert copied == []
