// What the host's and a guest's sides of an online game share: messages from one connection
// handled in the order they came, the pings (heartbeats, every net.js HEARTBEAT_MS) that measure
// a connection, and names read from a link before the table has said anything.

/** Runs job once every job queued before it on the same owner (a connection) has finished,
 * whatever became of them; returns the job's own promise. */
const queues = new WeakMap();
export function inTurn(owner, job) {
  const next = (queues.get(owner) ?? Promise.resolve()).then(job);
  queues.set(owner, next.catch(() => {}));
  return next;
}

/** A name from a link, as shown before the table has said anything: without control or
 * direction-changing characters, cut to the length a name has (the table's names are cleaned by
 * Python, wordtable.online.clean_name). */
export function shownName(text) {
  return String(text ?? "").replace(/[\p{Cc}\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/gu, "").trim().slice(0, 24);
}

/** The name a new game gives a friend's seat until someone names it ("Friend 2"). */
export const friendName = (seat) => `Friend ${seat + 1}`;

export const ping = () => JSON.stringify({ t: "ping", at: Math.round(performance.now()) });

/** The round trip in ms when text is the answer to one of our pings, else null. */
export function pongDelay(text) {
  if (!text.startsWith('{"t":"pong"')) return null;
  try {
    const { at } = JSON.parse(text);
    return Number.isFinite(at) ? Math.max(0, Math.round(performance.now() - at)) : null;
  } catch {
    return null;
  }
}
