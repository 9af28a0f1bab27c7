// WebRTC with no signalling server: the offer and the answer travel as short codes (in a link's
// fragment, pasted, or read from a QR code). A code keeps only what differs between sessions —
// ICE username and password, the DTLS fingerprint and role, the candidates — and the session
// description is rebuilt around it from a fixed template.
// No STUN/TURN server is contacted unless the player chose "somewhere else" or configured one
// (settings). An offer carries the STUN servers its invitation used, so the friend's page uses
// the same ones; a TURN server (with its password) never goes into a code.

// Version 2 ends each code with a checksum; version 1 (before it) is refused with a reason.
const CODE_VERSION = "2";
const SETUPS = { actpass: "a", active: "c", passive: "p" };
const SETUP_NAMES = Object.fromEntries(Object.entries(SETUPS).map(([name, letter]) => [letter, name]));
const MAX_CODE = 2000;
const MAX_SERVERS = 4;
// A STUN server in a code: a host name or IPv4 address, an optional port (IPv6 literals are
// left out: their colons would need escaping and public STUN services have names).
const SERVER = /^[A-Za-z0-9](?:[A-Za-z0-9.-]{0,98}[A-Za-z0-9])?(?::\d{1,5})?$/;
// How long a connection may take after both codes are in before the page says why it does not
// open (a browser whose ICE finds no path may never report a failure).
export const CONNECT_WATCH_MS = 12_000;

export class SignalError extends Error {}

/** An answer pasted into an invitation that already took one. */
export class UsedInvitation extends SignalError {
  constructor(connected) {
    super(connected ? "This invitation is connected already: nothing more to paste."
      : "This invitation was used already: it takes one answer. Make a new invitation below and send it again.");
    this.connected = connected;
  }
}

const toBase64Url = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const fromBase64Url = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

// A code damaged on the way (a character changed by a keyboard, a chat app or a hand) must say
// so at once, not fail seconds later as if the networks were to blame. CRC-32 catches every
// change of one character, or of a few in a row. Not WebCrypto's digests: they are async and
// exist only in secure contexts, and live play also works from a page served over plain http
// on a home network; nothing here needs a cryptographic hash (the peers' signatures do that).
const CRC_TABLE = Array.from({ length: 256 }, (_, byte) => {
  let value = byte;
  for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1;
  return value >>> 0;
});

/** The code's checksum: CRC-32 (as zlib computes it) of its UTF-8 bytes, in base64url. */
export function codeChecksum(text) {
  let crc = 0xffffffff;
  for (const byte of new TextEncoder().encode(text)) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  crc = (crc ^ 0xffffffff) >>> 0;
  return toBase64Url([crc >>> 24, (crc >>> 16) & 0xff, (crc >>> 8) & 0xff, crc & 0xff]);
}

const sealed = (body) => `${body}~${codeChecksum(body)}`;

/** The code without its checksum; SignalError when it is missing or does not match. */
function unsealed(text) {
  const cut = text.lastIndexOf("~");
  const body = text.slice(0, cut);
  if (cut < 0 || text.slice(cut + 1) !== codeChecksum(body)) {
    throw new SignalError("That code was changed on the way: a character is wrong or missing. Copy it again, whole (or scan its QR code).");
  }
  return body;
}

/** "stun:host:port" of the servers a code may carry; others (TURN) are left out. */
export function stunServersIn(iceServers) {
  return iceServers.map((server) => server.urls).filter((url) => typeof url === "string" && url.startsWith("stun:"))
    .map((url) => url.slice("stun:".length).replace(/\?.*$/, "")).filter((server) => SERVER.test(server))
    .filter((server, index, all) => all.indexOf(server) === index).slice(0, MAX_SERVERS);
}

/** The short code of a session description (offer or answer); an offer may carry STUN
 * servers ("host:port") for the friend's page to use too. */
