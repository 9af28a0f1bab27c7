"""The bridge's declarations (wordtable.bridge.operations) held to what uses them: every reply
to its declared fields, the table of operations in docs/bridge.md to the declared arguments, and the
page's JavaScript calls to the declared operations and arguments."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from wordtable import bridge
from wordtable.bridge.schema import Field, check_args, optional, reply_problems, required
from wordtable.engine.bots import play

ROOT = Path(__file__).resolve().parent.parent
BRIDGE_DOC = ROOT / "docs" / "bridge.md"  # the table of operations (moved from the README, issue 45)
WEB_JS = ROOT / "web" / "js"
WRONG_VALUES = [None, True, 0, -1, 1.5, 2**70, "", "x" * 120, [], [1], [None], {}, {"a": 1}]


# -- the arguments, checked in one place ------------------------------------------------------

def test_arguments_are_checked_against_their_declaration():
    fields = (required("word", "string"), optional("limit", "integer", 5), optional("seat", "integer"),
              optional("epoch", "any"), optional("words", "array", items="string"))
    assert check_args(fields, {"word": "a", "extra": 1}) == {"word": "a", "limit": 5}  # others are not read
    assert check_args(fields, {"word": "a", "limit": None, "seat": None}) == {"word": "a", "limit": 5}
    assert check_args(fields, {"word": "a", "epoch": None}) == {"word": "a", "limit": 5, "epoch": None}
    for given, message in [({}, "missing argument 'word'"), ({"word": None}, "missing argument 'word'"),
                           ({"word": 1}, "argument 'word' must be a string"),
                           ({"word": "a", "limit": True}, "argument 'limit' must be a whole number"),
                           ({"word": "a", "limit": 1.0}, "argument 'limit' must be a whole number"),
                           ({"word": "a", "words": ["b", 2]}, "argument 'words' must be a list of strings")]:
        with pytest.raises(bridge.BadRequest, match=re.escape(message)):
            check_args(fields, given)


def test_a_default_is_a_fresh_copy_for_each_request():
    fields = (optional("options", "object", {}),)
    check_args(fields, {})["options"]["players"] = 2
    assert check_args(fields, {}) == {"options": {}}


def test_reply_problems_are_named():
    fields = (required("count", "integer"), required("view", "object|null"), optional("n", "integer"),
              required("words", "array", items="string"))
    assert reply_problems(fields, {"count": 1, "view": None, "words": ["a"]}) == []
    assert reply_problems(fields, {"count": True, "view": None, "words": ["a", 1], "more": 0}) == [
        "'more' is not declared", "'count' is boolean, declared integer", "'words' holds integer, declared a list of string"]
    assert reply_problems(fields, {"view": {}, "n": "1"}) == [
        "'count' is missing", "'n' is string, declared integer", "'words' is missing"]


def test_every_declaration_is_well_formed():
    for name, operation in bridge.OPERATIONS.items():
        names = [f.name for f in operation.args]
        assert len(names) == len(set(names)), f"{name} declares an argument twice"
        assert all(isinstance(f, Field) for f in (*operation.args, *operation.reply)), name
        assert not [f for f in operation.args if f.required and f.default is not None], f"{name}: a default never used"


# -- every reply as declared --------------------------------------------------------------------

def _shrdlu_hard_and_easy() -> tuple[Any, list[Any]]:
    from wordtable.games import make
    from wordtable.lexicon import store
    game, bots = make("shrdlu", store.load)
    return game, [bots["hard"], bots["easy"]]


def tour(call) -> dict[str, dict[str, Any]]:
    """Every operation at least once, as the page makes them (`call` holds each reply that
    succeeds to its declaration): the arguments of the first successful call of each."""
    answered: dict[str, dict[str, Any]] = {}

    def ok(op: str, **args: Any) -> Any:
        reply = call(op, **args)
        assert reply["ok"], (op, reply)
        answered.setdefault(op, args)
        return reply["result"]

    ok("hello")
    ok("lexicons")
    ok("lexicon.check", words=["Night", "Hello!", "ice cream"])
    ok("lexicon.check", words=["night"], game="shrdlu", lexicon="standard")
    ok("lexicon.find", pattern="n[aeiou]ght")
    ok("lexicon.tiles", tiles="st(ing)s", min_length=3)
    parsed = ok("lexicon.parse_custom", text="Kale\nleek, chard\n42\n")
    ok("lexicon.add_custom", id="custom:veg", title="Veg", words=parsed["words"])
    ok("lexicon.remove_custom", id="custom:veg")

    ok("game.info")
    while not ok("game.warm_up", game="four-letter-words", options={"players": 2})["done"]:
        pass
    record = ok("game.new", game="four-letter-words", options={"players": 2}, seed=8)["record"]
    chooser = ok("game.view", record=record, seat=0)["view"]["chooser"]
    chosen = ok("game.play", record=record, seat=chooser, move={"type": "choose", "word": "salt"})["record"]
    ok("game.undo", record=chosen, seat=chooser)
    while actors := ok("game.view", record=record)["actors"]:
        move = ok("game.bot", record=record, seat=actors[0], level="easy")["move"]
        record = ok("game.play", record=record, seat=actors[0], move=move)["record"]
    ok("game.replay", record=record)
    ok("game.verify", record=record)
    finished = play(*_shrdlu_hard_and_easy(), {"players": 2}, 5).record.to_json()
    while not ok("game.review", record=finished, seat=0, label="daily 2026-12-02")["done"]:
        pass
    sheet = ok("game.new", game="spell-write", options={"players": 2}, seed=1)["record"]
    ok("game.ask", record=sheet, seat=0, question="candidates", args={"pick": [0, 0], "at": [0, 0]})
    race = ok("game.new", game="shrdlu", options={"players": 2}, seed=4)["record"]
    epoch = ok("game.view", record=race)["epoch"]
    called = ok("game.play", record=race, seat=1, move={"type": "shrdlu"}, epoch=epoch)
    ok("game.expire", record=called["record"], epoch=called["epoch"])

    # Online: a table hosted here and a guest, the test carrying their messages.
    def settle(to_host: list[str], to_guest: list[str]) -> None:
        for _ in range(20):  # until neither side has anything more to say
            for text in to_host:
                to_guest += [text for _peer, text in ok("online.receive", id="t1", peer="p1", text=text)["outgoing"]]
            to_host = []
            for text in to_guest:
                to_host += ok("online.guest_receive", id="g1", text=text)["outgoing"]
            to_guest = []
            if not to_host:
                return
        raise AssertionError("the table and the guest never went quiet")

    def local(move: dict[str, Any]) -> None:
        settle([], [text for _peer, text in ok("online.local", id="t1", seat=0, move=move)["outgoing"]])

    table = ok("game.new", game="four-letter-words", options={"players": 2}, seed=6)["record"]
    ok("online.host", id="t1", record=table, names=["Ann", "Bo"], remote=[1], shared=False)
    token = ok("online.invite", id="t1", seat=1)["token"]
    settle(ok("online.guest", id="g1", token=token, name="Bo")["outgoing"], [])
    settle(ok("online.guest_check", id="g1")["outgoing"], [])
    salt = {"type": "choose", "word": "salt"}
    if ok("online.guest_hello", id="g1")["view"]["chooser"] == 0:
        local(salt)
    else:
        settle(ok("online.guest_move", id="g1", move=salt)["outgoing"], [])
    place = {"type": "place", "row": 0, "col": 0, "dir": "right"}
    settle(ok("online.guest_move", id="g1", move=place)["outgoing"], [])
    local(place)
    ok("online.guest_ask", id="g1", question="candidates", args={})
    ok("online.guest_verify", id="g1")
    assert ok("online.guest_record", id="g1")["record"] is None  # not over: the table sent no record
    ok("online.unshown", id="t1", seats=[1])  # not over: nobody is due to show, nothing changes
    ok("online.disconnected", id="t1", peer="p1")
    shrdlu = ok("game.new", game="shrdlu", options={"players": 2}, seed=4)["record"]
    opened = ok("online.host", id="t2", record=shrdlu, names=["Ann", "Bo"], remote=[1])
    ok("online.host", id="t3", record=shrdlu, names=["Ann", "Bo"], remote=[1], saved=opened["saved"])
    ok("online.local", id="t2", seat=0, move={"type": "shrdlu"})
    ok("online.expire", id="t2")
    # A table of sealed cards: the host's page asks its own seat's device.
    olb = ok("game.new", game="one-letter-better", options={"players": 2, "rounds": 1}, seed=4)["record"]
    ok("online.host", id="t4", record=olb, names=["Ann", "Bo"], remote=[], sealed=True)  # (dealt at once)
    mover = ok("online.sealed_view", id="t4", seat=0)["actors"][0]
    ok("online.sealed_ask", id="t4", seat=mover, question="preview", args={"move": {"type": "end"}})
    ok("online.sealed_bot", id="t4", seat=mover, level="medium")

    # By link: a game made here, joined by a second page, a move, the link shown again.
    site = "https://example.org/wordtable/"
    ann = ok("link.new", game="four-letter-words", players=2, options={}, name="Ann", site=site)
    assert ok("link.peek", link=ann["send"])["invitation"] and ok("link.peek", link=ann["send"])["seat"] == 1
    bob = ok("link.open", link=ann["send"], name="Bob", site=site)
    ann = ok("link.open", link=bob["send"], saved=ann["saved"], site=site)
    mover = ann if ann["your_turn"] else ok("link.open", link=ann["send"], saved=bob["saved"], site=site)
    ok("link.suggest", saved=mover["saved"])
    ok("link.move", saved=mover["saved"], move={"type": "choose", "word": "salt"}, site=site)
    ok("link.show", saved=mover["saved"], again=True, site=site)
    whole = ok("link.show", saved=mover["saved"], whole_to=1 - mover["seat"], site=site)["send"]
    assert not ok("link.peek", link=whole)["invitation"], "the whole game for a player who joined invites nobody"
    # One Letter Better gives each link's parts of the next draws ahead, unless asked for strict draws.
    for strict in (False, True):
        olb = ok("link.new", game="one-letter-better", players=2, name="Ann", strict_draws=strict, site=site)
        assert (olb["saved"]["ahead"] == 0) == strict and ("Draws stay unknown" in olb["note"]) == strict
    return answered


def test_every_operation_answers_as_declared(call):
    assert set(tour(call)) == set(bridge.OPERATIONS), "the tour leaves an operation out"


def test_arguments_of_the_wrong_kind_are_bad_requests_never_internal_errors(call):
    """Each argument of each operation in turn given a value of every wrong kind, the others as
    in a call that succeeded."""
    for op, args in tour(call).items():
        for field in bridge.OPERATIONS[op].args:
            for wrong in WRONG_VALUES:
                reply = call(op, **{**args, field.name: wrong})
                kind = "ok" if reply["ok"] else reply["error"]["kind"]
                assert kind != "internal", (op, field.name, wrong, reply)
                if not field.type == "any" and wrong is not None and not _fits(wrong, field):
                    assert kind == "bad-request", (op, field.name, wrong, reply)


def _fits(value: Any, field: Field) -> bool:
    try:
        check_args((field,), {field.name: value})
    except bridge.BadRequest:
        return False
    return True


# -- the table of operations in docs/bridge.md ----------------------------------------------

def documented_operations(text: str) -> dict[str, list[tuple[str, bool]]]:
    """op -> [(argument, required)] from the table of docs/bridge.md: an
    argument is `name`, or `name`? when optional; what stands in parentheses is a note."""
    table: dict[str, list[tuple[str, bool]]] = {}
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if not line.startswith("| `") or len(cells) < 3:
            continue
        names = re.findall(r"`([^`]+)`", cells[0])
        assert len(names) == 1, f"one operation a row: {cells[0]}"
        plain = cells[1]
        while re.search(r"\([^()]*\)", plain):
            plain = re.sub(r"\([^()]*\)", "", plain)
        args = [(name, not mark) for name, mark in re.findall(r"`(\w+)`(\??)", plain)]
        assert args or plain == "none", f"{names[0]}: no arguments read in {cells[1]!r}"
        assert names[0] not in table, f"{names[0]} is listed twice"
        table[names[0]] = args
    return table


def declared_operations() -> dict[str, list[tuple[str, bool]]]:
    return {op: [(f.name, f.required) for f in operation.args] for op, operation in bridge.OPERATIONS.items()}


def test_the_bridge_doc_lists_every_operation_with_its_arguments():
    listed, declared = documented_operations(BRIDGE_DOC.read_text()), declared_operations()
    assert sorted(set(listed) - set(declared)) == [], "listed in docs/bridge.md, not declared"
    assert sorted(set(declared) - set(listed)) == [], "declared, not listed in docs/bridge.md"
    for op, args in declared.items():
        assert sorted(listed[op]) == sorted(args), f"{op}: docs/bridge.md says {listed[op]}, the bridge declares {args}"


# -- the page's calls ---------------------------------------------------------------------------

CALL = re.compile(r"""(?P<receiver>[\w.]*)\bcall\(\s*(?P<quote>["'])(?P<op>[^"'`]+)(?P=quote)\s*(?P<after>[,)])""")
OP_KEY = re.compile(r"""\bop:\s*(["'])(?P<op>[^"'`]+)\1""")  # py-worker.js's own requests


def object_literal(source: str, start: int) -> str | None:
    """The text inside the braces of an object literal starting at source[start], or None when
    the argument there is not one (a variable)."""
    if source[start] != "{":
        return None
    depth, index, quote = 0, start, None
    while index < len(source):
        char = source[index]
        if quote:
            if char == "\\":
                index += 1
            elif char == quote:
                quote = None
        elif char in "\"'`":
            quote = char
        elif char in "{[(":
            depth += 1
        elif char in "}])":
            depth -= 1
            if depth == 0:
                return source[start + 1:index]
        index += 1
    raise AssertionError(f"an object literal never closes: {source[start:start + 80]}")


def top_level_parts(body: str) -> list[str]:
    """An object literal's entries: its text split at commas outside brackets and strings."""
    parts, depth, quote, current = [], 0, None, []
    index = 0
    while index < len(body):
        char = body[index]
        if quote:
            if char == "\\":
                current.append(char)
                index += 1
                char = body[index]
            elif char == quote:
                quote = None
        elif char in "\"'`":
            quote = char
        elif char in "{[(":
            depth += 1
        elif char in "}])":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append("".join(current))
            current = []
            index += 1
            continue
        current.append(char)
        index += 1
    parts.append("".join(current))
    return [part.strip() for part in parts if part.strip()]


def literal_keys(body: str) -> tuple[list[str], bool]:
    """The keys an object literal names, and whether it spreads another object into itself
    (whose keys cannot be read here)."""
    keys, spreads = [], False
    for part in top_level_parts(body):
        if part.startswith("..."):
            spreads = True
        elif found := (re.match(r"""^(["'])([^"']+)\1\s*:""", part) or re.match(r"^()([A-Za-z_$][\w$]*)\s*:", part)
                       or re.fullmatch(r"()([A-Za-z_$][\w$]*)", part)):
            keys.append(found.group(2))
        else:
            raise AssertionError(f"an entry this test cannot read: {part!r}")
    return keys, spreads


def page_calls() -> list[dict[str, Any]]:
    calls = []
    for path in sorted(WEB_JS.rglob("*.js")):
        source = path.read_text()
        where = path.relative_to(ROOT).as_posix()
        for match in CALL.finditer(source):
            at = match.end()
            body = None
            if match["after"] == ",":
                while source[at].isspace():
                    at += 1
                body = object_literal(source, at)
            keys, spreads = literal_keys(body) if body is not None else ([], True)
            line = source.count("\n", 0, match.start()) + 1
            calls.append({"where": f"{where}:{line}", "op": match["op"], "keys": keys, "spreads": spreads,
                          "literal": match["after"] == ")" or body is not None,
                          "direct": match["receiver"].endswith("python."), "request": False})
        for match in OP_KEY.finditer(source):
            line = source.count("\n", 0, match.start()) + 1
            calls.append({"where": f"{where}:{line}", "op": match["op"], "keys": [], "spreads": True,
                          "literal": False, "direct": False, "request": True})
    return calls


def call_problems(calls: list[dict[str, Any]], declared: dict[str, bridge.Operation]) -> list[str]:
    problems = []
    for found in calls:
        operation = declared.get(found["op"])
        if operation is None:
            problems.append(f"{found['where']}: {found['op']!r} is not a declared operation")
            continue
        names = {f.name for f in operation.args}
        problems += [f"{found['where']}: {found['op']} takes no argument {key!r}" for key in found["keys"] if key not in names]
        # A call straight to the worker with every argument written out must give the required ones
        # (a wrapper such as table.js's `call` adds the record itself).
        if found["direct"] and found["literal"] and not found["spreads"]:
            problems += [f"{found['where']}: {found['op']} needs {f.name!r}" for f in operation.args
                         if f.required and f.name not in found["keys"]]
    return problems


def test_the_pages_calls_name_declared_operations_and_arguments():
    calls = page_calls()
    # Every `call("` in the page's code was read (a call this test misread would go unchecked).
    written = sum(len(re.findall(r"""\bcall\(\s*["'`]""", path.read_text())) for path in WEB_JS.rglob("*.js"))
    assert len([c for c in calls if not c["request"]]) == written > 30
    assert call_problems(calls, bridge.OPERATIONS) == []


def test_the_reading_of_the_pages_calls():
    source = """python.call("game.play", { record, seat: 1, "move": { a: [1, 2] }, ...when });
                this.call("game.view", {});  python.call("lexicons");  python.call("lexicon.add_custom", list);"""
    bodies = [(m["op"], m["after"]) for m in CALL.finditer(source)]
    assert bodies == [("game.play", ","), ("game.view", ","), ("lexicons", ")"), ("lexicon.add_custom", ",")]
    start = source.index("{")
    assert literal_keys(object_literal(source, start)) == (["record", "seat", "move"], True)
    problems = call_problems([{"where": "x.js:1", "op": "game.play", "keys": ["record", "sat"], "spreads": False,
                               "literal": True, "direct": True},
                              {"where": "x.js:2", "op": "game.fly", "keys": [], "spreads": False, "literal": True,
                               "direct": True}], bridge.OPERATIONS)
    assert problems == ["x.js:1: game.play takes no argument 'sat'", "x.js:1: game.play needs 'seat'",
                        "x.js:1: game.play needs 'move'", "x.js:2: 'game.fly' is not a declared operation"]
