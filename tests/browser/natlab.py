"""A NAT lab: homes behind home routers on a simulated internet with a STUN/TURN server, all in
network namespaces this module makes (as root) and removes. Nothing in them can reach the
machine's real network: the "internet" is a bridge in a namespace of its own, addressed in the
documentation range 198.51.100.0/24, and drops whatever it cannot deliver.

    internet (198.51.100.0/24): coturn answers STUN and TURN on .20 and .21 (two "servers", so a
      NAT that maps one local port to a new public port per destination shows up)
    home A: router .1 (masquerade) -> LAN 192.168.1.0/24: device "a" .10, device "a2" .11
    home B: router .2 (masquerade) -> LAN 192.168.2.0/24: device "b" .10

A home router masquerades (Linux keeps the local port where it can: the usual home NAT,
endpoint-independent mapping) and lets in only what answers what went out; `symmetric()`
switches both to `--random-fully` (a new public port per destination, as carrier-grade NAT on
mobile data does). A browser runs on a device through a launcher script (`ip netns exec` keeps
the pipes Playwright talks over), and each device serves the built site on its own loopback at
the same address, so an invitation link made on one opens on another.
"""

from __future__ import annotations

import ctypes
import os
import shutil
import subprocess
import tempfile
import threading
from pathlib import Path

INTERNET = "198.51.100"
STUN_ADDRESSES = (f"{INTERNET}.20", f"{INTERNET}.21")
TURN_USER, TURN_PASSWORD = "wordtable", "lab-secret"
DEVICES = {"a": ("A", "192.168.1.10"), "a2": ("A", "192.168.1.11"), "b": ("B", "192.168.2.10")}
ROUTERS = {"A": (f"{INTERNET}.1", "192.168.1"), "B": (f"{INTERNET}.2", "192.168.2")}
CLONE_NEWNET = 0x40000000


def missing() -> str | None:
    """None when the lab can be built here, else what is missing."""
    if os.geteuid() != 0:
        return "the NAT lab needs root (network namespaces)"
    for tool, package in (("ip", "iproute2"), ("iptables", "iptables"), ("turnserver", "coturn")):
        if not shutil.which(tool):
            return f"{tool} is missing (Debian package {package})"
    return None


def _run(command: str) -> None:
    done = subprocess.run(command, shell=True, capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"NAT lab: `{command}` failed: {done.stderr.strip()}")


