"""Screenshots of online play at phone and desktop size: the table waiting for everyone to join
(host and guest), the invitation with its QR code, the guest's answer, and a guest's table in
each game. Needs a network namespace (root, unshare,
ip), made for the run as the browser tests do.

    .venv/bin/python tools/online_screenshots.py [OUT_DIR]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "py"), str(ROOT / "tests" / "browser")]

import build  # noqa: E402
import netns  # noqa: E402

VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


def inside(dist: str, out: str) -> None:
    from online_driver import browser_pages

    folder = Path(out)

    def invitation_and_answer(size: str):
        def shoot(host, guest) -> None:
            host.wait_for_selector("#invite-dialog .qr svg")
            guest.wait_for_selector("#guest-answer .qr svg")
            host.screenshot(path=folder / f"online-invite-{size}.png")
            guest.screenshot(path=folder / f"online-answer-{size}.png", full_page=True)
        return shoot

    for size, viewport in VIEWPORTS.items():
        with browser_pages(dist, viewport) as pages:
            # Before the game starts: one friend in, one not yet (shared randomness waits for both).
            host = pages.start("wordsmith", friends=2)
            host.screenshot(path=folder / f"online-lobby-host-empty-{size}.png", full_page=True)
            guest = pages.join(host, 1)
            guest.wait_for_selector("#guest-waiting-to-start")
            host.wait_for_selector("#waiting-to-start")
            guest.screenshot(path=folder / f"online-lobby-guest-{size}.png", full_page=True)
            host.screenshot(path=folder / f"online-lobby-host-{size}.png", full_page=True)
            host.context.close()
            guest.context.close()
            for game in ("four-letter-words", "shrdlu", "spell-write"):
                host = pages.start(game, friends=1)
                guest = pages.join(host, 1, on_answer=invitation_and_answer(size) if game == "shrdlu" else None)
                guest.wait_for_selector("#guest-status:text-matches('[0-9]+ ms')", timeout=10_000)
                host.wait_for_selector("[data-online='1'] .seat-status:text-matches('[0-9]+ ms')", timeout=10_000)
                guest.screenshot(path=folder / f"online-{game}-guest-{size}.png", full_page=True)
                host.screenshot(path=folder / f"online-{game}-host-{size}.png", full_page=True)
                host.context.close()
                guest.context.close()
    print(json.dumps({"ok": True}))


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    why = netns.available()
    if why:
        sys.exit(f"cannot run: {why}")
    dist = build.build()
    netns.run(Path(__file__), "--inside", str(dist), str(out.resolve()), timeout=600)
    print(f"screenshots in {out}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--inside"]:
        inside(sys.argv[2], sys.argv[3])
    else:
        main(Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots"))
