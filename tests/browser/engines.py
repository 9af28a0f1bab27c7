"""Firefox and WebKit for the engine smoke tests, without Playwright (whose Firefox and WebKit
are its own patched builds, downloaded at run time): Debian's `firefox-esr` spoken to over
WebDriver BiDi, its built-in remote protocol, and Debian's WebKitGTK through `WebKitWebDriver`
(classic W3C WebDriver over HTTP) under an Xvfb display this module starts. Both send every
request that is not for loopback to the tests' recording proxy (harness.OutsideRequestRecorder),
so a request for another host fails and is seen, from any part of the browser.

An Engine offers what the smoke tests need and no more: go to a URL, reload, evaluate an
expression in the page (its JSON value comes back), wait for one to be true, click and fill by
CSS selector through plain DOM calls."""

from __future__ import annotations

import json
import os
import queue
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from abc import ABC, abstractmethod
from concurrent.futures import Future
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from websockets.sync.client import ClientConnection, connect

from harness import OutsideRequestRecorder

START_TIMEOUT_S = 30
COMMAND_TIMEOUT_S = 120


class EngineError(AssertionError):
    """The browser refused a command or a script threw: the test fails with its message."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wrapped(expression: str) -> str:
    """An async function body returning the expression's JSON. As with Playwright's evaluate,
    an expression that is a function is called, so the tests' drivers' predicates work here;
    an element found is true."""
    return (f"let value = ({expression}); if (typeof value === 'function') value = value();"
            " value = await value; if (value instanceof Node) value = true;"  # found, not '{}'
            " return value === undefined ? null : JSON.stringify(value);")


@dataclass
class Engine(ABC):
    name: str
    # The browser's proxy for every host but loopback: records and fails each request.
    recorder: OutsideRequestRecorder = field(default_factory=OutsideRequestRecorder)
    # Messages the page logged as errors and its uncaught exceptions, as far as the engine tells.
    console_errors: list[str] = field(default_factory=list)
    # Requests for anything but 127.0.0.1 that the browser reported itself (Firefox).
    reported_requests: list[str] = field(default_factory=list)

    @abstractmethod
    def goto(self, url: str) -> None: ...

    @abstractmethod
    def reload(self) -> None: ...

    @abstractmethod
    def evaluate(self, expression: str) -> Any: ...

    @abstractmethod
    def close(self) -> None: ...

    def errors(self) -> list[str]:
        """Every error the page logged so far, as far as the engine tells."""
        return self.console_errors

    def requests_elsewhere(self) -> list[str]:
        """Every request for another host since the browser started, from any part of it."""
        return self.recorder.requests + self.reported_requests

    def wait_for(self, expression: str, timeout_s: float = 30, what: str = "") -> Any:
        """Polls until the expression is truthy; returns its value."""
        deadline = time.monotonic() + timeout_s
        while True:
            value = self.evaluate(expression)
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: waited {timeout_s} s for {what or expression}")
            time.sleep(0.1)

    def click(self, selector: str, timeout_s: float = 10) -> None:
        """Clicks the first element matching the selector once it exists and is enabled."""
        found = json.dumps(selector)
        self.wait_for(f"(() => {{ const e = document.querySelector({found}); return !!e && !e.disabled; }})()",
                      timeout_s, f"{selector} to be clickable")
        self.evaluate(f"document.querySelector({found}).click()")

    def fill(self, selector: str, text: str) -> None:
        """Sets a field's value and tells the page, as typing would."""
        self.evaluate(f"""(() => {{ const e = document.querySelector({json.dumps(selector)});
            e.value = {json.dumps(text)}; e.dispatchEvent(new Event('input', {{bubbles: true}})); }})()""")

    def count(self, selector: str) -> int:
        return self.evaluate(f"document.querySelectorAll({json.dumps(selector)}).length")


# ---------------------------------------------------------------------------------------------
# Firefox over WebDriver BiDi