class Lab:
    def __init__(self) -> None:
        self.prefix = f"wt{os.getpid() % 100000}"
        self.spaces: list[str] = []
        self.folder = Path(tempfile.mkdtemp(prefix="natlab-"))
        self.turn: subprocess.Popen | None = None

    def ns(self, name: str) -> str:
        return f"{self.prefix}-{name}"

    # -- building -------------------------------------------------------------------------

    def __enter__(self) -> Lab:
        try:
            self._build()
        except BaseException:
            self.close()
            raise
        return self

    def __exit__(self, *_exc) -> None:
        self.close()

    def _space(self, name: str) -> str:
        space = self.ns(name)
        _run(f"ip netns add {space}")
        self.spaces.append(space)
        _run(f"ip -n {space} link set lo up")
        # IPv4 only: the lab's NATs are what is measured, not IPv6's direct paths.
        _run(f"ip netns exec {space} sysctl -qw net.ipv6.conf.all.disable_ipv6=1")
        return space

    def _build(self) -> None:
        internet = self._space("inet")
        _run(f"ip -n {internet} link add br0 type bridge && ip -n {internet} link set br0 up")
        for address in (f"{INTERNET}.254", *STUN_ADDRESSES):
            _run(f"ip -n {internet} addr add {address}/24 dev br0")
        # What the internet cannot deliver (a home's private address) is dropped without a
        # word: an ICMP error would make coturn close its allocations.
        _run(f"ip -n {internet} route add blackhole default")
        for home, (public, lan) in ROUTERS.items():
            router = self._space(f"r{home}")
            _run(f"ip -n {router} link add wan type veth peer name w{home} netns {internet}")
            _run(f"ip -n {internet} link set w{home} master br0 up")
            _run(f"ip -n {router} addr add {public}/24 dev wan && ip -n {router} link set wan up")
            _run(f"ip -n {router} route add default via {INTERNET}.254")
            _run(f"ip -n {router} link add lan type bridge && ip -n {router} link set lan up")
            _run(f"ip -n {router} addr add {lan}.1/24 dev lan")
            _run(f"ip netns exec {router} sysctl -qw net.ipv4.ip_forward=1")
        for device, (home, address) in DEVICES.items():
            space = self._space(device)
            router = self.ns(f"r{home}")
            _run(f"ip -n {space} link add eth0 type veth peer name d{device} netns {router}")
            _run(f"ip -n {router} link set d{device} master lan up")
            _run(f"ip -n {space} addr add {address}/24 dev eth0 && ip -n {space} link set eth0 up")
            _run(f"ip -n {space} route add default via {address.rsplit('.', 1)[0]}.1")
        self.symmetric(False)
        self._start_turn()

    def symmetric(self, on: bool) -> None:
        """Both routers as home routers (off) or as carrier-grade NATs that pick a new public
        port for every destination (on). Either way nothing comes in unasked."""
        random = " --random-fully" if on else ""
        for home in ROUTERS:
            router = self.ns(f"r{home}")
            rules = ["-t nat -F POSTROUTING", f"-t nat -A POSTROUTING -o wan -j MASQUERADE{random}",
                     "-F FORWARD", "-F INPUT"]
            for chain in ("FORWARD", "INPUT"):
                rules += [f"-A {chain} -i wan -m conntrack --ctstate ESTABLISHED,RELATED -j ACCEPT",
                          f"-A {chain} -i wan -j DROP"]
            for rule in rules:
                _run(f"ip netns exec {router} iptables {rule}")

    def _start_turn(self) -> None:
        listening = " ".join(f"--listening-ip={address}" for address in STUN_ADDRESSES)
        log = self.folder / "turnserver.log"
        command = (f"ip netns exec {self.ns('inet')} turnserver -n {listening} --relay-ip={STUN_ADDRESSES[0]}"
                   f" --listening-port=3478 --min-port=49152 --max-port=49999 --realm=wordtable.test"
                   f" --lt-cred-mech --user={TURN_USER}:{TURN_PASSWORD} --fingerprint --no-tls --no-dtls"
                   f" --no-cli --allowed-peer-ip={INTERNET}.0-{INTERNET}.255 --log-file={log} --simple-log"
                   f" --pidfile={self.folder / 'turnserver.pid'} --userdb={self.folder / 'turndb'}")
        self.turn = subprocess.Popen(command.split(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def turn_log(self) -> str:
        log = self.folder / "turnserver.log"
        return log.read_text(errors="replace") if log.exists() else ""

    # -- using ----------------------------------------------------------------------------

    def stun_urls(self) -> list[str]:
        return [f"stun:{address}:3478" for address in STUN_ADDRESSES]

    def turn_line(self) -> str:
        """The TURN server as a player types it in the settings."""
        return f"turn:{STUN_ADDRESSES[0]}:3478 {TURN_USER} {TURN_PASSWORD}"

    def launcher(self, device: str, executable: str) -> str:
        """A program Playwright can launch as the browser: the browser, on that device."""
        script = self.folder / f"browser-{device}.sh"
        script.write_text(f'#!/bin/sh\nexec ip netns exec {self.ns(device)} {executable} "$@"\n')
        script.chmod(0o755)
        return str(script)

    def inside(self, device: str, action):
        """Runs action() on a thread that lives in the device's namespace: the sockets it makes
        (a server's) belong to that device."""
        outcome: dict = {}

        def target() -> None:
            libc = ctypes.CDLL(None, use_errno=True)
            with open(f"/var/run/netns/{self.ns(device)}") as handle:
                if libc.setns(handle.fileno(), CLONE_NEWNET) != 0:
                    outcome["error"] = OSError(ctypes.get_errno(), "setns failed")
                    return
            try:
                outcome["value"] = action()
            except BaseException as error:  # noqa: BLE001 (handed to the caller)
                outcome["error"] = error

        thread = threading.Thread(target=target)
        thread.start()
        thread.join()
        if "error" in outcome:
            raise outcome["error"]
        return outcome.get("value")

    def close(self) -> None:
        if self.turn:
            self.turn.terminate()
            try:
                self.turn.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.turn.kill()
        pid = self.folder / "turnserver.pid"
        if pid.exists():
            subprocess.run(["kill", pid.read_text().strip()], capture_output=True)
        for space in reversed(self.spaces):
            subprocess.run(["ip", "netns", "del", space], capture_output=True)
        self.spaces.clear()
        shutil.rmtree(self.folder, ignore_errors=True)
