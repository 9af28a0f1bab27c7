"""Playing Wordsmith through the page, shared by the browser tests and the screenshots: the
state behind a save (its record replayed in CPython), the words a seat may claim now, and a
claim typed (or tapped) into a seat's panel."""

from __future__ import annotations

import functools
import json

from playwright.sync_api import Page, TimeoutError as PlaywrightTimeout

from wordtable.engine.game import Record, replay
from wordtable.games import make
from wordtable.lexicon import store


@functools.lru_cache(maxsize=None)
def game():
    return make("wordsmith", functools.lru_cache(maxsize=None)(store.load))[0]


def record_of(page: Page, save_id: str) -> dict:
    return json.loads(page.evaluate(f"localStorage.getItem('wordtable.save.{save_id}')"))["record"]


def state_of(page: Page, save_id: str):
    return replay(game(), Record.from_json(record_of(page, save_id)))


def claims(page: Page, save_id: str, seat: int, limit: int = 20) -> list[dict]:
    """Claims the rules allow this seat now (words taking most pieces first)."""
    return game().claimable(state_of(page, save_id), seat, limit=limit)


def panel_ready(page: Page, seat: int, timeout: int = 30_000) -> None:
    """Waits until the seat's panel takes a word (or the challenge's result, or the end, shows)."""
    page.wait_for_function("""(seat) => {
        const main = document.querySelector('#table-main');
        return main && !main.inert && (document.querySelector(`#ws-word-${seat}`)
          || document.querySelector('#round-result, #game-over, #ws-pick-' + seat + ', #ws-finished-' + seat + ', #ws-waiting-' + seat));
    }""", arg=seat, timeout=timeout)


def type_word(page: Page, seat: int, word: str, tries: int = 5) -> None:
    """Types a word into the seat's field. A bot's move redraws the screen (what is typed is
    carried over), but text sent in the very moment of a redraw can miss the field: typed
    again then, as a person would."""
    field = f"#ws-word-{seat}"
    for _ in range(tries):
        page.fill(field, word, timeout=5_000)
        if page.eval_on_selector(field, "e => e.value") == word:
            return
    raise AssertionError(f"{word!r} could not be typed into {field}")


def type_claim(page: Page, seat: int, move: dict) -> None:
    """Types the word and claims it (choosing its row in Advanced)."""
    type_word(page, seat, move["word"])
    if "row" in move:
        page.click(f"#ws-rows-{seat} [data-row='{move['row']}']")
    page.click(f"#ws-claim-{seat}")


def tap_word(page: Page, seat: int, word: str) -> None:
    """Builds the word by tapping its letters on the letter keys."""
    page.click(f"#ws-clear-{seat}")
    for char in word:
        page.click(f"#ws-keys-{seat} [data-key=\"{char}\"]")


def moves_made(page: Page, save_id: str) -> int:
    return len(record_of(page, save_id)["moves"])


def wait_for_moves(page: Page, save_id: str, more_than: int, seat: int, timeout: int = 15_000) -> None:
    """Until the save holds more moves (or the seat's panel shows a refusal)."""
    page.wait_for_function("""([id, n, seat]) => {
        const save = JSON.parse(localStorage.getItem('wordtable.save.' + id));
        const refused = document.querySelector(`#ws-message-${seat}.bad`);
        return save.record.moves.length > n || (refused && refused.textContent);
    }""", arg=[save_id, more_than, seat], timeout=timeout)


def act(page: Page, save_id: str, seat: int, *, tap: bool = False, tries: int = 5) -> str:
    """One move through the seat's panel: take a piece a star gave, claim the word taking most
    pieces that the rules allow, roll for more, pass (Word by Word), or stop. Returns the
    move's type (and the word claimed). Racing a bot, the screen may change between looking
    and clicking (its "Done!" takes the die away): then it looks again."""
    for attempt in range(tries):
        try:
            return act_once(page, save_id, seat, tap=tap)
        except PlaywrightTimeout:
            if attempt == tries - 1:
                raise
            panel_ready(page, seat)
            if page.locator("#round-result, #game-over").count():
                return "missed"
    raise AssertionError("unreachable")


def act_once(page: Page, save_id: str, seat: int, *, tap: bool = False) -> str:
    state = state_of(page, save_id)
    before = len(record_of(page, save_id)["moves"])
    if page.locator(f"#ws-pick-{seat}").count():
        kind = next(k for k, n in zip(("red", "yellow", "blue", "green"), state.supply) if n)
        page.click(f"#ws-take-{seat}-{kind}", timeout=3_000)
        done = "take"
    elif found := game().claimable(state, seat, limit=1):
        if tap:
            tap_word(page, seat, found[0]["word"])
            if "row" in found[0]:
                page.click(f"#ws-rows-{seat} [data-row='{found[0]['row']}']")
            page.click(f"#ws-claim-{seat}", timeout=3_000)
        else:
            type_word(page, seat, found[0]["word"])
            if "row" in found[0]:
                page.click(f"#ws-rows-{seat} [data-row='{found[0]['row']}']", timeout=3_000)
            page.click(f"#ws-claim-{seat}", timeout=3_000)
        done = f"claim {found[0]['word']}"
    elif page.locator(f"#ws-roll-{seat}").count():
        page.click(f"#ws-roll-{seat}", timeout=3_000)
        done = "roll"
    elif page.locator(f"#ws-pass-{seat}").count():
        page.click(f"#ws-pass-{seat}", timeout=3_000)
        done = "pass"
    else:
        page.click(f"#ws-stop-{seat}", timeout=3_000)
        page.click(f"#ws-stop-{seat}", timeout=3_000)  # "Sure?"
        done = "stop"
    wait_for_moves(page, save_id, before, seat)
    return done
