"""What the browser tests stand on: the built site served on 127.0.0.1 under a sub-path, a
recorder that catches any request for another host, and Debian's Chromium."""

from __future__ import annotations

import base64
import functools
import http.server
import os
import socket
import threading
import urllib.parse
import zlib
from pathlib import Path

import build


def sealed_code(body: str) -> str:
    """A live invitation's or answer's code with its checksum (web/js/net.js), computed here by
    zlib's CRC-32, so a test's hand-made code also checks the page's own CRC against it."""
    crc = zlib.crc32(body.encode()).to_bytes(4, "big")
    return f"{body}~{base64.urlsafe_b64encode(crc).decode().rstrip('=')}"


SUB_PATH = "/games/wordtable/"  # proves the site uses relative URLs only

CHROMIUM_FLAGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-quic",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-extensions", "--disable-default-apps", "--disable-domain-reliability",
    "--disable-client-side-phishing-detection",
    "--disable-features=NetworkTimeServiceQuerying,Translate,OptimizationHints,MediaRouter,"
    "AutofillServerCommunication",
]

# The tests' Chromium compiles Python's WebAssembly with V8's baseline compiler (Liftoff) alone.
# Every test opens a fresh profile, where V8 would optimise the same hot functions of
# pyodide.asm.wasm again each time: about 1 of a boot's 3.8 CPU-seconds, some 200 boots a suite
# (measured: the Shrdlu and Four Letter Words UI tests took 188 CPU-s by default, 136 so). The
# code means the same either way; bench/ keeps CHROMIUM_FLAGS, the tiers a player's browser uses.
TEST_CHROMIUM_FLAGS = [*CHROMIUM_FLAGS, "--js-flags=--liftoff-only"]

# Playwright's wait_for_function evaluates its predicate with eval() inside the page, which the
# site's Content-Security-Policy forbids (build.content_security_policy): test contexts bypass
# the policy, and test_boot.py's test_the_pages_policy_… plays under it, catching violations.
TEST_CONTEXT = {"bypass_csp": True}

# Chromium 156 itself still calls these at start-up whatever the flags (component updates and
# the account check); they never come from a page, worker or service worker of ours. They are
# blocked like everything else but not counted against the app. Requests the app makes are
# caught separately, whatever their host, through Playwright's request events.
BROWSER_HOUSEKEEPING = ("update.googleapis.com", "accounts.google.com", "clients2.google.com")


class SubPathHandler(build.SiteHandler):
    """build.py's handler (same MIME types and cache headers) serving the site under SUB_PATH.
    A file whose name is in server.held waits until its event is set (a slow network)."""

    def do_GET(self) -> None:
        name = urllib.parse.urlsplit(self.path).path.removeprefix(SUB_PATH)
        gate = getattr(self.server, "held", {}).get(name)
        if gate is not None:
            gate.wait(timeout=60)
        super().do_GET()

    def translate_path(self, path: str) -> str:
        path = urllib.parse.urlsplit(path).path
        if not path.startswith(SUB_PATH):
            return os.path.join(self.directory, "__outside_the_sub_path__")
        return super().translate_path("/" + path[len(SUB_PATH):])


class LocalSite:
    """A static server that can be stopped and started again on the same port ("network off")."""

    def __init__(self, directory: Path):
        self.directory = directory
        self.port = 0
        self.held: dict[str, threading.Event] = {}
        self._server: http.server.ThreadingHTTPServer | None = None

    def hold(self, name: str) -> threading.Event:
        """Delays answers for one file (relative to the site) until the returned event is set."""
        return self.held.setdefault(name, threading.Event())

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}{SUB_PATH}"

    def start(self) -> None:
        handler = functools.partial(SubPathHandler, directory=str(self.directory))
        self._server = build.QuietServer(("127.0.0.1", self.port), handler)
        self._server.held = self.held
        self.port = self._server.server_address[1]
        threading.Thread(target=self._server.serve_forever, daemon=True).start()

    def stop(self) -> None:
        for gate in self.held.values():
            gate.set()
        if self._server:
            self._server.shutdown()
            self._server.server_close()
            self._server = None


class OutsideRequestRecorder:
    """Chromium's proxy for everything that is not loopback: records what was asked for and
    answers nothing, so an outside request both fails and is seen."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        self._socket = socket.socket()
        self._socket.bind(("127.0.0.1", 0))
        self._socket.listen(16)
        self.port = self._socket.getsockname()[1]
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        while True:
            try:
                connection, _ = self._socket.accept()
            except OSError:
                return
            with connection:
                connection.settimeout(2)
                try:
                    first_line = connection.recv(4096).split(b"\r\n", 1)[0].decode("latin-1")
                except OSError:
                    first_line = "(unreadable request)"
                # Chromium sometimes opens a spare connection to its proxy and closes it
                # unused; only a connection that names a host is a request.
                if first_line:
                    self.requests.append(first_line)
                # Closing without an answer makes the request fail as if the network were down.

    def app_requests(self, since: int = 0) -> list[str]:
        return [line for line in self.requests[since:]
                if not any(host in line for host in BROWSER_HOUSEKEEPING)]

    @property
    def flags(self) -> list[str]:
        # Chromium sends loopback directly and everything else to this proxy.
        return [f"--proxy-server=http://127.0.0.1:{self.port}"]

    def close(self) -> None:
        self._socket.close()
