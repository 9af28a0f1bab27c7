"""Network benchmark (issue 17): what a first and a later visit cost on a phone network.

    .venv/bin/python bench/network.py [--runs N] [--profiles 10mbit,1.6mbit] [--json FILE]

The built site (a copy of dist/ taken at the start, so a rebuild meanwhile changes nothing; built
only if missing) is served on 127.0.0.1 the way common static hosts serve it, and loaded in
headless Chromium (the project's, build.find_chromium()) throttled through the DevTools
protocol, at two profiles:
  10mbit   10 Mbit/s down, 5 Mbit/s up, 40 ms latency;
  1.6mbit  1.6 Mbit/s down, 750 kbit/s up, 150 ms latency (Lighthouse's "slow 4G" figures).
`Network.emulateNetworkConditions` goes to every target through a second, browser-level CDP
connection (Playwright's cannot reach workers) with flattened auto-attach, which holds each new
page and service worker until it is throttled. Chromium applies the latency once per request,
as the least time from sending it to its response headers; connection set-up (DNS, TCP, TLS)
is not emulated and costs nothing on loopback, so a real network adds a few round trips per
new connection. (Lighthouse, throttling the same way, multiplies the latency by 3.75 to make up
for it; we do not.) The throughput is a budget per throttled target, as measured on this
Chromium: a dedicated worker (the Python worker) has no conditions of its own (Chromium
answers "Not supported") and shares its page's budget, but the service worker has a budget of
its own, so its precaching does not slow the page here as it would on one real link; the
table shows how many bytes it moved before the game was playable.

Each profile and page is loaded --runs times COLD (a fresh on-disk profile: no HTTP cache, no
service worker, no storage) and WARM (a new tab in the same profile, once the first visit is
over: for Wordtable, its service worker controls the page, which means it has precached the
whole deploy and activated; then the network has been idle for 2 s, then 3 s more pass; the
first tab is closed and the new one waits 1 s before it navigates, as the closed tab's Python
worker is torn down).
Two pages:
  wordtable  the app at its root; as soon as the home screen is usable the page clicks the first
             game's "Daily challenge" link (Four Letter Words, #daily=four-letter-words: a new
             game against a bot, opened without setup, what a new player gets in one click).
             Before the warm visit the daily save is deleted, so both visits open a new game.
  bare       a page that boots the stock Pyodide release we pin (pyodide.mjs, pyodide.asm.mjs,
             pyodide.asm.wasm, the stock python_stdlib.zip and pyodide-lock.json, served from
             build.py's cache .cache/pyodide-VERSION/, never fetched) in a module worker and
             runs "1+1": nothing of ours, no service worker.

What is measured (times in ms from navigation start, performance.now() in the page):
  first paint, first contentful paint  the page's paint entries;
  home usable      the home screen shows the first game's card with its "New game" and "Daily
                   challenge" links (laid out, not hidden or inert): they work, and the home
                   needs no Python for that (a new-game form then says it waits for Python);
  Python ready     the app's wordtable-python-ready mark; bare: loadPyodide resolved and
                   runPython("1+1") answered (the page marks the worker's answer);
  playable         the daily game's table is up: #table-main shown, not inert, past "Setting up
                   the table", with a usable control marked data-next inside it (the game's
                   turn controls: Four Letter Words' word field and Choose button). Bare: Python
                   ready. Both are observed by a MutationObserver, so they are exact to the DOM
                   change, not to a polling interval.
  bytes            the sum of encodedDataLength of Network.loadingFinished over every request
                   to our server made by the page, its workers and the service worker, that came
                   from the network (not from the HTTP cache, memory cache or service worker):
                   response headers plus the body as sent (gzipped where the server gzips),
                   not request headers nor TCP/IP overhead. "until X" counts the responses
                   finished by X; "in all" those finished once the visit is over (after
                   precaching). The server also counts what it writes, as a check.

How the site is served (like GitHub Pages or Netlify): HTTP/1.1 keep-alive; responses of a
text-like type are gzipped (level 6, precompressed once and kept in memory) when the request
accepts gzip: text/* (.html, .css, .js, .mjs, .txt, .md), application/json, the web manifest,
image/svg+xml and application/wasm (those hosts compress wasm too; it shrinks 9.6 MB to 3.5 MB).
Files already compressed or binary (.gz, .zip and .whl, .png, the .marisa dictionaries as
application/octet-stream) are sent as they are, which is what those hosts do with such types.
Every response has Content-Length, Last-Modified, an ETag (one per encoding, with Vary:
Accept-Encoding) and `Cache-Control: max-age=600` as GitHub Pages sends; If-None-Match and
If-Modified-Since are answered with 304. (Brotli, which some hosts add, is left out.)

Not a test: numbers, not verdicts. Runs take long on the slow profile (a cold Wordtable visit
moves about 14 MB at 200 kB/s); progress goes to stderr.
"""

from __future__ import annotations

import argparse
import base64
import email.utils
import functools
import gzip
import http.server
import io
import json
import os
import posixpath
import shutil
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "browser")]

from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright  # noqa: E402

import build  # noqa: E402
from harness import CHROMIUM_FLAGS, TEST_CONTEXT  # noqa: E402

BENCH_PREFIX = "/__bench__/"
STOCK_PREFIX = BENCH_PREFIX + "stock-pyodide/"  # build.py's cached, unmodified Pyodide release
BARE_PAGE = BENCH_PREFIX + "network-bare.html"
BARE_WORKER = BENCH_PREFIX + "network-bare-worker.js"
FIRST_GAME = "four-letter-words"
PAUSE_S = 3.0
CLOSED_TAB_S = 1.0
IDLE_S = 2.0


