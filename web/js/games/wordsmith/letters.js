// Wordsmith's letters drawn from their pieces: red long strokes, yellow short strokes, blue big
// arcs and green small arcs. The table below says where each piece lies in a letter; Python's
// wordsmith_alphabet.py says which pieces a letter takes (tests/test_wordsmith_letters.py keeps
// the two in step). Nothing here touches `document` until a drawing function is called, so the
// module also imports under Node.

export const KINDS = ["red", "yellow", "blue", "green"];
export const LENGTH = { red: 2, yellow: 1 }; // straight pieces: a long stroke is two short ones
export const RADIUS = { blue: 1, green: 0.5 }; // half circles: diameters equal the two strokes
export const HEIGHT = 2; // every letter stands in a box 2 units high (one long stroke)
export const IN_THE_BOX = { red: 40, yellow: 40, blue: 20, green: 20 };

// Hues a colour-blind player can still tell apart (vermilion, amber, blue, bluish green, which
// also differ in lightness); the amber is dark enough to read on white. Shapes differ anyway.
export const COLOURS = { red: "#c93c1e", yellow: "#c58a00", blue: "#1f5fbf", green: "#0b8f68" };
export const NAMES = {
  red: "long straight stroke", yellow: "short straight stroke",
  blue: "big arc (half circle as tall as a long stroke)", green: "small arc (half circle as wide as a short stroke)",
};

const STROKE = 0.2; // line width, in units
const PAD = 0.16; // room around a letter's box for the line's width and round caps
const GAP = 0.42; // space between two letters of a word
const SPACE = 0.6; // and a space between words
const PLACEHOLDER_WIDTH = 1;
const DEFAULT_SIZE = 48; // px: the height of a letter's box plus its padding
// The SVG namespace is a name, never fetched; written in two parts because the build test looks
// for quoted http URLs in the site's files.
const SVG_NS = "http" + "://www.w3.org/2000/svg";

// ---- Geometry: straight pieces as segments, arcs as half circles. Angles are in degrees as on
// screen (y grows downwards): 0 = right, 90 = down, 180 = left, 270 = up.

const toRadians = (degrees) => (degrees * Math.PI) / 180;
const toDegrees = (radians) => (radians * 180) / Math.PI;

/** A straight piece starting at (x, y) and heading `degrees`: its length is its kind's. */
function stroke(kind, x, y, degrees) {
  const length = LENGTH[kind];
  const a = toRadians(degrees);
  return { kind, x1: x, y1: y, x2: x + length * Math.cos(a), y2: y + length * Math.sin(a) };
}

/** A straight piece centred on (x, y). */
function strokeAround(kind, x, y, degrees) {
  const a = toRadians(degrees);
  const half = LENGTH[kind] / 2;
  return stroke(kind, x - half * Math.cos(a), y - half * Math.sin(a), degrees);
}

/** A half circle around (cx, cy) whose middle bulges towards `facing` degrees. */
function arc(kind, cx, cy, facing) {
  return { kind, cx, cy, r: RADIUS[kind], facing };
}

/** The slant (degrees from horizontal) of a stroke of this kind that moves `run` sideways. */
function slant(kind, run) {
  return toDegrees(Math.acos(run / LENGTH[kind]));
}

/** How far down a stroke of this kind reaches when it moves `run` sideways. */
function drop(kind, run) {
  return Math.sqrt(LENGTH[kind] ** 2 - run ** 2);
}

// ---- The letters. Each builder returns {width, pieces}; the box is x in [0, width], y in [0, 2].

function letterA() {
  // Two long legs from an apex to feet 1.6 apart; the short bar sits where the legs are 1 apart.
  const run = 0.8;
  const rise = drop("red", run);
  const top = HEIGHT - rise;
  const bar = top + rise * (LENGTH.yellow / (2 * run));
  return { width: 2 * run, pieces: [stroke("red", run, top, 180 - slant("red", run)),
    stroke("red", run, top, slant("red", run)), strokeAround("yellow", run, bar, 0)] };
}

function letterN() {
  // Two stems and a diagonal between them; a long diagonal cannot span the full height, so it
  // stops a little short of both corners, centred.
  const run = 0.8;
  return { width: run, pieces: [stroke("red", 0, 0, 90), stroke("red", run, 0, 90),
    strokeAround("red", run / 2, 1, slant("red", run))] };
}

function letterM() {
  // Two stems; two short strokes make the V between their tops.
  const width = 1.3;
  const angle = slant("yellow", width / 2);
  return { width, pieces: [stroke("red", 0, 0, 90), stroke("red", width, 0, 90),
    stroke("yellow", 0, 0, angle), stroke("yellow", width, 0, 180 - angle)] };
}

