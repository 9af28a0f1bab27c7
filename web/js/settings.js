// Settings kept in this browser. For now: the STUN/TURN servers for online play, which the
// app contacts only when the player lists them.
import { $ } from "./ui.js";
import { readJSON, writeJSON, StoreProblem } from "./store.js";

export const SETTINGS_KEY = "wordtable.settings.v1";
const SCHEMES = /^(stun|stuns|turn|turns):[^\s]{1,200}$/;

const isSettings = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/** ICE servers from the text box's lines; throws with the first line that cannot be used. */
export function parseIceServers(text) {
  const servers = [];
  for (const [index, raw] of text.split("\n").entries()) {
    const line = raw.trim();
    if (!line) continue;
    const [urls, username, credential, ...rest] = line.split(/\s+/);
    if (!SCHEMES.test(urls) || rest.length) throw new Error(`Line ${index + 1} is not a server: start with stun: or turn: (“${line.slice(0, 60)}”).`);
    if (urls.startsWith("turn") && !(username && credential)) throw new Error(`Line ${index + 1}: a TURN server needs a username and a password after it.`);
    servers.push(username ? { urls, username, credential } : { urls });
  }
  if (servers.length > 8) throw new Error("Eight servers at most.");
  return servers;
}

export function wireSettings() {
  const { value } = readJSON(SETTINGS_KEY, {}, isSettings);
  const servers = Array.isArray(value.iceServers) ? value.iceServers : [];
  $("ice-servers").value = servers.map((s) => [s.urls, s.username, s.credential].filter(Boolean).join(" ")).join("\n");
  $("ice-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const output = $("ice-result");
    try {
      const iceServers = parseIceServers($("ice-servers").value);
      writeJSON(SETTINGS_KEY, { ...readJSON(SETTINGS_KEY, {}, isSettings).value, iceServers });
      output.className = "good";
      output.textContent = iceServers.length ? `Saved: ${iceServers.length} server${iceServers.length > 1 ? "s" : ""}.` : "Saved: no server (the default).";
    } catch (error) {
      output.className = "bad";
      output.textContent = error instanceof StoreProblem ? error.message : `${error.message} Nothing was saved.`;
    }
  });
}
