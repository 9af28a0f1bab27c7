"""Online play across networks, in the NAT lab (tests/browser/natlab.py; needs root, ip,
iptables and coturn, as `python3 build.py test` installs): two pages of the built site on
devices in two homes (or one) connect with the app's own WebRTC link and codes, in each case
of the online table in docs/online.md. Prints, per case, whether it connected and the median time from
the answer to an open channel (or to the failure the browser reported).

    .venv/bin/python bench/natlab.py [--runs N]

Not a test: tests/browser/test_natlab.py checks the same cases through the app's screens.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

from playwright.sync_api import sync_playwright  # noqa: E402

import build  # noqa: E402
import natlab  # noqa: E402
from harness import CHROMIUM_FLAGS, TEST_CONTEXT, LocalSite  # noqa: E402


def attempt(browsers, sites, host_device, guest_device, host_servers, guest_servers, wait_s=20) -> tuple[bool, float]:
    host = browsers[host_device].new_context(**TEST_CONTEXT).new_page()
    guest = browsers[guest_device].new_context(**TEST_CONTEXT).new_page()
    try:
        for page, device in ((host, host_device), (guest, guest_device)):
            page.goto(sites[device].url)
            page.evaluate("async () => { window.net = await import('./js/net.js'); }")
        offer = host.evaluate("""async (servers) => {
            window.link = new net.PeerLink({ iceServers: servers, onState: (s) => { window.last = s; } });
            return link.offer(net.stunServersIn(servers)); }""", host_servers)
        answer = guest.evaluate("""async ([offer, own]) => {
            const { stunServers } = net.decodeDescription(offer, 'offer');
            const servers = [...stunServers.map((s) => ({ urls: 'stun:' + s })), ...own];
            window.link = new net.PeerLink({ iceServers: servers, onState: (s) => { window.last = s; } });
            return link.answer(offer); }""", [offer, guest_servers])
        started = time.perf_counter()
        host.evaluate("(answer) => link.accept(answer)", answer)
        host.wait_for_function("link.opened || window.last === 'unreachable'", timeout=wait_s * 1000)
        return bool(host.evaluate("Boolean(link.opened)")), (time.perf_counter() - started) * 1000
    finally:
        host.context.close()
        guest.context.close()


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    runs = parser.parse_args().runs
    why = natlab.missing()
    if why:
        sys.exit(f"cannot run: {why}")
    dist = build.build()
    with natlab.Lab() as lab, sync_playwright() as playwright:
        sites = {}
        for device in natlab.DEVICES:
            sites[device] = LocalSite(dist)
            sites[device].port = 8765
            lab.inside(device, sites[device].start)
        browsers = {device: playwright.chromium.launch(executable_path=lab.launcher(device, build.find_chromium()),
                                                       args=CHROMIUM_FLAGS) for device in natlab.DEVICES}
        stun = [{"urls": url} for url in lab.stun_urls()]
        user, password = natlab.TURN_USER, natlab.TURN_PASSWORD
        turn = [{"urls": f"turn:{natlab.STUN_ADDRESSES[0]}:3478", "username": user, "credential": password}]
        cases = [
            ("same network, nothing", False, "a2", [], []),
            ("two homes, nothing", False, "b", [], []),
            ("two homes, 'somewhere else' (STUN in the link)", False, "b", stun, []),
            ("strict NATs, STUN in the link", True, "b", stun, []),
            ("strict NATs, TURN at the host, STUN in the link", True, "b", stun + turn, []),
        ]
        print(f"NAT lab, {runs} runs a case (Chromium, mDNS host candidates; watch {natlab_watch()} s)")
        for label, strict, guest_device, host_servers, guest_servers in cases:
            lab.symmetric(strict)
            results = [attempt(browsers, sites, "a", guest_device, host_servers, guest_servers) for _ in range(runs)]
            opened = sum(ok for ok, _ms in results)
            times = [ms for _ok, ms in results]
            outcome = "connects" if opened == runs else "fails" if not opened else f"connects {opened}/{runs}"
            print(f"  {label:52s} {outcome:14s} median {statistics.median(times):7.0f} ms ({min(times):.0f}-{max(times):.0f})")
        for browser in browsers.values():
            browser.close()
        for site in sites.values():
            site.stop()


def natlab_watch() -> int:
    text = (ROOT / "web" / "js" / "net.js").read_text()
    return int(text.split("CONNECT_WATCH_MS = ")[1].split(";")[0].replace("_", "")) // 1000


if __name__ == "__main__":
    main()