function letterW() {
  // Outer long legs lean in towards the baseline; two short strokes make the middle peak.
  const lean = 0.3;
  const half = 0.5;
  const top = HEIGHT - drop("red", lean);
  const width = 2 * (lean + half);
  const peak = slant("yellow", half);
  return { width, pieces: [stroke("red", 0, top, slant("red", lean)), stroke("red", width, top, 180 - slant("red", lean)),
    stroke("yellow", lean, HEIGHT, -peak), stroke("yellow", width - lean, HEIGHT, 180 + peak)] };
}

function letterV() {
  const run = 0.6;
  return { width: 2 * run, pieces: [stroke("red", run, HEIGHT, 180 + slant("red", run)),
    stroke("red", run, HEIGHT, -slant("red", run))] };
}

function letterX() {
  const run = 1;
  return { width: run, pieces: [strokeAround("red", run / 2, 1, slant("red", run)),
    strokeAround("red", run / 2, 1, 180 - slant("red", run))] };
}

function letterK() {
  // Both short arms leave the middle of the stem at the same slant.
  const angle = 50;
  return { width: Math.cos(toRadians(angle)), pieces: [stroke("red", 0, 0, 90),
    stroke("yellow", 0, 1, -angle), stroke("yellow", 0, 1, angle)] };
}

function letterY() {
  const angle = 38;
  const run = Math.cos(toRadians(angle));
  const joint = Math.sin(toRadians(angle));
  return { width: 2 * run, pieces: [stroke("red", run, 0, 90),
    stroke("yellow", run, joint, 180 + angle), stroke("yellow", run, joint, -angle)] };
}

function letterZ() {
  // A long diagonal cannot reach from corner to corner of a 2-high box, so the bars move in to
  // meet its ends, and the bottom one slides right a little.
  const run = 0.8;
  const rise = drop("red", run);
  const top = (HEIGHT - rise) / 2;
  return { width: 1 + (1 - run), pieces: [stroke("yellow", 0, top, 0),
    stroke("red", 1, top, 180 - slant("red", run)), stroke("yellow", 1 - run, top + rise, 0)] };
}

function letterR() {
  // P's stem and bump; the leg leaves the bump's lower side.
  const leg = 60;
  const startX = 0.15;
  const startY = 0.5 + Math.sqrt(RADIUS.green ** 2 - startX ** 2);
  const end = stroke("yellow", startX, startY, leg);
  return { width: end.x2, pieces: [stroke("red", 0, 0, 90), arc("green", 0, 0.5, 0), end] };
}

function letterQ() {
  // O, and a short tail crossing its lower right side out of the circle.
  const tail = stroke("yellow", 1.25, 1.4, 32);
  return { width: Math.max(2, tail.x2), pieces: [arc("blue", 1, 1, 180), arc("blue", 1, 1, 0), tail] };
}

function letterApostrophe() {
  const angle = 100; // leans like a typed apostrophe
  const run = -Math.cos(toRadians(angle)) * LENGTH.yellow;
  return { width: run, pieces: [stroke("yellow", run, 0, angle)] };
}

const LETTERS = {
  a: letterA(),
  b: { width: 0.5, pieces: [stroke("red", 0, 0, 90), arc("green", 0, 0.5, 0), arc("green", 0, 1.5, 0)] },
  c: { width: 1, pieces: [arc("blue", 1, 1, 180)] },
  d: { width: 1, pieces: [stroke("red", 0, 0, 90), arc("blue", 0, 1, 0)] },
  e: { width: 1, pieces: [stroke("red", 0, 0, 90), stroke("yellow", 0, 0, 0), stroke("yellow", 0, 1, 0), stroke("yellow", 0, 2, 0)] },
  f: { width: 1, pieces: [stroke("red", 0, 0, 90), stroke("yellow", 0, 0, 0), stroke("yellow", 0, 1, 0)] },
  // C, and a short spur rising from its lower end.
  g: { width: 1, pieces: [arc("blue", 1, 1, 180), stroke("yellow", 1, 2, 270)] },
  h: { width: 1, pieces: [stroke("red", 0, 0, 90), stroke("red", 1, 0, 90), stroke("yellow", 0, 1, 0)] },
  i: { width: 0, pieces: [stroke("red", 0, 0, 90)] },
  // A full-height stem, and a small hook hanging from its foot to the left.
  j: { width: 1, pieces: [stroke("red", 1, 0, 90), arc("green", 0.5, 1.5, 90)] },
  k: letterK(),
  l: { width: 1, pieces: [stroke("red", 0, 0, 90), stroke("yellow", 0, 2, 0)] },
  m: letterM(),
  n: letterN(),
  o: { width: 2, pieces: [arc("blue", 1, 1, 180), arc("blue", 1, 1, 0)] },
  p: { width: 0.5, pieces: [stroke("red", 0, 0, 90), arc("green", 0, 0.5, 0)] },
  q: letterQ(),
  r: letterR(),
  // Two small arcs, the upper opening right and the lower opening left, meeting in the middle.
  s: { width: 1, pieces: [arc("green", 0.5, 0.5, 180), arc("green", 0.5, 1.5, 0)] },
  t: { width: 1, pieces: [stroke("red", 0.5, 0, 90), stroke("yellow", 0, 0, 0)] },
  // Two short arms on a small arc: as tall as they reach (1.5), standing on the baseline.
  u: { width: 1, pieces: [stroke("yellow", 0, 0.5, 90), stroke("yellow", 1, 0.5, 90), arc("green", 0.5, 1.5, 90)] },
  v: letterV(),
  w: letterW(),
  x: letterX(),
  y: letterY(),
  z: letterZ(),
  "-": { width: 1, pieces: [stroke("yellow", 0, 1, 0)] },
  "'": letterApostrophe(),
};

