"""What every screen owes a player on a phone and a desktop (issue 16), checked the same way by
the layout test over every game, by the games' own browser tests at the screens they reach, and
by tools/screenshots.py:

- nothing sticks out sideways (a phone would scroll the page horizontally);
- the next thing to do is on the first screen, without scrolling: every shown control the
  screen marks `data-next` lies inside the viewport;
- keyboard focus is on the first of them, not lost on the page.

Positions of any game come from bots playing it through the engine, stored as the app stores a
save: no game is named here."""

from __future__ import annotations

import functools
import hashlib
import random
from pathlib import Path
from typing import Any

from playwright.sync_api import Page

from wordtable.engine.game import Record
from wordtable.games import game_class, make
from wordtable.lexicon import store

SIZES = {"small-phone": (360, 640), "phone": (390, 844), "desktop": (1366, 900)}

# What the screen shows: sideways overflow (the widest culprit), the data-next controls shown
# and where they are, and what has focus.
MEASURE = """() => {
  const width = document.documentElement.clientWidth, height = document.documentElement.clientHeight;
  let overflow = null;
  if (document.documentElement.scrollWidth > width) {
    const wide = [...document.querySelectorAll('body *')].find((e) => e.getBoundingClientRect().right > width + 1);
    overflow = wide ? `${wide.tagName.toLowerCase()}#${wide.id}.${wide.className?.baseVal ?? wide.className}` : 'something';
  }
  const shown = (e) => e.getClientRects().length > 0 && !e.closest('[hidden]') && getComputedStyle(e).visibility !== 'hidden';
  const name = (e) => `${e.tagName.toLowerCase()}#${e.id}[${(e.getAttribute('aria-label') || e.textContent || '').trim().slice(0, 40)}]`;
  const next = [...document.querySelectorAll('#screen-table [data-next], #screen-setup [data-next]')].filter(shown);
  const outside = next.filter((e) => {
    const box = e.getBoundingClientRect();
    return box.top < 0 || box.left < 0 || box.bottom > height + 0.5 || box.right > width + 0.5;
  }).map((e) => `${name(e)} at ${Math.round(e.getBoundingClientRect().top)}–${Math.round(e.getBoundingClientRect().bottom)} of ${height}`);
  const active = document.activeElement;
  return { overflow, next: next.map(name), outside, focused: Boolean(active && active.hasAttribute('data-next')),
           active: active ? name(active) : null };
}"""


def measure(page: Page) -> dict[str, Any]:
    return page.evaluate(MEASURE)


def problems(page: Page, *, acting: bool, check_focus: bool = True) -> list[str]:
    """What is wrong with the screen as shown now (scrolled to the top), at this size."""
    page.evaluate("scrollTo(0, 0)")
    seen = measure(page)
    found = []
    if seen["overflow"]:
        found.append(f"sticks out sideways: {seen['overflow']}")
    if acting and not seen["next"]:
        found.append("no control marked data-next for what to do now")
    found += [f"off the first screen: {where}" for where in seen["outside"]]
    if acting and check_focus and seen["next"] and not seen["focused"]:
        found.append(f"focus is on {seen['active']}, not on what to do next")
    return found


def check_all_sizes(page: Page, label: str, *, acting: bool, shots: Path | None = None) -> list[str]:
    """problems() at every size (focus checked once: resizing does not move it); a screenshot
    of each when shots is a folder."""
    found = []
    first = True
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(50)
        found += [f"{label} at {size}: {problem}" for problem in problems(page, acting=acting, check_focus=first)]
        first = False
        if shots is not None:
            shots.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=shots / f"{label}-{size}.png")
    return found


@functools.lru_cache(maxsize=None)
def _game(game_id: str):
    return make(game_id, functools.lru_cache(maxsize=None)(store.load))


