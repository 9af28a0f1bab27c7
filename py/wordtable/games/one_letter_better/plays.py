"""The plays a hand can make in One Letter Better, found from a seat's view (so bots see only
what their player sees): new words from the hand, additions to words on the table (your own or
a steal), red insertions, blue replacements and joins. One search serves the bots and the
representative legal moves.

New words: every set of hand cards is reduced to its letters in alphabetical order and looked
up in the dictionary's letter-set index (Lexicon.anagrams); a wild card adds each letter in
turn. A hand of 8 cards has at most 255 sets, so a search is a few thousand dictionary lookups,
not a walk of the whole word list. The double wild is left to people: it would multiply the
lookups by 26, and bots never play it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wordtable.engine.game import Move
from wordtable.games.one_letter_better.state import BONUS_FROM

ALPHABET = "abcdefghijklmnopqrstuvwxyz"
MAX_SEARCHED_CARDS = 11   # a bigger hand (after a big take) searches its first eleven cards


@dataclass(frozen=True)
class Play:
    move: Move
    kind: str          # "word", "extend" (your own word), "steal", "join"
    gain: int          # what it scores for the player
    loss: int          # what it takes from the word's owner
    spent: int         # hand cards it uses
    text: str


@dataclass(frozen=True)
class HandCard:
    uid: int
    letters: str
    colour: str
    kind: str
    points: int


class Finder:
    """The plays of one view. `index` is the dictionary's letter-set index."""

    def __init__(self, view: dict[str, Any], index: dict[str, tuple[str, ...]]):
        self.view = view
        self.index = index
        self.seat = view["seat"]
        self.bonus = view["bonus"][self.seat]
        self.family = view["options"]["family"]
        self.must = view.get("must_play")
        hand = [HandCard(c["uid"], c["letters"], c["colour"], c["kind"], c["points"]) for c in view["hand"]]
        self.real = [c for c in hand if c.kind == "letter"]
        self.colours = {c.uid: c.colour for c in self.real}
        self._plain: list[tuple[str, list[Any], int, bool]] | None = None  # hand words without wilds, once
        self.wilds = [c for c in hand if c.kind == "wild"]

    def is_word(self, text: str) -> bool:
        return text in self.index.get("".join(sorted(text)), ())

    def worth(self, points: int, cards: int) -> int:
        return points + self.bonus * max(0, cards - BONUS_FROM)

    # -- new words -----------------------------------------------------------------------------

    def hand_words(self, wilds: bool = True) -> list[tuple[str, list[Any], int, bool]]:
        """(word, move entries, points, holds green or wild) for the best set of cards spelling
        each word the hand can make (with must_play among them when it is set)."""
        # Cards in alphabetical order, each set's letters built by appending its last card: the
        # letters stay sorted without sorting, unless a multi-letter card is among them.
        cards = sorted(self.real[:MAX_SEARCHED_CARDS], key=lambda c: c.letters)
        best: dict[str, tuple[int, int]] = {}   # letters key -> (points, mask)
        count = len(cards)
        keys = [""] * (1 << count)
        points = [0] * (1 << count)
        multi = sum(1 << i for i, c in enumerate(cards) if len(c.letters) > 1)
        must_bit = next((1 << i for i, c in enumerate(cards) if c.uid == self.must), 0)
        must_wild = self.must is not None and not must_bit  # the card to play is a wild (or not searched)
        for mask in range(1, 1 << count):
            high = mask.bit_length() - 1
            rest = mask ^ (1 << high)
            keys[mask] = keys[rest] + cards[high].letters
            points[mask] = points[rest] + cards[high].points
            if must_bit and not mask & must_bit:
                continue
            key = "".join(sorted(keys[mask])) if mask & multi else keys[mask]
            if key not in best or points[mask] > best[key][0]:
                best[key] = (points[mask], mask)
        found: list[tuple[str, list[Any], int, bool]] = []
        for key, (pts, mask) in best.items():
            chosen = [cards[i] for i in range(count) if mask >> i & 1]
            if len(chosen) >= 2 and not must_wild:
                for word in self.index.get(key, ()):
                    entries = arrange(word, chosen, None)
                    if entries is not None:
                        found.append((word, entries, pts, any(c.colour == "green" for c in chosen)))
            wild = self.wilds[0].uid if self.wilds else None
            if must_wild:
                wild = self.must if any(c.uid == self.must for c in self.wilds) else None
            if wilds and wild is not None:
                for letter in ALPHABET:
                    for word in self.index.get("".join(sorted(key + letter)), ()):
                        entries = arrange(word, chosen, wild)
                        if entries is not None:
                            found.append((word, entries, pts, True))
        return found

    def new_words(self) -> list[Play]:
        plays = []
        for word, entries, pts, _special in self.hand_words():
            value = self.worth(pts, len(entries))
            plays.append(Play({"type": "word", "cards": entries}, "word", value, 0, len(entries), word))
        return plays

    # -- changes to the words on the table -----------------------------------------------------

    def table_plays(self, steals: bool = True, joins: bool = True, hand_word_steals: bool = True) -> list[Play]:
        plays: list[Play] = []
        mine = [w for w in self.view["words"] if w["owner"] == self.seat]
        for word in self.view["words"]:
            own = word["owner"] == self.seat
            if not own and not steals:
                continue
            plays += self._additions(word, own)
            if not own and hand_word_steals:
                plays += self._hand_word_steals(word)
            if not own and joins and self.must is None:
                plays += self._joins(word, mine)
        return plays

    def _result(self, word: dict[str, Any], text: str, cards: int, points: int, move: Move, spent: int,
                added: list[int]) -> Play | None:
        if self.must is not None and self.must not in added:
            return None
        if text == word["text"] or not self.is_word(text):
            return None
        worth = self.worth(points, cards)
        if word["owner"] == self.seat:
            return Play(move, "extend", worth - word["worth"], 0, spent, text)
        return Play(move, "steal", worth, 0 if self.family else word["worth"], spent, text)

    def _additions(self, word: dict[str, Any], own: bool) -> list[Play]:
        text, count = word["text"], len(word["cards"])
        base = sum(c["points"] for c in word["cards"])
        plays = []
        seen: set[tuple[str, str, str]] = set()  # (letters, side, colour)
        for card in self.real:
            for side in ("front", "back"):
                if (card.letters, side, card.colour) in seen:
                    continue
                seen.add((card.letters, side, card.colour))
                new = card.letters + text if side == "front" else text + card.letters
                move = {"type": "add", "word": word["id"], "front": [card.uid] if side == "front" else [],
                        "back": [card.uid] if side == "back" else []}
                play = self._result(word, new, count + 1, base + card.points, move, 1, [card.uid])
                if play:
                    plays.append(play)
            if card.colour == "red":
                for at in range(1, count):
                    before = "".join(c["letters"] for c in word["cards"][:at])
                    new = before + card.letters + text[len(before):]
                    move = {"type": "insert", "word": word["id"], "at": at, "card": card.uid}
                    play = self._result(word, new, count + 1, base + card.points, move, 1, [card.uid])
                    if play:
                        plays.append(play)
            if card.colour == "blue":
                plays += self._replacements(word, card, base)
        if own:
            for wild in self.wilds[:1]:
                for letter in ALPHABET:
                    for side in ("front", "back"):
                        new = letter + text if side == "front" else text + letter
                        entry = [wild.uid, letter]
                        move = {"type": "add", "word": word["id"], "front": [entry] if side == "front" else [],
                                "back": [entry] if side == "back" else []}
                        play = self._result(word, new, count + 1, base, move, 1, [wild.uid])
                        if play:
                            plays.append(play)
        return plays

    def _replacements(self, word: dict[str, Any], card: HandCard, base: int) -> list[Play]:
        plays = []
        cards = word["cards"]
        for side in ("front", "end"):
            letters = 0
            for n in range(1, len(cards)):
                part = cards[n - 1] if side == "front" else cards[-n]
                letters += len(part["letters"])
                if letters > len(card.letters):
                    break
                if letters < len(card.letters):
                    continue
                kept = cards[n:] if side == "front" else cards[:-n]
                kept_text = "".join(c["letters"] for c in kept)
                new = card.letters + kept_text if side == "front" else kept_text + card.letters
                points = sum(c["points"] for c in kept) + card.points
                move = {"type": "replace", "word": word["id"], "card": card.uid, "side": side, "count": n}
                play = self._result(word, new, len(kept) + 1, points, move, 1 - n, [card.uid])
                if play:
                    plays.append(play)
        return plays

    def _hand_word_steals(self, word: dict[str, Any]) -> list[Play]:
        plays = []
        text, count = word["text"], len(word["cards"])
        base = sum(c["points"] for c in word["cards"])
        for hand_word, entries, pts, special in self._plain_hand_words():
            if special:
                continue
            blue = [i for i, e in enumerate(entries) if self.colours.get(e) == "blue"]
            for side in ("front", "back"):
                if any(i != (0 if side == "front" else len(entries) - 1) for i in blue):
                    continue  # a blue card only at the new word's start or end
                new = hand_word + text if side == "front" else text + hand_word
                move = {"type": "add", "word": word["id"], "front": entries if side == "front" else [],
                        "back": entries if side == "back" else []}
                play = self._result(word, new, count + len(entries), base + pts, move, len(entries), list(entries))
                if play:
                    plays.append(play)
        return plays

    def _plain_hand_words(self) -> list[tuple[str, list[Any], int, bool]]:
        if self._plain is None:
            self._plain = self.hand_words(wilds=False)
        return self._plain

    def _joins(self, word: dict[str, Any], mine: list[dict[str, Any]]) -> list[Play]:
        plays = []
        for own in mine:
            if any(c["wild"] for c in own["cards"]):
                continue
            for first in (True, False):
                new = own["text"] + word["text"] if first else word["text"] + own["text"]
                if not self.is_word(new):
                    continue
                cards = own["cards"] + word["cards"]
                worth = self.worth(sum(c["points"] for c in cards), len(cards))
                move = {"type": "join", "word": word["id"], "with": own["id"], "first": first}
                plays.append(Play(move, "join", worth - own["worth"], 0 if self.family else word["worth"], 0, new))
        return plays