export function encodeDescription(description, stunServers = []) {
  const lines = description.sdp.split(/\r?\n/);
  const value = (prefix) => lines.find((line) => line.startsWith(prefix))?.slice(prefix.length).trim();
  const ufrag = value("a=ice-ufrag:");
  const pwd = value("a=ice-pwd:");
  const fingerprint = value("a=fingerprint:sha-256 ");
  const setup = SETUPS[value("a=setup:")];
  if (!ufrag || !pwd || !fingerprint || !setup) throw new SignalError("The connection details are incomplete.");
  const candidates = lines.filter((line) => line.startsWith("a=candidate:")).map((line) => {
    const parts = line.slice("a=candidate:".length).split(" ");
    // foundation component protocol priority address port "typ" type
    if (parts[1] !== "1" || parts[2].toLowerCase() !== "udp") return null;
    return `${parts[4]}/${parts[5]}/${parts[7][0]}/${parts[3]}`;
  }).filter(Boolean);
  const fp = toBase64Url(fingerprint.split(":").map((hex) => parseInt(hex, 16)));
  const kind = description.type === "offer" ? "o" : "a";
  const fields = [CODE_VERSION + kind, ufrag, pwd, fp, setup, candidates.join(",")];
  if (kind === "o" && stunServers.length) fields.push(stunServers.join(","));
  return sealed(fields.join("~"));
}

/** The session description a code stands for; SignalError when the code is damaged. */
export function decodeDescription(code, expectedType) {
  const text = String(code ?? "").trim();
  if (!text || text.length > MAX_CODE) throw new SignalError("That code is empty or far too long.");
  if (/^1[oa]~/.test(text)) {
    throw new SignalError("That code comes from an older copy of Wordtable: reload the page on both devices, then make a new invitation.");
  }
  if (!/^\d[oa]~/.test(text)) throw new SignalError("That code is damaged or not from Wordtable (was it copied completely?).");
  const [head, ufrag, pwd, fp, setup, candidates, servers = "", ...extra] = unsealed(text).split("~");
  const type = { o: "offer", a: "answer" }[head?.[1]];
  if (head?.[0] !== CODE_VERSION || !type || !ufrag || !pwd || !fp || !SETUP_NAMES[setup] || candidates === undefined || extra.length) {
    throw new SignalError("That code is damaged or not from Wordtable (was it copied completely?).");
  }
  if (expectedType && type !== expectedType) {
    throw new SignalError(expectedType === "answer" ? "That is an invitation, not the answer to yours." : "That is an answer, not an invitation.");
  }
  // ICE's own limits (RFC 8839): a ufrag of 4 to 256 characters, a password of 22 to 256.
  if (!/^[A-Za-z0-9+/]{4,256}$/.test(ufrag) || !/^[A-Za-z0-9+/]{22,256}$/.test(pwd)) throw new SignalError("That code is damaged.");
  let fingerprintBytes;
  try {
    fingerprintBytes = fromBase64Url(fp);
  } catch {
    throw new SignalError("That code is damaged.");
  }
  if (fingerprintBytes.length !== 32) throw new SignalError("That code is damaged.");
  const stunServers = servers.split(",").filter(Boolean);
  if (stunServers.length > MAX_SERVERS || !stunServers.every((server) => SERVER.test(server)) || (servers && type !== "offer")) {
    throw new SignalError("That code is damaged.");
  }
  const fingerprint = [...fingerprintBytes].map((b) => b.toString(16).padStart(2, "0").toUpperCase()).join(":");
  const candidateLines = candidates.split(",").filter(Boolean).map((entry, index) => {
    const [address, port, typeLetter, priority] = entry.split("/");
    const kind = { h: "host", s: "srflx", p: "prflx", r: "relay" }[typeLetter];
    if (!kind || !/^[0-9a-fA-F.:]{2,64}$|^[a-z0-9-]{1,60}\.local$/.test(address) || !/^\d{1,5}$/.test(port) || !/^\d{1,10}$/.test(priority)) {
      throw new SignalError("That code is damaged.");
    }
    const related = kind === "host" ? "" : " raddr 0.0.0.0 rport 0";
    return `a=candidate:${index + 1} 1 udp ${priority} ${address} ${port} typ ${kind}${related}`;
  });
  const sdp = [
    "v=0", `o=- ${Date.now()} 2 IN IP4 127.0.0.1`, "s=-", "t=0 0", "a=group:BUNDLE 0", "a=msid-semantic: WMS",
    "m=application 9 UDP/DTLS/SCTP webrtc-datachannel", "c=IN IP4 0.0.0.0",
    ...candidateLines,
    `a=ice-ufrag:${ufrag}`, `a=ice-pwd:${pwd}`, `a=fingerprint:sha-256 ${fingerprint}`,
    `a=setup:${SETUP_NAMES[setup]}`, "a=mid:0", "a=sctp-port:5000", "a=max-message-size:262144", "",
  ].join("\r\n");
  return { type, sdp, stunServers };
}

const PRIVATE = /^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|169\.254\.|127\.|fe80:|fc|fd)/i;

