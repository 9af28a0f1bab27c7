"""Bots for One Letter Better. A bot sees its own view only (its hand, the table, the pile) and
plays one move per call; a turn is several calls.

- easy: draws from the stack, plays one short word a turn, never steals.
- medium: plays the best-scoring words and single-card steals, several a turn; takes the top of
  the discard pile when it makes a good play.
- hard: every kind of play (joins, red insertions, blue replacements, steals with a word from
  its hand), chosen by what it scores plus what it takes from a rival; weighs taking up to
  three cards from the pile; discards the cards hardest to use; plays STL-1 on the leader.
In "players decide" games bots play only real words; they challenge a play that is not a word
(the easy bot notices half the time), never a real one. The words they make follow the bots'
vocabulary (wordtable.lexicon.vocabulary): everyday words when a scoring play makes one, else
the other words of the agreed dictionary, never a never-propose word."""

from __future__ import annotations

import random
from typing import Any

from wordtable.engine.game import Move
from wordtable.games.one_letter_better import MAX_DISCARD, TURN_HAND
from wordtable.games.one_letter_better_plays import Play, plays
from wordtable.lexicon.vocabulary import vocabulary

AWKWARD = set("qzxjkvwyfb")     # letters a hard bot discards first
TAKE_DEPTH = {"easy": 0, "medium": 1, "hard": 3}
TAKE_MARGIN = {"medium": 12, "hard": 8}  # a take must beat drawing by this much (points of the play)
RARE_COST = 10  # points a word not everyday (not in `common`) is worth less to a bot


def _score(play: Play, level: str, players: int) -> float:
    if level == "hard":
        rival = 1.0 if players == 2 else 0.6  # a point taken from one of several rivals counts less
        return play.gain + rival * play.loss + 0.5 * play.spent
    return play.gain


def _choices(game: Any, view: dict[str, Any], level: str) -> list[Play]:
    """The plays this level looks at, only those that score (two blue cards could otherwise
    swap back and forth in a word for ever) and make no never-propose word. The easy bot
    looks only at those making everyday words when any does; the others weigh a rarer word
    of the agreed dictionary at RARE_COST points less (see _worth)."""
    scoring = [p for p in _seen(game, view, level) if p.gain > 0]
    words = vocabulary(game.lexicon_for, view["options"]["lexicon"])
    if level == "easy":
        return words.prefer(scoring, word=lambda p: p.text)
    return [p for p in scoring if not words.blocked(p.text)]


def _most_worth(game: Any, view: dict[str, Any], found: list[Play], level: str) -> tuple[float, Play]:
    """The play worth most to this bot, and its worth: its score, less RARE_COST when its word
    is not an everyday word (ties: the word last in alphabetical order)."""
    words = vocabulary(game.lexicon_for, view["options"]["lexicon"])
    players = len(view["scores"])
    worths = [_score(p, level, players) - (0 if words.everyday(p.text) else RARE_COST) for p in found]
    best = max(range(len(found)), key=lambda i: (worths[i], found[i].text))
    return worths[best], found[best]


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
    best_take, best_value = None, TAKE_MARGIN.get(level, 0)
    for count in range(1, depth + 1):
        taken = view["pile"][-count:]
        trial = {**view, "phase": "play", "hand": view["hand"] + taken, "must_play": taken[0]["uid"]}
        found = _choices(game, trial, level)
        if found:
            value = _most_worth(game, trial, found, level)[0] - 2 * (count - 1)
            if value > best_value:
                best_take, best_value = count, value
    return {"type": "draw"} if best_take is None else {"type": "take", "count": best_take}


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
    victim = max(others, key=lambda s: (view["scores"][s], view["hand_sizes"][s])) if level == "hard" else others[0]
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
        if phase == "trim":
            excess = len(view["hand"]) - TURN_HAND
            return {"type": "discard", "cards": _discards(view, level, rng, excess)}
        if phase == "draw":
            # After putting cards back the bot draws: what it took made no play after all.
            put_back = view["log"] and view["log"][-1]["text"].startswith("put the cards back")
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