# user.js for a fresh profile: nothing of Firefox's own calls another host (updates, telemetry,
# studies, captive portal and connectivity checks, safe browsing, remote settings, add-ons,
# new-tab feeds, DNS over HTTPS, prefetching), and what still would goes to the recorder.
FIREFOX_PREFS: dict[str, bool | int | str] = {
    "app.update.disabledForTesting": True,
    "app.update.auto": False,
    "app.normandy.enabled": False,
    "app.normandy.api_url": "",
    "app.shield.optoutstudies.enabled": False,
    "messaging-system.rsexperimentloader.enabled": False,
    "datareporting.healthreport.uploadEnabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.enabled": False,
    "toolkit.telemetry.unified": False,
    "toolkit.telemetry.archive.enabled": False,
    "toolkit.telemetry.server": "",
    "browser.ping-centre.telemetry": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "browser.safebrowsing.blockedURIs.enabled": False,
    "browser.safebrowsing.downloads.enabled": False,
    "browser.safebrowsing.downloads.remote.enabled": False,
    "browser.safebrowsing.provider.google.updateURL": "",
    "browser.safebrowsing.provider.google4.updateURL": "",
    "browser.safebrowsing.provider.mozilla.updateURL": "",
    "privacy.trackingprotection.enabled": False,
    "services.settings.server": "data:,#remote-settings-off",
    "security.remote_settings.crlite_filters.enabled": False,
    "security.remote_settings.intermediates.enabled": False,
    "security.OCSP.enabled": 0,
    "extensions.update.enabled": False,
    "extensions.getAddons.cache.enabled": False,
    "extensions.blocklist.enabled": False,
    "extensions.systemAddon.update.enabled": False,
    "media.gmp-manager.updateEnabled": False,
    "media.gmp-manager.url": "",
    "browser.region.update.enabled": False,
    "browser.region.network.url": "",
    "geo.provider.network.url": "",
    "browser.search.update": False,
    "browser.topsites.contile.enabled": False,
    "browser.newtabpage.enabled": False,
    "browser.newtabpage.activity-stream.feeds.system.topstories": False,
    "browser.newtabpage.activity-stream.feeds.section.topstories": False,
    "browser.newtabpage.activity-stream.feeds.snippets": False,
    "browser.discovery.enabled": False,
    "browser.startup.page": 0,
    "browser.startup.homepage": "about:blank",
    "browser.shell.checkDefaultBrowser": False,
    "identity.fxaccounts.enabled": False,
    "network.trr.mode": 5,
    "network.dns.disablePrefetch": True,
    "network.prefetch-next": False,
    "network.predictor.enabled": False,
    "network.http.speculative-parallel-limit": 0,
}


def firefox_profile(directory: Path, proxy_port: int) -> None:
    """A fresh profile whose user.js holds FIREFOX_PREFS and the recorder as proxy for every
    host but loopback (which Firefox never sends to a proxy unless told to)."""
    prefs = {**FIREFOX_PREFS, "network.proxy.type": 1, "network.proxy.http": "127.0.0.1",
             "network.proxy.http_port": proxy_port, "network.proxy.share_proxy_settings": True,
             "network.proxy.ssl": "127.0.0.1", "network.proxy.ssl_port": proxy_port,
             "network.proxy.no_proxies_on": "", "network.proxy.allow_hijacking_localhost": False}
    lines = [f"user_pref({json.dumps(name)}, {json.dumps(value)});" for name, value in prefs.items()]
    (directory / "user.js").write_text("\n".join(lines) + "\n")