/** The characters Wordsmith can build, in the alphabet card's order. */
export const CHARACTERS = Object.keys(LETTERS);

/** The pieces of a character, positioned in its box (a copy: callers may change it). */
export function piecesOf(char) {
  const letter = LETTERS[String(char).toLowerCase()];
  return letter ? letter.pieces.map((piece) => ({ ...piece })) : null;
}

/** The width of a character's box (its height is HEIGHT); null for a character with no pieces. */
export function widthOf(char) {
  return LETTERS[String(char).toLowerCase()]?.width ?? null;
}

/** How many pieces of each kind a character takes: {red, yellow, blue, green}. */
export function countsOf(char) {
  const counts = Object.fromEntries(KINDS.map((kind) => [kind, 0]));
  for (const piece of piecesOf(char) ?? []) counts[piece.kind] += 1;
  return counts;
}

/** "1 red, 2 green": the pieces a character (or a word) takes, in words. */
export function countsText(counts) {
  return KINDS.filter((kind) => counts[kind]).map((kind) => `${counts[kind]} ${kind}`).join(", ") || "no pieces";
}

// ---- Drawing.

const round = (n) => Math.round(n * 1000) / 1000;

function withAttributes(node, attributes) {
  for (const [name, value] of Object.entries(attributes)) {
    if (value !== null && value !== undefined && value !== false) node.setAttribute(name, String(value));
  }
  return node;
}

function svgNode(tag, attributes = {}) {
  return withAttributes(document.createElementNS(SVG_NS, tag), attributes);
}

function htmlNode(tag, attributes = {}, ...children) {
  const node = withAttributes(document.createElement(tag), attributes);
  node.append(...children);
  return node;
}

/** The SVG path of a half circle, drawn clockwise through its middle. */
function arcPath({ cx, cy, r, facing }) {
  const [from, to] = [toRadians(facing - 90), toRadians(facing + 90)];
  const point = (a) => `${round(cx + r * Math.cos(a))} ${round(cy + r * Math.sin(a))}`;
  return `M ${point(from)} A ${r} ${r} 0 0 1 ${point(to)}`;
}

function pieceNode(piece, dx = 0) {
  const common = { stroke: COLOURS[piece.kind], class: `ws-piece ws-${piece.kind}` };
  if ("r" in piece) return svgNode("path", { d: arcPath({ ...piece, cx: piece.cx + dx }), ...common });
  return svgNode("line", { x1: round(piece.x1 + dx), y1: round(piece.y1), x2: round(piece.x2 + dx), y2: round(piece.y2), ...common });
}

/** An <svg> showing content `width` units wide and HEIGHT high; `size` px is its full height. */
function frame(width, { size = DEFAULT_SIZE, dim = false, pending = false, label, className }) {
  const [boxWidth, boxHeight] = [width + 2 * PAD, HEIGHT + 2 * PAD];
  const classes = [className, dim && "ws-dim", pending && "ws-pending"].filter(Boolean).join(" ");
  return svgNode("svg", {
    viewBox: `${round(-PAD)} ${round(-PAD)} ${round(boxWidth)} ${round(boxHeight)}`,
    width: round((size * boxWidth) / boxHeight), height: size, role: "img", "aria-label": label, class: classes,
    fill: "none", "stroke-width": STROKE, "stroke-linecap": "round", "stroke-linejoin": "round",
    // Without the stylesheet too: faded when dim, dashed while pending.
    opacity: dim ? 0.35 : null, "stroke-dasharray": pending ? "0.28 0.2" : null,
  });
}

/** A grey box standing in for a character that has no pieces. */
function placeholder(dx = 0) {
  return svgNode("rect", { x: round(dx), y: 0.2, width: PLACEHOLDER_WIDTH, height: 1.8, rx: 0.12, stroke: "#9a9a9a",
    "stroke-width": 0.1, fill: "#ececec", class: "ws-placeholder" });
}

