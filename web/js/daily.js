// The daily challenge of every game: the same deal for everyone on a date (its seed comes from
// the game and the date alone, computed offline), a streak kept on this device, and a result to
// share without spoilers. Nothing here names a game.
import { readJSON, writeJSON } from "./store.js";

export const DAILY_KEY = "wordtable.daily.v1";
const isBook = (value) => value !== null && typeof value === "object" && !Array.isArray(value);

/** "2026-11-24": a date in the player's own time zone. */
export function dateKey(date = new Date()) {
  const two = (n) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}`;
}

/** A real calendar date written as dateKey writes it. */
export function isDateKey(text) {
  if (typeof text !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** The day before a dateKey. */
export function dayBefore(key) {
  const date = new Date(`${key}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

/** 53-bit FNV-1a of a text (cut to 53 bits so that JSON carries it exactly): the same number
 * everywhere, offline (daily seeds, challenge save names). */
export function fnv53(text) {
  let hash = 0xcbf29ce484222325n;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * 0x100000001b3n) & 0xffffffffffffffffn;
  }
  return Number(hash & 0x1fffffffffffffn);
}

/** The seed of a game's challenge on a date: everyone computes the same number, offline. */
export const dailySeed = (gameId, key) => fnv53(`${gameId}|${key}`);

/** A game's streak after finishing its challenge of `key`: one more when the last challenge
 * finished was the day before, else 1; a day finished twice counts once. */
export function nextStreak(entry, key) {
  const last = entry?.last ?? null;
  if (last !== null && key < last) return entry; // an earlier day finished late changes nothing
  const streak = last === key ? entry.streak : last === dayBefore(key) ? entry.streak + 1 : 1;
  return { last: key, streak, best: Math.max(streak, entry?.best ?? 0) };
}

function book() {
  return readJSON(DAILY_KEY, {}, isBook).value;
}

/** A game's daily record on this device; its streak is 0 once a day was missed. */
export function dailyEntry(gameId, today = dateKey()) {
  const entry = book()[gameId];
  if (!isBook(entry) || !isDateKey(entry.last) || !Number.isInteger(entry.streak) || entry.streak < 1) return null;
  const alive = entry.last === today || entry.last === dayBefore(today);
  return { ...entry, streak: alive ? entry.streak : 0 };
}

/** The challenge of `key` is finished: the streak goes on (or starts again). Returns it. */
export function recordDaily(gameId, key) {
  const all = book();
  const old = all[gameId];
  const usable = isBook(old) && isDateKey(old.last) && Number.isInteger(old.streak) && old.streak >= 1;
  const entry = nextStreak(usable ? old : null, key);
  try {
    writeJSON(DAILY_KEY, { ...all, [gameId]: entry });
  } catch { /* storage off: the streak lasts this page */ }
  return entry;
}

/** A shared result's line: won (null when played alone) and the game's own result words. */
export const outcomeLine = (won, result) => (won === null ? `🏁 ${result}` : `${won ? "✅ I won" : "❌ I lost"}: ${result}`);

/** What to share: the result without a word of the game, and the link to the same challenge. */
export function shareText({ title, key, won, result, streak, url }) {
  return [`Wordtable · ${title} · daily challenge ${key}`, outcomeLine(won, result),
    `Streak: ${streak} day${streak === 1 ? "" : "s"}`, url].join("\n");
}

export const dailyLink = (base, gameId, key) => `${base}#daily=${gameId}&date=${key}`;
