"""One connection's state (web/js/net.js PeerLink) and the seat that shows it (web/js/online.js
HostNet) under Node, with a browser's WebRTC objects and clock played by the script: every
screen follows one state machine, driven by the channel's events and by the heartbeats heard,
with a silence allowed that grows with what the device measures (its own stalls, slow round
trips), and a connection that opens replaces its seat's old one for good."""

from __future__ import annotations

import pytest

from web_js import run_script

SCRIPT = r"""
// A browser's WebRTC, as far as PeerLink uses it, and timers the script fires itself.
class FakeChannel extends EventTarget {
  readyState = "connecting"; sent = [];
  send(text) { this.sent.push(text); }
  close() { this.readyState = "closed"; }
  open() { this.readyState = "open"; this.dispatchEvent(new Event("open")); }
  hear(text) { const event = new Event("message"); event.data = text; this.dispatchEvent(event); }
  shut() { this.readyState = "closed"; this.dispatchEvent(new Event("close")); }
}
class FakeConnection extends EventTarget {
  connectionState = "new";
  close() { this.closed = true; }
  become(state) { this.connectionState = state; this.dispatchEvent(new Event("connectionstatechange")); }
  channel() { const channel = new FakeChannel(); const event = new Event("datachannel"); event.channel = channel;
    this.dispatchEvent(event); return channel; }
}
globalThis.RTCPeerConnection = FakeConnection;
let clock = 0;
const timers = new Map();
let nextTimer = 0;
globalThis.setInterval = (fn, ms) => { timers.set(++nextTimer, { fn, ms, every: true }); return nextTimer; };
globalThis.setTimeout = (fn, ms) => { timers.set(++nextTimer, { fn, ms, at: clock + ms }); return nextTimer; };
globalThis.clearInterval = globalThis.clearTimeout = (id) => timers.delete(id);
// Time passes in steps of `step` ms, each interval firing once a step (a tick on time when
// step is 1000); a timeout fires once its time has come.
const pass = (ms, step = 1000) => {
  for (let t = 0; t < ms; t += step) {
    clock += step;
    for (const [id, timer] of [...timers]) {
      if (timer.every) timer.fn();
      else if (clock >= timer.at) { timers.delete(id); timer.fn(); }
    }
  }
};
const { PeerLink, codeChecksum, connectionWords } = await import("./js/net.js");
const made = () => {
  const states = [];
  const link = new PeerLink({ onState: (state) => states.push(state), now: () => clock });
  return { link, states, pc: link.connection };
};
const out = {};

// Opened, then silent: interrupted once the silence passes what is allowed; a heartbeat heard
// brings it back by itself.
{
  const { link, states, pc } = made();
  const channel = pc.channel();
  channel.open();
  pass(5000);
  out.quietFiveSeconds = link.state;
  pass(3000);
  out.silentEight = link.state;
  channel.hear('{"t":"ping","at":1}');
  out.heardAgain = link.state;
  out.silenceStates = [...states];
}
// A device that stood still (its own tick 20 s late) heard nothing because it ran nothing: not
// the other side's silence; and the silence allowed grows with its stalls.
{
  const { link, pc } = made();
  pc.channel().open();
  pass(1000);
  pass(21000, 21000);
  out.afterOwnStall = link.state;
  out.allowedAfterStall = link.silenceAllowed();
}
// Slow round trips measured: a longer silence is still normal.
{
  const { link, pc } = made();
  pc.channel().open();
  link.roundTrip(3000);
  pass(15000);
  out.slowPeerAfter15s = [link.state, link.silenceAllowed()];
}
// The browser loses the path: reconnecting; a message heard proves it back, and so does ICE.
{
  const timersBefore = timers.size;
  const { link, states, pc } = made();
  const channel = pc.channel();
  channel.open();
  pc.become("connected");
  pc.become("disconnected");
  out.iceLost = link.state;
  channel.hear("x");
  out.messageWhileIceLost = link.state;
  pc.become("disconnected");
  pc.become("connected");
  out.iceBack = link.state;
  pc.become("failed");
  out.failed = link.state;
  channel.hear("late");
  pc.become("connected");
  out.afterTheEnd = [...states];
  out.timersLeft = timers.size - timersBefore;
}
// Silent for good (the other side reloaded without its goodbye arriving; the browser stays
// "disconnected"): dropped once the silence is far past what is allowed, and closed.
{
  const timersBefore = timers.size;
  const { link, states, pc } = made();
  const channel = pc.channel();
  channel.open();
  pc.become("disconnected");
  pass(29000);
  out.silentTwentyNine = link.state;
  pass(2000);
  out.goneAfterThirty = [...states, pc.closed === true, channel.readyState, timers.size - timersBefore];
}
// The channel closes (the other page left) and ICE's late "disconnected" follows: still dropped.
{
  const { link, states, pc } = made();
  const channel = pc.channel();
  channel.open();
  channel.shut();
  pc.become("disconnected");
  pc.become("failed");
  out.lateIceAfterClose = [...states, link.state];
}
// Never opened: unreachable when the watch runs out; a late open (the host pasted late) is
// still a connection.
{
  const { link, states, pc } = made();
  pc.setRemoteDescription = async () => {};
  pc.createAnswer = async () => ({});
  pc.setLocalDescription = async () => {};
  pc.iceGatheringState = "complete";
  pc.localDescription = { type: "answer", sdp: "a=ice-ufrag:abcd\na=ice-pwd:pppppppppppppppppppppp\n"
    + "a=fingerprint:sha-256 " + Array(32).fill("AB").join(":") + "\na=setup:active\n" };
  const body = "2o~abcd~" + "p".repeat(22) + "~" + "A".repeat(43) + "~a~";
  const offer = `${body}~${codeChecksum(body)}`;
  await link.answer(offer);
  pass(13000);
  out.neverOpened = link.state;
  pc.channel().open();
  out.lateOpen = [...states];
}
// Closed here: nothing more is reported and no timer is left.
{
  const timersBefore = timers.size;
  const { link, states, pc } = made();
  const channel = pc.channel();
  channel.open();
  link.close();
  channel.shut();
  pass(10000);
  out.closedHere = [...states, link.state];
  out.timersAfterClose = timers.size - timersBefore;
}

// The host's seats: a seat shows one connection; a new one that opens replaces the old (closed
// here), and nothing the old one says afterwards counts.
const { HostNet } = await import("./js/online.js");
const forgotten = [];
const python = { call: async (op, args) => { forgotten.push([op, args.peer]); return { outgoing: [] }; } };
const net = new HostNet({ python, save: { id: "t", players: [{ name: "Ann" }, { name: "Bo", online: true }] },
  persist: () => {}, onChange: () => {}, notice: () => {} });
const seatLink = (peer) => {
  const link = new PeerLink({ onState: (state) => net.linkState(peer, 1, state), now: () => clock });
  Object.assign(link, { seat: 1, peer });
  net.links.set(peer, link);
  return link;
};
const first = seatLink("p1-1");
net.shown.set(1, first);
out.seatInvited = net.seatState(1);
const firstChannel = first.connection.channel();
firstChannel.open();
await null;
out.seatConnected = [net.seatState(1), net.statusText(1)];
net.delays.set(1, 40);
out.seatMeasured = net.statusText(1);
out.words = [30, 400, 2500].map(connectionWords);
first.connection.become("disconnected"); // the old tab goes quiet…
out.seatOldInterrupted = net.seatState(1);
const second = seatLink("p1-2"); // …and the friend rejoins in a new tab
out.seatWhileNewInvitation = net.seatState(1);
second.connection.channel().open();
await new Promise((resolve) => setImmediate(resolve));
out.seatAfterRejoin = [net.seatState(1), first.ended, first.connection.closed === true, net.links.has("p1-1")];
firstChannel.shut(); // the old connection reports closing late: nothing changes
first.connection.become("failed");
await new Promise((resolve) => setImmediate(resolve));
out.seatAfterOldCloses = net.seatState(1);
out.forgotten = forgotten;
second.connection.channel().shut();
await new Promise((resolve) => setImmediate(resolve));
out.seatDropped = [net.seatState(1), net.statusText(1), net.links.size];
net.close();
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def results(tmp_path_factory) -> dict:
    return run_script(tmp_path_factory.mktemp("connection"), SCRIPT, what="net.js and online.js")


def test_a_silent_connection_is_interrupted_and_recovers_by_itself_when_heard(results):
    assert results["quietFiveSeconds"] == "connected"  # less than three heartbeats: normal
    assert results["silentEight"] == "interrupted"
    assert results["heardAgain"] == "connected"
    assert results["silenceStates"] == ["connected", "interrupted", "connected"]


def test_a_device_that_stood_still_does_not_blame_the_other_side_and_allows_more(results):
    assert results["afterOwnStall"] == "connected"
    assert results["allowedAfterStall"] >= 6000 + 2 * 20000


def test_slow_round_trips_allow_a_longer_silence(results):
    assert results["slowPeerAfter15s"] == ["connected", 6000 + 4 * 3000]


def test_a_lost_path_reconnects_when_a_message_or_ice_says_so_and_a_failure_is_final(results):
    assert results["iceLost"] == "reconnecting"
    assert results["messageWhileIceLost"] == "connected"
    assert results["iceBack"] == "connected"
    assert results["failed"] == "dropped"
    assert results["afterTheEnd"] == ["connected", "reconnecting", "connected", "reconnecting", "connected", "dropped"]
    assert results["timersLeft"] == 0


def test_ices_late_word_after_the_channel_closed_changes_nothing(results):
    """The cause of issue 41's failure: ICE says "disconnected" some 6 s after the channel
    closed, and the old code showed "reconnecting…" for good over "dropped"."""
    assert results["lateIceAfterClose"] == ["connected", "dropped", "dropped"]


def test_a_link_silent_for_good_is_dropped_and_closed(results):
    assert results["silentTwentyNine"] == "reconnecting"
    assert results["goneAfterThirty"] == ["connected", "reconnecting", "dropped", True, "closed", 0]


def test_a_link_that_never_opens_is_unreachable_and_a_late_open_still_connects(results):
    assert results["neverOpened"] == "unreachable"
    assert results["lateOpen"] == ["connecting", "unreachable", "connected"]


def test_a_link_closed_here_reports_nothing_more_and_leaves_no_timer(results):
    assert results["closedHere"] == ["connected", "connected"]
    assert results["timersAfterClose"] == 0


def test_a_rejoin_replaces_the_seats_old_connection_for_good(results):
    assert results["seatInvited"] == "invited"
    assert results["seatConnected"] == ["connected", "connected"]
    # A round trip measured is said in words a player reads, not milliseconds.
    assert results["seatMeasured"] == "connected · good connection"
    assert results["words"] == ["good connection", "slow connection", "very slow connection"]
    assert results["seatOldInterrupted"] == "reconnecting"
    assert results["seatWhileNewInvitation"] == "reconnecting"  # still at the table: the new invitation is a spare
    assert results["seatAfterRejoin"] == ["connected", True, True, False]
    assert results["seatAfterOldCloses"] == "connected"
    assert results["forgotten"][0] == ["online.disconnected", "p1-1"]  # the table forgets the old connection
    assert results["seatDropped"] == ["dropped", "dropped", 0]  # an ended connection is let go
