"""Command line: python3 -m wordtable COMMAND ...

    version                              package and Python versions
    games [--json]                       the built games: players, options (what game.info says)
    lexicons                             one line per lexicon: name, words, licence
    check [--lexicon NAME] WORD...       WORD yes / WORD no
    find [--lexicon NAME] PATTERN        words matching ? (any letter), [abc] (a set), letters
    tiles [--lexicon NAME] TILES         words from tiles: ? wildcard, (ing) a multi-letter tile
    GAME TOOL ...                        a game's own commands, from its folder's commands.py
                                         (wordtable.commands): python3 -m wordtable GAME --help
    simulate GAME [--players N] [--levels L,...] [--games K] [--seed S] [--json] [--records DIR]
                                         bot-only games; --records writes each one's record
                                         to DIR as GAME-SEED.json (as verify and analyze read)
    analyze FILE [--seat N]              a finished game's review, turn by turn: one JSON
                                         object (game, turns: seat, turn, played, best…, summary);
                                         exits 1 with a message when the record is not over or
                                         does not check
    verify FILE                          replays a game's record (or a save holding one, or a
                                         device's games by link): every move legal, every random
                                         event recomputed from its reveals, every signature
                                         checked; exits 1 at the first point where it breaks
    link new GAME --device FILE --players N [--option NAME=VALUE]... [--name NAME]
    link open URL --device FILE [--name NAME]
    link move --device FILE --game ID (--move JSON | --bot LEVEL)
    link show --device FILE --game ID [--full [--to SEAT]]
                                         play by link: each prints one JSON object (game, seat,
                                         your_turn, over, outcome, send: the link for the next
                                         player or null); exits 1 with a message when refused
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from wordtable.commands import UsageError, add_game_commands, lexicon_named
from wordtable.runtime import runtime_info


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python3 -m wordtable",
                                  description="Wordtable's rules, lexicons and bots.")
    top.set_defaults(run=None)  # a game's own command sets the function that runs it
    commands = top.add_subparsers(dest="command", required=True)
    commands.add_parser("version", help="print the package and Python versions")
    commands.add_parser("lexicons", help="list the dictionaries")
    games = commands.add_parser("games", help="the built games, their players and options")
    games.add_argument("--json", action="store_true", help="game.info's JSON (build.py writes it to games.json)")
    simulate = commands.add_parser("simulate", help="play bot-only games and print a summary")
    simulate.add_argument("game", metavar="GAME", help="e.g. four-letter-words")
    simulate.add_argument("--players", type=int, default=2)
    simulate.add_argument("--levels", default="", help="bot level per seat: easy,medium,hard (or oracle)")
    simulate.add_argument("--games", type=int, default=20)
    simulate.add_argument("--seed", type=int, default=1)
    simulate.add_argument("--lexicon", default="standard")
    simulate.add_argument("--json", action="store_true", help="one JSON object")
    simulate.add_argument("--records", metavar="DIR", help="write each game's record to DIR as GAME-SEED.json")
    analyze = commands.add_parser("analyze", help="review a finished game turn by turn (JSON)")
    analyze.add_argument("file", metavar="FILE", help="a record or save as the app exports it (JSON)")
    analyze.add_argument("--seat", type=int, metavar="N", help="only this seat's turns (from 0)")
    link = commands.add_parser("link", help="play by link: a device's games as a JSON file")
    link_commands = link.add_subparsers(dest="tool", required=True)
    link_new = link_commands.add_parser("new", help="a new game on the device, at seat 1")
    link_new.add_argument("game", metavar="GAME")
    link_new.add_argument("--players", type=int, default=2)
    link_new.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    link_new.add_argument("--strict-draws", action="store_true",
                          help="each draw in a turn waits for a link: nobody can work out a card before it is drawn")
    link_open = link_commands.add_parser("open", help="take a link into the device")
    link_open.add_argument("url", metavar="URL")
    link_move = link_commands.add_parser("move", help="this device's move in a game")
    link_move.add_argument("--game", required=True, metavar="ID")
    chosen = link_move.add_mutually_exclusive_group(required=True)
    chosen.add_argument("--move", metavar="JSON")
    chosen.add_argument("--bot", metavar="LEVEL")
    link_show = link_commands.add_parser("show", help="a game on the device, and its last link made anew")
    link_show.add_argument("--game", required=True, metavar="ID")
    link_show.add_argument("--full", action="store_true", help="the whole game in the link (a lost link, a restored copy)")
    link_show.add_argument("--to", type=int, metavar="SEAT", help="with --full: the seat it is for (default: the next)")
    for sub in (link_new, link_open, link_move, link_show):
        sub.add_argument("--device", required=True, metavar="FILE")
        sub.add_argument("--name", default="", metavar="NAME")
        sub.add_argument("--site", default="", metavar="URL", help="the site the links open (default: build.py serve's)")
    verify = commands.add_parser("verify", help="check a game's record from the start")
    verify.add_argument("file", metavar="FILE", help="a record or save as the app exports it (JSON)")
    add_game_commands(commands)
    for name, what, metavar, many in (("check", "is each word in the dictionary?", "WORD", True),
                                      ("find", "words matching a pattern", "PATTERN", False),
                                      ("tiles", "words spelled from tiles", "TILES", False)):
        command = commands.add_parser(name, help=what)
        command.add_argument("--lexicon", metavar="NAME", help="dictionary (default: standard)")
        command.add_argument("query", metavar=metavar, nargs="+" if many else None)
    return top


def run(args: argparse.Namespace) -> list[str]:
    if args.run is not None:  # a game's own command
        lines: list[str] = args.run(args)
        return lines
    if args.command == "version":
        return [runtime_info().summary()]
    if args.command == "games":
        return games(args.json)
    from wordtable.lexicon import Tiles, parse_pattern, store
    if args.command == "simulate":
        return simulate(args)
    if args.command == "lexicons":
        return [f"{info.name}\t{info.words}\t{info.licence}" for info in store.available()]
    lexicon = lexicon_named(args.lexicon)
    try:
        if args.command == "check":
            return [f"{word} {'yes' if word.lower() in lexicon else 'no'}" for word in args.query]
        if args.command == "find":
            return lexicon.match(parse_pattern(args.query.lower()))
        return lexicon.from_tiles(Tiles.parse(args.query), min_length=2)
    except ValueError as error:
        raise UsageError(str(error)) from None


def games(as_json: bool) -> list[str]:
    import json

    from wordtable.games import infos
    if as_json:
        return [json.dumps({"games": infos()}, indent=1)]
    lines = []
    for info in infos():
        low, high = info["players"]["min"], info["players"]["max"]
        lines.append(f"{info['id']}\t{info['title']}\t{low}-{high} players")
        lines += [f"  {o['name']} ({o['kind']}, default {o['default']!r}): {o['label']}" for o in info["options"]]
    return lines


def simulate(args: argparse.Namespace) -> list[str]:
    import functools
    import json

    from wordtable.engine.bots import simulate as run_games
    from wordtable.games import GAME_IDS, make, oracles
    from wordtable.lexicon import store
    if args.game not in GAME_IDS:
        raise UsageError(f"unknown game {args.game!r}; games: {', '.join(GAME_IDS)}")
    try:
        game, bots = make(args.game, functools.lru_cache(maxsize=None)(store.load))
    except KeyError:
        raise UsageError(f"{args.game} is not built yet") from None
    bots = {**bots, **oracles(args.game)}  # an oracle sees everything: for simulations only
    levels = args.levels.split(",") if args.levels else ["medium"] * args.players
    if len(levels) != args.players or not set(levels) <= set(bots):
        raise UsageError(f"--levels needs {args.players} of: {', '.join(bots)}")
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    options = {"players": args.players, "lexicon": args.lexicon}
    keep = record_writer(args.game, args.records) if args.records else None
    try:
        summary = run_games(game, [bots[level] for level in levels], options, args.games, args.seed, keep)
    except (ValueError, LookupError) as error:  # bad options, an unknown dictionary
        raise UsageError(str(error)) from None
    if args.json:
        return [json.dumps(summary)]
    lines = [f"{summary['games']} games of {args.game}, seats: {', '.join(levels)}"]
    lines += [f"seat {seat} ({levels[int(seat)]}): {wins} wins, "
              f"{summary['mean_bot_move_ms_by_seat'][seat]:.2f} ms a move" for seat, wins in summary["wins"].items()]
    lines += [f"draws: {summary['draws']}", f"mean turns: {summary['mean_turns']:.1f}",
              f"mean bot move: {summary['mean_bot_move_ms']:.2f} ms"]
    return lines


def record_writer(game_id: str, folder: str) -> Any:
    """What simulate gives each game it plays: its record written to FOLDER/GAME-SEED.json."""
    import json
    from pathlib import Path
    target = Path(folder)
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UsageError(f"cannot write records to {folder}: {error}") from None

    def write(_index: int, played: Any) -> None:
        path = target / f"{game_id}-{played.record.seed}.json"
        path.write_text(json.dumps(played.record.to_json(), separators=(",", ":")) + "\n", encoding="utf-8")
    return write


def analyze_file(path: str, seat: int | None) -> int:
    import json

    from wordtable import safe_json
    from wordtable.lexicon import store
    from wordtable.review import NotReviewable, review
    try:
        with open(path, encoding="utf-8") as file:
            data = safe_json.loads(file.read())
    except (OSError, UnicodeDecodeError, ValueError) as error:
        print(f"python3 -m wordtable analyze: cannot read {path}: {error}", file=sys.stderr)
        return 2
    try:
        result = review(data, store.load, seat)
    except NotReviewable as error:
        print(f"python3 -m wordtable analyze: {error}", file=sys.stderr)
        return 1
    print(json.dumps(result.to_json(), separators=(",", ":")))
    return 0


def link_command(args: argparse.Namespace) -> int:
    import json
    from pathlib import Path

    from wordtable.lexicon import store
    from wordtable.link import device as devices
    from wordtable.link.codec import LinkError
    try:
        device = devices.Device(Path(args.device), store.load)
        if args.tool == "new":
            options = {}
            for option in args.option:
                name, _, value = option.partition("=")
                try:
                    options[name] = json.loads(value)
                except ValueError:
                    options[name] = value
            table = devices.new(device, args.game, args.players, options, args.name or "Player 1", args.strict_draws)
        elif args.tool == "open":
            table = devices.open_link(device, args.url, args.name)
        elif args.tool == "show":
            table = device.table(args.game)
        else:
            try:
                move = None if args.move is None else json.loads(args.move)
            except ValueError:
                raise LinkError("--move must be a JSON object, such as '{\"type\": \"choose\", \"word\": \"salt\"}'.") from None
            if move is not None and not isinstance(move, dict):
                raise LinkError("--move must be a JSON object.")
            table = devices.play(device, args.game, move, args.bot)
        whole_to = None
        if args.tool == "show" and args.full:
            # To the seat named, or the one this device's links go to next.
            whole_to = args.to if args.to is not None else table.recipient(again=True)
            whole_to = (table.seat + 1) % table.players if whole_to is None else whole_to
        shown = devices.summary(table, args.site or devices.DEFAULT_SITE, again=args.tool == "show", whole_to=whole_to)
        device.put(table)
        device.save()  # after the link is made: it records what the recipient now holds
    except LinkError as error:
        print(f"python3 -m wordtable link: {error}", file=sys.stderr)
        return 1
    except store.UnknownLexicon as error:  # a friend's own word list, say: named, nothing saved
        print(f"python3 -m wordtable link: this game is played with a dictionary this device does not have "
              f"({error}): nothing was changed.", file=sys.stderr)
        return 1
    print(json.dumps(shown, separators=(",", ":")))
    return 0


def verify_file(path: str) -> int:

    from wordtable import safe_json
    from wordtable.lexicon import store
    from wordtable.verify import verify
    try:
        with open(path, encoding="utf-8") as file:
            data = safe_json.loads(file.read())
    except (OSError, UnicodeDecodeError, ValueError) as error:
        print(f"python3 -m wordtable verify: cannot read {path}: {error}", file=sys.stderr)
        return 2
    if isinstance(data, dict) and isinstance(data.get("games"), dict) and "wordtable_device" in data:
        refused = 0  # a device's games by link: each one
        for table_id, game in data["games"].items():
            verdict = verify(game, store.load)
            print(f"{table_id}: " + ("OK: " if verdict.ok else "REFUSED: ") + verdict.message)
            refused += not verdict.ok
        return 1 if refused else 0
    verdict = verify(data, store.load)
    print(("OK: " if verdict.ok else "REFUSED: ") + verdict.message)
    return 0 if verdict.ok else 1


def main(argv: list[str] | None = None) -> int:
    command_line = parser()
    args = command_line.parse_args(argv)
    if args.command == "verify":
        return verify_file(args.file)
    if args.command == "link":
        return link_command(args)
    if args.command == "analyze":
        return analyze_file(args.file, args.seat)
    try:
        lines = run(args)
    except UsageError as error:
        command_line.print_usage(sys.stderr)
        print(f"python3 -m wordtable: error: {error}", file=sys.stderr)
        return 2
    try:
        for line in lines:
            print(line)
    except BrokenPipeError:  # `| head` closed the pipe: not an error
        sys.stderr.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
