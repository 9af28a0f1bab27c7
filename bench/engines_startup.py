"""Startup in Firefox and WebKit: where the time goes, as bench/startup.py does for Chromium.

    .venv/bin/python bench/engines_startup.py [--runs N] [--engines firefox,webkit]

Each run starts a fresh browser (tests/browser/engines.py: Debian's firefox-esr over WebDriver
BiDi, WebKitGTK's MiniBrowser through WebKitWebDriver under Xvfb), loads the app cold (an empty
profile), waits until its service worker holds the site, and loads it again (a later visit,
which boots Python from the memory snapshot). For each load it reads the page's own marks:
the boot stages (wordtable.stages: "runtime" when the worker starts, "python" once Pyodide's
module is imported, "package" once the interpreter is up, "ready") and "interactive". After the
runs it times, in a page of the same origin without the site's policy, compiling Pyodide's
9.6 MB wasm alone (WebAssembly.compile of bytes already in memory), booting stock Pyodide there,
and the same pure-Python work run three times (is Python slow throughout or only at first?).
Prints medians with min-max, from navigation start. Not a test: numbers, not verdicts.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

import build  # noqa: E402
from engines import Engine, launch  # noqa: E402
from harness import LocalSite  # noqa: E402

# Milliseconds from navigation start to each stage, then to interactive.
MARKS = """(() => {
    const at = Object.fromEntries(wordtable.stages.map((s) => [s.stage, s.at]));
    return { runtime: at.runtime, python: at.python, package: at.package, ready: at.ready,
             interactive: performance.getEntriesByName('wordtable-interactive')[0].startTime };
})()"""

# The wasm compile alone, bytes already fetched: twice, as a later visit may meet a cached one.
# Run in a page without the site's Content-Security-Policy (which leaves wasm to the worker).
WASM_COMPILE = """(async () => {
    const bytes = await (await fetch(%r)).arrayBuffer();
    const times = [];
    for (let i = 0; i < 2; i++) {
        const start = performance.now();
        await WebAssembly.compile(bytes);
        times.push(performance.now() - start);
    }
    return times;
})()"""

# Pyodide alone in that page (no snapshot, the precompiled stdlib), then the same pure-Python
# work three times: is Python slow throughout, or only until the engine's optimising tier is in?
PYTHON_ALONE = """(async () => {
    const runtime = %r;
    const start = performance.now();
    const { loadPyodide } = await import(runtime + 'pyodide.mjs');
    const stdlib = await fetch(runtime + 'python_stdlib-pyc.zip.packed')
        .then((r) => new Response(r.body.pipeThrough(new DecompressionStream('gzip'))).blob());
    const pyodide = await loadPyodide({ indexURL: runtime, stdLibURL: URL.createObjectURL(stdlib),
                                          lockFileURL: runtime + 'wordtable-lock.json' });
    const boot = performance.now() - start;
    const work = [];
    for (let i = 0; i < 3; i++) {
        const t = performance.now();
        pyodide.runPython('sorted(str(i * 7919 %% 10007) for i in range(200000))');
        work.push(performance.now() - t);
    }
    return { boot, work };
})()"""

SPANS = (("page → worker starts", None, "runtime"), ("Pyodide module imported", "runtime", "python"),
         ("interpreter up (wasm + stdlib or snapshot)", "python", "package"),
         ("our package imported", "package", "ready"), ("Python ready", None, "ready"),
         ("interactive", None, "interactive"))


def load(engine: Engine, url: str) -> dict[str, float]:
    engine.goto(url)
    engine.wait_for("performance.getEntriesByName('wordtable-interactive').length > 0", 180, "interactive")
    return engine.evaluate(MARKS)


def one_run(name: str, url: str, pause_s: float) -> tuple[dict, dict, dict]:
    engine = launch(name)
    try:
        cold = load(engine, url)
        engine.wait_for("document.body.dataset.offline === 'ready'", 180, "the service worker to hold the site")
        time.sleep(pause_s)
        engine.goto("about:blank")
        warm = load(engine, url)
        engine.goto(url.split("/games/")[0] + "/")  # a 404 outside the site: no policy
        compile_ms = engine.evaluate(WASM_COMPILE % (url + "pyodide/pyodide.asm.wasm"))
        alone = engine.evaluate(PYTHON_ALONE % (url + "pyodide/"))
        return cold, warm, {"compile": compile_ms, **alone}
    finally:
        engine.close()


def summarize(samples: list[float]) -> str:
    return f"{statistics.median(samples):6.0f} ms ({min(samples):.0f}–{max(samples):.0f})"


def span(sample: dict, start: str | None, end: str) -> float:
    return sample[end] - (sample[start] if start else 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--engines", default="firefox,webkit")
    parser.add_argument("--pause", type=float, default=3.0, help="seconds before the second visit")
    args = parser.parse_args()

    site = LocalSite(build.build())
    site.start()
    url = site.url
    names = args.engines.split(",")
    results = {name: {"cold": [], "warm": [], "probes": []} for name in names}
    try:
        for run in range(args.runs):
            for name in names:  # interleaved, so drift hits all alike
                cold, warm, probes = one_run(name, url, args.pause)
                results[name]["cold"].append(cold)
                results[name]["warm"].append(warm)
                results[name]["probes"].append(probes)
            print(f"run {run + 1}/{args.runs} done", file=sys.stderr)
    finally:
        site.stop()

    print(f"Startup, {args.runs} runs each, served from 127.0.0.1 under {url.split('/', 3)[3]};"
          " median (min–max); spans between the boot's stages, totals from navigation start")
    for name in names:
        print(f"{name}:")
        for visit in ("cold", "warm"):
            for label, start, end in SPANS:
                print(f"  {visit:4} {label:44} {summarize([span(s, start, end) for s in results[name][visit]])}")
        probes = results[name]["probes"]
        print(f"  compiling pyodide.asm.wasm alone: first {summarize([p['compile'][0] for p in probes])},"
              f" again {summarize([p['compile'][1] for p in probes])}")
        print(f"  stock Pyodide booted alone (no snapshot): {summarize([p['boot'] for p in probes])}")
        print("  the same Python work, 1st/2nd/3rd time: "
              + " / ".join(summarize([p['work'][i] for p in probes]) for i in range(3)))


if __name__ == "__main__":
    main()
