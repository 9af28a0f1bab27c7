"""Bots for Shrdlu. A bot knows some of the words that fit (the easy bot few, the hard bot all)
and answers after a human-like delay that grows as fewer words fit. Knowing none, it calls
"shrdlu!", and can be wrong when it simply did not know the word. Of the words it knows it
claims one of the commonest (any word wins the round), else another, never a never-propose
word (the bots' vocabulary, wordtable.lexicon.vocabulary): knowing only those, it calls as if
it knew none.

A bot receives its seat's view (the table everyone sees). Its move carries "after_ms": how long
after the round began it would act. The real-time driver (and the page) play the earliest at
that moment; the key is not part of the move.

Shrdlu has no oracle (a bot that sees everything, for simulations): nothing hidden decides a
move. The spread is on the table; the deck's order decides only the spreads to come, which no
word changes (the winner always takes the leftmost card); and the hard bot already knows every
word that fits. An oracle would play exactly as the hard bot does."""

from __future__ import annotations

import math
import random
from typing import Any

from wordtable.engine.bots import Oracle, WordsProposed, move_words
from wordtable.engine.game import Move
from wordtable.games.shrdlu.rules import Shrdlu
from wordtable.lexicon.vocabulary import vocabulary

KNOWS = {"easy": 0.3, "medium": 0.65, "hard": 1.0}       # share of the fitting words it can find
THINKS_MS = {"easy": 7000, "medium": 4500, "hard": 2500}  # time to find a word in an easy spread


def _bot(level: str):
    def move(game: Shrdlu, view: dict[str, Any], rng: random.Random) -> Move | None:
        seat, caller, lexicon = view["seat"], view["caller"], view["options"]["lexicon"]
        found = game.solutions_for(lexicon, tuple(card["id"] for card in view["spread"]))
        known = vocabulary(game.lexicon_for, lexicon).commonest([w for w in found if rng.random() < KNOWS[level]])
        jitter = rng.uniform(0.7, 1.4)
        if seat != caller and known:
            scarcity = 1 + 5 / math.sqrt(len(found))  # fewer words: longer to find one
            return {"type": "claim", "word": rng.choice(known),
                    "after_ms": round(THINKS_MS[level] * scarcity * jitter)}
        if caller is None:
            # It found nothing: bet that nothing exists (the hard bot is wrong only when every
            # word that fits is a never-propose word).
            return {"type": "shrdlu", "after_ms": round(THINKS_MS[level] * 3 * jitter)}
        return None  # waits for the clock

    move.__name__ = level
    return move


ORACLES: dict[str, Oracle] = {}  # none: no simulation of this game needs a bot that sees everything
BOTS = {level: _bot(level) for level in ("easy", "medium", "hard")}
WORDS_PROPOSED = WordsProposed(move_words, ("standard", "large"), everyday_share=0.9)