def arrange(word: str, cards: list[HandCard], wild: int | None) -> list[Any] | None:
    """The cards (all of them, plus the wild card if given) in an order that spells word, as
    move entries; None when they cannot (a blue card must sit at an end)."""
    total = len(cards) + (wild is not None)
    order: list[Any] = []
    used = [False] * len(cards)

    def place(pos: int, wild_left: bool) -> bool:
        if pos == len(word):
            return len(order) == total
        for i, card in enumerate(cards):
            if used[i] or not word.startswith(card.letters, pos):
                continue
            if card.colour == "blue" and len(order) not in (0, total - 1):
                continue
            used[i] = True
            order.append(card.uid)
            if place(pos + len(card.letters), wild_left):
                return True
            used[i] = False
            order.pop()
        if wild_left:
            order.append([wild, word[pos]])
            if place(pos + 1, False):
                return True
            order.pop()
        return False

    return order if place(0, wild is not None) else None


def plays(game: Any, view: dict[str, Any], *, steals: bool = True, joins: bool = True,
          hand_word_steals: bool = True) -> list[Play]:
    """Every play the search finds for this view (the seat must be playing its turn)."""
    if view["phase"] != "play" or view["seat"] != view["turn"] or view["hand"] is None:
        return []
    finder = Finder(view, game.lexicon_for(view["options"]["lexicon"]).anagrams())
    return finder.new_words() + finder.table_plays(steals, joins, hand_word_steals)