/** What a code says of where its device can be reached: on its own network only (local), at a
 * public address its NAT showed a STUN server (public), through a relay (relay). */
export function reachOf(code) {
  const candidates = String(code ?? "").split("~")[5]?.split(",").filter(Boolean) ?? []; // the checksum comes later
  const reach = { local: false, public: false, relay: false };
  for (const entry of candidates) {
    const [address, , type] = entry.split("/");
    if (type === "r") reach.relay = true;
    else if (type === "s" || type === "p" || !(address.endsWith(".local") || PRIVATE.test(address))) reach.public = true;
    else reach.local = true;
  }
  return reach;
}

/** Why two devices whose codes are these did not connect, in the players' words. */
export function diagnose(ownCode, theirCode) {
  const own = reachOf(ownCode);
  const theirs = reachOf(theirCode);
  if (own.relay || theirs.relay) {
    return { kind: "relay", text: "Not even the relay (TURN) server could join you: check its address, username and password in the settings, or try another network." };
  }
  if (!own.public && !theirs.public) {
    return { kind: "different-networks", text: "You are on different networks: choose “somewhere else” and invite again. (On the same Wi-Fi, the network may keep devices apart: guest networks often do.)" };
  }
  if (!own.public || !theirs.public) {
    return { kind: "one-side", text: "Only one of you found its public address (the other network blocks the STUN server: offices, schools, some providers): use a relay (TURN) server, or try another network." };
  }
  return { kind: "blocked", text: "One of your networks blocks direct connections (mobile data, some providers, offices, schools): use a relay (TURN) server, or try another network." };
}

/** Why this browser cannot play online, or null when it can. */
export function webrtcMissing() {
  return typeof globalThis.RTCPeerConnection === "function" ? null
    : "This browser cannot play online: it has no WebRTC (turned off, or too old). Open the invitation in a current Chrome, Edge, Firefox or Safari.";
}

function gathered(connection, timeoutMs) {
  if (connection.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      if (connection.iceGatheringState === "complete") {
        connection.removeEventListener("icegatheringstatechange", done);
        resolve();
      }
    };
    connection.addEventListener("icegatheringstatechange", done);
    setTimeout(resolve, timeoutMs); // without STUN, host candidates come at once; never wait forever
  });
}

// A connection's states, the same words on every screen that shows one (the host's seat list,
// its invitation dialog, a friend's own line):
//   new           made, its answer not in yet (an invitation waiting)
//   connecting    both codes in, the channel not open yet
//   connected     open, and the other side heard from lately
//   interrupted   open, but the other side silent for longer than this device expects
//   reconnecting  the browser lost the path (ICE "disconnected") and is trying to restore it
//   dropped       it was open and is closed for good (or silent so long that the other side is gone)
//   unreachable   it never opened: ICE failed, or nothing within the watch (on the guest's side a
//                 late open may still follow: its host may paste the answer late)
// Interrupted and reconnecting recover by themselves: any message heard means the path works.
export const LINK_STATES = ["new", "connecting", "connected", "interrupted", "reconnecting", "dropped", "unreachable"];
// The states in which the channel is open (messages may go, and heartbeats are sent).
export const AT_THE_TABLE = new Set(["connected", "interrupted", "reconnecting"]);

// Each side sends a heartbeat this often (the app's ping); a link checks its silence every tick.
export const HEARTBEAT_MS = 2000;

/** A heartbeat's round trip in words a player reads ("good connection"), not milliseconds. */
export function connectionWords(ms) {
  if (ms < 250) return "good connection";
  return ms < 1000 ? "slow connection" : "very slow connection";
}
const TICK_MS = 1000;
// Silent this long at least before a connection is called interrupted; longer on a device whose
// timers run late or whose round trips are slow (see PeerLink.silenceAllowed).
const SILENCE_MIN_MS = 3 * HEARTBEAT_MS;
// Silent this long (at least; three times the silence allowed on a slow device), the other side
// is gone: a page that reloaded or closed without its goodbye reaching here, a phone switched
// off. The browser may never say so itself (Chromium can stay "disconnected" for good).
const GONE_MIN_MS = 30_000;
const MEASURES_KEPT = 8;

/**
 * One peer-to-peer link and its state (LINK_STATES). The host calls offer() and later
 * accept(answerCode); the guest calls answer(offerCode). onMessage(text) receives, send(text)
 * sends, onState(state) hears every change of link.state. The app's heartbeats go through
 * send(); roundTrip(ms) tells the link what one measured. diagnosis() says why a link never
 * opened, from the two codes.
 */
