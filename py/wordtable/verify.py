"""Checking a game's record: `python3 -m wordtable verify FILE` and the app's "Check
this game" replay it from the start, and refuse it at the first point where it breaks.

For every game: each move must be one the rules allowed at that point. For an online game
played with shared randomness, also: every player's reveal must follow their commitment, and
every random event must be the one the rules drew at that point, bound to the move that drew
it, its value recomputed from the reveals (engine.shared_random, engine.rng.SharedSeed).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from wordtable.engine.errors import GameError
from wordtable.engine.game import Record, replay_states, with_shown
from wordtable.engine.owned import OwnedBreak
from wordtable.engine.shared_random import NUMBERED_RULES, Ledger
from wordtable.engine.signing import record_refusal
from wordtable.lexicon import registry, store
from wordtable.link.forfeit import TWO_MOVES, UNSHOWN, two_moves_refusal, unshown_evidence_refusal


@dataclass(frozen=True)
class Verdict:
    ok: bool
    message: str   # for the player: what was checked, or the first point where it breaks
    moves: int = 0
    events: int = 0
    finished: bool = False
    checked: bool = True  # False: nothing could be checked yet (no fault found, none claimed)

    def to_json(self) -> dict[str, Any]:
        return {"ok": self.ok, "message": self.message, "moves": self.moves, "events": self.events,
                "finished": self.finished, "checked": self.checked}


def find_record(data: Any) -> Any:
    """The record in what the app writes: a record itself, or a save or table holding one. A
    table of sealed cards (online.sealed_host) keeps its entries beside its record, not twice:
    the record is given them here."""
    if isinstance(data, dict) and "moves" not in data and isinstance(data.get("record"), dict):
        table: dict[str, Any] = data["online"] if isinstance(data.get("online"), dict) else data
        play = table.get("play") if table.get("sealed") is True else None
        if isinstance(play, dict) and "sealed" not in data["record"]:
            return {**data["record"], "sealed": {"table": play.get("table"), "entries": play.get("entries")}}
        return data["record"]
    return data


def verify(data: Any, lexicon_for: Callable[[str], Any]) -> Verdict:
    from wordtable.games import REGISTRY, make
    try:
        record = Record.from_json(find_record(data))
    except ValueError as error:
        return Verdict(False, f"This is not a game record: {error}.")
    if record.game not in REGISTRY:
        return Verdict(False, f"This record is of a game Wordtable does not have ({record.game[:40]!r}).")
    events = 0
    if record.shared is not None:
        ledger, broken = Ledger.verify(record.shared, by_link=_by_link(record))
        if broken:
            return Verdict(False, f"Random event {broken.event} breaks: {broken.reason}{_seat_of(record, broken.seat)}.")
        assert ledger is not None  # verify gives the ledger or where it broke
        events = len(ledger.events)
    game, _bots = make(record.game, lexicon_for)
    if record.sealed is not None:
        return verify_sealed(game, record)
    played, state, states = -1, None, []
    replay_error: GameError | None = None
    try:
        for state in replay_states(game, record):
            played += 1
            states.append(state)
    except (registry.UnknownLexicon, store.UnknownLexicon) as error:
        return Verdict(False, f"This record's dictionary is not here, so it cannot be checked: {error}")
    except GameError as error:  # RecordMismatch included
        replay_error = error
    # What the guests' devices signed comes first: a move the table put in a guest's mouth is
    # the table's doing, whatever the rules then say of it.
    fault = record_refusal(record, states, game)
    if isinstance(fault, str):
        return Verdict(False, f"This record's signatures cannot be checked: {fault}.", max(played, 0), events)
    if fault is not None and (replay_error is None or fault.move_index is None or fault.move_index < played):
        where = "" if fault.move_index is None else f"Move {fault.move_index + 1}: "
        said = (f"{where}the record does not hold what seat {fault.seat + 1}'s device signed: {fault.reason}. "
                + ("Whoever sent or kept this record changed it." if _by_link(record)
                   else "Whoever wrote this record (the host) changed it."))
        return Verdict(False, said[0].upper() + said[1:], max(played, 0), events)
    if replay_error is not None:
        if played < 0:
            return Verdict(False, f"The game cannot start as recorded: {replay_error}")
        if played == len(record.moves):
            return Verdict(False, f"After the last move: {replay_error}", played, events)
        seat, move = record.moves[played]
        text = json.dumps(move, separators=(",", ":"))[:120]
        return Verdict(False, f"Move {played + 1} (seat {seat + 1}, {text}) breaks: {replay_error}", played, events)
    finished = game.outcome(state) is not None
    moves = len(record.moves)
    proved, false_claim = _forfeits_proved(data, record, finished)
    if false_claim:
        return Verdict(False, false_claim, moves, events, finished)
    forfeited = [seat for seat, kind, _place in proved if kind == UNSHOWN]
    two_moves = [(seat, kind, place) for seat, kind, place in proved if kind == TWO_MOVES]
    if record.owned is not None:
        refusal, checked = _shown_refusal(game, record, states, finished, _shown_so_far(data) | set(forfeited))
        if refusal and checked:
            return Verdict(False, refusal, moves, events, finished, checked)
        if forfeited:
            secret = game.kind.owned_name
            who = (f"Seat {forfeited[0] + 1} loses" if len(forfeited) == 1
                   else f"Seats {', '.join(str(seat + 1) for seat in forfeited)} lose")
            return Verdict(False, f"{who} by forfeit: a link signed by their device, made after the end, does not show "
                                  f"the {secret} it kept (that link is kept with this game, and it checks).",
                           moves, events, finished)
        if refusal:
            return Verdict(False, refusal, moves, events, finished, checked)
    if two_moves:
        seat, _kind, place = two_moves[0]
        assert place is not None  # a proof of two moves names their place (two_moves_refusal checked it)
        return Verdict(False, f"Seat {seat + 1} loses by forfeit: their device signed two different moves for move "
                              f"{place + 1} (both are kept with this game, and both signatures check), so the game "
                              "ended there.", moves, events, finished)
    said = f"{'The one move is' if moves == 1 else f'Every one of the {moves} moves is'} legal"
    if record.shared is not None:
        draws = "the one random draw was" if events == 1 else f"each of the {events} random draws was"
        said += (f", and {draws} recomputed from every player's secret part, each matching what that player "
                 "committed to at the start")
        if record.signed is not None:
            who = "player's" if _by_link(record) else "friend's"  # by link, every player signs
            if record.shared.get("rules", 1) >= NUMBERED_RULES:  # by link, parts given ahead: one signed head each
                said += (f"; every move and secret shown by a {who} device carries that device's signature, and every "
                         "part of a draw follows from the commitment that device signed")
            else:
                said += f"; every move, part of a draw and secret shown by a {who} device carries that device's signature"
    else:
        said += " (its randomness is the seed in the record)"
    if record.owned is not None and record.owned_seats() and len(record.shown()) == len(record.owned_seats()):
        said += (f", and every {game.kind.owned_name} kept on its owner's device, shown at the end, matches "
                 "every commitment and every move its owner told the table")
    return Verdict(True, f"{said}{'' if finished else '; the game is not over'}.", moves, events, finished)


def verify_sealed(game: Any, record: Record) -> Verdict:
    """A game dealt sealed (its record's `sealed`): every entry taken in order by an observer,
    as each page took it (every signature, pass, proof, lock and move checked), then every
    round's deal audited with the secrets every seat showed at the end."""
    from wordtable.engine.sealed_audit import unsettled
    from wordtable.engine.sealed_table import Device
    from wordtable.online.sealed_play import SealedPlay
    assert record.sealed is not None
    try:
        options = game.Options.parse(record.options)
    except ValueError as error:
        return Verdict(False, f"This record's options cannot be played: {error}")
    if game.sealed_cards is None:
        return Verdict(False, "This record says its cards were dealt sealed, but this game deals none.")
    play = SealedPlay(game, options, record.seed, record.sealed["table"])
    observer = play.devices[-1] = Device(game, None, options.players, options, record.seed)
    for number, entry in enumerate(record.sealed["entries"], 1):
        play.take(entry)
        if play.stop is not None:
            who = "" if play.stop.seat is None else f"Seat {play.stop.seat + 1} is at fault: "
            said = f"{who}entry {number} of the table does not hold: {play.stop.reason}."
            return Verdict(False, said[0].upper() + said[1:], sum(observer.moves_by))
    moves = sum(observer.moves_by)
    if game.outcome(observer.state) is None:
        return Verdict(True, f"Every one of the {moves} moves so far is legal and every message signed by its "
                             "player's device; the game is not over, so its deals are not checked yet.", moves)
    owing = unsettled(observer) or ([] if play.audited else [("", "the table's record ends before every device "
                                                                  "showed its keys")])
    if owing:
        seat, reason = owing[0]
        return Verdict(False, f"{f'Seat {seat + 1}: ' if seat != '' else ''}{reason[0].upper() + reason[1:]}.", moves,
                       finished=True)
    rounds = len(observer.rounds)
    return Verdict(True, f"Every one of the {moves} moves is legal and every message signed by its player's device; "
                         f"{'the one deal was' if rounds == 1 else f'each of the {rounds} deals was'} replayed with "
                         "the keys every device showed at the end: each card was dealt once, every card opened "
                         "was the one dealt, and every key sent for a card was its sender's.", moves, finished=True)


def sealed_replay(game: Any, record: Record) -> tuple[list[dict[str, Any]], list[list[Any]]]:
    """A finished game dealt sealed, step by step with every card shown: (frames, [seat, move]
    of each step), from its record's entries checked as verify_sealed checks them (ValueError
    when they do not hold, or before every device has shown its keys)."""
    from wordtable.engine.sealed_table import Device
    from wordtable.online.sealed_play import SealedPlay
    assert record.sealed is not None and game.sealed_cards is not None
    options = game.Options.parse(record.options)
    play = SealedPlay(game, options, record.seed, record.sealed["table"])
    observer = play.devices[-1] = Device(game, None, options.players, options, record.seed)
    observer.history = []
    for entry in record.sealed["entries"]:
        play.take(entry)
        if play.stop is not None:
            raise ValueError(f"the game's record does not hold: {play.stop.reason}")
    if not play.audited or not observer.history:
        raise ValueError("the game can be stepped through once it is over and every device has shown its keys")
    hooks = game.sealed_cards

    def opened(state: Any) -> Any:  # every card of its round, as the audit found them
        return hooks.with_cards(state, dict(enumerate(play.dealt.get(hooks.round_number(state), []))))

    frames = [{**game.reveal(opened(observer.history[0][2])), "seat": None, "text": "The game begins."}]
    for seat, move, before, after in observer.history:
        frames.append({**game.reveal(opened(after)), "seat": seat, "text": game.move_text(opened(before), move)})
    return frames, [[seat, move] for seat, move, _before, _after in observer.history]


def _by_link(record: Record) -> bool:
    """A game played by link: no host, every seat signs (the record's signatures name the game)."""
    return isinstance(record.signed, dict) and "table" in record.signed


def _seat_of(record: Record, participant: int | None) -> str:
    """Which game seat a friend named by their place among the commitments played, where the
    record's signing keys (listed by seat) tell (by link, the places are the seats)."""
    keys = record.signed.get("keys") if isinstance(record.signed, dict) else None
    if not participant or not isinstance(keys, dict) or _by_link(record):
        return ""
    seats = sorted(int(k) for k in keys if isinstance(k, str) and k.isascii() and k.isdigit())
    return f" (friend {participant} played seat {seats[participant - 1] + 1})" if participant <= len(seats) else ""


def _shown_so_far(data: Any) -> set[int]:
    """The seats a device holding a game by link has seen show their secret part: the record
    takes them only once all are in, so until then only the seats missing are named."""
    shown = data.get("shown") if isinstance(data, dict) and isinstance(data.get("record"), dict) else None
    return {int(seat) for seat in shown if seat.isascii() and seat.isdigit()} if isinstance(shown, dict) else set()


def _forfeits_proved(data: Any, record: Record, finished: bool) -> tuple[list[tuple[int, str, int | None]], str | None]:
    """The players a device holding a game by link says lost by forfeit with a proof
    (link.forfeit: a link left without their secret after the end, or two moves signed for one
    place), as (seat, kind, place); or why one such claim does not hold (then whoever kept or
    sent this game changed it). A secret shown that does not hold needs no such proof: the
    record holds it, and the replay finds it."""
    forfeits = data.get("forfeits") if isinstance(data, dict) and isinstance(data.get("record"), dict) else None
    signed = record.signed if isinstance(record.signed, dict) else {}
    keys = signed.get("keys")
    keys = keys if isinstance(keys, dict) else {}
    proved: list[tuple[int, str, int | None]] = []
    for seat, fault in (forfeits.items() if isinstance(forfeits, dict) else ()):
        if not (isinstance(fault, dict) and fault.get("kind") in (UNSHOWN, TWO_MOVES)):
            continue
        evidence = fault.get("evidence")
        number = int(seat) if seat.isascii() and seat.isdigit() and len(seat) < 3 else None
        if number is None or not isinstance(evidence, dict):
            why: str | None = "it is damaged"
        elif fault["kind"] == TWO_MOVES:
            why = two_moves_refusal(evidence, number, str(signed.get("table")), keys.get(seat))
        else:
            why = (unshown_evidence_refusal(evidence, record) if finished and str(evidence.get("from")) == seat
                   else "the game is not over, or it is not that player's link")
        if why is not None:
            who = "a player" if number is None else f"player {number + 1}"
            return [], (f"This game says {who} lost by forfeit, but what it keeps as the proof does not hold ({why}). "
                        "Whoever sent or kept this record changed it.")
        assert number is not None and isinstance(evidence, dict)  # else it is damaged, refused above
        proved.append((number, fault["kind"], evidence.get("index") if fault["kind"] == TWO_MOVES else None))
    return sorted(proved), None


def _shown_refusal(game: Any, record: Record, states: list[Any], finished: bool,
                   shown_so_far: set[int]) -> tuple[str | None, bool]:
    """Where what the seats showed at the end does not hold (and True: a fault found), or whose
    secret is still unshown (False: nothing could be checked of it yet)."""
    secret = game.kind.owned_name
    try:
        with_shown(game, record, states)
    except OwnedBreak as broken:
        where = "At the end" if broken.move_index is None else f"Move {broken.move_index + 1}"
        return f"{where}, what seat {broken.seat + 1} showed of their {secret} does not hold: {broken.reason}.", True
    missing = [seat + 1 for seat in record.owned_seats() if seat not in record.shown() and seat not in shown_so_far]
    if finished and (missing or len(record.shown()) < len(record.owned_seats())):
        who = (f"Seat {missing[0]} has" if len(missing) == 1 else f"Seats {', '.join(map(str, missing))} have"
               if missing else "Not every seat has")
        return f"{who} not shown the {secret} kept on their own device yet, so their moves cannot be checked.", False
    return None, True


def verify_as_guest(guest: Any, lexicon_for: Callable[[str], Any]) -> Verdict:
    """A guest's "Check this game": the record the table sent at the end, replayed like any; it
    must hold this guest's own draws exactly as it made them (online.Guest.own_draws_refusal),
    be of the game it was welcomed to, and end on the very view the guest was shown."""
    from wordtable.games import make
    from wordtable.online import checksum
    record = guest.final_record()
    if record is None:
        return Verdict(False, "The table has not sent the whole record yet: nothing can be checked until it does.",
                       checked=False)
    moves = record.get("moves") if isinstance(record, dict) else None
    if isinstance(moves, list) and guest.view is not None and len(moves) < guest.version:
        # A record cut short could hide the last moves: what the guest saw is the least it holds.
        return Verdict(False, f"The game you were shown went on past this record: it stops after move {len(moves)}, "
                              f"and you were shown move {guest.version}.")
    refusal = guest.own_draws_refusal(record) or guest.own_part_refusal(record) or guest.own_moves_refusal(record)
    if refusal is None and record.get("game") != guest.game_id:
        refusal = "it is a record of another game than the one you joined"
    if refusal:
        return Verdict(False, refusal[0].upper() + refusal[1:] + ".")
    verdict = verify(record, lexicon_for)
    if not verdict.ok or guest.view is None or guest.version != verdict.moves:
        return verdict
    game, _bots = make(record["game"], lexicon_for)
    parsed = Record.from_json(record)
    states = list(replay_states(game, parsed))
    # Its last view may come from before or after every secret part was shown.
    finals = [states[-1], with_shown(game, parsed, states)]
    if checksum(guest.view) not in [checksum(game.view(final, guest.seat)) for final in finals]:
        return Verdict(False, "The record does not end on the game you were shown: the table showed you "
                              "another game than the one it recorded.", verdict.moves, verdict.events)
    refusal = guest.seen_refusal(game, states, finals)
    if refusal:
        return Verdict(False, refusal[0].upper() + refusal[1:] + ".", verdict.moves, verdict.events)
    return verdict
