"""Startup benchmark: Wordtable against bare pages that boot the same Pyodide files.

    .venv/bin/python bench/startup.py [--runs N] [--pause S] [--json FILE]

Three pages, each loaded N times cold (a fresh on-disk browser profile) and warm (a second
visit in the same profile, S seconds after the first finished and, for Wordtable, after its
service worker took over; Chromium stores compiled wasm a moment after first use):
  wordtable  the app: Python ready, then the home screen interactive;
  bare       the same Pyodide files and boot options (precompiled stdlib, memory snapshot, our
             lock file) and nothing of ours: the wordtable/bare ratio is what our code adds;
  stock      Pyodide with its public options only: what the precompiling and snapshot save.
Times run from navigation start. Main-thread long tasks (> 50 ms) are reported as stalls.
Prints medians with min-max and ratios. Not a test: numbers, not verdicts.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import statistics
import sys
import tempfile
import threading
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright  # noqa: E402

import build  # noqa: E402
from harness import CHROMIUM_FLAGS, TEST_CONTEXT  # noqa: E402

BARE_PREFIX = "/__bench__/"
PAGES = {"wordtable": "/", "bare": BARE_PREFIX + "index.html?variant=bare",
         "stock": BARE_PREFIX + "index.html?variant=stock"}

PAUSE_MS = 3000

LONG_TASK_WATCH = """
window.__longTasks = [];
new PerformanceObserver(list => {
  for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
}).observe({ type: "longtask", buffered: true });
"""


class BenchHandler(build.SiteHandler):
    """dist/ at the root, bench/bare/ under BARE_PREFIX (so the bare page reaches ../pyodide/)."""

    def translate_path(self, path: str) -> str:
        path = urllib.parse.urlsplit(path).path
        if path.startswith(BARE_PREFIX):
            return str(ROOT / "bench" / "bare" / path[len(BARE_PREFIX):])
        return super().translate_path(path)


def serve(directory: Path) -> http.server.ThreadingHTTPServer:
    handler = functools.partial(BenchHandler, directory=str(directory))
    server = build.QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def measure(page: Page, url: str) -> dict[str, float]:
    page.goto(url)
    page.wait_for_function("performance.getEntriesByName('wordtable-interactive').length > 0",
                           timeout=120_000)
    if "__bench__" not in url:
        page.wait_for_function("performance.getEntriesByName('wordtable-lexicon-ready').length > 0",
                               timeout=120_000)
    return page.evaluate("""() => ({
        lexicon: performance.getEntriesByName('wordtable-lexicon-ready')[0]?.startTime ?? null,
        ready: performance.getEntriesByName('wordtable-python-ready')[0].startTime,
        interactive: performance.getEntriesByName('wordtable-interactive')[0].startTime,
        longest_stall: Math.max(0, ...window.__longTasks),
        stalls: window.__longTasks.length,
    })""")


def one_profile(playwright: Playwright, url: str, is_app: bool) -> tuple[dict, dict]:
    # A real on-disk profile, as a player has: off-the-record contexts keep no code cache, so
    # their "warm" loads would recompile the 9.6 MB wasm every time.
    with tempfile.TemporaryDirectory() as profile:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=build.find_chromium(), args=CHROMIUM_FLAGS, **TEST_CONTEXT)
        return visit_twice(context, url, is_app)


def visit_twice(context: BrowserContext, url: str, is_app: bool) -> tuple[dict, dict]:
    context.add_init_script(LONG_TASK_WATCH)
    try:
        first = context.new_page()
        cold = measure(first, url)
        if is_app:
            first.wait_for_function("navigator.serviceWorker.controller !== null", timeout=120_000)
        first.wait_for_timeout(PAUSE_MS)
        first.close()
        warm = measure(context.new_page(), url)
        return cold, warm
    finally:
        context.close()


def summarize(samples: list[float]) -> str:
    return f"{statistics.median(samples):7.0f} ms  ({min(samples):.0f}–{max(samples):.0f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--pause", type=float, default=3.0, help="seconds before the second visit")
    parser.add_argument("--pages", default=",".join(PAGES), help="which pages, comma-separated")
    parser.add_argument("--json", type=Path, help="also write the raw samples here")
    args = parser.parse_args()
    global PAUSE_MS
    PAUSE_MS = int(args.pause * 1000)

    server = serve(build.build())
    base = f"http://127.0.0.1:{server.server_address[1]}"
    pages = {name: PAGES[name] for name in args.pages.split(",")}
    results: dict[str, dict[str, list[dict]]] = {name: {"cold": [], "warm": []} for name in pages}
    with sync_playwright() as playwright:
        for run in range(args.runs):
            for name, path in pages.items():  # interleaved, so drift hits all alike
                cold, warm = one_profile(playwright, base + path, is_app=name == "wordtable")
                results[name]["cold"].append(cold)
                results[name]["warm"].append(warm)
            print(f"run {run + 1}/{args.runs} done", file=sys.stderr)
    server.shutdown()

    print(f"Startup, {args.runs} runs each, Chromium headless, served from 127.0.0.1; "
          f"median (min–max) from navigation start")
    for load in ("cold", "warm"):
        for metric, label in (("ready", "Python ready"), ("interactive", "interactive")):
            columns = {name: [r[metric] for r in results[name][load]] for name in pages}
            medians = {name: statistics.median(samples) for name, samples in columns.items()}
            cells = "   ".join(f"{name} {summarize(samples)}" for name, samples in columns.items())
            ratios = "".join(f"   wordtable/{other} {medians['wordtable'] / medians[other]:.2f}"
                             for other in ("bare", "stock") if "wordtable" in medians and other in medians)
            print(f"  {load:4} {label:12}  {cells}{ratios}")
        if "wordtable" in pages:
            after = [r["lexicon"] - r["ready"] for r in results["wordtable"][load]]
            print(f"  {load:4} dictionaries section ready after Python: {summarize(after)}")
        for name in pages:
            stalls = [r["longest_stall"] for r in results[name][load]]
            print(f"  {load:4} {name} main-thread long tasks: longest {max(stalls):.0f} ms "
                  f"(0 = none over 50 ms) in {len(stalls)} loads")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
