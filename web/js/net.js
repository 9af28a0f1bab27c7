// WebRTC with no signalling server: the offer and the answer travel as short codes (in a link's
// fragment, pasted, or read from a QR code). A code keeps only what differs between sessions —
// ICE username and password, the DTLS fingerprint and role, the candidates — and the session
// description is rebuilt around it from a fixed template.
// No STUN/TURN server is contacted unless the player configured one (settings).

const CODE_VERSION = "1";
const SETUPS = { actpass: "a", active: "c", passive: "p" };
const SETUP_NAMES = Object.fromEntries(Object.entries(SETUPS).map(([name, letter]) => [letter, name]));
const MAX_CODE = 2000;

export class SignalError extends Error {}

const toBase64Url = (bytes) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
const fromBase64Url = (text) => Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));

/** The short code of a session description (offer or answer). */
export function encodeDescription(description) {
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
  return [CODE_VERSION + kind, ufrag, pwd, fp, setup, candidates.join(",")].join("~");
}

/** The session description a code stands for; SignalError when the code is damaged. */
export function decodeDescription(code, expectedType) {
  const text = String(code ?? "").trim();
  if (!text || text.length > MAX_CODE) throw new SignalError("That code is empty or far too long.");
  const [head, ufrag, pwd, fp, setup, candidates] = text.split("~");
  const type = { o: "offer", a: "answer" }[head?.[1]];
  if (head?.[0] !== CODE_VERSION || !type || !ufrag || !pwd || !fp || !SETUP_NAMES[setup] || candidates === undefined) {
    throw new SignalError("That code is damaged or not from Wordtable (was it copied completely?).");
  }
  if (expectedType && type !== expectedType) {
    throw new SignalError(expectedType === "answer" ? "That is an invitation, not the answer to yours." : "That is an answer, not an invitation.");
  }
  if (![ufrag, pwd].every((part) => /^[A-Za-z0-9+/]{1,256}$/.test(part))) throw new SignalError("That code is damaged.");
  let fingerprintBytes;
  try {
    fingerprintBytes = fromBase64Url(fp);
  } catch {
    throw new SignalError("That code is damaged.");
  }
  if (fingerprintBytes.length !== 32) throw new SignalError("That code is damaged.");
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
  return { type, sdp };
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

/**
 * One peer-to-peer link. The host calls offer() and later accept(answerCode); the guest calls
 * answer(offerCode). onMessage(text) receives, send(text) sends, onState(state) reports
 * "connecting", "open", "reconnecting" (interrupted), "back" (recovered) and "closed".
 */
export class PeerLink {
  constructor({ iceServers = [], onMessage = () => {}, onState = () => {} } = {}) {
    this.connection = new RTCPeerConnection({ iceServers });
    this.onMessage = onMessage;
    this.onState = onState;
    this.connection.addEventListener("datachannel", (event) => this.#use(event.channel));
    this.connection.addEventListener("connectionstatechange", () => {
      const state = this.connection.connectionState;
      // "disconnected" is often a blip (a network change, a sleeping phone) that ICE recovers
      // from by itself; "failed" and "closed" are final.
      if (state === "disconnected" && this.opened) this.onState("reconnecting");
      if (state === "connected" && this.interrupted) this.onState("back");
      this.interrupted = state === "disconnected";
      if (state === "failed" || state === "closed") this.onState("closed");
    });
  }

  #use(channel) {
    this.channel = channel;
    channel.addEventListener("open", () => {
      this.opened = true;
      this.onState("open");
    });
    channel.addEventListener("close", () => this.onState("closed"));
    channel.addEventListener("message", (event) => {
      if (typeof event.data === "string") this.onMessage(event.data);
    });
  }

  async offer() {
    this.#use(this.connection.createDataChannel("wordtable", { ordered: true }));
    await this.connection.setLocalDescription(await this.connection.createOffer());
    await gathered(this.connection, 3000);
    return encodeDescription(this.connection.localDescription);
  }

  async accept(answerCode) {
    await this.connection.setRemoteDescription(decodeDescription(answerCode, "answer"));
    if (!this.opened) this.onState("connecting"); // the channel may already be open by now
  }

  async answer(offerCode) {
    await this.connection.setRemoteDescription(decodeDescription(offerCode, "offer"));
    await this.connection.setLocalDescription(await this.connection.createAnswer());
    await gathered(this.connection, 3000);
    if (!this.opened) this.onState("connecting");
    return encodeDescription(this.connection.localDescription);
  }

  send(text) {
    if (this.channel?.readyState !== "open") return false;
    this.channel.send(text);
    return true;
  }

  close() {
    this.channel?.close();
    this.connection.close();
  }
}