export class PeerLink {
  constructor({ iceServers = [], onMessage = () => {}, onState = () => {}, watchMs = CONNECT_WATCH_MS, now = () => performance.now() } = {}) {
    const missing = webrtcMissing();
    if (missing) throw new SignalError(missing);
    this.connection = new RTCPeerConnection({ iceServers });
    Object.assign(this, { onMessage, onState, watchMs, now });
    this.state = "new";
    this.opened = false; // the channel was open once
    this.ended = false; // closed for good: no state follows
    this.roundTrips = [];
    this.stalls = [];
    this.connection.addEventListener("datachannel", (event) => this.#use(event.channel));
    this.connection.addEventListener("connectionstatechange", () => this.#transport(this.connection.connectionState));
  }

  #set(state) {
    if (state === this.state || this.ended) return;
    this.state = state;
    this.onState(state);
  }

  /** The browser's own view of the path. "disconnected" is often a blip (a network change, a
   * busy or sleeping device) that ICE recovers from by itself; "failed" and "closed" are final. */
  #transport(state) {
    if (state === "failed" || state === "closed") return this.#end();
    if (!this.opened) return;
    if (state === "disconnected") this.#set("reconnecting");
    if (state === "connected" && this.state === "reconnecting") this.#set(this.#silentFor() > this.silenceAllowed() ? "interrupted" : "connected");
  }

  #use(channel) {
    this.channel = channel;
    channel.addEventListener("open", () => {
      this.opened = true;
      clearTimeout(this.watch);
      this.#heard();
      this.#set("connected");
      this.lastTick = this.now();
      this.ticker = setInterval(() => this.#tick(), TICK_MS);
    });
    channel.addEventListener("close", () => this.#end());
    channel.addEventListener("message", (event) => {
      this.#heard();
      if (typeof event.data === "string") this.onMessage(event.data);
    });
  }

  /** Anything from the other side proves the path works, whatever state this link was in. */
  #heard() {
    this.lastHeard = this.now();
    if (this.state === "interrupted" || this.state === "reconnecting") this.#set("connected");
  }

  #silentFor() {
    return this.now() - this.lastHeard;
  }

  /** The longest silence that is still normal here: three heartbeats, plus four of the slowest
   * recent round trips, plus twice the longest recent stall of this device's own timers. */
  silenceAllowed() {
    return SILENCE_MIN_MS + 4 * Math.max(0, ...this.roundTrips) + 2 * Math.max(0, ...this.stalls);
  }

  /** How long a silence means the other side is gone. */
  goneAfter() {
    return Math.max(GONE_MIN_MS, 3 * this.silenceAllowed());
  }

  /** A round trip the app measured (its heartbeat answered), in ms. */
  roundTrip(ms) {
    this.roundTrips = [...this.roundTrips, ms].slice(-MEASURES_KEPT);
  }

  #tick() {
    const now = this.now();
    // A tick that comes late means this device stood still (busy, throttled, asleep): it heard
    // nothing because it ran nothing, so the time it stood still is not the other side's silence.
    const stall = Math.max(0, now - this.lastTick - TICK_MS);
    this.lastTick = now;
    if (stall > TICK_MS / 2) {
      this.lastHeard += stall;
      this.stalls = [...this.stalls, stall].slice(-MEASURES_KEPT);
    }
    if (this.state === "connected" && this.#silentFor() > this.silenceAllowed()) this.#set("interrupted");
    if (AT_THE_TABLE.has(this.state) && this.#silentFor() > this.goneAfter()) {
      this.#end(); // said once, as "dropped"; then the transport is closed quietly
      this.channel?.close();
      this.connection.close();
    }
  }

  /** The link is over: "dropped" if it was ever open, else "unreachable". Always said, once,
   * with link.ended already true (an "unreachable" from the watch becomes final here). */
  #end() {
    clearTimeout(this.watch);
    clearInterval(this.ticker);
    if (this.ended) return;
    this.ended = true;
    this.state = this.opened ? "dropped" : "unreachable";
    this.onState(this.state);
  }

  /** Both codes are in: if no channel opens soon, the page is told (and can say why). */
  #watch() {
    clearTimeout(this.watch);
    if (this.opened) return;
    this.#set("connecting");
    this.watch = setTimeout(() => {
      if (!this.opened) this.#set("unreachable");
    }, this.watchMs);
  }

  /** Why the link did not open, in players' words (from the codes both sides hold). */
  diagnosis() {
    return diagnose(this.localCode, this.remoteCode);
  }

  async offer(stunServers = []) {
    this.#use(this.connection.createDataChannel("wordtable", { ordered: true }));
    await this.connection.setLocalDescription(await this.connection.createOffer());
    await gathered(this.connection, 3000);
    this.localCode = encodeDescription(this.connection.localDescription, stunServers);
    return this.localCode;
  }

  async accept(answerCode) {
    const answer = decodeDescription(answerCode, "answer");
    // An invitation takes one answer: the same answer pasted again after a failed connect, or a
    // second friend's, would meet the browser's own "Called in wrong state: stable".
    if (this.connection.signalingState !== "have-local-offer") throw new UsedInvitation(this.opened);
    await this.connection.setRemoteDescription(answer);
    this.remoteCode = answerCode.trim();
    this.#watch(); // the channel may already be open by now
  }

  async answer(offerCode) {
    await this.connection.setRemoteDescription(decodeDescription(offerCode, "offer"));
    this.remoteCode = offerCode.trim();
    await this.connection.setLocalDescription(await this.connection.createAnswer());
    await gathered(this.connection, 3000);
    this.localCode = encodeDescription(this.connection.localDescription);
    this.#watch();
    return this.localCode;
  }

  send(text) {
    if (this.channel?.readyState !== "open") return false;
    this.channel.send(text);
    return true;
  }

  /** Closed here (replaced, or the page leaves): no state is reported any more, no timer left. */
  close() {
    this.ended = true;
    clearTimeout(this.watch);
    clearInterval(this.ticker);
    this.channel?.close();
    this.connection.close();
  }
}