@dataclass(frozen=True)
class Profile:
    name: str
    label: str
    down_kbit: float
    up_kbit: float
    latency_ms: float

    def conditions(self) -> dict:
        return {"offline": False, "latency": self.latency_ms,
                "downloadThroughput": self.down_kbit * 1000 / 8, "uploadThroughput": self.up_kbit * 1000 / 8}


PROFILES = {
    "10mbit": Profile("10mbit", "10 Mbit/s, 40 ms RTT", 10_000, 5_000, 40),
    "1.6mbit": Profile("1.6mbit", "1.6 Mbit/s, 150 ms RTT", 1_600, 750, 150),
}

# ---------------------------------------------------------------------------------------------
# The bare page: stock Pyodide in a module worker, "1+1", nothing of ours.

BARE_HTML = """<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Stock Pyodide boot</title></head>
<body>
<p id="status">Starting Python…</p>
<script type="module">
// bench/network.py's baseline: the stock Pyodide release booted in a module worker.
const worker = new Worker(new URL("network-bare-worker.js", import.meta.url), { type: "module" });
worker.onmessage = ({ data }) => {
  performance.mark("bare-python-ready");
  document.getElementById("status").textContent = `1+1 = ${data}`;
};
</script>
</body>
</html>
"""

BARE_WORKER_JS = """// bench/network.py: stock Pyodide with its default options (stock stdlib and lock file).
const RUNTIME = new URL("stock-pyodide/", import.meta.url);
const { loadPyodide } = await import(new URL("pyodide.mjs", RUNTIME).href);
const pyodide = await loadPyodide({ indexURL: RUNTIME.href });
self.postMessage(String(pyodide.runPython("1+1")));
"""

# In every page: when the home is usable, when a game is playable (exact DOM moments), and the
# click on the first game's daily challenge a new player makes.
PAGE_WATCH = """
(() => {
  const net = (window.__net = { timeOrigin: performance.timeOrigin });
  const usable = (node) => node && !node.disabled && !node.closest("[hidden], [inert]") && node.getClientRects().length > 0;
  const check = () => {
    if (net.home === undefined) {
      const card = document.querySelector('#games .game.playable[data-game="%(game)s"]');
      const daily = card?.querySelector("a.daily");
      if (usable(card?.querySelector("a.new-game")) && usable(daily)) {
        net.home = performance.now();
        if (!location.hash) daily.click();
      }
    }
    if (net.playable === undefined) {
      const main = document.querySelector("#table-main");
      if (main && !main.inert && !main.closest("[hidden]") && !/Setting up the table/.test(main.textContent)) {
        const next = [...main.querySelectorAll("[data-next]")].find(usable);
        if (next) {
          net.playable = performance.now();
          net.playableControl = next.id || next.tagName.toLowerCase();
          net.playableHeadline = document.querySelector("#table-headline")?.textContent ?? "";
        }
      }
    }
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
})();
""" % {"game": FIRST_GAME}


# ---------------------------------------------------------------------------------------------
# The static host

COMPRESSED_TYPES = {"application/json", "application/manifest+json", "application/wasm", "image/svg+xml",
                    "application/javascript", "application/xml"}


def compressible(content_type: str) -> bool:
    kind = content_type.split(";")[0].strip()
    return kind.startswith("text/") or kind in COMPRESSED_TYPES


def accepts_gzip(header: str) -> bool:
    for part in header.split(","):
        coding, _, params = part.strip().partition(";")
        if coding.strip().lower() in ("gzip", "*"):
            q = params.strip().removeprefix("q=") if params.strip().startswith("q=") else "1"
            try:
                return float(q) > 0
            except ValueError:
                return True
    return False


def content_type(path: Path) -> str:
    """The Content-Type the handler sends for a file (SimpleHTTPRequestHandler.guess_type's rules)."""
    return http.server.SimpleHTTPRequestHandler.guess_type(StaticHostHandler, str(path))


class CountingWriter:
    """The connection's output, counting the bytes each response writes (headers included)."""

    def __init__(self, raw, handler: "StaticHostHandler"):
        self.raw = raw
        self.handler = handler

    def write(self, data) -> int:
        written = self.raw.write(data)
        record = self.handler.record
        if record is not None:
            record["bytes"] += len(data)
        return written

    def __getattr__(self, name):
        return getattr(self.raw, name)


