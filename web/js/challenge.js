// Challenge links of every game: a finished game played by one person (alone or against bots)
// given to a friend as a link that opens the same deal (seed and options) against the same bots
// at the same speed, with the result shared without a word of the game. Nothing here names a game.
import { fnv53, outcomeLine } from "./daily.js";
import { FORM_SPEEDS } from "./games/contract.js";
import { isOwnList } from "./dictionaries.js";

const LEVELS = ["easy", "medium", "hard"];
const YOU = "you";
const MAX_OPTIONS_CHARS = 2000; // an options object is a few hundred characters; more is not ours

const toBase64Url = (text) => btoa(String.fromCharCode(...new TextEncoder().encode(text)))
  .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");

function fromBase64Url(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder("utf-8", { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** Why a save cannot become a challenge ("" when it can). */
export function challengeRefusal(save) {
  const people = save.players.filter((player) => !player.bot && !player.online);
  if (save.players.some((player) => player.online)) return "An online game cannot be replayed as a challenge.";
  if (people.length !== 1) return "A challenge is a game one person played, alone or against bots.";
  if (isOwnList(save.record.options?.lexicon)) {
    return "This game used your own word list, which a friend does not have.";
  }
  return "";
}

/** The challenge of a finished game: {game, seed, options, seats, speed}, or null (see
 * challengeRefusal). seats: "you" for the person's seat, a bot's level for the others. */
export function challengeOf(save) {
  if (challengeRefusal(save)) return null;
  const delay = String(save.settings?.botDelay ?? 700);
  return { game: save.game, seed: save.record.seed, options: save.record.options,
    seats: save.players.map((player) => player.bot ?? YOU), speed: Number(FORM_SPEEDS.includes(delay) ? delay : 700) };
}

const NAME_CHARS = 24;
const RESULT_CHARS = 120;

/** Text from a link, shown as plain text only: no control, bidi or zero-width characters, cut. */
function plainText(text, length) {
  return String(text ?? "").normalize("NFC").replace(/[\p{Cc}\p{Cf}]/gu, "").trim().slice(0, length);
}

/** The address of a challenge (#challenge=GAME&seed=…&seats=you,medium&speed=700&o=OPTIONS), with
 * who sends it and their result (by, w, r) for the friend's first screen: not part of the deal. */
export function challengeLink(base, challenge, { by = "", won = null, result = "" } = {}) {
  const query = new URLSearchParams({ challenge: challenge.game, seed: String(challenge.seed),
    seats: challenge.seats.join(","), speed: String(challenge.speed), o: toBase64Url(JSON.stringify(challenge.options)) });
  if (plainText(by, NAME_CHARS)) query.set("by", plainText(by, NAME_CHARS));
  if (won !== null) query.set("w", won ? "1" : "0");
  if (plainText(result, RESULT_CHARS)) query.set("r", plainText(result, RESULT_CHARS));
  return `${base}#${query}`;
}

/** Who challenges and how they did, from a challenge's address: {by, won, result}, each
 * empty (or null) when the link does not say. */
export function challenger(params) {
  const w = params.get("w");
  return { by: plainText(params.get("by"), NAME_CHARS), won: w === "1" ? true : w === "0" ? false : null,
    result: plainText(params.get("r"), RESULT_CHARS) };
}

/** The friend's first screen, in words: a heading and the line on the challenger's result. */
export function challengeWords(title, { by, won, result }) {
  const who = by || "A friend";
  const heading = `${who} challenged you to ${title}`;
  const name = by || "They";
  const verb = won === true ? `${name} won` : won === false ? `${name} lost` : by ? `${by}’s result` : "Their result";
  const line = result ? `${verb}: ${result}. Can you beat that?` : "The same game they played: can you beat their result?";
  return { heading, line };
}

/** A challenge read from its address, checked here as far as the shell can (Python checks the
 * options when the game is made); {challenge, key} or {problem} saying what is wrong. */
export function readChallenge(params, games) {
  const game = games[params.get("challenge")];
  if (!game) return { problem: "it is not for a game this version has" };
  const seed = Number(params.get("seed"));
  if (!/^\d{1,16}$/.test(params.get("seed") ?? "") || !Number.isSafeInteger(seed)) return { problem: "its seed is not a whole number" };
  const seats = (params.get("seats") ?? "").split(",");
  if (seats.filter((seat) => seat === YOU).length !== 1 || !seats.every((seat) => seat === YOU || LEVELS.includes(seat))) {
    return { problem: "its seats are not one person and bots" };
  }
  if (seats.length < game.minPlayers || seats.length > game.maxPlayers) {
    return { problem: `${game.title} is for ${game.minPlayers} to ${game.maxPlayers} players, not ${seats.length}` };
  }
  const speed = params.get("speed") ?? "700";
  if (!FORM_SPEEDS.includes(speed)) return { problem: "its bot speed is not one of the form's" };
  let options;
  try {
    const text = fromBase64Url(params.get("o") ?? "");
    if (text.length > MAX_OPTIONS_CHARS) throw new Error("too long");
    options = JSON.parse(text);
  } catch {
    return { problem: "its options cannot be read" };
  }
  if (options === null || typeof options !== "object" || Array.isArray(options)) return { problem: "its options cannot be read" };
  if (isOwnList(options.lexicon)) return { problem: "it needs a word list of someone else's" };
  // Options without a player count would deal the game's default number, not one per seat.
  const counted = game.info?.options?.some((option) => option.name === "players");
  if (counted && options.players !== seats.length) return { problem: "its players do not match its seats" };
  const challenge = { game: game.id, seed, options, seats, speed: Number(speed) };
  const key = fnv53(JSON.stringify([challenge.game, seed, seats, speed, options])).toString(36);
  return { challenge, key };
}

/** The players of a challenge: "You" in the person's seat, named bots in the others. */
export function challengePlayers(challenge) {
  let bots = 0;
  return challenge.seats.map((seat) => (seat === YOU ? { name: "You", bot: null }
    : { name: `Bot ${++bots}`, bot: seat }));
}

/** What to share: the result without a word of the game, and the link to the same deal. */
export function challengeShareText({ title, won, result, url }) {
  return [`Wordtable · ${title} · can you beat me at the same game?`, outcomeLine(won, result), url].join("\n");
}
