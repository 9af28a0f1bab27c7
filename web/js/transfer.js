// Moving a saved game between browsers: export to a file or text, import from either.
import { element, button, copyButton, download } from "./ui.js";
import { exportText, exportFilename, parseExport, wouldOverwrite, newSaveId, writeSave, SaveProblem } from "./saves.js";

const MAX_IMPORT_BYTES = 2_000_000;

/** A dialog with the save as text (to copy into a message) and as a file to download (a game
 * by link gives its own text and file name). */
export function showExport(save, { text = exportText(save), filename = exportFilename(save) } = {}) {
  const area = element("textarea", { readonly: true, rows: 8, id: "export-text", "aria-label": "The saved game as text" });
  area.value = text;
  const status = element("output", { "aria-live": "polite" });
  const dialog = element("dialog", { class: "dialog", id: "export-dialog" },
    element("h2", {}, "Export this game"),
    element("p", { class: "hint" }, "Keep the file, or copy the text and paste it under “Import a game” in another browser. It holds the whole game, its secrets included."),
    area,
    element("div", { class: "row" },
      button("Download the file", () => download(filename, text), { primary: true, id: "export-download" }),
      copyButton("Copy the text", text, area, status),
      button("Close", () => dialog.close(), { id: "export-close" })),
    status);
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
}

/**
 * Imports a save from text, after Python has replayed its record (a save whose moves break
 * the rules is refused). Never overwrites a different game: a clashing id gets a new one.
 */
export async function importSave(text, { knownGames, python }) {
  const save = parseExport(text, knownGames);
  try {
    await python.call("game.view", { record: save.record });
  } catch (error) {
    throw new SaveProblem(`That game cannot be imported: ${error.message}`);
  }
  if (wouldOverwrite(save)) save.id = newSaveId();
  delete save.daily; // someone else's daily challenge: a game to look at, never this player's streak
  writeSave(save);
  return save;
}

export async function readImportFile(file) {
  if (file.size > MAX_IMPORT_BYTES) throw new SaveProblem("That file is far too big to be a saved game.");
  return file.text();
}

/** A dialog showing a link (or a text holding one) to copy: a shared game, a challenge. */
export function showLink(heading, hint, url, { copyLabel = "Copy the link", rows = 3 } = {}) {
  const area = element("textarea", { readonly: true, rows, id: "link-text", "aria-label": heading });
  area.value = url;
  const status = element("output", { "aria-live": "polite" });
  const dialog = element("dialog", { class: "dialog", id: "link-dialog" },
    element("h2", {}, heading), element("p", { class: "hint" }, hint), area,
    element("div", { class: "row" },
      copyButton(copyLabel, url, area, status, { primary: true, id: "link-copy" }),
      button("Close", () => dialog.close(), { id: "link-close" })),
    status);
  dialog.addEventListener("close", () => dialog.remove());
  document.body.append(dialog);
  dialog.showModal();
  area.scrollTop = 0; // a long text opens at its first line
}
