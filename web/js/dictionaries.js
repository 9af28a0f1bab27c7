// The Dictionaries section: the shipped lists, a word checker, and the player's own lists.
// Python validates and normalises every list; this module only draws and keeps them.
import { readJSON, writeJSON, StoreProblem } from "./store.js";
import { $, element, thousands } from "./ui.js";

const OWN_LISTS_KEY = "wordtable.ownLists.v1";
const MAX_FILE_BYTES = 5_000_000;


const isOwnLists = (value) => Array.isArray(value) && value.every((list) =>
  list && typeof list.id === "string" && typeof list.title === "string" &&
  Array.isArray(list.words) && list.words.every((w) => typeof w === "string"));

/** A player's own word list (its name as Python gives it): not on anyone else's device. */
export const isOwnList = (lexicon) => String(lexicon ?? "").startsWith("custom:");

/** The shipped dictionaries, read from the build's manifest without Python: what the new-game
 * form and the Dictionaries section show while Python starts (the player's own lists join them
 * once Python has checked them). Same shape as Python's "lexicons" answer. */
export async function shippedChoices() {
  const response = await fetch("lexicons/manifest.json");
  if (!response.ok) throw new Error(`lexicons/manifest.json: HTTP ${response.status}`);
  const manifest = await response.json();
  const lexicons = manifest.lexicons.map(({ name, title, description, licence, words }) =>
    ({ name, title, description, licence, words, custom: false }));
  return { lexicons, default: manifest.lexicons.find((lexicon) => lexicon.default)?.name ?? lexicons[0]?.name };
}

/** The Dictionaries section drawn from the manifest while Python starts (its buttons stay off). */
export async function showShippedDictionaries() {
  try {
    const choices = await shippedChoices();
    if ($("dictionary-list").dataset.drawn) return; // Python's list came first
    drawList(choices, null);
  } catch { /* Python's list comes with Python */ }
}

function drawList({ lexicons, default: defaultName }, onRemove) {
  $("dictionary-list").replaceChildren(...lexicons.map((info) => {
    const meta = `${thousands(info.words)} words · ${info.custom ? "your own list" : info.licence}`;
    const item = element("li", { class: "dictionary", "data-lexicon": info.name },
      element("h3", {}, info.title, info.name === defaultName ? element("span", { class: "badge" }, "default") : ""),
      element("p", {}, info.description),
      element("p", { class: "meta" }, meta));
    if (info.custom && onRemove) {
      const remove = element("button", { type: "button", class: "button small" }, "Delete");
      remove.addEventListener("click", () => onRemove(info));
      item.append(remove);
    }
    return item;
  }));
  const select = $("word-check-lexicon");
  const chosen = select.value || defaultName;
  select.replaceChildren(...lexicons.map((info) => element("option", { value: info.name }, info.title)));
  select.value = lexicons.some((info) => info.name === chosen) ? chosen : defaultName;
}

function notice(text) {
  $("dictionary-notice").hidden = !text;
  $("dictionary-notice").textContent = text ?? "";
}

export class Dictionaries {
  constructor(python) {
    this.python = python;
    this.ownLists = [];
    this.unreadableSave = false;
  }

  /** Registers the player's own lists with Python and draws the section; once, however often
   * it is asked (a game that uses an own list waits for it). */
  start() {
    this.started ??= this.#start();
    return this.started;
  }

  /** The dictionaries a game may be played with, and the default. */
  async choices() {
    await this.start();
    return this.python.call("lexicons");
  }

