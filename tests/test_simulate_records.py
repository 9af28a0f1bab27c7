"""A new game always plays today's defaults (issue 45): `simulate`, the command line and the
bridge all complete a game's options before it starts, and only an older record that lacks an
option reads it under the default it was recorded with. So every record a simulation writes
replays to the very state it played."""

import pytest

from wordtable.engine.bots import play
from wordtable.engine.game import Record, replay
from wordtable.games import REGISTRY, make
from wordtable.lexicon import store

GAMES = sorted(REGISTRY)


def _bots_for(game_id: str, players: int) -> tuple:
    game, bots = make(game_id, store.load)
    return game, [bots["easy"]] * players


@pytest.mark.parametrize("game_id", GAMES)
def test_every_record_a_simulation_writes_replays_to_the_state_it_played(game_id):
    game, _bots = make(game_id, store.load)
    low, _high = game.Options.player_range()
    for options, seed in (({}, 3), ({"players": max(low, 2)}, 11)):
        players = game.Options.parse(game.Options.complete(options)).players
        game, bots = _bots_for(game_id, players)
        played = play(game, bots, options, seed, max_moves=400)
        assert played.record.options == game.Options.complete(options)  # every option written out
        again = replay(game, Record.from_json(played.record.to_json()))
        for seat in range(game.seats(played.state)):
            assert game.view(again, seat) == game.view(played.state, seat), (game_id, options, seat)


def test_a_simulated_one_letter_better_round_plays_to_todays_target_and_an_old_record_to_its_own():
    """One Letter Better's target went from 100 to 175 points: a simulated game plays to 175
    as the page's does (it played to 100 before), and a record written without the option, as
    older saves were, still plays to 100."""
    game, bots = _bots_for("one-letter-better", 2)
    played = play(game, bots, {"players": 2}, 5, max_moves=1)
    assert played.record.options["target"] == 175 and played.state.options.target == 175
    old = Record("one-letter-better", {"players": 2, "lexicon": "standard"}, 5)
    assert replay(game, old).options.target == 100
