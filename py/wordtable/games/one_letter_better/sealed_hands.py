"""One Letter Better's hands dealt sealed (docs/fair-cards.md): where its cards lie, for
wordtable.engine.sealed_table. Every card of a round is a position of the deal (fair_deal's
layout: seven each in turn, the pile's card, the stack top first), written HIDDEN + position on
a device that has not opened it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from wordtable.engine.fair_deal import Layout
from wordtable.engine.rng import Seed
from wordtable.engine.sealed_game import SealedCards
from wordtable.games.one_letter_better.state import CARDS, HAND, HIDDEN, Laid, Options, Pending, State, Word


class SealedHands(SealedCards):
    hidden = HIDDEN

    def start(self, options: Options, seed: Seed) -> State:
        if options.solo:
            raise ValueError("a solo game has no hand to hide")
        players = options.players
        state = State(options, seed, round=0, dealer=players - 1, stack=(), pile=(), hands=((),) * players,
                      words=(), out=(), scores=(0,) * players, totals=(0,) * players, turn=0, sealed=True)
        return self.game._deal(state)

    def layout(self, state: State) -> Layout:
        return Layout(state.options.players, len(CARDS), HAND)

    def round_number(self, state: State) -> int:
        return state.round

    def last_round(self, state: State) -> int:
        return state.options.rounds

    def dealing(self, state: State) -> bool:
        return state.phase == "deal"

    def dealt(self, state: State) -> State:
        return replace(state, phase="draw")

    def draws_at_random(self, state: State, seat: int, move: dict[str, Any]) -> bool:
        return move.get("type") == "steal-card"

    def with_chance(self, state: State, seed: int) -> State:
        return replace(state, seed=seed)

    def hands(self, state: State) -> tuple[tuple[int, ...], ...]:
        return state.hands

    def public(self, state: State) -> list[int]:
        return list(state.pile) + [laid.uid for word in state.words + state.out for laid in word.cards]

    def with_cards(self, state: State, cards: Mapping[int, int]) -> State:
        if not cards:
            return state
        names = {HIDDEN + position: card for position, card in cards.items()}

        def named(uids: tuple[int, ...]) -> tuple[int, ...]:
            return tuple(names.get(uid, uid) for uid in uids)

        def word(w: Word) -> Word:
            return replace(w, cards=tuple(Laid(names.get(c.uid, c.uid), c.letters) for c in w.cards))

        pending = state.pending
        if pending is not None:
            pending = Pending(self.with_cards(pending.before, cards), pending.seat, pending.scored, pending.forfeit,
                              pending.words)
        return replace(state, stack=named(state.stack), pile=named(state.pile),
                       hands=tuple(named(hand) for hand in state.hands), words=tuple(map(word, state.words)),
                       out=tuple(map(word, state.out)), taken=named(state.taken),
                       must_play=None if state.must_play is None else names.get(state.must_play, state.must_play),
                       pending=pending)

    def shows_hand(self, state: State, seat: int) -> bool:
        return state.phase == "showdown" and seat not in state.shown

    def show_move(self) -> dict[str, Any]:
        return {"type": "show"}
