"""Bots for One Letter Better. A bot sees its own view only (its hand, the table, the pile) and
plays one move per call; a turn is several calls.

- easy: draws from the stack, plays one short word a turn, never steals.
- medium: plays the best-scoring words and single-card steals, several a turn; takes the top of
  the discard pile when it makes a good play.
- hard: every kind of play (joins, red insertions, blue replacements, steals with a word from
  its hand), chosen by what it scores plus what it takes from a rival, less what the word it
  leaves on the table is likely to lose: it counts the cards it cannot see (the deck less its
  hand, the pile and the table), works out which of them would steal that word, and how likely
  each rival is to hold one by their turn (or can take one off the pile). Weighs taking up to
  three cards from the pile; discards the cards hardest to use; plays STL-1 on the leader.
- oracle (simulations only, engine.bots): the hard bot seeing every hand and the stack, so a
  word is at risk exactly when a rival will hold a card that steals it, and it takes from the
  pile knowing what it would draw instead: the ceiling luck allows.
In "players decide" games bots play only real words; they challenge a play that is not a word
(the easy bot notices half the time), never a real one. The words they make follow the bots'
vocabulary (wordtable.lexicon.vocabulary): everyday words when a scoring play makes one, else
the other words of the agreed dictionary, never a never-propose word."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from wordtable.engine.bots import Oracle, WordsProposed
from wordtable.engine.game import Move
from wordtable.games.one_letter_better.deck import DECK
from wordtable.games.one_letter_better.plays import Play, plays
from wordtable.games.one_letter_better.state import CARDS, MAX_DISCARD, MAX_STEALS, TURN_HAND
from wordtable.lexicon.vocabulary import vocabulary

AWKWARD = set("qzxjkvwyfb")     # letters a hard bot discards first
TAKE_DEPTH = {"easy": 0, "medium": 1, "hard": 3, "oracle": 3}
# A take must beat drawing by this much (points of the play); the oracle weighs a take
# against what it would really draw.
TAKE_MARGIN = {"medium": 12, "hard": 8}
THINKERS = ("hard", "oracle")  # the levels that weigh every kind of play and the risk of steals
RARE_COST = 10  # points a word not everyday (not in `common`) is worth less to a bot
RISK_LOOKED_AT = 8  # the hard bot weighs the risk of its best plays only (a few lookups each)
CARD_BY_ID = {card.id: card for card in DECK}


def _score(play: Play, level: str, players: int) -> float:
    if level in THINKERS:
        rival = 1.0 if players == 2 else 0.6  # a point taken from one of several rivals counts less
        return play.gain + rival * play.loss + 0.5 * play.spent
    return play.gain


def _choices(game: Any, view: dict[str, Any], level: str) -> list[Play]:
    """The plays this level looks at, only those that score (two blue cards could otherwise
    swap back and forth in a word for ever) and make no never-propose word. The easy bot
    looks only at those making the commonest words; the others weigh a rarer word
    of the agreed dictionary at RARE_COST points less (see _worth)."""
    scoring = [p for p in _seen(game, view, level) if p.gain > 0]
    words = vocabulary(game.lexicon_for, view["options"]["lexicon"])
    if level == "easy":
        return words.commonest(scoring, word=lambda p: p.text)
    return [p for p in scoring if not words.blocked(p.text)]


def _most_worth(game: Any, view: dict[str, Any], found: list[Play], level: str) -> tuple[float, Play]:
    """The play worth most to this bot, and its worth: its score, less RARE_COST when its word
    is not an everyday word (ties: the commonest word, then the last in alphabetical order); the hard bot's best
    few less what their words are likely to lose to a steal (Risk)."""
    words = vocabulary(game.lexicon_for, view["options"]["lexicon"])
    players = len(view["scores"])
    worths = [_score(p, level, players) - (0 if words.everyday(p.text) else RARE_COST) for p in found]
    weighed: Sequence[int] = range(len(found))
    if level in THINKERS and players > 1:
        # The best few by score, each less its risk; the choice is among those weighed.
        risk = Risk(game, view)
        weighed = sorted(weighed, key=lambda i: -worths[i])[:RISK_LOOKED_AT]
        for i in weighed:
            worths[i] -= risk.cost(found[i])
    best = max(weighed, key=lambda i: (worths[i], -words.level(found[i].text), found[i].text))
    return worths[best], found[best]


class Risk:
    """What a word this seat leaves on the table is likely to lose before its next turn. The
    cards it cannot see (the others' hands and the stack) are the deck less every card in view;
    a rival's hand at their turn is as many of those, at random, as they will hold (or, for
    the oracle, exactly their hand and what they will draw). A rival steals the word when they
    hold a card that makes it one letter better, or can take one off the top of the pile."""

    def __init__(self, game: Any, view: dict[str, Any]):
        self.view = view
        self.index = game.lexicon_for(view["options"]["lexicon"]).anagrams()
        self.seat, self.players = view["seat"], len(view["scores"])
        self.family = view["options"]["family"]
        self.known = _rival_hands(view) if "everything" in view else None
        self.unseen = _unseen(view)
        self.total = sum(self.unseen.values())
        self.cache: dict[str, float] = {}

    def is_word(self, text: str) -> bool:
        return text in self.index.get("".join(sorted(text)), ())

    def steals(self, text: str, card_id: str) -> bool:
        """Whether one card of this kind steals the word. Approximations, for a word known only
        by its letters: a red card is tried between any two letters (the rules: between cards),
        a blue card over as many letters as it has; steals of several cards (STAR + FISH) and
        joins are left out."""
        card = CARD_BY_ID[card_id]
        letters = card.letters
        if card.kind != "letter":
            return False  # wild cards never steal; STL-1 takes a card, not a word
        if self.is_word(letters + text) or self.is_word(text + letters):
            return True
        if card.colour == "red" and any(self.is_word(text[:i] + letters + text[i:]) for i in range(1, len(text))):
            return True
        if card.colour == "blue" and len(letters) < len(text):
            changed = {letters + text[len(letters):], text[:-len(letters)] + letters} - {text}  # the same word is no steal
            return any(self.is_word(new) for new in changed)
        return False

    def stolen(self, text: str) -> float:
        """The chance some rival can steal this word at their next turn."""
        if text not in self.cache:
            pile = self.view["pile"]
            if pile and self.steals(text, pile[-1]["id"]):
                chance = 1.0
            elif self.known is not None:
                chance = float(any(self.steals(text, card_id) for hand in self.known for card_id in hand))
            else:
                # The rivals' cards together, dealt from the unseen ones: none of them steals.
                stealing = sum(n for card_id, n in self.unseen.items() if self.steals(text, card_id))
                held = sum(max(size, TURN_HAND) for rival, size in enumerate(self.view["hand_sizes"]) if rival != self.seat)
                chance = 1.0 - _none_among(self.total, stealing, held)
            self.cache[text] = chance
        return self.cache[text]

    def cost(self, play: Play) -> float:
        """The play's expected loss: its word's worth to this seat (and to a rival who steals
        it) times the chance it is stolen, less the same for the word it replaces."""
        move = play.move
        word = self._word(move.get("word"))
        if _protected(move, word):
            return 0.0
        if play.kind == "steal" and word is not None and word["steals"] + 1 >= MAX_STEALS:
            return 0.0  # its third steal: out of play, nobody takes it again
        # The word it leaves and, for a change to one of its own words, the word it replaces.
        replaced = word if play.kind == "extend" else self._word(move.get("with")) if play.kind == "join" else None
        worth = play.gain + (replaced["worth"] if replaced else 0)
        rival = 1.0 if self.players == 2 else 0.6
        weight = rival if self.family else 1.0 + rival
        cost = weight * worth * self.stolen(play.text)
        if replaced:
            cost -= weight * replaced["worth"] * self.stolen(replaced["text"])
        return cost

    def _word(self, word_id: Any) -> dict[str, Any] | None:
        return next((w for w in self.view["words"] if w["id"] == word_id), None)


def _none_among(total: int, stealing: int, drawn: int) -> float:
    """The chance that `drawn` cards taken at random from `total` hold none of `stealing`."""
    drawn = min(drawn, total)
    if stealing == 0:
        return 1.0
    if total - stealing < drawn:
        return 0.0
    return math.comb(total - stealing, drawn) / math.comb(total, drawn)


def _unseen(view: dict[str, Any]) -> Counter[str]:
    """Cards by id in no place this seat sees: the others' hands and the stack."""
    pool = Counter({card.id: card.count for card in DECK})
    for card in [*view["hand"], *view["pile"], *view["spent"], *(c for w in view["words"] for c in w["cards"])]:
        pool[card["id"]] -= 1
    for word in view["out"]:
        for card in word["cards"]:
            pool[_out_card_id(card)] -= 1
    return +pool


