// Settings kept in this browser: the servers for online play. The app contacts a server only
// when the player lists it (their own STUN/TURN servers) or chooses "somewhere else" for an
// invitation (the public STUN servers, a short list the player can edit), and a friend's page
// uses the STUN servers its invitation names.
import { $, element } from "./ui.js";
import { readJSON, writeJSON, StoreProblem } from "./store.js";
import { testNetwork } from "./net.js";

export const SETTINGS_KEY = "wordtable.settings.v1";
const SCHEMES = /^(stun|stuns|turn|turns):[^\s]{1,200}$/;
// Two well-known free public STUN services: they learn a device's public address, nothing else.
export const DEFAULT_PUBLIC_STUN = ["stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478"];
export const REACH = { here: "here", anywhere: "anywhere" };

const isSettings = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const validServer = (s) => typeof s?.urls === "string" && SCHEMES.test(s.urls);

function settings() {
  return readJSON(SETTINGS_KEY, {}, isSettings).value;
}

function update(changes) {
  writeJSON(SETTINGS_KEY, { ...settings(), ...changes });
}

/** The player's own STUN/TURN servers: always used (none by default). */
export function ownServers() {
  const { iceServers } = settings();
  return Array.isArray(iceServers) ? iceServers.filter(validServer) : [];
}

/** The public STUN servers "somewhere else" asks (the default list until the player edits it). */
export function publicStun() {
  const { publicStun: list } = settings();
  const urls = Array.isArray(list) ? list.filter((url) => typeof url === "string" && /^stun:[^\s]{1,200}$/.test(url)) : DEFAULT_PUBLIC_STUN;
  return urls.map((urls) => ({ urls }));
}

/** Where the player's friend was last time ("here" or "anywhere"), or null before any choice. */
export function rememberedReach() {
  const { reach } = settings();
  return Object.values(REACH).includes(reach) ? reach : null;
}

export function rememberReach(reach) {
  try {
    update({ reach });
  } catch (error) {
    if (!(error instanceof StoreProblem)) throw error;
  }
}

/** The name this browser's player last chose when joining a friend's game. */
export function rememberedName() {
  const { name } = settings();
  return typeof name === "string" ? name.slice(0, 24) : "";
}

export function rememberName(name) {
  try {
    update({ name: name.slice(0, 24) });
  } catch (error) {
    if (!(error instanceof StoreProblem)) throw error;
  }
}

/** The servers an invitation made for a friend who is `reach` uses on the host's device. */
export function hostServers(reach) {
  return [...(reach === REACH.anywhere ? publicStun() : []), ...ownServers()];
}

/** The servers a friend's page uses: its invitation's STUN servers, then its own. */
export function guestServers(stunFromInvitation) {
  return [...stunFromInvitation.map((server) => ({ urls: `stun:${server}` })), ...ownServers()];
}

/** The names of the servers a list contacts, for the line that says so on screen. */
export function serverNames(servers) {
  return [...new Set(servers.map((s) => String(s.urls).replace(/^[a-z]+:/, "").replace(/[?].*$/, "")))];
}

/** ICE servers from the text box's lines; throws with the first line that cannot be used. */
export function parseIceServers(text, { stunOnly = false } = {}) {
  const servers = [];
  for (const [index, raw] of text.split("\n").entries()) {
    const line = raw.trim();
    if (!line) continue;
    const [urls, username, credential, ...rest] = line.split(/\s+/);
    if (!SCHEMES.test(urls) || rest.length) throw new Error(`Line ${index + 1} is not a server: start with stun: or turn: (“${line.slice(0, 60)}”).`);
    if (stunOnly && (!urls.startsWith("stun:") || username)) throw new Error(`Line ${index + 1}: only STUN servers (stun:host:port) here; a relay goes in “Your own servers”.`);
    if (urls.startsWith("turn") && !(username && credential)) throw new Error(`Line ${index + 1}: a TURN server needs a username and a password after it.`);
    servers.push(username ? { urls, username, credential } : { urls });
  }
  if (servers.length > 8) throw new Error("Eight servers at most.");
  return servers;
}

function wireForm(form, box, output, save) {
  $(form).addEventListener("submit", (event) => {
    event.preventDefault();
    const line = $(output);
    try {
      line.textContent = save($(box).value);
      line.className = "good";
    } catch (error) {
      line.className = "bad";
      line.textContent = error instanceof StoreProblem ? error.message : `${error.message} Nothing was saved.`;
    }
  });
}

export function wireSettings() {
  $("ice-servers").value = ownServers().map((s) => [s.urls, s.username, s.credential].filter(Boolean).join(" ")).join("\n");
  $("public-stun").value = publicStun().map((s) => s.urls).join("\n");
  wireForm("ice-form", "ice-servers", "ice-result", (text) => {
    const iceServers = parseIceServers(text);
    update({ iceServers });
    return iceServers.length ? `Saved: ${iceServers.length} server${iceServers.length > 1 ? "s" : ""}.` : "Saved: no server of your own (the default).";
  });
  wireForm("stun-form", "public-stun", "stun-result", (text) => {
    const list = parseIceServers(text, { stunOnly: true }).map((s) => s.urls);
    update({ publicStun: list });
    return list.length ? `Saved: “somewhere else” asks ${serverNames(list.map((urls) => ({ urls }))).join(" and ")}.`
      : "Saved: no public server (“somewhere else” then uses your own servers only).";
  });
  $("stun-reset").addEventListener("click", () => {
    $("public-stun").value = DEFAULT_PUBLIC_STUN.join("\n");
  });
  $("network-test").addEventListener("click", async () => {
    const output = $("network-result");
    const servers = [...publicStun(), ...ownServers()];
    output.className = "";
    output.textContent = servers.length ? `Asking ${serverNames(servers).join(", ")}…` : "";
    const result = await testNetwork(servers);
    output.dataset.kind = result.kind;
    output.className = result.kind === "reachable" ? "good" : result.kind === "strict" || result.kind === "local" ? "bad" : "";
    output.replaceChildren(element("span", {}, result.text));
  });
}