class StaticHostHandler(build.SiteHandler):
    """dist/ at the root, plus the bare page and the stock Pyodide release under BENCH_PREFIX,
    served with gzip, validators and max-age like a common static host (see the docstring)."""

    protocol_version = "HTTP/1.1"
    server: "StaticHost"
    record: dict | None = None

    def setup(self) -> None:
        super().setup()
        self.wfile = CountingWriter(self.wfile, self)

    def parse_request(self) -> bool:
        ok = super().parse_request()
        if ok:
            self.record = self.server.begin(urllib.parse.urlsplit(self.path).path)
        return ok

    def handle_one_request(self) -> None:
        self.record = None
        try:
            super().handle_one_request()
        finally:
            if self.record is not None:
                self.server.end(self.record)
                self.record = None

    def end_headers(self) -> None:
        # Not SiteHandler's "no-cache": the cache headers here are a static host's.
        http.server.SimpleHTTPRequestHandler.end_headers(self)

    def translate_path(self, path: str) -> str:
        path = urllib.parse.unquote(urllib.parse.urlsplit(path).path)
        if path.startswith(STOCK_PREFIX):
            parts = [p for p in posixpath.normpath(path[len(STOCK_PREFIX):]).split("/") if p not in ("", ".", "..")]
            return str(self.server.stock_dir.joinpath(*parts))
        if path in (BARE_PAGE, BARE_WORKER):
            return str(self.server.virtual_dir / path.rsplit("/", 1)[1])
        return super().translate_path(path)

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            parts = urllib.parse.urlsplit(self.path)
            if not parts.path.endswith("/"):
                self.send_response(301)
                self.send_header("Location", urllib.parse.urlunsplit(parts._replace(path=parts.path + "/")))
                self.send_header("Content-Length", "0")
                self.end_headers()
                return None
            path = os.path.join(path, "index.html")
        try:
            stat = os.stat(path)
            if not os.path.isfile(path):
                raise FileNotFoundError(path)
        except OSError:
            self.send_error(404, "File not found")
            return None
        content_type = self.guess_type(path)
        varies = compressible(content_type)
        gzipped = varies and accepts_gzip(self.headers.get("Accept-Encoding", ""))
        tag = f'"{stat.st_mtime_ns:x}-{stat.st_size:x}{"-gzip" if gzipped else ""}"'
        modified = email.utils.formatdate(stat.st_mtime, usegmt=True)

        def common_headers() -> None:
            self.send_header("Cache-Control", "max-age=600")
            self.send_header("ETag", tag)
            self.send_header("Last-Modified", modified)
            if varies:
                self.send_header("Vary", "Accept-Encoding")

        if self.not_modified(tag, stat.st_mtime):
            self.send_response(304)
            common_headers()
            self.end_headers()
            return None
        body = self.server.body(path, stat, gzipped)
        self.send_response(200)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        if gzipped:
            self.send_header("Content-Encoding", "gzip")
        common_headers()
        self.end_headers()
        if self.record is not None:
            self.record.update(status=200, gzip=gzipped)
        return io.BytesIO(body)

    def send_response(self, code: int, message: str | None = None) -> None:
        if self.record is not None:
            self.record["status"] = code
        super().send_response(code, message)

    def not_modified(self, tag: str, mtime: float) -> bool:
        if_none_match = self.headers.get("If-None-Match")
        if if_none_match is not None:
            tags = [t.strip().removeprefix("W/") for t in if_none_match.split(",")]
            return "*" in tags or tag in tags
        since = self.headers.get("If-Modified-Since")
        if since:
            try:
                return int(mtime) <= email.utils.parsedate_to_datetime(since).timestamp()
            except (TypeError, ValueError):
                return False
        return False


class StaticHost(build.QuietServer):
    daemon_threads = True

    def __init__(self, directory: Path, stock_dir: Path, virtual_dir: Path):
        super().__init__(("127.0.0.1", 0), functools.partial(StaticHostHandler, directory=str(directory)))
        self.stock_dir = stock_dir
        self.virtual_dir = virtual_dir
        self.lock = threading.Lock()
        self.gzipped: dict[tuple, bytes] = {}
        self.records: list[dict] = []
        self.active = 0
        self.last_activity = time.monotonic()

    def body(self, path: str, stat: os.stat_result, gzipped: bool) -> bytes:
        data = Path(path).read_bytes()
        if not gzipped:
            return data
        key = (path, stat.st_mtime_ns, stat.st_size)
        with self.lock:
            cached = self.gzipped.get(key)
        if cached is None:
            cached = gzip.compress(data, compresslevel=6, mtime=0)
            with self.lock:
                self.gzipped[key] = cached
        return cached

    def precompress(self, folders: list[Path]) -> None:
        for folder in folders:
            for path in folder.rglob("*"):
                if path.is_file() and compressible(content_type(path)):
                    self.body(str(path), path.stat(), True)

    def begin(self, path: str) -> dict:
        record = {"path": path, "status": None, "bytes": 0, "gzip": False, "start": time.monotonic()}
        with self.lock:
            self.records.append(record)
            self.active += 1
            self.last_activity = record["start"]
        return record

    def end(self, record: dict) -> None:
        with self.lock:
            record["end"] = time.monotonic()
            self.active -= 1
            self.last_activity = record["end"]

    def take_records(self) -> list[dict]:
        with self.lock:
            records, self.records = self.records, []
        return records


def copy_of_dist(target: Path) -> Path:
    """dist/ as it is now (built if missing), copied with its times: a rebuild while the
    benchmark runs (build.py swaps the folder) changes nothing in the middle of a visit."""
    if not (build.DIST / "index.html").exists():
        build.build()
    stamp = build.DIST / ".build-inputs"
    for _attempt in range(10):
        shutil.rmtree(target, ignore_errors=True)
        try:
            before = stamp.read_text()
            shutil.copytree(build.DIST, target)
            if stamp.read_text() == before == (target / ".build-inputs").read_text():
                return target
        except (OSError, shutil.Error):
            pass
        time.sleep(2)  # a build was swapping dist/: try again
    raise RuntimeError("dist/ kept changing while it was copied")


