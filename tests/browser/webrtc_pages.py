"""Inside a network namespace (see netns.py): serves dist/, opens a host page and a guest page
in Chromium, connects them with the app's own WebRTC link and codes, and prints the results
as JSON. Run by test_webrtc.py, not by pytest directly."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent.parent), str(HERE)]

from harness import sealed_code  # noqa: E402
from online_driver import browser_pages  # noqa: E402


def one_changed(code: str, at: int) -> str:
    return code[:at] + ("B" if code[at] != "B" else "C") + code[at + 1:]


def main(dist: str) -> None:
    with browser_pages(dist) as pages:
        host, guest = pages.new(), pages.new()
        for page in (host, guest):
            page.goto(pages.site.url)
            page.evaluate("async () => { window.net = await import('./js/net.js'); window.inbox = []; }")
        offer = host.evaluate("""async () => {
            window.link = new net.PeerLink({ onMessage: (m) => inbox.push(m), onState: (s) => window.state = s });
            return window.link.offer(); }""")
        answer = guest.evaluate("""async (offer) => {
            window.link = new net.PeerLink({ onMessage: (m) => { inbox.push(m); link.send('echo:' + m); },
                                             onState: (s) => window.state = s });
            return window.link.answer(offer); }""", offer)
        started = time.perf_counter()
        host.evaluate("answer => link.accept(answer)", answer)
        try:
            host.wait_for_function("link.channel && link.channel.readyState === 'open'", timeout=15_000)
        except Exception as error:
            states = [page.evaluate("[window.state, link.connection.connectionState, link.connection.iceConnectionState, "
                                    "link.connection.signalingState, link.channel && link.channel.readyState]") for page in (host, guest)]
            raise AssertionError(f"no connection: {states} offer={offer} answer={answer}") from error
        connect_ms = (time.perf_counter() - started) * 1000
        guest.wait_for_function("link.channel && link.channel.readyState === 'open'", timeout=15_000)
        round_trips = host.evaluate("""async () => {
            const times = [];
            for (let i = 0; i < 20; i++) {
                const start = performance.now();
                link.send('m' + i);
                while (!inbox.includes('echo:m' + i)) await new Promise((r) => setTimeout(r, 0));
                times.push(performance.now() - start);
            }
            return times; }""")
        # One character changed in a real code (its password, its candidates) is caught by the
        # checksum, as is a code from before there was one.
        changed = [one_changed(answer, 10), one_changed(answer, len(answer) - 12)]
        bad = guest.evaluate("""([changed, sealed]) => ['', 'hello', '1o~a~b', '2o~a~b', sealed, ...changed].map((code) => {
            try { net.decodeDescription(code, 'offer'); return 'accepted'; } catch (e) { return e.message; } })""",
                             [changed, sealed_code("2a~u~p~AAAA~a~")])
        # The answer pasted again into the invitation it connected.
        again = host.evaluate("(answer) => link.accept(answer).then(() => 'accepted', (e) => e.message)", answer)
    print(json.dumps({"offer": offer, "answer": answer, "connect_ms": connect_ms, "round_trips_ms": round_trips,
                      "guest_inbox_ok": True, "bad_codes": bad, "answer_again": again, "outside": pages.outside}))


if __name__ == "__main__":
    main(sys.argv[1])