def positions(game_id: str, seed: int = 4242, limit: int = 6, variant: dict[str, Any] | None = None,
              label: str | None = None) -> list[tuple[str, Record, bool]]:
    """(label, record, seat 0 acts) for a two-player game of default options (with `variant`'s
    changes) played by medium bots: the start, the first position of each phase seen from seat 0
    (acting or waiting), and the end."""
    game, bots = _game(game_id)
    rng = random.Random(seed)
    options = {"players": 2} if "players" in {spec.name for spec in game_class(game_id).Options.specs()} else {}
    options.update(variant or {})
    options = game.Options.complete(options)  # as the page's new game writes it: every option, today's defaults
    label = label or game_id
    state = game.new(options, seed)
    record = Record(game_id, options, seed)
    found: dict[tuple, tuple[str, Record, bool]] = {}
    for _step in range(4000):
        actors = game.actors(state)
        view = game.view(state, 0)
        key = (view.get("phase"), 0 in actors)
        if key not in found and len(found) < limit - 1 and view.get("phase") != "over":
            name = f"{label}-{view.get('phase')}-{'acting' if 0 in actors else 'waiting'}"
            found[key] = (name, Record(game_id, options, seed, list(record.moves)), 0 in actors)
        if not actors:
            break
        move = None
        for seat in actors:
            move = bots["medium"](game, game.view(state, seat), rng)
            if move is not None:
                move = {k: v for k, v in move.items() if k != "after_ms"}
                break
        if move is None:
            deadline = game.deadline(state)
            seat, move = deadline.seat, deadline.move
            state = game.expire(state)
        else:
            state = game.apply(state, seat, move)
        record.moves.append((seat, move))
    over = (f"{label}-over", Record(game_id, options, seed, list(record.moves)), True)
    return [*found.values(), over]


def variant_positions(game_id: str) -> list[tuple[str, Record, bool]]:
    """The phases only other rules reach (players judging words: vetting, defending, a
    challenge): for each option with choices, each other choice played by bots, keeping the
    positions of phases the default game never showed."""
    seen = {name[len(game_id) + 1:] for name, _record, _acting in positions(game_id)}
    found = []
    for spec in game_class(game_id).Options.specs():
        if not spec.choices or spec.kind == "lexicon":
            continue
        for choice in spec.choices:
            if choice == spec.default:
                continue
            label = f"{game_id}-{spec.name}-{choice}"
            for name, record, acting in positions(game_id, variant={spec.name: choice}, label=label, limit=8)[:-1]:
                phase = name[len(label) + 1:]  # "vet-acting"
                if phase not in seen:
                    seen.add(phase)
                    found.append((name, record, acting))
    return found


def open_position(page: Page, url: str, game_id: str, label: str, record: Record, people: int = 1,
                  bot_delay: int = 60_000) -> None:
    """The position stored as a save (seat 0 a person, or the first `people` seats; the others
    medium bots that take a minute to move) and opened, drawn and settled."""
    seats = [{"name": name, "bot": None if index < people else "medium"}
             for index, name in enumerate(["Ann", "Basil", "Clover", "Dot"][:2])]
    save_id = f"layout-{label}" if len(label) <= 33 else f"layout-{hashlib.sha1(label.encode()).hexdigest()[:16]}"  # ids: 40 characters
    save = {"format": "wordtable-save", "version": 1, "id": save_id, "game": game_id, "players": seats,
            "settings": {"botDelay": bot_delay}, "record": record.to_json(),
            "created": "2026-11-23T10:00:00Z", "updated": "2026-11-23T10:00:00Z"}
    page.evaluate("save => localStorage.setItem('wordtable.save.' + save.id, JSON.stringify(save))", save)
    page.goto(f"{url}#game={save['id']}")
    page.wait_for_function("""() => {
      const main = document.querySelector('#table-main');
      return main && !main.inert && main.children.length && !/Setting up the table/.test(main.textContent);
    }""")
    page.wait_for_timeout(300)  # what a screen fills in after its first draw (answers from Python)