def start_host() -> tuple[StaticHost, str, tempfile.TemporaryDirectory]:
    work = tempfile.TemporaryDirectory(prefix="wordtable-network-")
    site = copy_of_dist(Path(work.name) / "dist")
    virtual = Path(work.name) / "bare"
    virtual.mkdir()
    (virtual / "network-bare.html").write_text(BARE_HTML)
    (virtual / "network-bare-worker.js").write_text(BARE_WORKER_JS)
    stock = build.pyodide_dir()  # the cached release; fetched from npm only if it is missing
    host = StaticHost(site, stock, virtual)
    print("precompressing the text-like files…", file=sys.stderr)
    host.precompress([site, stock])
    threading.Thread(target=host.serve_forever, daemon=True).start()
    return host, f"http://127.0.0.1:{host.server_address[1]}", work


# ---------------------------------------------------------------------------------------------
# A small DevTools-protocol client over the browser's WebSocket (flattened sessions), beside
# Playwright's own pipe: Playwright cannot address sessions of workers or service workers.

class CDPError(Exception):
    pass


class CDPClient:
    def __init__(self, ws_url: str):
        parts = urllib.parse.urlsplit(ws_url)
        self.sock = socket.create_connection((parts.hostname, parts.port), timeout=30)
        self.sock.settimeout(None)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET {parts.path} HTTP/1.1\r\nHost: {parts.hostname}:{parts.port}\r\n"
                           f"Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                           f"Sec-WebSocket-Version: 13\r\n\r\n").encode())
        self.stream = self.sock.makefile("rb")
        status = self.stream.readline()
        if b" 101 " not in status:
            raise CDPError(f"DevTools WebSocket refused: {status!r}")
        while self.stream.readline() not in (b"\r\n", b""):
            pass
        self.send_lock = threading.Lock()
        self.lock = threading.Lock()
        self.next_id = 0
        self.pending: dict[int, list] = {}
        self.listeners: list = []
        self.errors: list[str] = []
        self.posted: dict[int, str] = {}
        self.closed = False
        threading.Thread(target=self._read_loop, daemon=True).start()

    def _frame(self, payload: bytes, opcode: int = 1) -> bytes:
        header = bytearray([0x80 | opcode])
        size = len(payload)
        if size < 126:
            header.append(0x80 | size)
        elif size < 1 << 16:
            header.append(0x80 | 126)
            header += struct.pack(">H", size)
        else:
            header.append(0x80 | 127)
            header += struct.pack(">Q", size)
        mask = os.urandom(4)
        stretched = (mask * (size // 4 + 1))[:size]
        masked = (int.from_bytes(payload, "big") ^ int.from_bytes(stretched, "big")).to_bytes(size, "big")
        return bytes(header) + mask + masked

    def _send_raw(self, payload: bytes, opcode: int = 1) -> None:
        with self.send_lock:
            self.sock.sendall(self._frame(payload, opcode))

    def _read_exact(self, size: int) -> bytes:
        data = self.stream.read(size)
        if data is None or len(data) < size:
            raise EOFError
        return data

    def _read_loop(self) -> None:
        message = b""
        try:
            while True:
                first, second = self._read_exact(2)
                opcode, size = first & 0x0F, second & 0x7F
                if size == 126:
                    size = struct.unpack(">H", self._read_exact(2))[0]
                elif size == 127:
                    size = struct.unpack(">Q", self._read_exact(8))[0]
                mask = self._read_exact(4) if second & 0x80 else None
                payload = self._read_exact(size)
                if mask:
                    payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
                if opcode == 8:
                    break
                if opcode == 9:
                    self._send_raw(payload, 10)
                    continue
                if opcode in (0, 1, 2):
                    message += payload
                    if first & 0x80:
                        self._dispatch(json.loads(message))
                        message = b""
        except (OSError, EOFError, ValueError):
            pass
        finally:
            self.closed = True
            with self.lock:
                waiting, self.pending = self.pending, {}
            for slot in waiting.values():
                slot[1] = {"error": {"message": "DevTools connection closed"}}
                slot[0].set()

    def _dispatch(self, message: dict) -> None:
        if "id" in message:
            with self.lock:
                slot = self.pending.pop(message["id"], None)
            if slot:
                slot[1] = message
                slot[0].set()
            elif "error" in message:
                what = self.posted.pop(message["id"], "?")
                self.errors.append(f"{what}: {message['error'].get('message')}")
            else:
                self.posted.pop(message["id"], None)
            return
        for listener in list(self.listeners):
            try:
                listener(message)
            except Exception as error:  # a listener's bug must not stop the reader
                self.errors.append(f"listener: {error!r}")

    def post(self, method: str, params: dict | None = None, session: str | None = None, what: str = "") -> int:
        """Sends without waiting (safe from a listener, on the reader thread); a refusal is kept
        in self.errors."""
        with self.lock:
            self.next_id += 1
            ident = self.next_id
            self.posted[ident] = f"{method} {what}".strip()
        message = {"id": ident, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self._send_raw(json.dumps(message).encode())
        return ident

    def call(self, method: str, params: dict | None = None, session: str | None = None, timeout: float = 30) -> dict:
        slot = [threading.Event(), None]
        with self.lock:
            self.next_id += 1
            ident = self.next_id
            self.pending[ident] = slot
        message = {"id": ident, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        self._send_raw(json.dumps(message).encode())
        if not slot[0].wait(timeout):
            raise CDPError(f"{method}: no answer in {timeout} s")
        if "error" in slot[1]:
            raise CDPError(f"{method}: {slot[1]['error'].get('message')}")
        return slot[1].get("result", {})

    def settle(self, timeout: float = 10) -> None:
        """Waits until every command sent with post() has been answered."""
        deadline = time.monotonic() + timeout
        while self.posted and time.monotonic() < deadline:
            time.sleep(0.01)

    def close(self) -> None:
        try:
            self._send_raw(b"", 8)
            self.sock.close()
        except OSError:
            pass


AUTO_ATTACH = {"autoAttach": True, "waitForDebuggerOnStart": True, "flatten": True,
               "filter": [{"type": "page"}, {"type": "iframe"}, {"type": "worker"},
                          {"type": "shared_worker"}, {"type": "service_worker"}]}


class NetworkWatch:
    """Throttles every target of the browser and records its requests to our server."""

    def __init__(self, cdp: CDPClient, base: str, profile: Profile):
        self.cdp = cdp
        self.base = base
        self.profile = profile
        self.lock = threading.Lock()
        self.sessions: dict[str, str] = {}  # sessionId -> target type
        self.requests: dict[str, dict] = {}
        self.clock_offsets: list[float] = []  # wallTime - monotonic timestamp (s)
        self.targets_seen: list[str] = []
        cdp.listeners.append(self.on_message)
        cdp.call("Target.setAutoAttach", AUTO_ATTACH)
        cdp.settle()  # the open tab is throttled before anything navigates

    def reset(self) -> None:
        with self.lock:
            self.requests = {}

    def on_message(self, message: dict) -> None:
        method = message.get("method", "")
        params = message.get("params", {})
        if method == "Target.attachedToTarget":
            self.attached(params)
        elif method == "Target.detachedFromTarget":
            with self.lock:
                self.sessions.pop(params.get("sessionId"), None)
        elif method.startswith("Network."):
            self.network_event(method, params, message.get("sessionId"))

    def attached(self, params: dict) -> None:
        session = params["sessionId"]
        kind = params["targetInfo"]["type"]
        with self.lock:
            self.sessions[session] = kind
            self.targets_seen.append(f"{kind} {params['targetInfo'].get('url', '')}")
        # Commands of one session run in order: the target is throttled before it runs on.
        self.cdp.post("Network.enable", {"maxTotalBufferSize": 1 << 20, "maxResourceBufferSize": 1 << 16}, session, kind)
        self.cdp.post("Network.emulateNetworkConditions", self.profile.conditions(), session, kind)
        if kind in ("page", "iframe", "worker", "shared_worker", "service_worker"):
            self.cdp.post("Target.setAutoAttach", AUTO_ATTACH, session, kind)
        if params.get("waitingForDebugger"):
            self.cdp.post("Runtime.runIfWaitingForDebugger", {}, session, kind)

    def network_event(self, method: str, params: dict, session: str | None) -> None:
        ident = params.get("requestId")
        with self.lock:
            if method == "Network.requestWillBeSent":
                url = params["request"]["url"]
                if not url.startswith(self.base):
                    return
                self.clock_offsets.append(params["wallTime"] - params["timestamp"])
                entry = self.requests.setdefault(ident, {"url": url, "start": params["timestamp"],
                                                         "target": self.sessions.get(session, "?"),
                                                         "cached": False, "sw": False})
                entry["url"] = url
                return
            entry = self.requests.get(ident)
            if entry is None:
                return
            if method == "Network.responseReceived":
                response = params["response"]
                entry["status"] = response.get("status")
                entry["cached"] |= bool(response.get("fromDiskCache") or response.get("fromPrefetchCache"))
                entry["sw"] |= bool(response.get("fromServiceWorker"))
                headers = {k.lower(): v for k, v in response.get("headers", {}).items()}
                entry["encoding"] = headers.get("content-encoding", "")
            elif method == "Network.requestServedFromCache":
                entry["cached"] = True
            elif method == "Network.loadingFinished":
                entry["end"] = params["timestamp"]
                entry["bytes"] = params.get("encodedDataLength", 0)
            elif method == "Network.loadingFailed":
                entry["end"] = params["timestamp"]
                entry["failed"] = params.get("errorText", "failed")
                entry["bytes"] = 0

    def in_flight(self) -> int:
        with self.lock:
            return sum(1 for entry in self.requests.values() if "end" not in entry)

    def wall_to_monotonic(self, wall_ms: float) -> float:
        with self.lock:
            offset = statistics.median(self.clock_offsets) if self.clock_offsets else 0.0
        return wall_ms / 1000 - offset

    def network_requests(self) -> list[dict]:
        with self.lock:
            return [dict(entry) for entry in self.requests.values()
                    if "end" in entry and not entry["cached"] and not entry["sw"] and not entry.get("failed")]


# ---------------------------------------------------------------------------------------------
# Visits

def wait_for_chromium_profile_port(profile: Path, timeout: float = 30) -> str:
    marker = profile / "DevToolsActivePort"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if marker.exists():
            lines = marker.read_text().split()
            if len(lines) >= 2:
                return f"ws://127.0.0.1:{lines[0]}{lines[1]}"
        time.sleep(0.05)
    raise RuntimeError("Chromium wrote no DevToolsActivePort")


def wait_until_idle(host: StaticHost, watch: NetworkWatch, timeout: float) -> None:
    """No request in flight (browser's view and server's) for IDLE_S seconds."""
    deadline = time.monotonic() + timeout
    quiet_since = None
    while time.monotonic() < deadline:
        busy = watch.in_flight() or host.active
        now = time.monotonic()
        if busy or now - host.last_activity < IDLE_S:
            quiet_since = None
        else:
            quiet_since = quiet_since or now
            if now - quiet_since >= 0.2:
                return
        time.sleep(0.1)
    print(f"  (network still busy after {timeout:.0f} s)", file=sys.stderr)


def visit(page: Page, url: str, name: str, cold: bool, host: StaticHost, watch: NetworkWatch,
          timeout_s: float) -> dict:
    host.take_records()
    watch.reset()
    started = time.monotonic()
    page.goto(url, wait_until="commit", timeout=timeout_s * 1000)
    timeout_ms = timeout_s * 1000
    if name == "wordtable":
        page.wait_for_function("window.__net && window.__net.playable !== undefined", timeout=timeout_ms, polling=100)
        page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=timeout_ms, polling=200)
        sw_done = page.evaluate("performance.now()")
    else:
        page.wait_for_function("performance.getEntriesByName('bare-python-ready').length > 0",
                               timeout=timeout_ms, polling=100)
        sw_done = None
    wait_until_idle(host, watch, max(5.0, timeout_s - (time.monotonic() - started)))
    marks = page.evaluate("""() => {
      const paint = Object.fromEntries(performance.getEntriesByType('paint').map(e => [e.name, e.startTime]));
      const mark = (name) => performance.getEntriesByName(name)[0]?.startTime ?? null;
      return { timeOrigin: performance.timeOrigin, fp: paint['first-paint'] ?? null,
               fcp: paint['first-contentful-paint'] ?? null, home: window.__net?.home ?? null,
               ready: mark('wordtable-python-ready') ?? mark('bare-python-ready'),
               playable: window.__net?.playable ?? null, control: window.__net?.playableControl ?? null,
               headline: window.__net?.playableHeadline ?? null,
               navigation: (({responseEnd, domInteractive, domContentLoadedEventEnd}) =>
                 ({responseEnd, domInteractive, domContentLoadedEventEnd}))(performance.getEntriesByType('navigation')[0] ?? {}) };
    }""")
    if name == "bare":
        marks["playable"] = marks["ready"]
    requests = watch.network_requests()
    served = host.take_records()
    navigation = watch.wall_to_monotonic(marks["timeOrigin"])

    def bytes_until(ms: float | None) -> int | None:
        if ms is None:
            return None
        moment = watch.wall_to_monotonic(marks["timeOrigin"] + ms)
        return sum(r["bytes"] for r in requests if r["end"] <= moment)

    result = {
        "fp": marks["fp"], "fcp": marks["fcp"], "home": marks["home"], "ready": marks["ready"],
        "playable": marks["playable"], "sw_done": sw_done, "control": marks["control"], "headline": marks["headline"],
        "bytes_home": bytes_until(marks["home"]), "bytes_playable": bytes_until(marks["playable"]),
        "bytes_total": sum(r["bytes"] for r in requests),
        "sw_bytes_playable": (sum(r["bytes"] for r in requests if r["target"] == "service_worker"
                                  and r["end"] <= navigation + marks["playable"] / 1000)
                              if name == "wordtable" else None),
        "server_bytes": sum(r["bytes"] for r in served),
        "requests": [{"path": urllib.parse.urlsplit(r["url"]).path, "status": r.get("status"), "bytes": r["bytes"],
                      "encoding": r.get("encoding", ""), "target": r["target"],
                      "start_ms": round((r["start"] - navigation) * 1000), "end_ms": round((r["end"] - navigation) * 1000)}
                     for r in requests],
        "served": [{k: r.get(k) for k in ("path", "status", "bytes", "gzip")} for r in served],
        "cold": cold,
        "navigation": marks["navigation"],  # the page's own timing, for a look at where time went
    }
    return result


def clear_daily_saves(page: Page) -> None:
    page.evaluate("""() => { for (const key of Object.keys(localStorage))
        if (key.startsWith('wordtable.save.daily-')) localStorage.removeItem(key); }""")


def one_profile(playwright: Playwright, url: str, name: str, profile: Profile, host: StaticHost,
                timeout_s: float) -> tuple[dict, dict, list[str]]:
    with tempfile.TemporaryDirectory(prefix="wordtable-net-profile-") as folder:
        context: BrowserContext = playwright.chromium.launch_persistent_context(
            folder, executable_path=build.find_chromium(), args=CHROMIUM_FLAGS + ["--remote-debugging-port=0"], **TEST_CONTEXT)
        cdp = None
        try:
            context.add_init_script(PAGE_WATCH)
            cdp = CDPClient(wait_for_chromium_profile_port(Path(folder)))
            watch = NetworkWatch(cdp, url.split("/__bench__/")[0].rstrip("/") + "/", profile)
            first = context.pages[0] if context.pages else context.new_page()
            cold = visit(first, url, name, True, host, watch, timeout_s)
            if name == "wordtable":
                clear_daily_saves(first)
            first.wait_for_timeout(PAUSE_S * 1000)
            first.close()
            second = context.new_page()
            # A later visit, not the same instant: the closed tab's Python worker (hundreds of MB
            # of WebAssembly memory) is torn down meanwhile. Visited at once, the warm home screen
            # took 185-225 ms instead of 115-130 on this 2-core machine.
            second.wait_for_timeout(CLOSED_TAB_S * 1000)
            warm = visit(second, url, name, False, host, watch, timeout_s)
            return cold, warm, watch.targets_seen + [f"cdp error: {e}" for e in cdp.errors]
        finally:
            if cdp:
                cdp.close()
            context.close()


# ---------------------------------------------------------------------------------------------
# Report

def mb(value: float) -> str:
    return f"{value / 1e6:.2f} MB"


def cell(samples: list, unit: str) -> str:
    samples = [s for s in samples if s is not None]
    if not samples:
        return "—"
    med, low, high = statistics.median(samples), min(samples), max(samples)
    if unit == "ms":
        return f"{med:,.0f} ms ({low:,.0f}–{high:,.0f})"
    return f"{med / 1e6:.2f} MB ({low / 1e6:.2f}–{high / 1e6:.2f})"


def median(samples: list):
    samples = [s for s in samples if s is not None]
    return statistics.median(samples) if samples else None


ROWS = [  # label, wordtable key, bare key, unit
    ("first paint", "fp", "fp", "ms"),
    ("first contentful paint", "fcp", "fcp", "ms"),
    ("home usable", "home", None, "ms"),
    ("Python ready", "ready", "ready", "ms"),
    ("game playable (bare: Python ready)", "playable", "playable", "ms"),
    ("service worker in control", "sw_done", None, "ms"),
    ("bytes until home usable", "bytes_home", None, "bytes"),
    ("bytes until playable (bare: ready)", "bytes_playable", "bytes_playable", "bytes"),
    ("  of which the service worker's", "sw_bytes_playable", None, "bytes"),
    ("bytes in all (after precaching)", "bytes_total", "bytes_total", "bytes"),
]


def report(results: dict, profiles: list[Profile], runs: int, browser_version: str, load: str) -> None:
    print(f"Network benchmark: {runs} run(s) per profile, headless {browser_version}, DevTools throttling, "
          f"site gzipped like a static host; median (min–max); times in ms from navigation start; bytes on "
          f"the wire (response headers + bodies as sent). Load average (1 min) {load}.")
    for profile in profiles:
        data = results[profile.name]
        print(f"\n== {profile.label}: {profile.down_kbit / 1000:g} Mbit/s down, {profile.up_kbit / 1000:g} Mbit/s up, "
              f"{profile.latency_ms:g} ms latency per request ==")
        print(f"  {'':5} {'':36} {'wordtable':>28} {'bare (stock Pyodide)':>28}  wordtable/bare")
        for load in ("cold", "warm"):
            for label, key, bare_key, unit in ROWS:
                ours = [r[key] for r in data["wordtable"][load]]
                theirs = [r[bare_key] for r in data["bare"][load]] if bare_key else []
                if not any(v is not None for v in ours + theirs):
                    continue
                a, b = median(ours), median(theirs)
                ratio = f"{a / b:.2f}" if a is not None and b else ""
                print(f"  {load:5} {label:36} {cell(ours, unit):>28} {cell(theirs, unit) if bare_key else '':>28}  {ratio}")
        shown = {(r["control"], r["headline"]) for r in data["wordtable"]["cold"] + data["wordtable"]["warm"]}
        if shown:
            print("  playable on: " + "; ".join(f"#{c} ({h})" for c, h in sorted(shown, key=str)))
        for name in ("wordtable", "bare"):
            for load in ("cold", "warm"):
                if data[name][load]:
                    seen = median([r["bytes_total"] for r in data[name][load]])
                    served = median([r["server_bytes"] for r in data[name][load]])
                    print(f"  check {name} {load}: browser counted {mb(seen)}, the server wrote {mb(served)}")

    def median_ratio(by_page: dict[str, list[dict]], key: str, bare_key: str) -> str:
        a = median([r[key] for r in by_page["wordtable"]])
        b = median([r[bare_key] for r in by_page["bare"]])
        return f"{a / b:.2f}" if a is not None and b else "—"

    print("\nHeadline, wordtable / bare (medians; bare's playable = its Python ready):")
    for profile in profiles:
        data = results[profile.name]
        for load in ("cold", "warm"):
            by_page = {name: data[name][load] for name in ("wordtable", "bare")}
            print(f"  {profile.label:23} {load}:  bytes until playable {median_ratio(by_page, 'bytes_playable', 'bytes_playable'):>5}"
                  f"   time to playable {median_ratio(by_page, 'playable', 'ready'):>5}"
                  f"   first paint {median_ratio(by_page, 'fp', 'fp'):>5}"
                  f"   first contentful paint {median_ratio(by_page, 'fcp', 'fcp'):>5}")
    cold_bare = [r for p in profiles for r in results[p.name]["bare"]["cold"]]
    cold_ours = [r for p in profiles for r in results[p.name]["wordtable"]["cold"]]
    if cold_bare and cold_ours:
        core = median([sum(q["bytes"] for q in r["requests"] if q["path"].endswith((".wasm", ".mjs"))) for r in cold_bare])
        ours = median([r["bytes_playable"] for r in cold_ours])
        print(f"  the stock core's .wasm + .mjs on the wire: {mb(core)}; wordtable's bytes until playable "
              f"{mb(ours)} = {ours / core:.2f}× that")

    # The transfer floor: the bytes until playable at the profile's bandwidth, with nothing else
    # (no latency, no Python start-up). Issue 44 aims at a first game playable within 1.2× it.
    print("\nCold visits against the transfer floor (bytes until playable ÷ bandwidth; medians):")
    for profile in profiles:
        for name in ("wordtable", "bare"):
            cold = results[profile.name][name]["cold"]
            if not cold:
                continue
            playable = median([r["playable" if name == "wordtable" else "ready"] for r in cold])
            floor = median([r["bytes_playable"] for r in cold]) * 8 / (profile.down_kbit * 1000) * 1000
            print(f"  {profile.label:23} {name:9}  playable {playable:>8,.0f} ms   floor {floor:>8,.0f} ms   "
                  f"{playable / floor:.2f}× the floor")

    first = next((results[p.name]["wordtable"]["cold"][0] for p in profiles if results[p.name]["wordtable"]["cold"]), None)
    if first is not None:
        # Every file a first visit waits for (build.first_visit_files says why each is there).
        before = sorted((r for r in first["requests"] if r["end_ms"] <= first["playable"]), key=lambda r: -r["bytes"])
        print(f"\nEvery response of wordtable's first cold visit until playable ({len(before)}, "
              f"{mb(sum(r['bytes'] for r in before))}):")
        for r in before:
            print(f"  {r['bytes'] / 1e6:6.3f} MB  {r['path']}  [{r['target']}{', gzip' if r['encoding'] == 'gzip' else ''}]")

    for name in ("wordtable", "bare"):
        first = next((results[p.name][name]["cold"][0] for p in profiles if results[p.name][name]["cold"]), None)
        if first is None:
            continue
        by_path: dict[str, list] = {}
        for r in first["requests"]:
            by_path.setdefault(r["path"], []).append(r)
        largest = sorted(by_path.items(), key=lambda item: -sum(r["bytes"] for r in item[1]))
        print(f"\nLargest responses on the wire, {name}'s first cold visit (by whom, finished at ms):")
        for path, hits in largest[:15]:
            parts = ", ".join(f"{r['bytes']:,} B{' gzip' if r['encoding'] == 'gzip' else ''} by {r['target']} "
                              f"@{r['end_ms']:,}" for r in hits)
            print(f"  {sum(r['bytes'] for r in hits) / 1e6:6.3f} MB  {path}  [{parts}]")
        rest = largest[15:]
        print(f"  {sum(r['bytes'] for _, hits in rest for r in hits) / 1e6:6.3f} MB  {len(rest)} other paths; "
              f"{len(first['requests'])} responses in all, {mb(first['bytes_total'])}")
        served: dict[str, list] = {}
        for r in first["served"]:
            served.setdefault(r["path"], []).append(r["status"])
        twice = [path for path, statuses in served.items() if statuses.count(200) > 1]
        revalidated = sum(statuses.count(304) for statuses in served.values())
        print(f"  the server answered {len(first['served'])} requests: {revalidated} with 304 Not Modified; "
              f"sent in full more than once: {', '.join(twice) or 'none'}")


def chromium_version() -> str:
    try:
        return subprocess.run([build.find_chromium(), "--version"], capture_output=True, text=True,
                              timeout=30).stdout.strip() or "Chromium"
    except (OSError, subprocess.SubprocessError):
        return "Chromium"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profiles", default=",".join(PROFILES), help=f"comma-separated, of {', '.join(PROFILES)}")
    parser.add_argument("--timeout", type=float, default=600, help="seconds one visit may take")
    parser.add_argument("--json", type=Path, help="also write every sample (with each response) here")
    args = parser.parse_args()
    profiles = [PROFILES[name] for name in args.profiles.split(",")]
    pages = {"wordtable": "/", "bare": BARE_PAGE}
    estimate = sum({"10mbit": 60, "1.6mbit": 200}.get(p.name, 200) for p in profiles) * args.runs
    print(f"{args.runs} run(s) × {len(profiles)} profile(s) × 2 pages, cold + warm: about {estimate / 60:.0f} min",
          file=sys.stderr)

    host, base, virtual = start_host()
    load_before = os.getloadavg()[0]
    results = {p.name: {name: {"cold": [], "warm": []} for name in pages} for p in profiles}
    targets: list[str] = []
    started = time.monotonic()
    with sync_playwright() as playwright:
        for run in range(args.runs):
            for profile in profiles:
                for name, path in pages.items():  # interleaved, so drift hits both alike
                    t0 = time.monotonic()
                    cold, warm, seen = one_profile(playwright, base + path, name, profile, host, args.timeout)
                    results[profile.name][name]["cold"].append(cold)
                    results[profile.name][name]["warm"].append(warm)
                    targets += seen
                    print(f"run {run + 1}/{args.runs} {profile.name} {name}: cold playable {cold['playable']:,.0f} ms "
                          f"({mb(cold['bytes_playable'])}; {mb(cold['bytes_total'])} in all), warm playable "
                          f"{warm['playable']:,.0f} ms ({mb(warm['bytes_total'])}); {time.monotonic() - t0:.0f} s, "
                          f"{time.monotonic() - started:.0f} s so far", file=sys.stderr)
    host.shutdown()
    virtual.cleanup()
    unexpected = sorted({t for t in targets if t.startswith("cdp error") and "worker: Not supported" not in t})
    for error in unexpected:
        print(f"warning: {error}", file=sys.stderr)
    report(results, profiles, args.runs, chromium_version(),
           f"{load_before:.2f} at the start, {os.getloadavg()[0]:.2f} at the end, on {os.cpu_count()} cores")
    if args.json:
        args.json.write_text(json.dumps({"profiles": {p.name: p.__dict__ for p in profiles}, "results": results,
                                         "targets": sorted(set(targets))}, indent=1))


if __name__ == "__main__":
    main()
