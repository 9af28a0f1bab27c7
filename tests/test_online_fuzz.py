"""The online protocol against hostile peers, every game (tests/online_fuzz.py says what is sent
and what must hold): a few hundred messages a side here; bench/online_fuzz.py sends 100,000."""

from __future__ import annotations

import pytest

from online_fuzz import fuzz_guest, fuzz_host, games


@pytest.mark.parametrize("game_id", games())
def test_a_host_survives_a_hostile_guest_and_tells_it_nothing_secret(game_id):
    counts = fuzz_host(game_id, 600, seed=7)
    assert counts.messages == 600
    assert counts.kinds["error"] > 100 and counts.kinds["ack"] > 0  # garbage refused, replays answered once


@pytest.mark.parametrize("game_id", games())
def test_a_guest_survives_a_hostile_host(game_id):
    counts = fuzz_guest(game_id, 600, seed=7)
    assert counts.messages == 600 and counts.kinds["left as it was"] > 500


# Only a game that draws at random has parts to withhold, forge or give twice.
@pytest.mark.parametrize("game_id", games(chance=True))
def test_a_shared_randomness_host_names_a_cheating_guest_and_survives_the_rest(game_id):
    counts = fuzz_host(game_id, 600, seed=11, shared=True)
    assert counts.messages == 600
    assert counts.kinds["error"] > 100 and counts.kinds["(the game stopped, naming Mallory)"] > 0


@pytest.mark.parametrize("game_id", games(chance=True))
def test_a_shared_randomness_guest_gives_each_part_once_to_a_hostile_host(game_id):
    counts = fuzz_guest(game_id, 600, seed=11, shared=True)
    assert counts.messages == 600 and counts.kinds["part given"] > 0
