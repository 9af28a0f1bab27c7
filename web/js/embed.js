// Wordtable in a blog post: the page opened with ?embed shows a compact layout (no masthead, no
// footer) and a link that opens the full app in a new tab; the home screen's "Embed" dialog
// writes the <iframe> code for a game and a preset of players. Nothing here names a game.
import { element, button, copyButton } from "./ui.js";
import { PRESETS } from "./setup.js";

const PRESET_NAMES = {
  "one-bot": "One person against a bot",
  "two-bots": "One person against two bots",
  alone: "One person alone",
  "two-people": "Two people on one device",
};

export const isEmbedded = () => new URLSearchParams(location.search).has("embed");

/** The app's address for links given to others (shared games, invitations, daily results):
 * never with ?embed, which would open the stripped-down layout for them. */
export function appBase() {
  const url = new URL(location.href);
  url.searchParams.delete("embed");
  url.hash = "";
  return url.href.replace(/#$/, "");
}

/** Where the whole app opens: the same place, except a game being played here, whose save lives
 * in this embed's storage (partitioned by the embedding site): the game's new-game form then. */
function fullAppUrl() {
  const here = /^#(game|review)=/.test(location.hash)
    ? (document.body.dataset.game ? `#new=${document.body.dataset.game}` : "") : location.hash;
  return `${appBase()}${here}`;
}

/** Embedded: the compact layout and, at the top, the way out to the whole app. */
export function startEmbedMode() {
  if (!isEmbedded()) return;
  document.body.dataset.embed = "true";
  const open = element("a", { class: "embed-open", id: "embed-open", href: fullAppUrl(), target: "_blank", rel: "noopener" },
    "Wordtable ↗ open in a new tab");
  // The link follows the place in the app (a game opened here opens there too).
  window.addEventListener("hashchange", () => { open.href = fullAppUrl(); });
  new MutationObserver(() => { open.href = fullAppUrl(); }).observe(document.body, { attributes: true, attributeFilter: ["data-game"] });
  document.body.prepend(element("div", { class: "embed-bar" }, open));
}

/** The iframe code for a game (info from game.info) and a preset, at this deploy's address. */
export function embedCode(info, preset, base = location.href.split(/[?#]/)[0]) {
  const src = `${base}?embed#new=${info.id}&preset=${preset}`;
  return `<iframe src="${src}" title="${info.title} on Wordtable" width="100%" height="700" style="border:0;max-width:720px" allow="clipboard-write"></iframe>`;
}

/** The "Embed this game" dialog for a game card. */
export function showEmbedDialog(info, minPlayers, maxPlayers) {
  const presets = Object.keys(PRESET_NAMES).filter((name) => PRESETS[name].length >= minPlayers && PRESETS[name].length <= maxPlayers);
  const choice = element("select", { id: "embed-preset", "aria-label": "Who plays" },
    ...presets.map((name) => element("option", { value: name }, PRESET_NAMES[name])));
  const code = element("textarea", { id: "embed-code", rows: 4, readonly: true, spellcheck: "false", "aria-label": "Code to paste into your page" });
  const status = element("output", { id: "embed-status", "aria-live": "polite" });
  const refresh = () => { code.value = embedCode(info, choice.value); status.textContent = ""; };
  choice.addEventListener("change", refresh);
  refresh();
  const close = button("Close", () => dialog.close(), { id: "embed-close" });
  const dialog = element("dialog", { class: "dialog", id: "embed-dialog", "aria-labelledby": "embed-title" },
    element("h2", { id: "embed-title" }, `Embed ${info.title}`),
    element("p", {}, "Paste this into a blog post or web page: readers play right there, with nothing sent anywhere."),
    element("label", { for: "embed-preset" }, "Who plays"), choice,
    code,
    element("div", { class: "row" }, copyButton("Copy the code", () => code.value, code, status, { primary: true, id: "embed-copy" }), close),
    status);
  const opener = document.activeElement;
  dialog.addEventListener("close", () => { dialog.remove(); opener?.focus?.(); });
  document.body.append(dialog);
  dialog.showModal();
  choice.focus();
}