def _out_card_id(card: dict[str, Any]) -> str:
    if card["wild"]:
        return "double-wild" if len(card["letters"]) == 2 else "wild"
    return card["letters"] if card["colour"] == "plain" else f"{card['colour']}-{card['letters']}"


def _rival_hands(view: dict[str, Any]) -> list[list[str]]:
    """(The oracle) each rival's cards at their turn: their hand and what they will draw."""
    everything, seat = view["everything"], view["seat"]
    stack = [card["id"] for card in everything["stack_cards"]]
    hands = []
    for rival in [(seat + step) % len(everything["hands"]) for step in range(1, len(everything["hands"]))]:
        hand = [card["id"] for card in everything["hands"][rival]]
        drawn = max(1, TURN_HAND - len(hand))
        hands.append(hand + stack[:drawn])
        stack = stack[drawn:]
    return hands


def _protected(move: Move, word: dict[str, Any] | None) -> bool:
    """Whether the play's word holds a green card (scored, then out of play)."""
    uids = [entry[0] if isinstance(entry, list) else entry
            for key in ("cards", "front", "back") for entry in move.get(key, [])]
    uids += [move["card"]] if "card" in move else []
    if any(CARDS[uid].colour == "green" for uid in uids if isinstance(uid, int)):
        return True
    return word is not None and any(card["colour"] == "green" for card in word["cards"])


