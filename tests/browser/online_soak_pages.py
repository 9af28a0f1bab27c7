"""Inside a network namespace (see netns.py), beside busy processes: Shrdlu between three
browsers through the moments a connection's state is easiest to get wrong — both friends join,
one drops (the tab closes) and comes back in a new tab, the host's page reloads and both come
back by new invitations, a round is played — and at each step, every screen must say the same
of every seat: the host's seat list, and each friend's own line. Prints the results as JSON.
Run by test_webrtc.py and bench/online_soak.py.

    python tests/browser/online_soak_pages.py DIST [--busy N]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent.parent), str(HERE.parent.parent / "py"), str(HERE)]

from online_driver import DROP_SEEN_MS, Pages, browser_pages, ready  # noqa: E402
from online_games_pages import SLOW_CPU, end_the_round, spread_of  # noqa: E402

# Every state change of every peer connection and data channel, with the page's clock: the
# evidence when two screens disagree (read back by trace_of).
RTC_TRACE = """(() => {
  const trace = (window.__rtcTrace = []);
  const Native = window.RTCPeerConnection;
  if (!Native) return;
  let count = 0;
  window.RTCPeerConnection = class extends Native {
    constructor(...args) {
      super(...args);
      const id = ++count;
      const note = (what) => trace.push(`${Math.round(performance.now())} pc${id} ${what}`);
      this.addEventListener("connectionstatechange", () => note(`connection ${this.connectionState}`));
      this.addEventListener("iceconnectionstatechange", () => note(`ice ${this.iceConnectionState}`));
      this.addEventListener("datachannel", (e) => e.channel.addEventListener("close", () => note("channel close")));
    }
  };
})();"""

# The host's word for a seat, and the friend's word for its own connection, when both see the
# connection working; every other pair is a disagreement once things have settled.
AGREE_TIMEOUT_S = 30
HOLD_S = 6  # and they keep agreeing for this long (a state that flips back would be caught)


def host_state(host, seat: int) -> str:
    return host.get_attribute(f"[data-online='{seat}']", "data-state")


def guest_state(guest) -> str:
    return guest.evaluate("document.querySelector('#guest-status')?.dataset.connection ?? 'no status line'")


def trace_of(page) -> list[str]:
    try:
        return page.evaluate("window.__rtcTrace ?? []")[-30:]
    except Exception:  # noqa: BLE001 (a closed page has no trace)
        return []


def screen_of(page) -> str:
    """What a page says of connections: the host's seat list, or a friend's own line."""
    try:
        return page.evaluate("""() => {
          const seats = [...document.querySelectorAll('#online-seats [data-online]')]
            .map((seat) => `${seat.dataset.online}: ${seat.className} ${seat.querySelector('.seat-status')?.textContent}`);
          const line = document.querySelector('#guest-status');
          return seats.join(' | ') + (line ? `line [${line.dataset.connection}] ${line.textContent}` : '');
        }""")
    except Exception as error:  # noqa: BLE001 (a page that cannot answer says why)
        return f"no answer: {str(error)[:200]}"


def agree(host, guests: dict[int, object], step: str, result: dict) -> None:
    """Every seat connected on the host's screen and on its friend's, within AGREE_TIMEOUT_S,
    and still so HOLD_S later; else the step fails with what each screen said and the traces."""
    started = time.monotonic()
    deadline = started + AGREE_TIMEOUT_S
    held_since = None
    while True:
        states = {seat: (host_state(host, seat), guest_state(guest)) for seat, guest in guests.items()}
        settled = all(h == "connected" and g == "connected" for h, g in states.values())
        now = time.monotonic()
        if settled:
            held_since = held_since or now
            if now - held_since >= HOLD_S:
                result["steps"].append([step, round(held_since - started, 1)])
                return
        else:
            held_since = None
        if now > deadline:
            raise AssertionError(json.dumps({"step": step, "states (host, friend)": states,
                                             "host trace": trace_of(host),
                                             **{f"friend {seat} trace": trace_of(g) for seat, g in guests.items()}}))
        time.sleep(0.25)


def scenario(pages: Pages, result: dict) -> None:
    result["at"] = "both join"
    host = pages.start("shrdlu", friends=2)
    ann = pages.join(host, 1)
    bo = pages.join(host, 2)
    agree(host, {1: ann, 2: bo}, "both joined", result)
    # A drop: Bo's tab closes; the host says so, Ann sees Bo away. Bo comes back in a new tab.
    result["at"] = "Bo drops"
    bo.close()
    host.wait_for_selector("[data-online='2'][data-state='dropped']", timeout=DROP_SEEN_MS)
    ann.wait_for_selector("[data-seat='2'].away", timeout=15_000)
    result["at"] = "Bo rejoins in a new tab"
    bo = pages.join(host, 2, guest=pages.tab(bo.context))
    agree(host, {1: ann, 2: bo}, "rejoined in a new tab", result)
    # The host's page reloads: both friends see the table go, then follow new invitations.
    result["at"] = "the host reloads"
    host.reload()
    ready(host)
    host.wait_for_selector("[data-invite='1']")
    result["at"] = "the friends see the table go"
    for guest in (ann, bo):
        guest.wait_for_function("document.querySelector('#guest-status')?.dataset.connection === 'dropped'", timeout=DROP_SEEN_MS)
    result["at"] = "both rejoin the reloaded host"
    ann = pages.join(host, 1, guest=ann)
    bo = pages.join(host, 2, guest=bo)
    agree(host, {1: ann, 2: bo}, "back after the host's reload", result)
    # The table still plays: a round ends on every screen.
    result["at"] = "a round"
    for page in (host, ann, bo):
        page.wait_for_selector("#spread", timeout=30_000)
    before = spread_of(host)
    end_the_round(host)
    for page in (host, ann, bo):
        page.wait_for_selector("#round-result #round-words", timeout=30_000)
    result["round_played"] = bool(before)
    agree(host, {1: ann, 2: bo}, "after a round", result)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("dist")
    parser.add_argument("--busy", type=int, default=2, help="busy processes beside the browsers")
    args = parser.parse_args()
    busy = [subprocess.Popen(["sh", "-c", "while :; do :; done"]) for _ in range(args.busy)]
    result: dict = {"steps": [], "busy": args.busy}
    started = time.monotonic()
    try:
        with browser_pages(args.dist, slow_cpu=SLOW_CPU, init_script=RTC_TRACE) as pages:
            try:
                scenario(pages, result)
            except Exception as error:  # noqa: BLE001 (any failure is reported with the step and the traces)
                result["failure"] = f"at '{result.get('at')}': {str(error)[:3000]}"
                result["traces"] = {f"page {number}": trace_of(page) for number, page in enumerate(pages.opened)
                                    if not page.is_closed()}
                result["screens"] = {f"page {number}": screen_of(page) for number, page in enumerate(pages.opened)
                                     if not page.is_closed()}
            result["outside"] = pages.outside
    finally:
        for process in busy:
            process.kill()
    result["seconds"] = round(time.monotonic() - started, 1)
    print(json.dumps(result))


if __name__ == "__main__":
    main()