class BiDiConnection:
    """A WebDriver BiDi session's websocket: commands wait for their answer; events go to the
    handlers subscribed for them, on the reading thread."""

    def __init__(self, url: str):
        # legacy=True: a connection kept open, not a `with` block; no pings on loopback.
        self._socket: ClientConnection = connect(url, max_size=None, open_timeout=START_TIMEOUT_S,
                                                 ping_interval=None, legacy=True)
        self._pending: dict[int, Future] = {}
        self._handlers: dict[str, Callable[[dict], None]] = {}
        self._next_id = 0
        self._lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            for text in self._socket:
                message = json.loads(text)
                if "id" in message and message["id"] in self._pending:
                    self._pending.pop(message["id"]).set_result(message)
                elif handler := self._handlers.get(message.get("method", "")):
                    handler(message["params"])
        except Exception as error:  # the browser went away: every waiting command fails
            for future in list(self._pending.values()):
                future.set_exception(EngineError(f"BiDi connection lost: {error}"))

    def on(self, event: str, handler: Callable[[dict], None]) -> None:
        self._handlers[event] = handler

    def send(self, method: str, params: dict) -> dict:
        with self._lock:
            self._next_id += 1
            command_id = self._next_id
            self._pending[command_id] = future = Future()
        self._socket.send(json.dumps({"id": command_id, "method": method, "params": params}))
        answer = future.result(timeout=COMMAND_TIMEOUT_S)
        if answer.get("type") == "error":
            raise EngineError(f"{method}: {answer.get('error')}: {answer.get('message')}")
        return answer["result"]

    def close(self) -> None:
        self._socket.close()


@dataclass
class Firefox(Engine):
    _profile: tempfile.TemporaryDirectory | None = None
    _process: subprocess.Popen | None = None
    _bidi: BiDiConnection | None = None
    _context: str = ""

    def start(self) -> None:
        self._profile = tempfile.TemporaryDirectory(prefix="wordtable-firefox-")
        firefox_profile(Path(self._profile.name), self.recorder.port)
        port = free_port()
        self._process = subprocess.Popen(
            ["firefox-esr", "--headless", f"--remote-debugging-port={port}", "--no-remote",
             "--profile", self._profile.name],
            # A release build reads services.settings.server only with this set.
            env={**os.environ, "MOZ_REMOTE_SETTINGS_DEVTOOLS": "1"},
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self._bidi = BiDiConnection(wait_for_websocket(f"ws://127.0.0.1:{port}/session"))
        self._bidi.send("session.new", {"capabilities": {}})
        self._bidi.on("log.entryAdded", self._logged)
        self._bidi.on("network.beforeRequestSent", self._requested)
        self._bidi.send("session.subscribe", {"events": ["log.entryAdded", "network.beforeRequestSent"]})
        self._context = self._bidi.send("browsingContext.getTree", {})["contexts"][0]["context"]

    def _logged(self, entry: dict) -> None:
        if entry.get("level") == "error":
            self.console_errors.append(f"{entry.get('type')}: {entry.get('text')}")

    def _requested(self, event: dict) -> None:
        url = event["request"]["url"]
        if not url.startswith(("http://127.0.0.1:", "data:", "blob:", "about:")):
            self.reported_requests.append(f"{event['request']['method']} {url}")

    def goto(self, url: str) -> None:
        self._bidi.send("browsingContext.navigate", {"context": self._context, "url": url, "wait": "complete"})

    def reload(self) -> None:
        self._bidi.send("browsingContext.reload", {"context": self._context, "wait": "complete"})

    def evaluate(self, expression: str) -> Any:
        result = self._bidi.send("script.evaluate", {
            "expression": f"(async () => {{ {wrapped(expression)} }})()",
            "target": {"context": self._context}, "awaitPromise": True})
        if result["type"] == "exception":
            raise EngineError(f"firefox: {result['exceptionDetails']['text']} in {expression[:200]}")
        value = result["result"]
        return json.loads(value["value"]) if value["type"] == "string" else None

    def close(self) -> None:
        if self._bidi:
            try:
                self._bidi.send("browser.close", {})
            except Exception:
                pass  # it may be gone already
            self._bidi.close()
        stop_process(self._process)
        if self._profile:
            self._profile.cleanup()
        self.recorder.close()


def wait_for_websocket(url: str) -> str:
    """Firefox opens its remote port a moment after it starts."""
    host, port = url.removeprefix("ws://").split("/")[0].split(":")
    deadline = time.monotonic() + START_TIMEOUT_S
    while time.monotonic() < deadline:
        try:
            socket.create_connection((host, int(port)), timeout=1).close()
            return url
        except OSError:
            time.sleep(0.1)
    raise EngineError(f"firefox-esr did not open {url} in {START_TIMEOUT_S} s")


def stop_process(process: subprocess.Popen | None) -> None:
    if process and process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


# ---------------------------------------------------------------------------------------------
# WebKit through WebKitWebDriver under Xvfb

def start_xvfb() -> tuple[subprocess.Popen, str]:
    """An X display of its own (WebKitGTK's MiniBrowser has no headless mode): Xvfb picks a free
    display number and writes it to a pipe."""
    reader, writer = os.pipe()
    process = subprocess.Popen(["Xvfb", "-displayfd", str(writer), "-screen", "0", "1280x900x24",
                                "-nolisten", "tcp"], pass_fds=(writer,),
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(writer)
    ready = queue.Queue()
    threading.Thread(target=lambda: ready.put(read_line(reader)), daemon=True).start()
    try:
        number = ready.get(timeout=START_TIMEOUT_S).decode().strip()
    except queue.Empty:
        number = ""
    finally:
        os.close(reader)
    if not number.isdigit():
        stop_process(process)
        raise EngineError("Xvfb did not start")
    return process, f":{number}"


def read_line(fd: int) -> bytes:
    """Reads up to a newline or the end. Xvfb writes the number and its newline in two writes:
    a reader that closed the pipe after the first made the second fail, and under load Xvfb
    then exited ("Cannot write display number"), so the browser found no display and the
    driver's new session never answered."""
    line = b""
    while not line.endswith(b"\n") and (chunk := os.read(fd, 32)):
        line += chunk
    return line


def inspector_evidence(driver_pid: int) -> str:
    """Where WebKitWebDriver told its browser to listen (WEBKIT_INSPECTOR_SERVER) and every
    socket on that port now: a port taken between the driver's choice and the browser's
    start would leave the driver waiting."""
    addresses = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1]) != driver_pid:
                continue
            environment = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
        except (OSError, ValueError, IndexError):
            continue
        addresses += [entry.split(b"=", 1)[1].decode() for entry in environment
                      if entry.startswith(b"WEBKIT_INSPECTOR_SERVER=")]
    if not addresses:
        return "The driver has no browser process."
    port = addresses[0].rsplit(":", 1)[1]
    sockets = subprocess.run(["ss", "-tanp", f"( sport = :{port} or dport = :{port} )"],
                             capture_output=True, text=True).stdout
    return f"Its browser was to listen on {addresses[0]}; the sockets on that port:\n{sockets}"


