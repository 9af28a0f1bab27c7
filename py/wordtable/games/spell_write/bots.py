"""Bots for Spell Write. Each weighs every letter it may take in every empty square and claims
the best set of real words the letter makes. The medium bot takes the most points now; the
hard bot also values what each square can still become (how many dictionary words fit the
lines through it) and weighs a re-roll against taking the doubles letter. A bot receives its
seat's view: its own sheet, the dice and what they let it take, never the dice to come. The
oracle (simulations only) sees the dice to come: see `oracle`.

Words follow the bots' vocabulary (wordtable.lexicon.vocabulary): a bot never claims a
never-propose word, and of choices worth the same it takes the one with the commonest words;
a rarer word of the agreed dictionary is claimed when it scores more (claiming is scoring)."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import lru_cache
from itertools import combinations
from typing import Any

from wordtable.engine.bots import Oracle, WordsProposed
from wordtable.engine.game import Move
from wordtable.games.spell_write.rules import BLACK, EMPTY, LETTERS, SIZE, Sheet, SpellWrite, links_of, sheet_from_json
from wordtable.lexicon.vocabulary import RARE_LEVEL, Vocabulary, vocabulary

Cell = tuple[int, int]


@dataclass(frozen=True)
class Me:
    """What a bot knows, read from its view."""
    sheet: Sheet
    mode: str
    dice: tuple[int, int]
    pickable: tuple[Cell, ...]
    doubles_choice: bool

    @classmethod
    def of(cls, view: dict[str, Any]) -> Me:
        return cls(sheet_from_json(view["sheets"][view["seat"]]), view["options"]["mode"], tuple(view["dice"]),
                   tuple(tuple(c) for c in view["pickable"]), view["doubles_choice"])


@lru_cache(maxsize=8)
def _masks(lexicon) -> frozenset[str]:
    """Every 2-4 letter word with any of its letters hidden (as '?'): a line's pattern can then
    still become a word when the pattern is in this set. Hidden one position at a time over
    the whole set, so words that already look alike are not expanded twice."""
    masks: set[str] = set()
    for length in (2, 3, 4):
        found = {word for word in lexicon.words_of_length(length) if word.isalpha()}
        for i in range(length):
            found |= {mask[:i] + "?" + mask[i + 1:] for mask in found}
        masks |= found
    return frozenset(masks)


def _write(sheet: Sheet, at: Cell, letter: str) -> Sheet:
    index = at[0] * SIZE + at[1]
    return replace(sheet, grid=sheet.grid[:index] + letter + sheet.grid[index + 1:])


def _claimable_in_order(sheet: Sheet, group: tuple[list[Cell], ...]) -> bool:
    """Whether every word of the group, claimed in this order, still has an open link."""
    used = set(sheet.used)
    for cells in group:
        links = links_of(cells)
        if all(link in used for link in links):
            return False
        used.update(links)
    return True


def best_claims(game: SpellWrite, sheet: Sheet, at: Cell, mode: str, words: Vocabulary) -> tuple[int, list[list[Cell]]]:
    """The most points from words through the new letter (with the bonus) that a bot may
    propose, claimed shortest first so that each still has an open link when its turn comes
    (HE then HER); of equal points, the claims with the commonest words (see _commonness)."""
    found = sorted((cells for cells in game.candidates(sheet, at, mode)
                    if words.may_propose(_text(sheet, cells))), key=len)
    best: tuple[int, int, list[list[Cell]]] = (0, 0, [])
    for size in range(min(len(found), 4), 0, -1):
        for group in combinations(found, size):
            if not _claimable_in_order(sheet, group):
                continue
            points = sum(len(cells) for cells in group)
            if any(r == sheet.layout.bonus_row or c == sheet.layout.bonus_col for cells in group for r, c in cells):
                points += 1
            if points > best[0] or points == best[0] and _commonness(sheet, group, words) > best[1]:
                best = (points, _commonness(sheet, group, words), [list(cells) for cells in group])
    return best[0], best[2]


def _text(sheet: Sheet, cells) -> str:
    return "".join(sheet.at(c) for c in cells)


def _commonness(sheet: Sheet, claims, words: Vocabulary) -> int:
    """How common the claimed words are, all told: each counts more the commoner it is
    (RARE_LEVEL less its level), so between equal points the commonest claims win."""
    return sum(RARE_LEVEL - words.level(_text(sheet, cells)) for cells in claims)


def _potential(sheet: Sheet, at: Cell, masks: frozenset[str]) -> float:
    """How many lines through this square can still become words."""
    total = 0.0
    for dr, dc in ((0, 1), (1, 0)):
        line = [(at[0] + dr * i, at[1] + dc * i) for i in range(-3, 4)]
        line = [(r, c) for r, c in line if 0 <= r < SIZE and 0 <= c < SIZE]
        for start in range(len(line)):
            for length in (2, 3, 4):
                cells = line[start:start + length]
                if len(cells) != length or at not in cells:
                    continue
                text = "".join("?" if sheet.at(c) == EMPTY else sheet.at(c) for c in cells)
                if BLACK in text:
                    continue
                total += (text in masks) + (text[::-1] in masks)
    return total


def _options(me: Me):
    empty = [(r, c) for r in range(SIZE) for c in range(SIZE) if me.sheet.at((r, c)) == EMPTY]
    for pick in me.pickable:
        for at in empty:
            yield pick, at


def _evaluate(game: SpellWrite, me: Me, pick: Cell, at: Cell, lookahead: bool, words: Vocabulary, masks):
    """(value, claims, how common their words are) of writing the picked letter there."""
    sheet = me.sheet
    letter = LETTERS[pick[0]][pick[1]]
    written = _write(sheet, at, letter)
    points, claims = best_claims(game, written, at, me.mode, words)
    value = points - (pick in sheet.crossed)
    if lookahead:
        value += 0.35 * min(_potential(written, at, masks), 12) ** 0.5
        value += 0.4 * (at in sheet.layout.highlighted)
    return value, claims, _commonness(written, claims, words)


def _block_for(sheet: Sheet, at: Cell, rng: random.Random) -> list[int] | None:
    """A 2x2 block to highlight: the one holding the most letters not yet crossed off, vowels
    counting double."""
    if at not in sheet.layout.highlighted:
        return None

    def worth(corner: Cell) -> float:
        cells = [(corner[0] + dr, corner[1] + dc) for dr in (0, 1) for dc in (0, 1)]
        return sum((1 + (LETTERS[r][c] in "aeiou")) * (0.3 if (r, c) in sheet.crossed else 1) for r, c in cells) \
            + rng.random() * 0.01

    best: Cell = max(((r, c) for r in range(5) for c in range(5)), key=worth)
    return list(best)


def _bot(level: str):
    def move(game: SpellWrite, view: dict[str, Any], rng: random.Random) -> Move:
        me = Me.of(view)
        words = vocabulary(game.lexicon_for, view["options"]["lexicon"])
        if me.doubles_choice:
            return {"type": "doubles", "choice": _doubles_choice(game, me, level, rng, words)}
        masks = _masks(words.agreed) if level == "hard" else frozenset()
        sheet = me.sheet
        options = list(_options(me))
        if level == "easy":
            fresh = [(p, a) for p, a in options if p not in sheet.crossed] or options
            pick, at = rng.choice(fresh)
            _value, claims, _common = _evaluate(game, me, pick, at, False, words, masks)
            claims = [c for c in claims if rng.random() < 0.75]  # it misses some words
        else:
            scored = [(_evaluate(game, me, p, a, level == "hard", words, masks), rng.random(), p, a)
                      for p, a in options]
            (_value, claims, _common), _tie, pick, at = max(
                scored, key=lambda item: (item[0][0], item[0][2], item[1]))
        return {"type": "write", "pick": list(pick), "at": list(at), "words": [{"cells": [list(c) for c in cells]} for cells in claims],
                "block": _block_for(sheet, at, rng)}

    move.__name__ = level
    return move


def _doubles_choice(game: SpellWrite, me: Me, level: str, rng: random.Random, words: Vocabulary) -> str:
    if level == "easy":
        return rng.choice(["take", "reroll"])
    d = me.dice[0]
    taking = _best_value(game, me, game.pickable(me.sheet, [(d - 1, d - 1)]), words)
    if level == "medium":
        return "take" if taking >= 2 else "reroll"
    # hard: the re-roll's expected value over the six faces it could show (it cannot peek)
    values = []
    for face in range(1, 7):
        cells = sorted({(d - 1, face - 1), (face - 1, d - 1)})
        values.append(_best_value(game, me, game.pickable(me.sheet, cells), words))
    return "take" if taking >= sum(values) / 6 else "reroll"


def _best_value(game: SpellWrite, me: Me, picks: list[Cell], words: Vocabulary) -> float:
    return max((_quick(game, me, pick, words) for pick in picks), default=0)


def _quick(game: SpellWrite, me: Me, pick: Cell, words: Vocabulary) -> float:
    """The best immediate points a letter gives in any empty square."""
    sheet = me.sheet
    letter = LETTERS[pick[0]][pick[1]]
    empty = [(r, c) for r in range(SIZE) for c in range(SIZE) if sheet.at((r, c)) == EMPTY]
    best = max((best_claims(game, _write(sheet, at, letter), at, me.mode, words)[0] for at in empty),
               default=0)
    return best - (pick in sheet.crossed) + (letter in "aeiou") * 0.5


BOTS = {level: _bot(level) for level in ("easy", "medium", "hard")}

# -- the oracle (simulations only) -------------------------------------------------------------

ORACLE_TRIES = 4  # the hard bot's best few writes, each played out over the rolls to come


def oracle(game: SpellWrite, view: dict[str, Any], rng: random.Random) -> Move:
    """For simulations only: it sees the dice to come and their re-rolls (view["everything"]
    ["luck"], engine.bots). It re-rolls doubles exactly when the re-roll is better, and of the
    hard bot's best few writes it takes the one that scores most over the rest of the game,
    each played out greedily with the letters the dice will really offer."""
    me = Me.of(view)
    words = vocabulary(game.lexicon_for, view["options"]["lexicon"])
    luck = view["everything"]["luck"]
    d = me.dice[0]
    if me.doubles_choice:
        rerolled = _picks_for(game, me.sheet, (d, luck["rerolls"][0]))
        taking = _best_value(game, me, game.pickable(me.sheet, [(d - 1, d - 1)]), words)
        return {"type": "doubles", "choice": "take" if taking >= _best_value(game, me, rerolled, words) else "reroll"}
    masks = _masks(words.agreed)
    scored = sorted(((_evaluate(game, me, p, a, True, words, masks), rng.random(), p, a) for p, a in _options(me)),
                    key=lambda item: (item[0][0], item[0][2], item[1]), reverse=True)[:ORACLE_TRIES]
    futures = list(zip(luck["rolls"][1:], luck["rerolls"][1:]))

    def total(item) -> float:
        (_value, claims, _common), _tie, pick, at = item
        sheet, now = _written(me.sheet, pick, at, claims)
        return now + _played_out(game, sheet, me.mode, futures, words)

    _evaluation, _tie, pick, at = max(scored, key=total)
    claims = _evaluation[1]
    return {"type": "write", "pick": list(pick), "at": list(at), "words": [{"cells": [list(c) for c in cells]} for cells in claims],
            "block": _block_for(me.sheet, at, rng)}


def _picks_for(game: SpellWrite, sheet: Sheet, dice: tuple[int, int]) -> list[Cell]:
    d1, d2 = dice
    return game.pickable(sheet, sorted({(d1 - 1, d2 - 1), (d2 - 1, d1 - 1)}))


def _written(sheet: Sheet, pick: Cell, at: Cell, claims: list[list[Cell]]) -> tuple[Sheet, float]:
    """The sheet after writing the letter and claiming the words, and the points it scored.
    An approximation for playing out: the bonus point and any highlighted block are left out."""
    used = set(sheet.used)
    for cells in claims:
        used.update(links_of([(c[0], c[1]) for c in cells]))
    points = sum(len(cells) for cells in claims) - (pick in sheet.crossed)
    return replace(_write(sheet, at, LETTERS[pick[0]][pick[1]]), crossed=sheet.crossed | {pick},
                   used=frozenset(used)), points


def _played_out(game: SpellWrite, sheet: Sheet, mode: str, futures, words: Vocabulary) -> float:
    """The points the rolls to come give, each written where it scores most at once."""
    total = 0.0
    for (d1, d2), face in futures:
        picks = _picks_for(game, sheet, (d1, d2))
        if d1 == d2:
            picks = sorted(set(picks) | set(_picks_for(game, sheet, (d1, face))))
        empty = [(r, c) for r in range(SIZE) for c in range(SIZE) if sheet.at((r, c)) == EMPTY]
        if not empty:
            break
        best = None
        for pick in picks:
            for at in empty:
                points, claims = best_claims(game, _write(sheet, at, LETTERS[pick[0]][pick[1]]), at, mode, words)
                value = points - (pick in sheet.crossed)
                if best is None or value > best[0]:
                    best = (value, pick, at, claims)
        assert best is not None, "a roll offers a letter, and a square is empty"
        _value, pick, at, claims = best
        sheet, scored = _written(sheet, pick, at, claims)
        total += scored
    return total


ORACLES = {"oracle": Oracle(oracle)}  # simulations only (engine.bots: a bot that sees everything)


def _words_scored(before: Any, after: Any, seat: int, _move: Move) -> list[str]:
    """The words a move scored on the seat's sheet."""
    sheet = after.sheets[seat]
    return ["".join(sheet.at(cell) for cell in cells) for cells in set(sheet.scored) - set(before.sheets[seat].scored)]


# Low: the bots claim every word they score, preferring everyday ones only between equal choices.
WORDS_PROPOSED = WordsProposed(_words_scored, ("standard", "large"), everyday_share=0.5)
