"""Bots for Wordsmith. A bot sees its seat's view (pools and sheets are on the table) and finds
words its pool builds through the lexicon's buildable query. Levels differ in how many of those
words they know, how they weigh a word against the discards it costs, and how fast they are:

- easy knows about a quarter of the words, claims the first it thinks of, and is slow;
- medium knows about half, prefers longer words, and is quicker;
- hard knows them all, weighs length against discards (a blue box is a point), rolls for a
  better pool while its best word is short, and is quickest.
- oracle (simulations only, engine.bots): the hard bot, as quick, that sees what its next roll
  will show and rolls exactly when that gives a better best word: the ceiling luck allows.

Words follow the bots' vocabulary (wordtable.lexicon.vocabulary): a bot claims everyday
words when it thinks of any that its pool builds, else the other words of the agreed
dictionary it thinks of, never a never-propose word.

Real time: a move carries "after_ms", counted from the start of the epoch (the challenge, or in
Word by Word the current word): the bot's own earlier words and rolls each took their time, then
this one. Both readings of Word by Word: the plain one rolls its own die as in the basic game;
with three dice a word it may only claim from what the table rolled, or pass."""

from __future__ import annotations

import random
from typing import Any

from wordtable.engine.bots import Oracle, WordsProposed, move_words
from wordtable.engine.game import Move
from wordtable.games.wordsmith.alphabet import KINDS, Pieces
from wordtable.games.wordsmith.rules import Wordsmith
from wordtable.games.wordsmith.state import FREE_BOXES, MIN_LETTERS, ROWS, add, fitting_groups, has_new_letter_after, one
from wordtable.lexicon.vocabulary import Vocabulary, vocabulary

# The oracle (simulations only) knows and moves as fast as the hard bot: only its rolls differ.
KNOWS = {"easy": 0.25, "medium": 0.55, "hard": 1.0, "oracle": 1.0}       # share of the buildable words it finds
WORD_MS = {"easy": 15000, "medium": 10000, "hard": 6500, "oracle": 6500}  # time to find and build a word
ROLL_MS = {"easy": 2500, "medium": 2000, "hard": 1500, "oracle": 1500}
TAKE_MS = 700
GOOD_ENOUGH = {"easy": 0, "medium": 3, "hard": 5}          # a shorter best word: roll for more
MAX_POOL = {"easy": 14, "medium": 16, "hard": 18}          # …unless the pool is this big already


def _me(view: dict[str, Any]) -> dict[str, Any]:
    return view["players"][view["seat"]]


def _pieces(counts: dict[str, int]) -> Pieces:
    return tuple(counts[kind] for kind in KINDS)  # type: ignore[return-value]


def candidates(game: Wordsmith, view: dict[str, Any], pool: Pieces, circles: int, knows: float,
               rng: random.Random) -> list[tuple[str, int, int | None]]:
    """(word, pieces left over, row): for each group of words taking the same pieces, the
    longest this bot thinks of (each word with chance `knows`) that it may claim from `pool`
    plus `circles`, as far as its view tells (in Secret Wordsmith it knows only its own).
    Everyday words only, when it thinks of any; else the other words it may propose."""
    me = _me(view)
    words = vocabulary(game.lexicon_for, view["options"]["lexicon"])
    claimed = set(view["claimed"]) | {w for w in me["rows"] if w}
    has_new_letter = has_new_letter_after(me["previous"]) if me["previous"] else None
    required = view["required"]
    free_rows = [r for r in range(ROWS) if not me["filled"][r]]

    def first_known(group: list[str]) -> tuple[str, int | None] | None:
        for word in group:
            if knows < 1 and rng.random() >= knows:
                continue
            if len(word) < MIN_LETTERS or word in claimed or (has_new_letter and not has_new_letter(word)):
                continue
            row = None
            if required:
                row = next((r for r in free_rows if required[r] in word), None)
                if row is None:
                    continue
            return word, row
        return None

    everyday, others = [], []
    for over, group in fitting_groups(words.agreed, pool, circles, _pieces(view["supply"]), me["boxes_left"]):
        usual, rare = _split(words, group)
        if found := first_known(usual):
            everyday.append((found[0], over, found[1]))
        elif not everyday and (found := first_known(rare)):
            others.append((found[0], over, found[1]))
    return everyday or others


_SPLIT: dict[tuple[int, int], tuple[list[str], Vocabulary, list[str], list[str]]] = {}


def _split(words: Vocabulary, group: list[str]) -> tuple[list[str], list[str]]:
    """A group's everyday words and its other words a bot may propose, each longest first;
    worked out once per group and vocabulary (a lexicon keeps its groups for good)."""
    key = (id(group), id(words))
    kept = _SPLIT.get(key)
    if kept is None or kept[0] is not group or kept[1] is not words:
        if len(_SPLIT) > 100_000:
            _SPLIT.clear()
        # As long, the commonest first (a group is longest first; the sort keeps that).
        usual = sorted((w for w in group if words.everyday(w)), key=lambda w: (-len(w), words.level(w)))
        rare = [w for w in group if not words.everyday(w) and not words.blocked(w)]
        kept = _SPLIT[key] = (group, words, usual, rare)
    return kept[2], kept[3]