@dataclass
class WebKit(Engine):
    _xvfb: subprocess.Popen | None = None
    _driver: subprocess.Popen | None = None
    _log: Any = None
    _base: str = ""
    start_failures: list[str] = field(default_factory=list)

    def start(self) -> None:
        # Two causes of a start that never answered: one found (read_line), one not yet. The
        # driver picks a free port, closes it, and has the browser listen there; its evidence
        # (the driver's words, who holds that port) is kept, and the start is tried once more.
        try:
            self._start()
        except EngineError as error:
            self.start_failures.append(str(error))
            stop_process(self._driver)
            stop_process(self._xvfb)
            self._start()

    def _start(self) -> None:
        self._xvfb, display = start_xvfb()
        port = free_port()
        # NO_AT_BRIDGE: without a session bus, GTK's accessibility bridge sometimes hangs the
        # browser's start (one session in two here) looking for one.
        self._log = tempfile.TemporaryFile()  # the driver's and the browser's messages, for a failure
        self._driver = subprocess.Popen(["WebKitWebDriver", f"--port={port}"],
                                        env={**os.environ, "DISPLAY": display, "NO_AT_BRIDGE": "1"},
                                        stdout=self._log, stderr=subprocess.STDOUT)
        self._base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + START_TIMEOUT_S
        while not self._ready():
            if time.monotonic() > deadline:
                raise EngineError(f"WebKitWebDriver did not answer on {self._base}")
            time.sleep(0.1)
        proxy = f"127.0.0.1:{self.recorder.port}"
        try:
            session = self._command("POST", "/session", timeout_s=START_TIMEOUT_S * 2, body={"capabilities": {"alwaysMatch": {
                # The driver's default browser: WebKitGTK's MiniBrowser, from libwebkit2gtk.
                "webkitgtk:browserOptions": {"args": ["--automation"]},
                "proxy": {"proxyType": "manual", "httpProxy": proxy, "sslProxy": proxy,
                          "noProxy": ["127.0.0.1", "localhost"]},
                "timeouts": {"script": COMMAND_TIMEOUT_S * 1000}}}})
        except (OSError, EngineError) as error:
            self._log.seek(0)
            said = self._log.read()[-2000:].decode(errors="replace")
            raise EngineError(f"WebKit's new session failed ({error!r}) on display {display}. "
                              f"{inspector_evidence(self._driver.pid)} The driver said:\n{said}") from None
        self._base += f"/session/{session['sessionId']}"

    def _ready(self) -> bool:
        try:
            with urllib.request.urlopen(f"{self._base}/status", timeout=2):
                return True
        except OSError:
            return False

    def _command(self, method: str, path: str, body: dict | None = None, timeout_s: float = COMMAND_TIMEOUT_S + 10) -> Any:
        data = json.dumps(body).encode() if body is not None else None
        request = urllib.request.Request(self._base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout_s) as answer:
                return json.load(answer)["value"]
        except urllib.error.HTTPError as error:
            value = json.load(error).get("value", {})
            raise EngineError(f"webkit {path}: {value.get('error')}: {value.get('message')}") from None

    def goto(self, url: str) -> None:
        self.errors()  # a new document loses the old one's hooks
        self._command("POST", "/url", {"url": url})
        self.watch_errors()

    def reload(self) -> None:
        self.errors()
        self._command("POST", "/refresh", {})
        self.watch_errors()

    def watch_errors(self) -> None:
        """Classic WebDriver gives no console, and WebKitGTK 2.50's driver has no BiDi: the page's
        errors are caught from the moment the load finished (when the driver answers), by hooks
        put in the page: console.error, uncaught errors and unhandled rejections. What a page
        logged before its load event is not seen here (Firefox's test sees it)."""
        self.evaluate("""(() => {
            if (window.__engineErrors) return;
            const errors = window.__engineErrors = [];
            const original = console.error.bind(console);
            console.error = (...args) => { errors.push(args.map(String).join(' ')); original(...args); };
            addEventListener('error', (event) => errors.push(`uncaught: ${event.message}`));
            addEventListener('unhandledrejection', (event) => errors.push(`unhandled rejection: ${event.reason}`));
        })()""")

    def errors(self) -> list[str]:
        """Adds what the hooks caught in the open page (kept here: a reload loses them)."""
        try:
            self.console_errors.extend(self.evaluate("(window.__engineErrors || []).splice(0)") or [])
        except EngineError:
            pass  # no page open yet
        return self.console_errors

    def evaluate(self, expression: str) -> Any:
        # Execute Script awaits a returned promise (W3C WebDriver).
        value = self._command("POST", "/execute/sync", {
            "script": f"return (async () => {{ {wrapped(expression)} }})();", "args": []})
        return json.loads(value) if isinstance(value, str) else None

    def close(self) -> None:
        try:
            self._command("DELETE", "")
        except Exception:
            pass  # the session may be gone already
        stop_process(self._driver)
        stop_process(self._xvfb)
        self.recorder.close()


def launch(name: str) -> Engine:
    engine = Firefox(name) if name == "firefox" else WebKit(name)
    try:
        engine.start()
    except BaseException:
        engine.close()
        raise
    return engine


def missing_tools(name: str) -> list[str]:
    """The commands an engine needs that are not installed (build.py's test command installs them)."""
    needed = ["firefox-esr"] if name == "firefox" else ["WebKitWebDriver", "Xvfb"]
    return [tool for tool in needed if not shutil.which(tool)]
