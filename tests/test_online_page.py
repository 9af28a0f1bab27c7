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
