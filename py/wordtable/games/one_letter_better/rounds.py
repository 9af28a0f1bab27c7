"""One Letter Better's rounds, mixed into the game (rules.OneLetterBetter): the deal, and the
end of a round at the target or the deck's end, scored once every hand is known (sealed: once
every player has shown theirs)."""

from __future__ import annotations

from dataclasses import replace

from wordtable.engine.cards import draw, shuffled
from wordtable.engine.errors import IllegalMove
from wordtable.engine.game import Outcome
from wordtable.games.one_letter_better.deck import GAME_ID
from wordtable.games.one_letter_better.state import CARDS, HAND, HIDDEN, RoundResult, State, is_hidden, penalty


class Rounds:
    """The deal and the round's end."""

    def _next_turn(self, state: State) -> State:
        raise NotImplementedError  # the game's (rules.OneLetterBetter)

    def _deal(self, state: State) -> State:
        """A new round: shuffle, deal seven each, turn up the pile's first card. Sealed, the
        devices deal together (fair_deal): every card is its position's HIDDEN number, seven
        each dealt in turn, then the pile's, then the stack, and the round waits in the "deal"
        phase for the pile's card to be opened (SealedHands.dealt)."""
        options = state.options
        players = options.players
        if state.sealed:
            positions = tuple(HIDDEN + position for position in range(len(CARDS)))
            unordered: tuple = ()
            dealt, stack = positions[:HAND * players + 1], positions[HAND * players + 1:]
        else:
            uids = [uid for uid, card in enumerate(CARDS) if not (options.solo and card.kind == "steal-one")]
            deck = shuffled(state.seed, uids, GAME_ID, "deck", state.round + 1)
            dealt, (stack, unordered) = draw(state.seed, deck, HAND * players + 1, GAME_ID, "deal", state.round + 1)
        hands = tuple(tuple(dealt[seat:HAND * players:players]) for seat in range(players))
        dealer = (state.dealer + 1) % players
        return replace(state, round=state.round + 1, dealer=dealer, stack=stack, unordered=unordered, pile=dealt[-1:],
                       hands=hands, words=(), out=(), scores=(0,) * players, turn=(dealer + 1) % players,
                       phase="deal" if state.sealed else "draw", must_play=None, taken=(), played=False,
                       robbed=frozenset(), quiet=0, turns=0, pending=None, accepted=frozenset(), trimming=None,
                       showdown=None, shown=frozenset())

    # -- the end of a round --------------------------------------------------------------------

    def _round_over_at_target(self, state: State, ends_turn: bool = False) -> State:
        target = state.options.target
        if target and not state.options.solo and max(state.scores) >= target and state.phase != "trim":
            return self._end_round(state, "target", max(range(len(state.scores)), key=lambda s: state.scores[s]))
        if ends_turn and state.phase != "trim":
            return self._next_turn(state)
        return state

    def _end_round(self, state: State, how: str, winner: int | None) -> State:
        if state.sealed:
            # Every device sees a hand only once its player shows it (every lock of its cards).
            shown = frozenset(seat for seat, hand in enumerate(state.hands) if not hand)
            return self._show(replace(state, phase="showdown", showdown=(how, winner), shown=shown,
                                      pending=None, trimming=None), None)
        return self._scored_round(state, how, winner)

    def _show(self, state: State, seat: int | None) -> State:
        """A sealed round's end: a seat has shown its hand (opened on every device); the round is
        scored once every hand is."""
        if seat is not None:
            if any(is_hidden(uid) for uid in state.hands[seat]):
                raise IllegalMove("Show every card of your hand.")
            state = replace(state, shown=state.shown | {seat})
        if len(state.shown) < state.options.players:
            return state
        assert state.showdown is not None, "a showdown says how the round ended"
        how, winner = state.showdown
        return self._scored_round(replace(state, showdown=None), how, winner)

    def _scored_round(self, state: State, how: str, winner: int | None) -> State:
        options = state.options
        top = max(state.scores)
        penalties, exempted = [], []
        for seat, hand in enumerate(state.hands):
            exempt = seat == winner or (how == "deck" and not options.solo and state.scores[seat] == top)
            owed = 0 if exempt else sum(penalty(u) for u in hand)
            if options.solo and options.solo_pile:
                owed += sum(penalty(u) for u in state.pile)
            penalties.append(owed)
            if exempt:
                exempted.append(seat)
        result = RoundResult(state.scores, tuple(penalties), state.hands, how, winner, tuple(exempted))
        totals = tuple(t + f for t, f in zip(state.totals, result.final))
        state = replace(state, totals=totals, results=state.results + (result,), pending=None,
                        trimming=None).noted(None, f"Round {state.round} is over")
        if state.round < options.rounds:
            return self._deal(state)
        best = max(totals)
        winners = tuple(s for s, t in enumerate(totals) if t == best)
        return replace(state, phase="over", outcome=Outcome(winners, "scored the most points"))
