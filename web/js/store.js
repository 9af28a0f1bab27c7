// localStorage with two promises to the player: a save is never lost, and when storage is
// blocked or full (a cross-origin iframe, private mode) the game goes on and says so.

export class StoreProblem extends Error {}

function storage() {
  try {
    return window.localStorage; // reading the property itself throws where storage is blocked
  } catch {
    return null;
  }
}

/** Reads a JSON value; returns {value, problem}. A value that cannot be read is left in place. */
export function readJSON(key, fallback, isValid) {
  const store = storage();
  if (!store) return { value: fallback, problem: "Saving is off in this browser window: nothing will be kept after you leave." };
  let text;
  try {
    text = store.getItem(key);
  } catch {
    return { value: fallback, problem: "Saving is off in this browser window: nothing will be kept after you leave." };
  }
  if (text === null) return { value: fallback, problem: null };
  try {
    const value = JSON.parse(text);
    if (isValid(value)) return { value, problem: null };
  } catch { /* reported below */ }
  return { value: fallback, problem: "Some saved data could not be read; it was kept aside untouched.", corrupt: true };
}

/** Writes a JSON value. A value already there that could not be read is first kept aside. */
export function writeJSON(key, value, { keepAside = false } = {}) {
  const store = storage();
  if (!store) throw new StoreProblem("Saving is off in this browser window.");
  try {
    if (keepAside) {
      const old = store.getItem(key);
      if (old !== null) store.setItem(`${key}.unreadable-${Date.now()}`, old);
    }
    store.setItem(key, JSON.stringify(value));
  } catch (error) {
    const full = error?.name === "QuotaExceededError";
    throw new StoreProblem(full ? "The browser's storage for this site is full." : "Saving failed in this browser window.");
  }
}