/** What this device's network allows, found by asking the servers for its public address:
 * { kind: "none" | "local" | "reachable" | "strict", relay: true | false | null, address, text }
 * ("strict": the NAT gives each server another public port, so only a relay gets through). */
export async function testNetwork(iceServers, timeoutMs = 8000) {
  const missing = webrtcMissing();
  if (missing) return { kind: "none", relay: null, address: null, text: missing };
  const connection = new RTCPeerConnection({ iceServers });
  const found = [];
  connection.addEventListener("icecandidate", (event) => {
    const parts = event.candidate?.candidate?.split(" ") ?? [];
    if (parts.length > 7) found.push({ address: parts[4], port: parts[5], type: parts[7], base: parts[parts.indexOf("rport") + 1] });
  });
  connection.createDataChannel("probe");
  await connection.setLocalDescription(await connection.createOffer());
  await gathered(connection, timeoutMs);
  connection.close();
  const stun = iceServers.filter((s) => String(s.urls).startsWith("stun")).length;
  const turn = iceServers.some((s) => String(s.urls).startsWith("turn"));
  const outside = found.filter((c) => c.type === "srflx");
  const relay = turn ? found.some((c) => c.type === "relay") : null;
  const address = outside[0]?.address ?? null;
  // One local port seen at two public ports (one per server): a NAT that maps per destination.
  // (Chromium hides the local port, rport 0, where it hides local addresses: then any two.)
  const ports = new Map();
  for (const c of outside) {
    const key = `${c.address} ${c.base && c.base !== "0" ? c.base : ""}`;
    ports.set(key, (ports.get(key) ?? new Set()).add(c.port));
  }
  const strict = [...ports.values()].some((set) => set.size > 1);
  const relayText = relay === true ? " Your relay (TURN) server works: friends reach you through it whatever their network."
    : relay === false ? " Your relay (TURN) server did not answer: check its address, username and password." : "";
  if (!stun && !turn) return { kind: "none", relay, address, text: "No server to ask: this device can play with friends on the same network only. Choose “somewhere else” when you invite, or add servers above." };
  if (!outside.length) return { kind: "local", relay, address, text: `No STUN server answered: this device can reach friends on the same network only (this network, or a firewall, blocks them).${relayText} Play by link works anywhere: it needs no server.` };
  if (strict) return { kind: "strict", relay, address, text: `Your network gives every server another public port (a strict NAT, as on mobile data and some providers): friends elsewhere reach you only through a relay (TURN) server.${relayText}` };
  const sure = stun > 1 ? "" : " (Only one server was asked: add a second to tell a strict NAT apart.)";
  return { kind: "reachable", relay, address, text: `Friends elsewhere can reach you directly: your public address is ${address}.${sure}${relayText}` };
}