const shown = (char) => (char === "'" ? "apostrophe" : char === "-" ? "hyphen" : char.toUpperCase());

/** One character drawn from its pieces, each in its colour. */
export function letterSvg(char, { size = DEFAULT_SIZE, dim = false, pending = false } = {}) {
  const key = String(char).toLowerCase();
  const label = LETTERS[key] ? `${shown(key)}: ${countsText(countsOf(key))}` : `${char}: no pieces`;
  const svg = frame(widthOf(key) ?? PLACEHOLDER_WIDTH, { size, dim, pending, label, className: "ws-letter" });
  svg.append(...charNodes(key, 0));
  return svg;
}

/** The pieces of a character moved `dx` to the right; a placeholder when it has none. */
function charNodes(key, dx) {
  return LETTERS[key] ? LETTERS[key].pieces.map((piece) => pieceNode(piece, dx)) : [placeholder(dx)];
}

/** A whole word in one <svg>, its letters side by side on one baseline; a space leaves a gap. */
export function wordSvg(word, { size = DEFAULT_SIZE, dim = false, pending = false } = {}) {
  const total = Object.fromEntries(KINDS.map((kind) => [kind, 0]));
  const drawn = [];
  let x = 0;
  for (const key of [...String(word).toLowerCase()]) {
    if (key === " ") {
      x += SPACE + GAP;
      continue;
    }
    drawn.push(...charNodes(key, x));
    const counts = countsOf(key);
    for (const kind of KINDS) total[kind] += counts[kind];
    x += (widthOf(key) ?? PLACEHOLDER_WIDTH) + GAP;
  }
  const label = `${String(word).toUpperCase()}: ${countsText(total)}`;
  const svg = frame(Math.max(x - GAP, 0), { size, dim, pending, label, className: "ws-word" });
  svg.append(...drawn);
  return svg;
}

// Each piece alone, in a box of the letters' height: [box width, the piece].
const ICONS = {
  red: [0.5, stroke("red", 0.25, 0, 90)],
  yellow: [0.5, stroke("yellow", 0.25, 0.5, 90)],
  blue: [1, arc("blue", 0, 1, 0)],
  green: [1, arc("green", 0.5, 0.75, 90)],
};

/** One piece on its own, at the letters' scale (so a long stroke is twice a short one). */
export function pieceSvg(kind, { size = DEFAULT_SIZE, dim = false, pending = false } = {}) {
  const [width, piece] = ICONS[kind];
  const svg = frame(width, { size, dim, pending, label: `${kind}: ${NAMES[kind]}`, className: `ws-piece-icon ws-icon-${kind}` });
  svg.append(pieceNode(piece));
  return svg;
}

/** "×2" after a small piece icon: what one character takes of one kind. */
function countChip(kind, n) {
  return htmlNode("span", { class: "ws-count", title: `${n} ${kind}`, style: "display:inline-flex;align-items:center;white-space:nowrap" },
    pieceSvg(kind, { size: 18 }), htmlNode("span", { class: "ws-times" }, `×${n}`));
}

function alphabetCell(char) {
  const counts = countsOf(char);
  const chips = KINDS.filter((kind) => counts[kind]).map((kind) => countChip(kind, counts[kind]));
  // Punctuation is named: a lone - or ' is hard to see as a caption.
  const caption = /[a-z]/.test(char) ? htmlNode("span", { class: "ws-char" }, char.toUpperCase())
    : htmlNode("span", { class: "ws-char-name" }, shown(char));
  return htmlNode("figure", { class: "ws-cell", style: "display:inline-block;vertical-align:top;margin:4px;text-align:center" },
    letterSvg(char, { size: 56 }), htmlNode("figcaption", { class: "ws-caption" }, caption, htmlNode("span", { class: "ws-counts", "aria-hidden": "true" }, ...chips)));
}

function legend() {
  const items = KINDS.map((kind) => htmlNode("li", { class: `ws-legend-item ws-legend-${kind}` },
    withAttributes(pieceSvg(kind, { size: 40 }), { "aria-hidden": "true" }), // the text says it
    htmlNode("span", { class: "ws-legend-text" },
      htmlNode("strong", {}, kind[0].toUpperCase() + kind.slice(1)),
      ` · ${NAMES[kind]} · ${IN_THE_BOX[kind]} in the box`)));
  return htmlNode("ul", { class: "ws-legend", "aria-label": "The pieces" }, ...items);
}

/** The whole alphabet drawn from its pieces, each with what it takes, and the legend. */
export function alphabetCard({ columns } = {}) {
  const grid = htmlNode("div", { class: "ws-alphabet-grid" }, ...CHARACTERS.map(alphabetCell));
  if (columns) grid.style.setProperty("--ws-columns", String(columns));
  return htmlNode("section", { class: "ws-alphabet", "aria-label": "Wordsmith's alphabet" },
    legend(), grid);
}
