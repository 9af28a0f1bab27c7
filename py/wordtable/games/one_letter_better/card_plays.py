"""How a play's cards are read from a move and laid on the table: a new word, an addition, a red
insertion, a blue replacement, a join, and what each takes from the word it changes (a steal's
points). rules.py's game decides when a play may be made and scores it; these are its steps."""

from __future__ import annotations

from dataclasses import replace

from wordtable.engine.errors import IllegalMove
from wordtable.engine.game import Move, is_int
from wordtable.games.one_letter_better.state import (
    CARDS,
    MAX_STEALS,
    Entry,
    Laid,
    Played,
    State,
    Word,
    add_points,
    is_wild,
    replaced_at,
    wild_size,
    word_worth,
)


class CardPlays:
    """The steps of the plays, mixed into the game (rules.OneLetterBetter)."""

    def _hand_cards(self, state: State, seat: int, entries: list[Entry], *, wilds: bool = True) -> list[Laid]:
        """The hand's cards an entry list names, with the letters they spell; IllegalMove if a
        card is not in the hand, is named twice, or cannot spell."""
        hand = state.hands[seat]
        laid: list[Laid] = []
        for entry in entries:
            uid, letters = (entry, None) if is_int(entry) else (entry[0], entry[1].lower())
            if uid not in hand:
                raise IllegalMove("That card is not in your hand.")
            if any(card.uid == uid for card in laid):
                raise IllegalMove("A card can be played only once.")
            card = CARDS[uid]
            if card.kind == "steal-one":
                raise IllegalMove("STL-1 spells nothing: play it to take a card from another player's hand.")
            if is_wild(uid):
                if not wilds:
                    raise IllegalMove("A wild card may not be used to steal a word.")
                if letters is None or len(letters) != wild_size(uid) or not (letters.isascii() and letters.isalpha()):
                    size = "two letters the double wild card stands" if wild_size(uid) == 2 else "letter the wild card stands"
                    raise IllegalMove(f"Say which {size} for.")
                laid.append(Laid(uid, letters))
            else:
                if letters is not None and letters != card.letters:
                    raise IllegalMove("Only a wild card can stand for another letter.")
                laid.append(Laid(uid, card.letters))
        return laid

    def _target(self, state: State, word_id: int) -> Word:
        word = next((w for w in state.words if w.id == word_id), None)
        if word is None:
            raise IllegalMove("That word is not on the table.")
        return word

    def _new_word(self, state: State, seat: int, move: Move) -> Played:
        cards = self._hand_cards(state, seat, move["cards"])
        if len(cards) < 2:
            raise IllegalMove("A word needs at least two cards.")
        for i, card in enumerate(cards):
            if CARDS[card.uid].colour == "blue" and 0 < i < len(cards) - 1:
                raise IllegalMove("A blue card goes at the start or the end of a word.")
        text = "".join(c.letters for c in cards)
        worth = word_worth(cards, state.options.bonus_for(seat))
        word = Word(state.next_id, seat, tuple(cards), worth)
        after = self._spend(state, seat, [c.uid for c in cards])
        after = self._place(replace(after, next_id=state.next_id + 1), word)
        after = add_points(after, seat, worth)
        return after.noted(seat, f"played {text.upper()} for {worth}"), {c.uid for c in cards}, worth, (text,), worth

    def _add(self, state: State, seat: int, move: Move) -> Played:
        target = self._target(state, move["word"])
        own = target.owner == seat
        front = self._hand_cards(state, seat, move["front"], wilds=own)
        back = self._hand_cards(state, seat, move["back"], wilds=own)
        if not front and not back:
            raise IllegalMove("Add at least one card.")
        if any(CARDS[c.uid].colour == "blue" for c in front[1:] + back[:-1]):
            raise IllegalMove("A blue card goes at the start or the end of a word.")
        if {c.uid for c in front} & {c.uid for c in back}:
            raise IllegalMove("A card can be played only once.")
        words: tuple[str, ...] = ()
        if not own and len(front) + len(back) > 1:
            if front and back:
                raise IllegalMove("To steal with several cards, they must spell a word at one end (STAR + FISH).")
            group = front or back
            if any(CARDS[c.uid].colour == "green" for c in group):
                raise IllegalMove("The word used to steal may not hold a green card.")
            words = ("".join(c.letters for c in group),)
        new = tuple(front) + target.cards + tuple(back)
        added = [c.uid for c in front + back]
        return self._change(state, seat, target, new, added, (), words)

    def _insert(self, state: State, seat: int, move: Move) -> Played:
        target = self._target(state, move["word"])
        [card] = self._hand_cards(state, seat, [move["card"]], wilds=False)
        if CARDS[card.uid].colour != "red":
            raise IllegalMove("Only a red card can be inserted inside a word.")
        at = move["at"]
        if not 0 <= at <= len(target.cards):
            raise IllegalMove("That is not a place in the word.")
        new = target.cards[:at] + (card,) + target.cards[at:]
        return self._change(state, seat, target, new, [card.uid], (), ())

    def _replace(self, state: State, seat: int, move: Move) -> Played:
        target = self._target(state, move["word"])
        [card] = self._hand_cards(state, seat, [move["card"]], wilds=False)
        if CARDS[card.uid].colour != "blue":
            raise IllegalMove("Only a blue card can replace letters of a word.")
        count = move["count"]
        if not 1 <= count < len(target.cards):
            raise IllegalMove("A blue card replaces some of the word's cards, not all of them.")
        replaced = target.cards[:count] if move["side"] == "front" else target.cards[-count:]
        if sum(len(c.letters) for c in replaced) != len(card.letters):
            raise IllegalMove(f"The blue {card.letters.upper()} replaces exactly {len(card.letters)} "
                              f"letter{'s' if len(card.letters) != 1 else ''}.")
        new = (card,) + target.cards[count:] if move["side"] == "front" else target.cards[:-count] + (card,)
        returned = tuple(c.uid for c in replaced)
        return self._change(state, seat, target, new, [card.uid], returned, ())

    def _join(self, state: State, seat: int, move: Move) -> Played:
        target = self._target(state, move["word"])
        mine = self._target(state, move["with"])
        if mine.owner != seat:
            raise IllegalMove("Join with one of your own words.")
        if target.owner == seat:
            raise IllegalMove("Joining two of your own words is not a steal; add cards to a word instead.")
        if any(is_wild(c.uid) for c in mine.cards):
            raise IllegalMove("The word used to steal may not hold a wild card.")
        new = mine.cards + target.cards if move["first"] else target.cards + mine.cards
        text = "".join(c.letters for c in new)
        bonus = state.options.bonus_for(seat)
        worth = word_worth(new, bonus)
        steals = max(target.steals, mine.steals) + 1
        after = replace(state, words=tuple(w for w in state.words if w.id != mine.id))
        after = self._steal_points(after, seat, target, worth - mine.worth)
        after = self._place(replace(after, next_id=state.next_id + 1),
                            Word(state.next_id, seat, new, worth, steals), replacing=target.id)
        return (after.noted(seat, f"joined {mine.text.upper()} and {target.text.upper()}: {text.upper()} for {worth - mine.worth}"),
                set(), worth - mine.worth, (text,), worth)

    def _change(self, state: State, seat: int, target: Word, new: tuple[Laid, ...], added: list[int],
                returned: tuple[int, ...], also: tuple[str, ...]) -> Played:
        """A word made longer or changed by the seat: its own (scores the difference) or a steal."""
        text = "".join(c.letters for c in new)
        if text == target.text:
            raise IllegalMove("That spells the same word.")
        worth = word_worth(new, state.options.bonus_for(seat))
        after = self._spend(state, seat, added)
        after = replace(after, hands=replaced_at(after.hands, seat, after.hands[seat] + returned))
        if target.owner == seat:
            scored = worth - target.worth
            after = add_points(after, seat, scored)
            after = self._place(after, replace(target, cards=new, worth=worth), replacing=target.id)
            return (after.noted(seat, f"made {target.text.upper()} into {text.upper()} for {scored:+d}"),
                    set(added), scored, (text, *also), worth)
        after = self._steal_points(after, seat, target, worth)
        after = self._place(replace(after, next_id=state.next_id + 1),
                            Word(state.next_id, seat, new, worth, target.steals + 1), replacing=target.id)
        return (after.noted(seat, f"stole {target.text.upper()}, making {text.upper()} for {worth}, from", target.owner),
                set(added), worth, (text, *also), worth)

    def _steal_points(self, state: State, seat: int, target: Word, scored: int) -> State:
        state = add_points(state, seat, scored)
        if not state.options.family:
            state = add_points(state, target.owner, -target.worth)
        return state

    @staticmethod
    def _spend(state: State, seat: int, uids: list[int]) -> State:
        return replace(state, hands=replaced_at(state.hands, seat, tuple(u for u in state.hands[seat] if u not in uids)))

    @staticmethod
    def _place(state: State, word: Word, replacing: int | None = None) -> State:
        """The word on the table, or out of play when protected or stolen for the third time."""
        words = [w for w in state.words if w.id != replacing]
        if any(CARDS[c.uid].colour == "green" for c in word.cards):
            return replace(state, words=tuple(words), out=state.out + (replace(word, out="protected"),))
        if word.steals >= MAX_STEALS:
            return replace(state, words=tuple(words), out=state.out + (replace(word, out="stolen three times"),))
        return replace(state, words=tuple(words) + (word,))