def _value(view: dict[str, Any], word: str, over: int, careful: bool) -> float:
    """Points the word brings, less what its discards cost (blue boxes are points; a careful
    bot also keeps its free boxes for later)."""
    me = _me(view)
    free_left = max(0, FREE_BOXES - me["crossed"] - me["discards"])
    blue = max(0, over - free_left)
    return len(word) - blue - (0.3 * (over - blue) if careful else 0)


def _choose(level: str, view: dict[str, Any], words: list[tuple[str, int, int | None]],
            rng: random.Random) -> tuple[str, int, int | None] | None:
    if not words:  # candidates() already kept only the words this bot thought of
        return None
    if level == "easy":
        return rng.choice(words)
    careful = level in ("hard", "oracle")
    ranked = sorted(words, key=lambda w: -_value(view, w[0], w[1], careful))
    return ranked[0] if careful else rng.choice(ranked[: max(1, len(ranked) // 3)])


def _elapsed(level: str, view: dict[str, Any]) -> int:
    """When this bot's earlier actions of the epoch ended (its words and rolls so far)."""
    me = _me(view)
    if view["word_round"] is not None:
        return me["word_rolls"] * ROLL_MS[level]  # Word by Word: the epoch is the word, not claimed yet
    return me["words"] * WORD_MS[level] + me["rolls"] * ROLL_MS[level]


def _bot(level: str):
    def move(game: Wordsmith, view: dict[str, Any], rng: random.Random) -> Move | None:
        me = _me(view)
        start = _elapsed(level, view)
        jitter = rng.uniform(0.7, 1.3)
        pool = _pieces(me["pool"])
        if me["picks"] and any(view["supply"].values()):
            kind = _best_pick(game, level, view, pool, rng)
            return {"type": "take", "piece": kind, "after_ms": start + round(TAKE_MS * jitter)}
        words = candidates(game, view, pool, me["circles"], KNOWS[level], rng)
        choice = _choose(level, view, words, rng)
        dice_per_word = view["options"]["word_by_word"] == "dice"
        can_roll = not dice_per_word and view["done_by"] is None and sum(view["supply"].values()) > 0
        if level == "oracle":
            enough = not (can_roll and _roll_pays(game, view, pool, choice, rng))
        else:
            enough = len(choice[0]) >= GOOD_ENOUGH[level] if choice else False
            enough = enough or sum(pool) >= MAX_POOL[level]
        if choice and (not can_roll or enough):
            word, _over, row = choice
            claim: Move = {"type": "claim", "word": word}
            if row is not None:
                claim["row"] = row
            return claim | {"after_ms": start + round(WORD_MS[level] * jitter * (0.8 + len(word) / 15))}
        if can_roll:
            return {"type": "roll", "after_ms": start + round(ROLL_MS[level] * jitter)}
        # With dice a word: wait for the next roll; otherwise no piece may be added: give up.
        kind = "pass" if dice_per_word else "stop"
        return {"type": kind, "after_ms": start + round(WORD_MS[level] * jitter)}

    move.__name__ = level
    return move


def _best_pick(game: Wordsmith, level: str, view: dict[str, Any], pool: Pieces,
               rng: random.Random) -> str:
    """The piece to take for a star: easy takes any; the others the one that builds the most
    (medium) or the best (hard) words."""
    open_kinds = [kind for kind in KINDS if view["supply"][kind]]
    if level == "oracle":
        level = "hard"
    if level == "easy":
        return rng.choice(open_kinds)
    me = _me(view)

    def worth(kind: str) -> float:
        words = candidates(game, view, add(pool, one(KINDS.index(kind))), me["circles"], KNOWS[level], rng)
        if level == "medium":
            return len(words)
        return max((_value(view, w, over, True) for w, over, _row in words), default=-1) + len(words) / 1000
    return max(open_kinds, key=worth)


BOTS = {level: _bot(level) for level in ("easy", "medium", "hard")}


def _roll_pays(game: Wordsmith, view: dict[str, Any], pool: Pieces, choice: tuple[str, int, int | None] | None,
               rng: random.Random) -> bool:
    """(The oracle) whether its next roll, which it sees (view["everything"]["luck"]), gives a
    pool with a better best word than it has now."""
    face = view["everything"]["luck"]["next_roll"][view["seat"]]
    open_kinds = [kind for kind in KINDS if view["supply"][kind]]
    # A star, or a kind sold out, lets the roller choose any kind left in the box.
    kinds = [face] if face in open_kinds else open_kinds
    now = _value(view, choice[0], choice[1], True) if choice else -1.0
    circles = _me(view)["circles"]
    for kind in kinds:
        words = candidates(game, view, add(pool, one(KINDS.index(kind))), circles, 1.0, rng)
        if max((_value(view, w, over, True) for w, over, _row in words), default=-1.0) > now:
            return True
    return False


ORACLES = {"oracle": Oracle(_bot("oracle"))}  # simulations only (engine.bots: a bot that sees everything)
WORDS_PROPOSED = WordsProposed(move_words, ("wordsmith", "large"), everyday_share=0.9)
