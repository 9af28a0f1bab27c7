"""Wordsmith's players panel shows what each sheet counts, Python's number (the panel said
"0 pts" while the sheet said 8: it showed the finished challenges' total). Under Node."""

from __future__ import annotations

from web_js import run_script

SCRIPT = r"""
const ws = await import("./js/games/wordsmith/index.js");
const player = (score) => ({ score, words: 2, finished: null, waiting: false, picks: 0 });
const view = (results, score) => ({ phase: "race", totals: [12], results, done_by: null, waiting_for: [], players: [player(score)] });
console.log(JSON.stringify({
  first: ws.seatStatus(view([], 8), 0).text,
  second: ws.seatStatus(view([{}], 8), 0).text,
  hidden: ws.seatStatus(view([{}], null), 0).text,
}));
"""


def test_the_panel_shows_the_sheets_points(tmp_path):
    said = run_script(tmp_path, SCRIPT, what="the Wordsmith panel script")
    assert said["first"].startswith("8 pts · ")
    assert said["second"].startswith("8 pts (20 in all) · ")
    assert said["hidden"].startswith("? pts (12 before) · ")