  async #start() {
    const saved = readJSON(OWN_LISTS_KEY, [], isOwnLists);
    this.unreadableSave = Boolean(saved.corrupt);
    const problems = saved.problem ? [saved.problem] : [];
    for (const list of saved.value) {
      try {
        await this.python.call("lexicon.add_custom", list);
        this.ownLists.push(list);
      } catch (error) {
        problems.push(`Your list “${list.title}” could not be used: ${error.message}`);
      }
    }
    notice(problems.join(" "));
    await this.render();
    // Load the default dictionary now, so the first word a player checks answers at once.
    await this.python.call("lexicon.check", { words: [] });
    performance.mark("wordtable-lexicon-ready");
    $("word-check").addEventListener("submit", (event) => { event.preventDefault(); this.check(); });
    $("own-list-form").addEventListener("submit", (event) => { event.preventDefault(); this.addOwnList(); });
    for (const button of document.querySelectorAll("#dictionaries button")) button.disabled = false;
  }

  async render() {
    drawList(await this.python.call("lexicons"), (info) => this.removeOwnList(info.name, info.title));
    $("dictionary-list").dataset.drawn = "python";
  }


  async check() {
    const word = $("word-check-input").value.trim();
    if (!word) return;
    const output = $("word-check-result");
    try {
      const { results: [result] } = await this.python.call("lexicon.check", {
        lexicon: $("word-check-lexicon").value, words: [word] });
      output.className = result.valid ? "good" : "bad";
      const answer = result.valid
        ? `Yes: ${result.word.toUpperCase()} is in the ${$("word-check-lexicon").selectedOptions[0].textContent} dictionary.`
        : `No: ${result.reason}`;
      output.textContent = result.note ? `${result.note} ${answer}` : answer;
    } catch (error) {
      output.className = "bad";
      output.textContent = error.message;
    }
  }

  async readOwnListText() {
    const file = $("own-list-file").files[0];
    if (!file) return $("own-list-text").value;
    if (file.size > MAX_FILE_BYTES) throw new Error("That file is too big for a word list (5 MB at most).");
    return file.text();
  }

  async addOwnList() {
    const output = $("own-list-result");
    output.className = "";
    try {
      const text = await this.readOwnListText();
      const parsed = await this.python.call("lexicon.parse_custom", { text });
      const title = $("own-list-title").value.trim() || "My list";
      const list = { id: `custom:${Date.now().toString(36)}`, title, words: parsed.words };
      await this.python.call("lexicon.add_custom", list);
      this.ownLists.push(list);
      let kept = "";
      try {
        writeJSON(OWN_LISTS_KEY, this.ownLists, { keepAside: this.unreadableSave });
        this.unreadableSave = false;
      } catch (error) {
        if (!(error instanceof StoreProblem)) throw error;
        kept = ` ${error.message} The list works until you leave.`;
      }
      // What the list became: lines taken apart at commas, semicolons or tabs, and lines left
      // out with the reason for each example.
      const split = parsed.split
        ? ` ${parsed.split === 1 ? "1 line held" : `${parsed.split} lines held`} several words, split at commas, semicolons or tabs (for example: ${parsed.split_examples.map((line) => `“${line}”`).join(", ")}).`
        : "";
      const skipped = parsed.rejected
        ? ` ${parsed.rejected === 1 ? "1 item was not a word" : `${parsed.rejected} items were not words`} and left out: ${parsed.rejected_examples.join(", ")}${parsed.rejected > parsed.rejected_examples.length ? "…" : ""}.`
        : "";
      output.className = "good";
      output.textContent = `Added “${title}” with ${thousands(parsed.words.length)} words.${split}${skipped}${kept}`;
      $("own-list-form").reset();
      await this.render();
    } catch (error) {
      output.className = "bad";
      output.textContent = error.message;
    }
  }

  async removeOwnList(id, title) {
    await this.python.call("lexicon.remove_custom", { id });
    this.ownLists = this.ownLists.filter((list) => list.id !== id);
    try {
      writeJSON(OWN_LISTS_KEY, this.ownLists, { keepAside: this.unreadableSave });
      this.unreadableSave = false;
      notice(`Deleted “${title}”.`);
    } catch (error) {
      notice(`Deleted “${title}” for now, but ${error.message.toLowerCase()}`);
    }
    await this.render();
  }
}
