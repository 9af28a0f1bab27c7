"""One Letter Better (Cruise Monkey Games, beta rules of 02/10/2024): a rummy of letter cards.
Spell words from your hand, lengthen them, and steal the others' words by making them one
letter better.

Rules as implemented (seed 003; decisions marked DECISION are ours and written in the
how-to-play page too). The deck is ours: see deck.py beside this module.
- Deal seven cards each and turn the next card up to start the discard pile; the player after
  the dealer begins, and the deal moves on one seat each round.
- A turn begins by drawing from the stack until the hand holds eight cards (at least one; two
  for a player who lost a card to STL-1 since their last turn), or by taking any number of
  cards off the top of the discard pile: when two or more are taken, the bottom one must be
  played at once (one card taken is like one drawn: the solo section's "the bottom letter being
  played if more than one card is drawn").
  DECISION: taking from the pile replaces the draw (the rules offer one or the other); a player
  who took cards and has done nothing since may put them back and draw instead.
- Then, any number of plays:
  - a new word of at least two cards from the hand (DECISION: two cards, so a lone ANT card is
    not a word);
  - adding cards to the front or end of a word on the table: your own word (wilds allowed,
    any number of cards), or another player's word, a steal: one card, or several cards that
    spell a word on their own (STAR + FISH), never a wild;
  - joining one of your own words to another player's word, either order (STAR + FISH), a
    steal; the word used to steal has no wild;
  - a red card inserted anywhere in a word (PINT -> PRINT), your own or a steal;
  - a blue card replacing as many letters at the front or end of a word (SLANT -> CHANT with a
    blue CH): the replaced cards go to the player's hand; your own word or a steal. A blue card
    may instead swap places with any card of the discard pile, or be played at the start or end
    of a word like any card;
  - STL-1: take a card at random from another player's hand; they draw two next turn.
- Scoring: a word is worth its cards' points plus 5 per card above three (the handicap option
  changes the 5 per player). A new word scores its worth; changing your own word scores the
  difference (TIME 14 -> TIMER +7). A steal scores the new word's whole worth and takes the old
  word's worth from its owner (in family scoring the owner keeps it). DECISION: joining your own
  word scores the difference too (your word's points were scored when you made it).
- A word holding a green card is protected: scored, then out of play. DECISION: a green card
  may sit anywhere in a new word; added to a word, it goes at an end like any added card. A word's third steal
  scores as usual, then the word goes out of play. DECISION: a joined word carries the larger
  steal count of its two words, plus one.
- A player who has played nothing this turn may instead discard one to four cards and draw as
  many (not once the stack is empty); the turn then ends. Otherwise the player ends the turn.
- Challenges ("players decide"): words are not checked as they are played; after each play
  the other players accept it or challenge it, and the dictionary settles the challenge. A word
  that stands scores double; one that falls is taken back, its points go to the challenger, and
  the player who played it ends the turn. The loser of a challenge discards down to eight cards.
  DECISION: a fallen addition or join gives the challenger the whole word's worth (the rules:
  the points and bonuses on the cards spelling the word), a fallen new word or steal the same.
  DECISION: the challenge comes right after each play (the rules: before the next play).
  The other mode, the default, has the app check every word at once.
- A round ends when someone reaches the target (the others subtract the points in their hands,
  red cards counted as positive), or when the stack is empty and every player in a row has
  ended a turn without playing: then the top scorer does not subtract. The game is a number of
  rounds; the highest total wins (a tie shares the win).
- Solo: one player plays through the whole deck and subtracts the hand (and, as an option, the
  discard pile). DECISION: STL-1 cards are left out of a solo deck, and words are always checked.
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeAlias, cast

from wordtable.engine.cards import draw
from wordtable.engine.errors import IllegalMove, MalformedMove
from wordtable.engine.game import Game, GameKind, Move, is_int
from wordtable.engine.rng import Seed, rng_for
from wordtable.games.one_letter_better.card_plays import CardPlays
from wordtable.games.one_letter_better.deck import GAME_ID
from wordtable.games.one_letter_better.rounds import Rounds
from wordtable.games.one_letter_better.state import (
    BINDING_TAKE,
    CARDS,
    MAX_DISCARD,
    MAX_STEALS,
    MAX_TURNS,
    PLAY_MOVES,
    TURN_HAND,
    Entry,
    Laid,
    Options,
    Pending,
    State,
    Word,
    add_points,
    card_json,
    check_entries,
    is_card,
    is_hidden,
    is_wild,
    replaced_at,
    result_json,
    word_json,
)
from wordtable.lexicon.rules import WordRule
from wordtable.lexicon.vocabulary import warm_up as bots_warm_up

if TYPE_CHECKING:  # the deal's arithmetic loads only for a sealed game
    from wordtable.engine.sealed_game import SealedCards


class OneLetterBetter(CardPlays, Rounds, Game):
    id = GAME_ID
    title = "One Letter Better"
    blurb = ("A rummy of letter cards: spell words from your hand, then steal the others' words "
             "by making them one letter better.")
    minutes = 30
    # The deck; each hand. Each turn draws (a card, a steal's card, a new round's deal): by link,
    # a device's parts ahead must last until its next link comes round the table, deals included.
    kind = GameKind(chance=True, hidden="seats", complete_moves=False, parts_ahead_by_link=16, sealed_online=True)
    host_sees = ("holds only the host's own hand and those of the bots the host seats: the cards are shuffled and locked by "
                 "every player's device in turn, and each card opens only with every device's key, so your hand "
                 "and the cards you draw open on your device alone, and nobody knows the stack's order.")
    Options: TypeAlias = Options  # the class, so that methods can annotate with it
    word_rule = WordRule("a-z", 2, None, "a word has two letters or more.")
    questions = ("preview",)
    move_fields = {
        "draw": frozenset(), "take": frozenset({"count"}), "put-back": frozenset(),
        "word": frozenset({"cards"}), "add": frozenset({"word", "front", "back"}),
        "insert": frozenset({"word", "at", "card"}), "replace": frozenset({"word", "card", "side", "count"}),
        "join": frozenset({"word", "with", "first"}), "swap": frozenset({"card", "pile"}),
        "steal-card": frozenset({"card", "from"}), "discard": frozenset({"cards"}), "end": frozenset(),
        "accept": frozenset(), "challenge": frozenset(), "show": frozenset(),
    }

    # -- setup ---------------------------------------------------------------------------------

    def start(self, options: Options, seed: Seed) -> State:
        players = options.players
        state = State(options, seed, round=0, dealer=players - 1, stack=(), pile=(), hands=((),) * players,
                      words=(), out=(), scores=(0,) * players, totals=(0,) * players, turn=0)
        return self._deal(state)

    @property
    def sealed_cards(self) -> SealedCards:
        # loaded when asked: the deal's arithmetic is not needed by a game dealt from its seed
        from wordtable.games.one_letter_better.sealed_hands import SealedHands

        return SealedHands(self)

    def warm_up(self, options: dict[str, Any]) -> Iterator[None]:
        """The dictionary's letter-set index (a slice at a time), so the first hand's search
        does not pay for it, and the bots' everyday words."""
        name = Options.parse(options).lexicon
        yield from self.lexicon_for(name).anagram_build.steps()
        yield from bots_warm_up(self.lexicon_for, name)

    def is_word(self, state: State, text: str) -> bool:
        # The trie, not the bots' letter-set index: a player's first word after a reload should
        # not wait for the index to be built.
        return text.isascii() and text.isalpha() and text in self.lexicon_for(state.options.lexicon)

    # -- the protocol --------------------------------------------------------------------------

    def actors(self, state: State) -> list[int]:
        if state.outcome or state.phase == "deal":  # the deal: every device's passes, no player's move
            return []
        if state.phase == "showdown":
            return [s for s in range(state.options.players) if s not in state.shown]
        if state.phase == "challenge":
            return [s for s in range(state.options.players) if s != state.challenged().seat and s not in state.accepted]
        if state.phase == "trim":
            return [state.trimmer()]
        return [state.turn]

    def not_your_turn(self, state: State, seat: int) -> str:
        if state.phase in ("deal", "showdown"):
            return "Wait: the cards are being dealt." if state.phase == "deal" else "The others are showing their hands."
        if state.phase == "challenge":
            return "The others are deciding whether to challenge the play."
        if state.phase == "trim":
            return "Wait: a player is discarding down to eight cards."
        return "It is not your turn."

    def check_fields(self, kind: str, move: Move) -> None:
        if kind == "take" and not is_int(move.get("count")):
            raise MalformedMove("Say how many cards to take.")
        if kind in ("word", "discard"):
            check_entries(move.get("cards"), "cards")
        if kind == "add":
            check_entries(move.get("front"), "front", allow_empty=True)
            check_entries(move.get("back"), "back", allow_empty=True)
        if kind in ("add", "insert", "replace", "join") and not is_int(move.get("word")):
            raise MalformedMove("Say which word on the table.")
        if kind in ("insert", "replace", "swap", "steal-card") and not is_card(move.get("card")):
            raise MalformedMove("Say which card.")
        if kind == "insert" and not is_int(move.get("at")):
            raise MalformedMove("Say where the card goes.")
        if kind == "replace" and (move.get("side") not in ("front", "end") or not is_int(move.get("count"))):
            raise MalformedMove("Say which end of the word the card replaces, and how many cards.")
        if kind == "join" and (not is_int(move.get("with")) or not isinstance(move.get("first"), bool)):
            raise MalformedMove("Say which of your words joins it, and whether yours comes first.")
        if kind == "swap" and not is_int(move.get("pile")):
            raise MalformedMove("Say which card of the discard pile.")
        if kind == "steal-card" and not is_int(move.get("from")):
            raise MalformedMove("Say whose hand to take a card from.")

    def play(self, state: State, seat: int, kind: str, move: Move) -> State:
        refusal = self.refusal(state, kind, move)
        if refusal:
            raise IllegalMove(refusal)
        if state.phase == "challenge":
            return self._answer(state, seat, kind)
        if state.phase == "showdown":
            return self._show(state, seat)
        if state.phase == "trim":
            return self._trim(state, seat, move["cards"])
        if kind == "draw":
            return self._draw(state, seat)
        if kind == "take":
            return self._take(state, seat, move["count"])
        if kind == "put-back":
            return self._put_back(state, seat)
        if kind in PLAY_MOVES:
            return self._play_cards(state, seat, kind, move)
        if kind == "swap":
            return self._swap(state, seat, move["card"], move["pile"])
        if kind == "steal-card":
            return self._steal_card(state, seat, move["card"], move["from"])
        if kind == "discard":
            return self._discard(state, seat, move["cards"])
        return self._end_turn(state, seat)

    def refusal(self, state: State, kind: str, move: Move | None = None) -> str | None:
        """Why the seat due may not make a move of this kind now, whatever its cards (None: it
        may, given cards the rules allow). play() refuses with it and the view's can_* flags
        are made from it, so the page never offers what the engine refuses."""
        if state.phase == "showdown":
            return None if kind == "show" else "The round is over: show your hand."
        if kind == "show":
            return "Hands are shown when the round is over."
        if state.phase == "challenge":
            return None if kind in ("accept", "challenge") else "Accept the play or challenge it first."
        if kind in ("accept", "challenge"):
            return "There is no play to challenge now."
        if state.phase == "trim":
            return None if kind == "discard" else f"Discard down to {TURN_HAND} cards first."
        if state.phase == "draw":
            return None if kind in ("draw", "take") else "Begin your turn: draw from the stack or take from the discard pile."
        if kind in ("draw", "take"):
            return "You have already drawn this turn."
        if kind == "put-back":
            return None if state.taken else "There is nothing to put back: you have played since you took from the pile."
        # The STL-1 card taken from the pile is played by playing it.
        playing_taken = kind == "steal-card" and move is not None and move.get("card") == state.must_play
        if state.must_play is not None and kind not in PLAY_MOVES and not playing_taken:
            return f"Play the {self.card_name(state.must_play)} you took from the discard pile first (or put the cards back)."
        if kind == "discard":
            if state.played:
                return "You have played this turn: end your turn instead of discarding."
            if not state.stack:
                return "The stack is empty: no more discarding. End your turn."
        if kind == "end" and not state.played and state.stack and state.hands[state.turn]:
            return "Play a word, or discard one to four cards to end your turn."
        return None

    # -- beginning a turn ----------------------------------------------------------------------

    def _draw(self, state: State, seat: int) -> State:
        hand = state.hands[seat]
        wanted = max(TURN_HAND - len(hand), 2 if seat in state.robbed else 1)
        drawn, (stack, unordered) = self._from_stack(state, wanted)
        text = f"drew {len(drawn)} card{'s' if len(drawn) != 1 else ''}" if drawn else "had no card to draw"
        return replace(state, stack=stack, unordered=unordered, hands=replaced_at(state.hands, seat, hand + drawn),
                       phase="play", robbed=state.robbed - {seat}).noted(seat, text)

    @staticmethod
    def _from_stack(state: State, count: int) -> tuple[tuple[int, ...], tuple]:
        """The stack's top cards (online: drawn at random now), and the stack left. A round's
        stack only shrinks, so its size names each draw."""
        if not state.stack:
            return (), ((), ())
        return draw(state.seed, (state.stack, state.unordered), count, GAME_ID, "stack", state.round, len(state.stack))

    def _take(self, state: State, seat: int, count: int) -> State:
        if not 1 <= count <= len(state.pile):
            raise IllegalMove(f"The discard pile has {len(state.pile)} card{'s' if len(state.pile) != 1 else ''}.")
        taken = state.pile[-count:]
        # The bottom card must be played only when two or more are taken: one card taken is
        # like one drawn (the solo section: "the bottom letter being played if more than one
        # card is drawn"; setup: take the face-up card or draw).
        return replace(state, pile=state.pile[:-count], hands=replaced_at(state.hands, seat, state.hands[seat] + taken),
                       phase="play", must_play=taken[0] if count >= BINDING_TAKE else None, taken=taken,
                       ).noted(seat, f"took {count} card{'s' if count != 1 else ''} from the discard pile")

    def _put_back(self, state: State, seat: int) -> State:
        hand = tuple(uid for uid in state.hands[seat] if uid not in state.taken)
        return replace(state, pile=state.pile + state.taken, hands=replaced_at(state.hands, seat, hand), phase="draw",
                       must_play=None, taken=()).noted(
            seat, f"put the card{'s' if len(state.taken) > 1 else ''} back on the discard pile")

    # -- plays ---------------------------------------------------------------------------------

    def _play_cards(self, state: State, seat: int, kind: str, move: Move) -> State:
        after, scored, words, forfeit = self.tried_play(state, seat, kind, move)
        if state.options.checks_words:
            for text in words:
                if not self.is_word(state, text):
                    raise IllegalMove(f"{text.upper()} is not in the dictionary.")
            return self._round_over_at_target(after)
        return replace(after, phase="challenge", pending=Pending(state, seat, scored, forfeit, words),
                       accepted=frozenset())

    def tried_play(self, state: State, seat: int, kind: str, move: Move) -> tuple[State, int, tuple[str, ...], int]:
        """A play's result before the dictionary is asked: (state after, points scored, the
        words that must be in the dictionary, the worth of the word made); IllegalMove for a
        play the rules forbid."""
        play = {"word": self._new_word, "add": self._add, "insert": self._insert, "replace": self._replace,
                "join": self._join}[kind]
        after, used, scored, words, worth = play(state, seat, move)
        if state.must_play is not None and state.must_play not in used:
            name = self.card_name(state.must_play)
            raise IllegalMove(f"This play must use the {name} you took from the discard pile.")
        return replace(after, must_play=None, taken=(), played=True), scored, words, worth

    def _swap(self, state: State, seat: int, uid: int, index: int) -> State:
        if uid not in state.hands[seat] or CARDS[uid].colour != "blue":
            raise IllegalMove("Swap a blue card from your hand.")
        if not 0 <= index < len(state.pile):
            raise IllegalMove("That card is not in the discard pile.")
        pulled = state.pile[index]
        hand = tuple(u for u in state.hands[seat] if u != uid) + (pulled,)
        pile = state.pile[:index] + (uid,) + state.pile[index + 1:]
        return replace(state, hands=replaced_at(state.hands, seat, hand), pile=pile, taken=()).noted(
            seat, f"swapped a blue {CARDS[uid].letters.upper()} for the {self.card_name(pulled)} in the discard pile")

    def _steal_card(self, state: State, seat: int, uid: int, victim: int) -> State:
        if uid not in state.hands[seat] or CARDS[uid].kind != "steal-one":
            raise IllegalMove("Play an STL-1 card from your hand.")
        if victim == seat or not 0 <= victim < state.options.players:
            raise IllegalMove("Take a card from another player's hand.")
        if not state.hands[victim]:
            raise IllegalMove("That player has no cards.")
        rng = rng_for(state.seed, GAME_ID, "steal-one", state.round, state.turns, len(state.out), len(state.pile))
        taken = rng.choice(state.hands[victim])
        hands = replaced_at(state.hands, seat, tuple(u for u in state.hands[seat] if u != uid) + (taken,))
        hands = replaced_at(hands, victim, tuple(u for u in hands[victim] if u != taken))
        retired = Word(state.next_id, seat, (Laid(uid, ""),), 0, out="played")
        return replace(state, hands=hands, robbed=state.robbed | {victim}, out=state.out + (retired,),
                       next_id=state.next_id + 1, must_play=None, taken=()).noted(seat, "played STL-1 and took a card from", victim)

    # -- ending a turn -------------------------------------------------------------------------

    def _discard(self, state: State, seat: int, entries: list[Entry]) -> State:
        uids = self._discarded(state, seat, entries)
        if not 1 <= len(uids) <= MAX_DISCARD:
            raise IllegalMove(f"Discard one to {MAX_DISCARD} cards.")
        drawn, (stack, unordered) = self._from_stack(state, len(uids))
        hand = tuple(u for u in state.hands[seat] if u not in uids) + drawn
        after = replace(state, hands=replaced_at(state.hands, seat, hand), pile=state.pile + tuple(uids),
                        stack=stack, unordered=unordered)
        return self._next_turn(after.noted(seat, f"discarded {len(uids)} and drew {min(len(uids), len(state.stack))}"))

    @staticmethod
    def _discarded(state: State, seat: int, entries: list[Entry]) -> list[int]:
        uids = [e if is_int(e) else e[0] for e in entries]
        if len(set(uids)) != len(uids) or not all(u in state.hands[seat] for u in uids):
            raise IllegalMove("Discard cards from your hand, each once.")
        return uids

    def _end_turn(self, state: State, seat: int) -> State:
        return self._next_turn(state.noted(seat, "ended the turn" if state.played else "could not play"))

    def _next_turn(self, state: State) -> State:
        quiet = 0 if state.played or state.stack else state.quiet + 1
        state = replace(state, quiet=quiet, turns=state.turns + 1, all_turns=state.all_turns + 1,
                        robbed=state.robbed - {state.turn})
        if quiet >= state.options.players or state.turns >= MAX_TURNS:
            return self._end_round(state, "deck", None)
        return replace(state, turn=(state.turn + 1) % state.options.players, phase="draw", played=False,
                       must_play=None, taken=())

    # -- challenges ----------------------------------------------------------------------------

    def _answer(self, state: State, seat: int, kind: str) -> State:
        pending = state.challenged()
        if kind == "accept":
            state = replace(state, accepted=state.accepted | {seat})
            if self.actors(state):
                return state
            return self._round_over_at_target(replace(state, phase="play", pending=None, accepted=frozenset()))
        stands = all(self.is_word(state, text) for text in pending.words)
        words = " and ".join(text.upper() for text in pending.words)
        if stands:
            after = add_points(replace(state, phase="play", pending=None, accepted=frozenset()),
                           pending.seat, pending.scored)
            after = after.noted(seat, f"challenged {words}: it stands, and scores double for", pending.seat)
            return self._round_over_at_target(self._trim_or(after, seat, ends_turn=False))
        after = add_points(pending.before, seat, self._forfeit(pending))
        after = replace(after, must_play=None, taken=(), log=state.log).noted(
            seat, f"challenged {words}: not in the dictionary, so the play is taken back and the points go to the challenger;"
            " the turn ends for", pending.seat)
        return self._round_over_at_target(self._trim_or(after, pending.seat, ends_turn=True), ends_turn=True)

    @staticmethod
    def _forfeit(pending: Pending) -> int:
        """What the challenger of a play that falls scores (never less than nothing)."""
        return max(0, pending.forfeit)

    def _trim_or(self, state: State, seat: int, ends_turn: bool) -> State:
        """The loser of a challenge discards down to eight cards (their choice), if they hold more."""
        if len(state.hands[seat]) > TURN_HAND:
            return replace(state, phase="trim", trimming=seat, trim_ends_turn=ends_turn)
        return state

    def _trim(self, state: State, seat: int, entries: list[Entry]) -> State:
        uids = self._discarded(state, seat, entries)
        excess = len(state.hands[seat]) - TURN_HAND
        if len(uids) != excess:
            raise IllegalMove(f"Discard exactly {excess} card{'s' if excess != 1 else ''}, down to {TURN_HAND}.")
        hand = tuple(u for u in state.hands[seat] if u not in uids)
        after = replace(state, hands=replaced_at(state.hands, seat, hand), pile=state.pile + tuple(uids), phase="play",
                        trimming=None).noted(seat, f"discarded {excess} down to {TURN_HAND}")
        return self._round_over_at_target(after, ends_turn=state.trim_ends_turn)

    # -- what players may do and see -----------------------------------------------------------

    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """Representative: the draw, takes of one to three cards, the plays a bot would look at (words from the
        hand, additions, steals), the card plays, discards of the first cards, the end."""
        from wordtable.games.one_letter_better.plays import plays  # the search lives beside the bots

        if seat not in self.actors(state):
            return []
        if state.phase == "challenge":
            return [{"type": "accept"}, {"type": "challenge"}]
        if state.phase == "showdown":
            return [{"type": "show"}]
        hand = list(state.hands[seat])
        if state.phase == "trim":
            return [{"type": "discard", "cards": hand[:len(hand) - TURN_HAND]}]
        if state.phase == "draw":
            return [{"type": "draw"}] + [{"type": "take", "count": n} for n in range(1, min(3, len(state.pile)) + 1)]
        moves = [play.move for play in plays(self, self.view(state, seat), hand_word_steals=False)]
        if not self.refusal(state, "put-back"):
            moves.append({"type": "put-back"})
        for uid in hand:
            if CARDS[uid].kind == "steal-one":
                move = {"type": "steal-card", "card": uid}
                if not self.refusal(state, "steal-card", move):
                    moves += [{**move, "from": s} for s in range(state.options.players) if s != seat and state.hands[s]]
            if CARDS[uid].colour == "blue" and state.pile and not self.refusal(state, "swap"):
                moves.append({"type": "swap", "card": uid, "pile": len(state.pile) - 1})
        if not self.refusal(state, "discard"):
            moves += [{"type": "discard", "cards": hand[:n]} for n in range(1, min(MAX_DISCARD, len(hand)) + 1)]
        if not self.refusal(state, "end"):
            moves.append({"type": "end"})
        return moves

    def card_name(self, uid: int) -> str:
        card = CARDS[uid]
        if card.kind == "steal-one":
            return "STL-1"
        if card.kind == "wild":
            return "wild card"
        if card.kind == "double-wild":
            return "double wild card"
        colour = "" if card.colour == "plain" else card.colour + " "
        return f"{colour}{card.letters.upper()}"

    def board_view(self, state: State, seat: int | None) -> dict[str, Any]:
        options = state.options
        pending = state.pending
        return {
            "round": state.round, "rounds": options.rounds, "dealer": state.dealer, "turn": state.turn,
            # Sealed, while the deal goes round nobody has opened a card yet.
            "stack": len(state.stack), "pile": [card_json(u) for u in state.pile if not is_hidden(u)],
            "hand": None if seat is None else [card_json(u) for u in state.hands[seat] if not is_hidden(u)],
            "hand_sizes": [len(h) for h in state.hands],
            "words": [word_json(w) for w in state.words],
            "out": [{"id": w.id, "owner": w.owner, "text": w.text, "worth": w.worth, "out": w.out,
                     "cards": [{"letters": c.letters, "colour": CARDS[c.uid].colour, "wild": is_wild(c.uid)} for c in w.cards]}
                    for w in state.out if w.out != "played"],
            # STL-1 cards played this round: everyone saw them go (what a bot counts as seen)
            "spent": [card_json(laid.uid) for w in state.out if w.out == "played" for laid in w.cards],
            "scores": list(state.scores), "totals": list(state.totals),
            "bonus": [options.bonus_for(s) for s in range(options.players)],
            "must_play": state.must_play if seat == state.turn else None,
            "taken": list(state.taken) if seat == state.turn else [],
            "binding_take": BINDING_TAKE,
            # the rules' numbers the page states
            "turn_hand": TURN_HAND, "max_discard": MAX_DISCARD, "max_steals": MAX_STEALS,
            "played": state.played, "robbed": sorted(state.robbed),
            # What the seat due may do besides playing cards, from the engine's own refusals.
            **self._permissions(state, seat),
            "challenge": None if pending is None else {"seat": pending.seat, "words": list(pending.words),
                                                       "scored": pending.scored, "accepted": sorted(state.accepted),
                                                       # what a challenger scores if it falls: the whole word's worth
                                                       "forfeit": self._forfeit(pending)},
            "trimming": state.trimming,
            "log": [{"seat": seat, "text": text, "whom": whom} for seat, text, whom in state.log],
            "results": [result_json(r) for r in state.results],
        }

    def _permissions(self, state: State, seat: int | None) -> dict[str, bool]:
        due = seat is not None and seat in self.actors(state) and state.phase == "play"
        return {"can_discard": due and seat is not None and bool(state.hands[seat]) and not self.refusal(state, "discard"),
                "can_end": due and not self.refusal(state, "end"),
                "can_put_back": due and not self.refusal(state, "put-back")}

    def offers(self, view: dict[str, Any]) -> dict[str, bool]:
        """The page's buttons besides card plays come from these view fields (discarding down
        to eight after a lost challenge is a discard too)."""
        due = view["seat"] in view["waiting_for"]
        return {"discard": view["can_discard"] or (due and view["phase"] == "trim"),
                "end": view["can_end"], "put-back": view["can_put_back"],
                "draw": due and view["phase"] == "draw", "take": due and view["phase"] == "draw" and bool(view["pile"]),
                "accept": due and view["phase"] == "challenge", "challenge": due and view["phase"] == "challenge"}

    def suggests(self, state: State) -> bool:
        # Seed 003: "players may NOT look up words before playing them", and a bot's suggestion
        # is a look-up: when players decide, nobody gets one.
        return state.options.checks_words

    def phase(self, state: State) -> str:
        return state.phase

    def reveal(self, state: State) -> dict[str, Any]:
        return {**self.view(state, None), "hands": [[card_json(u) for u in h if not is_hidden(u)] for h in state.hands],
                "stack_cards": [card_json(u) for u in state.stack if not is_hidden(u)]}

    def secrets(self, state: State, seat: int | None) -> list[Any]:
        """A hand (as a view would show it) and the stack's order (online there is none yet:
        each draw picks its cards)."""
        if seat is None:
            top = [u for u in state.stack[:3] if not is_hidden(u)]
            return [[card_json(u) for u in top]] if len(top) >= 3 and not state.unordered else []
        hand = tuple(u for u in state.hands[seat] if not is_hidden(u))
        return [[card_json(u) for u in hand]] if len(hand) >= 3 and state.outcome is None else []

    def undo_barrier(self, before: State, after: State) -> bool:
        """A play, a take from the pile or a swap may be taken back within the turn; a draw, a
        discard, STL-1, a challenge or the end of the turn may not."""
        same_turn = (before.round == after.round and before.turns == after.turns and before.stack == after.stack
                     and before.phase in ("draw", "play") and after.phase in ("draw", "play")
                     and before.robbed == after.robbed
                     and all(b == a for s, (b, a) in enumerate(zip(before.hands, after.hands)) if s != before.turn))
        return not same_turn

    def turns(self, state: State) -> int:
        return state.all_turns

    def answer(self, state: State, seat: int | None, question: str, args: dict[str, Any]) -> Any:
        """"preview": what a move would do, without playing it (the app-checks mode only says
        whether the words are in the dictionary; players deciding get no look-up)."""
        if question != "preview" or seat is None:
            raise IllegalMove("One Letter Better answers only previews of your own moves.")
        move = args.get("move")
        try:
            kind = self.checked_move(move)
            if kind not in PLAY_MOVES:
                raise IllegalMove("Only plays of cards can be previewed.")
            if state.phase != "play" or seat != state.turn:
                raise IllegalMove("It is not your turn to play.")
            _after, scored, words, _worth = self.tried_play(state, seat, kind, cast(Move, move))  # checked_move: a move
            if state.options.checks_words:
                wrong = [w for w in words if not self.is_word(state, w)]
                if wrong:
                    return {"ok": False, "reason": f"{wrong[0].upper()} is not in the dictionary.", "words": list(words)}
            return {"ok": True, "words": list(words), "scored": scored}
        except (IllegalMove, MalformedMove) as refusal:
            return {"ok": False, "reason": str(refusal), "words": []}

    def move_text(self, before: State, move: Move) -> str:
        kind = move["type"]
        word = next((w for w in before.words if w.id == move.get("word")), None)
        name = word.text.upper() if word else "a word"
        texts = {
            "draw": "drew from the stack", "take": f"took {move.get('count')} from the discard pile",
            "put-back": "put the cards back", "word": "played a word", "add": f"added to {name}",
            "insert": f"inserted a red card into {name}", "replace": f"changed {name} with a blue card",
            "join": f"joined a word to {name}", "swap": "swapped a blue card with the discard pile",
            "steal-card": "played STL-1", "discard": "discarded", "end": "ended the turn",
            "accept": "accepted the play", "challenge": "challenged the play", "show": "showed the hand",
        }
        return texts[kind]