def _seen(game: Any, view: dict[str, Any], level: str) -> list[Play]:
    if level == "easy":
        found = [p for p in plays(game, view, steals=False, joins=False, hand_word_steals=False) if p.kind == "word"]
        return [p for p in found if p.spent <= 4]
    if level == "medium":
        return [p for p in plays(game, view, joins=False, hand_word_steals=False)
                if p.kind == "word" or p.spent == 1 and p.move["type"] == "add"]
    return plays(game, view)


def _best(game: Any, view: dict[str, Any], level: str, rng: random.Random) -> Play | None:
    found = _choices(game, view, level)
    if not found:
        return None
    if level == "easy":
        return rng.choice(found)
    return _most_worth(game, view, found, level)[1]


def _begin(game: Any, view: dict[str, Any], level: str) -> Move:
    """Draw, or take the top cards of the pile when they make a play worth more than drawing."""
    depth = min(TAKE_DEPTH[level], len(view["pile"]))
    best_take: int | None = None
    best_value: float = TAKE_MARGIN.get(level, 0)
    if level == "oracle":
        best_value = _drawn_value(game, view)
    for count in range(1, depth + 1):
        taken = view["pile"][-count:]
        trial = {**view, "phase": "play", "hand": view["hand"] + taken, "must_play": taken[0]["uid"],
                 "pile": view["pile"][:-count]}
        found = _choices(game, trial, level)
        if found:
            value = _most_worth(game, trial, found, level)[0] - 2 * (count - 1)
            if value > best_value:
                best_take, best_value = count, value
    return {"type": "draw"} if best_take is None else {"type": "take", "count": best_take}


def _drawn_value(game: Any, view: dict[str, Any]) -> float:
    """(The oracle) the best play's worth with the cards it would draw from the stack."""
    hand = view["hand"]
    drawn = view["everything"]["stack_cards"][:max(1, TURN_HAND - len(hand))]
    trial = {**view, "phase": "play", "hand": hand + drawn, "must_play": None}
    found = _choices(game, trial, "oracle")
    return _most_worth(game, trial, found, "oracle")[0] if found else 0.0


