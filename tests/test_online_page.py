"""The host page's online table (web/js/online.js) under Node: when a message from a friend
redraws the table and when it only refreshes who is connected."""

from __future__ import annotations

import pytest

from web_js import run_script

SCRIPT = r"""
const { HostNet } = await import("./js/online.js");
const save = { id: "t", record: { moves: [] }, players: [{ name: "Ann" }, { name: "Bo" }, { name: "Cy" }] };
const table = (state) => {
  const calls = [];
  const net = new HostNet({ python: null, save: structuredClone(save), persist: () => {},
    onChange: (change) => calls.push(change?.statusOnly ? "status" : "redraw"), notice: () => {} });
  net.links = new Map();
  net.tableState(state);
  return { net, calls };
};
const result = ({ moves = 0, waiting = [], drawing = false, started = true, showing = false }) =>
  ({ saved: {}, record: { moves: Array(moves).fill({}) }, started, waiting, drawing, showing, outgoing: [] });
const out = {};

// A random event waits for Bo and Cy; Bo's part comes in, then Cy's (no move was needed).
let { net, calls } = table({ started: true, waiting: [1, 2], drawing: true });
net.absorb(result({ waiting: [2], drawing: true }));
out.partIn = { calls: [...calls], names: net.waitingNames(), drawing: net.drawing };
net.absorb(result({ waiting: [], drawing: false }));
out.drawn = { calls: [...calls], drawing: net.drawing };

// Nobody's part is awaited and who is waited for changes elsewhere: the side only.
({ net, calls } = table({ started: true, waiting: [], drawing: false }));
net.absorb(result({ waiting: [] }));
out.nothing = [...calls];
// A move from a friend redraws.
net.absorb(result({ moves: 1 }));
out.move = [...calls];

// The end: Bo's device is at the table and asked to show its grid. The host's clock gives it
// show_within_ms (not started again by a result that changes nothing), then asks Python.
const asked = [];
const python = { call: async (op, args) => {
  if (op === "online.disconnected") return { ...result({ showing: true }), show_due: [], show_within_ms: 40 };
  asked.push([op, args.seats]);
  return { ...result({ showing: false }), broken: { seat: 1, reason: "The game has stopped: Bo loses by forfeit." } };
} };
const clockTable = () => {
  const calls = [];
  const clocked = new HostNet({ python, save: structuredClone(save), persist: () => {},
    onChange: () => calls.push("redraw"), notice: () => {} });
  clocked.links = new Map();
  return { clocked, calls };
};
const due = (seats) => ({ ...result({ showing: true }), show_due: seats, show_within_ms: 40 });
const shown = clockTable();
shown.clocked.absorb(due([1]));
await new Promise((resolve) => setTimeout(resolve, 25));
shown.clocked.absorb(due([1]));  // the same seats due: the clock runs on
await new Promise((resolve) => setTimeout(resolve, 25));
out.overdue = { asked: [...asked], calls: [...shown.calls], broken: shown.clocked.broken?.seat ?? null };
asked.length = 0;
const away = clockTable();
away.clocked.absorb(due([1]));
await new Promise((resolve) => setTimeout(resolve, 25));
away.clocked.absorb(due([]));  // Bo left the table (or showed): nothing is decided while away
await new Promise((resolve) => setTimeout(resolve, 60));
out.away = [...asked];
away.clocked.absorb(due([1]));  // back, still not showing: the clock goes on from its 25 ms
await new Promise((resolve) => setTimeout(resolve, 30));
out.back = [...asked];
asked.length = 0;
const dropped = clockTable();  // the connection drops (net.js): forget() tells Python, and the clock
dropped.clocked.absorb(due([1]));
await new Promise((resolve) => setTimeout(resolve, 20));
await dropped.clocked.forget("p1");
await new Promise((resolve) => setTimeout(resolve, 60));
out.dropped = [...asked];
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def results(tmp_path_factory) -> dict:
    return run_script(tmp_path_factory.mktemp("online"), SCRIPT, what="online.js")


def test_a_friends_part_redraws_the_line_naming_whom_the_draw_still_waits_for(results):
    assert results["partIn"] == {"calls": ["redraw"], "names": "Cy", "drawing": True}


def test_the_last_part_in_lets_the_table_go_on_even_without_a_move(results):
    assert results["drawn"] == {"calls": ["redraw", "redraw"], "drawing": False}


def test_nothing_new_redraws_nothing_and_a_move_redraws(results):
    assert results["nothing"] == []
    assert results["move"] == ["redraw"]


def test_a_friend_at_the_table_who_does_not_show_is_put_to_python_once_the_hosts_clock_runs_out(results):
    """Issue 42: the host's clock for the end's secrets runs from when the seats became due, and
    asks online.unshown once; the stopped game is drawn again."""
    assert results["overdue"]["asked"] == [["online.unshown", [1]]]
    assert results["overdue"]["broken"] == 1 and "redraw" in results["overdue"]["calls"]


def test_time_away_does_not_count_and_coming_back_does_not_start_the_clock_again(results):
    """A device that left and came back without showing is not given a new minute (else one
    that reconnects now and then would never lose)."""
    assert results["away"] == []
    assert results["back"] == [["online.unshown", [1]]]


def test_a_dropped_connection_stops_the_show_clock_for_its_seat(results):
    """Found by an independent attack: forget() did not tell the clock, which went on counting
    the time away and forfeited the seat the moment it came back."""
    assert results["dropped"] == []
