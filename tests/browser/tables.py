"""Helpers shared by the browser tests of games."""

from __future__ import annotations

from playwright.sync_api import Page


def open_prepared_game(page: Page, url: str, game: str, players: list[dict], options: dict, seed: int,
                       bot_delay: int = 0) -> str:
    """A game with a chosen seed (the seed decides the deal or who starts), stored as a save
    the way the app stores it, then opened."""
    record = page.evaluate("args => wordtable.python.call('game.new', args)",
                           {"game": game, "options": options, "seed": seed})["record"]
    save = {"format": "wordtable-save", "version": 1, "id": f"prepared-{seed}", "game": game,
            "players": players, "settings": {"botDelay": bot_delay}, "record": record,
            "created": "2026-11-22T10:00:00Z", "updated": "2026-11-22T10:00:00Z"}
    page.evaluate("save => localStorage.setItem('wordtable.save.' + save.id, JSON.stringify(save))", save)
    page.goto(f"{url}#game={save['id']}")
    return save["id"]