def _discards(view: dict[str, Any], level: str, rng: random.Random, count: int | None = None) -> list[int]:
    hand = view["hand"]
    if level == "easy":
        return [c["uid"] for c in rng.sample(hand, count or rng.randint(1, min(MAX_DISCARD, len(hand))))]

    def awkward(card: dict[str, Any]) -> tuple[int, int]:
        letters = card["letters"]
        same = sum(1 for c in hand if c["letters"] == letters)
        return (card["kind"] != "letter" and card["kind"] != "steal-one",  # keep wild cards
                -(abs(card["points"]) + 6 * (letters in AWKWARD) + 3 * (same - 1) + 4 * (card["colour"] == "red")))

    ranked = sorted(hand, key=awkward)
    if count is None:
        count = max(1, min(MAX_DISCARD, sum(1 for c in ranked if -awkward(c)[1] >= 6)))
    return [c["uid"] for c in ranked[:count]]


def _steal_one(view: dict[str, Any], level: str) -> Move | None:
    card = next((c for c in view["hand"] if c["kind"] == "steal-one"), None)
    if card is None:
        return None
    seat = view["seat"]
    others = [s for s, size in enumerate(view["hand_sizes"]) if s != seat and size > 0]
    if not others:
        return None
    victim = max(others, key=lambda s: (view["scores"][s], view["hand_sizes"][s])) if level in THINKERS else others[0]
    return {"type": "steal-card", "card": card["uid"], "from": victim}


def _challenge(game: Any, view: dict[str, Any], level: str, rng: random.Random) -> Move:
    index = game.lexicon_for(view["options"]["lexicon"]).anagrams()
    finder_words = view["challenge"]["words"]
    wrong = any(w not in index.get("".join(sorted(w)), ()) for w in finder_words)
    notices = level != "easy" or rng.random() < 0.5
    return {"type": "challenge"} if wrong and notices else {"type": "accept"}


def _bot(level: str):
    def move(game: Any, view: dict[str, Any], rng: random.Random) -> Move | None:
        phase, seat = view["phase"], view["seat"]
        if seat not in view["waiting_for"]:
            return None
        if phase == "challenge":
            return _challenge(game, view, level, rng)
        if phase == "showdown":  # a sealed deal's round is over: every hand is shown
            return {"type": "show"}
        if phase == "trim":
            excess = len(view["hand"]) - TURN_HAND
            return {"type": "discard", "cards": _discards(view, level, rng, excess)}
        if phase == "draw":
            # After putting cards back the bot draws: what it took made no play after all.
            put_back = view["log"] and view["log"][-1]["text"].startswith("put the card")
            return {"type": "draw"} if put_back else _begin(game, view, level)
        if view["must_play"] is None:
            steal = _steal_one(view, level)
            if steal:
                return steal
        if level == "easy" and view["played"]:
            return {"type": "end"}
        best = _best(game, view, level, rng)
        if best is not None:
            return best.move
        if view["must_play"] is not None:
            return {"type": "put-back"}
        if view["can_discard"] and view["hand"]:
            return {"type": "discard", "cards": _discards(view, level, rng)}
        return {"type": "end"}

    move.__name__ = level
    return move


BOTS = {level: _bot(level) for level in ("easy", "medium", "hard")}
ORACLES = {"oracle": Oracle(_bot("oracle"))}  # simulations only (engine.bots: a bot that sees everything)


def _words_laid(before: Any, after: Any, seat: int, _move: Move) -> list[str]:
    """The words a move put on the table (or up for a challenge)."""
    if after.pending is not None and after.pending.seat == seat and before.pending is None:
        return list(after.pending.words)
    earlier = {word.id: word.text for word in before.words}
    return [word.text for word in after.words if earlier.get(word.id) != word.text]


# A rarer word weighs 10 points less than an everyday one, so some win.
WORDS_PROPOSED = WordsProposed(_words_laid, ("standard", "large"), everyday_share=0.78)
