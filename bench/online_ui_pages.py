"""Inside a network namespace (run by bench/online.py): a host and a guest play Spell Write
through the app's screens, and every move's time from the click to the change on the other
page's screen is measured with the machine's clock (Date.now() is shared by both pages).
Prints the samples as JSON."""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py"), str(ROOT / "tests" / "browser")]

from online_driver import browser_pages  # noqa: E402
from spell_write_driver import ready_for_a_choice, take_turn  # noqa: E402

# Records when a move is sent (a click on "write") and when the screen shows someone else's
# move: the headline's round changes (the guest's move ended the round at the host) or a
# seat's status changes in the players' list (the host's move seen by the guest).
WATCH = """() => {
  window.benchSent = [];
  window.benchShown = [];
  document.addEventListener('click', (event) => {
    if (event.target.closest('#sw-write')) window.benchSent.push(Date.now());
  }, true);
  let last = '';
  const look = () => {
    const text = [...document.querySelectorAll('#table-headline, .table-side .seat-status')].map((e) => e.textContent).join('|');
    if (text !== last) { last = text; window.benchShown.push(Date.now()); }
  };
  new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  look();
}"""


def first_after(times: list[int], start: int) -> int | None:
    return next((t for t in times if t >= start), None)


def main(dist: str) -> None:
    samples: dict[str, list[float]] = {"guest_to_host": [], "host_to_guest": []}
    with browser_pages(dist) as pages:
        host = pages.start("spell-write", friends=1)
        guest = pages.join(host, 1)
        for page in (host, guest):
            page.evaluate(WATCH)
        claim = lambda text: False  # noqa: E731  (no claims: the move itself is measured)
        while ready_for_a_choice(host) != "over":
            take_turn(host, claim)
            host.wait_for_selector("#remote-waiting")
            sent = host.evaluate("window.benchSent.at(-1)")
            guest.wait_for_timeout(300)  # the guest's screen settles
            shown = first_after(guest.evaluate("window.benchShown"), sent)
            if shown is not None:
                samples["host_to_guest"].append(shown - sent)
            if ready_for_a_choice(guest) == "over":
                break
            take_turn(guest, claim)
            sent = guest.evaluate("window.benchSent.at(-1)")
            host.wait_for_timeout(300)
            shown = first_after(host.evaluate("window.benchShown"), sent)
            if shown is not None:
                samples["guest_to_host"].append(shown - sent)
    print(json.dumps({**samples, "outside": pages.outside}))


if __name__ == "__main__":
    main(sys.argv[1])
