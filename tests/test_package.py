"""The Python package under CPython: version, runtime line, the JSON bridge, the command line."""

import json
import re
import subprocess
import sys

import pytest

import wordtable
from wordtable import bridge
from wordtable.runtime import runtime_info

ROOT_PY = str(__import__("pathlib").Path(__file__).resolve().parent.parent / "py")


def call(request) -> dict:
    text = request if isinstance(request, str) else json.dumps(request)
    return json.loads(bridge.handle(text))


def test_version_is_a_release_number():
    assert re.fullmatch(r"\d+\.\d+\.\d+", wordtable.__version__)


def test_runtime_info_names_package_and_python():
    info = runtime_info()
    assert info.wordtable == wordtable.__version__
    assert info.python == ".".join(map(str, sys.version_info[:3]))
    assert info.in_browser is False  # this suite runs under CPython
    assert info.summary() == f"Wordtable {wordtable.__version__} · Python {info.python} running on {sys.platform}"


def test_bridge_hello_reports_runtime():
    reply = call({"op": "hello"})
    assert reply["ok"] is True
    assert reply["result"]["wordtable"] == wordtable.__version__
    assert reply["result"]["summary"] == runtime_info().summary()


@pytest.mark.parametrize("request_text, message", [
    ("not json", "not valid JSON"),
    ("[1, 2]", "must be a JSON object"),
    ('{"op": "launch-missiles"}', "unknown operation 'launch-missiles'"),
    ('{"args": {}}', "unknown operation None"),
    ('{"op": ["hello"]}', "unknown operation ['hello']"),
    ('{"op": "hello", "args": [1]}', "args must be a JSON object"),
    ('{"op": "hello", "args": {}' + " " * bridge.MAX_REQUEST_CHARS + "}", "longer than"),
])
def test_bridge_refuses_malformed_requests_with_a_message(request_text, message):
    reply = call(request_text)
    assert reply["ok"] is False
    assert reply["error"]["kind"] == "bad-request"
    assert message in reply["error"]["message"]


def test_bridge_refuses_non_text():
    reply = json.loads(bridge.handle(42))  # type: ignore[arg-type]
    assert reply == {"ok": False, "error": {"kind": "bad-request", "message": "the request must be JSON text"}}


def test_bridge_turns_a_crash_into_an_internal_error(monkeypatch):
    def broken(session, args):
        raise RuntimeError("boom")
    monkeypatch.setitem(bridge.OPERATIONS, "broken", bridge.Operation(broken))
    assert call({"op": "broken"})["error"] == {"kind": "internal", "message": "RuntimeError: boom"}


def test_command_line_prints_version_line():
    result = subprocess.run([sys.executable, "-m", "wordtable", "version"], capture_output=True, text=True,
                            env={"PYTHONPATH": ROOT_PY, "PATH": "/usr/bin:/bin"}, check=True)
    assert result.stdout.strip() == runtime_info().summary()


def test_command_line_usage_error_exits_2():
    result = subprocess.run([sys.executable, "-m", "wordtable", "no-such-command"], capture_output=True,
                            text=True, env={"PYTHONPATH": ROOT_PY, "PATH": "/usr/bin:/bin"})
    assert result.returncode == 2
    assert "usage:" in result.stderr
