"""Runs a Python script in a network namespace of its own, made by the test itself: only a
loopback and a veth pair with a private address and a default route. Chromium gathers WebRTC
candidates only on a non-loopback interface with a default route, and nothing in there can
reach any other host (see ../shared/TECH-NOTES.md)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

SETUP = ("ip link set lo up && ip link add wt0 type veth peer name wt1 && "
         "ip addr add 10.77.0.1/24 dev wt0 && ip link set wt0 up && ip link set wt1 up && "
         "ip route add default dev wt0")


def available() -> str | None:
    """None when a namespace can be made here, else why not."""
    if not shutil.which("unshare") or not shutil.which("ip"):
        return "unshare or ip is missing"
    probe = subprocess.run(["unshare", "-n", "sh", "-c", SETUP], capture_output=True, text=True)
    return None if probe.returncode == 0 else f"cannot make a network namespace: {probe.stderr.strip()}"


def run(script: Path, *args: str, timeout: float = 120) -> dict:
    """Runs script inside a fresh namespace; it prints one JSON object as its last line."""
    command = ["unshare", "-n", "sh", "-c", f'{SETUP} && exec "$0" "$@"', sys.executable, str(script), *args]
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0:
        raise AssertionError(f"{script.name} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])
