// One Letter Better's turn for the person due: drawing or taking from the pile, choosing cards
// in spelling order and (to change a word) a word on the table and where the cards go, a
// preview of what the play makes and scores asked of Python before it is sent, a bot's
// suggestion to confirm, and discarding down to eight after a lost challenge. Python decides
// whether a play is allowed; this panel only offers what the chosen cards could do.
import { element, button, redraw, plural, toPlayer } from "../../ui.js";
import { upper, signed, nameOf, cardName } from "./text.js";
import { cardFace, tableElement, pileElement, outElement, statusLine } from "./board.js";

/** The turn of the seat due: draw or take; plays, discards, the end; discarding down to 8. */
export class TurnPanel {
  constructor(view, player, { act, suggest, ask, players }) {
    Object.assign(this, { view, player, act, suggest, ask, players });
    this.me = view.seat;
    this.hand = view.hand ?? [];
    this.byUid = new Map(this.hand.map((card) => [card.uid, card]));
    this.sel = [];            // hand cards chosen, in spelling order
    this.wild = {};           // uid -> the letters a wild card stands for
    this.target = null;       // a word on the table (id)
    this.placeKey = null;     // how the cards go into it
    this.placePicked = false; // the player tapped that placement (else the first the rules accept is shown)
    this.pileFrom = view.phase === "draw" && view.pile.length ? view.pile.length - 1 : null; // take from here to the top
    this.pileSwap = null;     // a pile card a blue card would swap with
    this.suggested = null;    // the id of the button a suggestion points at
    this.previewSeq = 0;
    this.element = element("div", { class: "turn olb-turn", id: "olb-turn" });
    this.message = element("output", { id: "olb-message", "aria-live": "polite" });
    this.draw();
  }

  get phase() {
    return this.view.phase;
  }

  say(text, bad = false) {
    this.message.className = bad ? "bad" : text ? "good" : "";
    this.message.textContent = text;
  }

  async send(move) {
    this.say("");
    try {
      await this.act(move);
    } catch (error) {
      this.say(error.message, true);
    }
  }

  // -- what is chosen -------------------------------------------------------------------------

  cards() {
    return this.sel.map((uid) => this.byUid.get(uid));
  }

  entries(uids = this.sel) {
    return uids.map((uid) => {
      const card = this.byUid.get(uid);
      const letters = (this.wild[uid] ?? "").toLowerCase();
      if ((card.kind === "wild" || card.kind === "double-wild") && letters) return [uid, letters];
      return uid;
    });
  }

  lettersOf(card) {
    if (card.kind === "wild") return this.wild[card.uid] || "?";
    if (card.kind === "double-wild") return this.wild[card.uid] || "??";
    return card.letters;
  }

  targetWord() {
    return this.view.words.find((word) => word.id === this.target) ?? null;
  }

  tapCard(uid) {
    const at = this.sel.indexOf(uid);
    if (at >= 0) this.sel.splice(at, 1);
    else this.sel.push(uid);
    this.pileSwap = null;
    this.suggested = null;
    this.say("");
    this.draw();
  }

  tapWord(word) {
    this.target = this.target === word.id ? null : word.id;
    this.placeKey = null;
    this.placePicked = false;
    this.suggested = null;
    this.say("");
    this.draw();
  }

  clear() {
    this.sel = [];
    this.target = null;
    this.placeKey = null;
    this.placePicked = false;
    this.pileSwap = null;
    this.suggested = null;
    this.say("");
    this.draw();
  }

  /** The ways the chosen cards can go into the chosen word, each with what it would spell:
   * [{key, move, parts: [[text, added?]…], verb}]. */
  placements() {
    const word = this.targetWord();
    if (!word) return [];
    const mine = word.owner === this.me;
    const cards = this.cards();
    const text = word.cards.map((c) => c.letters);
    const places = [];
    if (!cards.length) {
      if (mine) return [];
      for (const own of this.view.words.filter((w) => w.owner === this.me && !w.cards.some((c) => c.wild))) {
        places.push({ key: `join-${own.id}-first`, verb: "join", move: { type: "join", word: word.id, with: own.id, first: true },
          parts: [[upper(own.text), true], [upper(word.text), false]] });
        places.push({ key: `join-${own.id}-last`, verb: "join", move: { type: "join", word: word.id, with: own.id, first: false },
          parts: [[upper(word.text), false], [upper(own.text), true]] });
      }
      return places;
    }
    if (cards.some((card) => card.kind === "steal-one")) return [];
    const added = upper(cards.map((card) => this.lettersOf(card)).join(""));
    places.push({ key: "end", verb: mine ? "add" : "steal", move: { type: "add", word: word.id, front: [], back: this.entries() },
      parts: [[upper(word.text), false], [added, true]] });
    places.push({ key: "front", verb: mine ? "add" : "steal", move: { type: "add", word: word.id, front: this.entries(), back: [] },
      parts: [[added, true], [upper(word.text), false]] });
    if (this.split !== undefined && this.split > 0 && this.split < cards.length) {
      const front = this.sel.slice(0, this.split);
      const back = this.sel.slice(this.split);
      const spell = (uids) => upper(uids.map((uid) => this.lettersOf(this.byUid.get(uid))).join(""));
      places.push({ key: "both", verb: mine ? "add" : "steal", move: { type: "add", word: word.id, front: this.entries(front), back: this.entries(back) },
        parts: [[spell(front), true], [upper(word.text), false], [spell(back), true]] });
    }
    if (cards.length === 1 && cards[0].colour === "red") {
      for (let at = 1; at < text.length; at++) {
        places.push({ key: `insert-${at}`, verb: "insert", move: { type: "insert", word: word.id, at, card: cards[0].uid },
          parts: [[upper(text.slice(0, at).join("")), false], [added, true], [upper(text.slice(at).join("")), false]] });
      }
    }
    if (cards.length === 1 && cards[0].colour === "blue") {
      const size = cards[0].letters.length;
      for (const side of ["front", "end"]) {
        let letters = 0;
        for (let count = 1; count < text.length; count++) {
          letters += (side === "front" ? text[count - 1] : text[text.length - count]).length;
          if (letters > size) break;
          if (letters !== size) continue;
          const kept = side === "front" ? text.slice(count) : text.slice(0, text.length - count);
          const gone = side === "front" ? text.slice(0, count) : text.slice(text.length - count);
          places.push({ key: `replace-${side}-${count}`, verb: "replace", gone: upper(gone.join("")),
            move: { type: "replace", word: word.id, card: cards[0].uid, side, count },
            parts: side === "front" ? [[added, true], [upper(kept.join("")), false]] : [[upper(kept.join("")), false], [added, true]] });
        }
      }
    }
    return places;
  }

  /** The play the screen would send now, with its button's words; null when none. */
  candidate() {
    if (this.phase !== "play") return null;
    const cards = this.cards();
    if (this.target === null) {
      if (cards.length && !cards.some((card) => card.kind === "steal-one")) {
        return { move: { type: "word", cards: this.entries() }, label: `Play ${upper(cards.map((c) => this.lettersOf(c)).join(""))}`, verb: "word" };
      }
      return null;
    }
    const places = this.placements();
    const place = places.find((p) => p.key === this.placeKey) ?? places[0];
    if (!place) return null;
    this.placeKey = place.key;
    const word = this.targetWord();
    const spelled = place.parts.map(([text]) => text).join("");
    const labels = {
      add: `Make ${upper(word.text)} into ${spelled}`, steal: `Steal ${upper(word.text)}: ${spelled}`,
      insert: word.owner === this.me ? `Insert: ${spelled}` : `Steal ${upper(word.text)}: ${spelled}`,
      replace: `${word.owner === this.me ? "Change" : "Steal"} ${upper(word.text)}: ${spelled}`,
      join: `Steal ${upper(word.text)}: ${spelled}`,
    };
    return { move: place.move, label: labels[place.verb], verb: place.verb, place };
  }

  // -- drawing -------------------------------------------------------------------------------

  draw() {
    const view = this.view;
    const parts = [];
    if (this.phase === "trim") parts.push(element("p", { class: "word-banner" },
      toPlayer(this.player.name, `you lost the challenge. Discard ${plural(this.hand.length - this.view.turn_hand, "card")}, down to ${this.view.turn_hand}.`, ": ")));
    else if (this.phase === "draw") parts.push(element("p", { class: "word-banner" },
      toPlayer(this.player.name, `begin your turn. Draw from the stack, or take cards from the top of the discard pile.`, ": ")));
    else parts.push(element("p", { class: "word-banner" }, this.playBanner()));
    if (view.must_play !== null && view.must_play !== undefined && this.byUid.has(view.must_play)) {
      parts.push(element("p", { class: "notice olb-must", id: "olb-must" }, `Your next play must use the `,
        element("strong", {}, cardName(this.byUid.get(view.must_play))), " you took from the pile (marked in your hand), or put the cards back."));
    }
    // The table and the pile first, then the hand with what it is making right under it.
    parts.push(statusLine(view),
      tableElement(view, this.players, { onTap: this.phase === "play" ? (word) => this.tapWord(word) : null, chosen: this.target }),
      pileElement(view, this.pileTapper()));
    // On a phone the hand and its buttons stay at the foot of the screen while the table scrolls.
    parts.push(element("div", { class: "olb-play-area", id: "olb-play-area" }, this.handSection(), this.actionsSection(), this.message));
    parts.push(outElement(view, this.players),
      element("p", { class: "hint" }, element("a", { href: "how-to-play/one-letter-better.html", target: "_blank", rel: "noopener" }, "How to play"),
        " · a word is worth its cards' points, plus ", String(view.bonus[this.me]), " for each card above three."));
    redraw(this.element, parts.filter(Boolean)); // a tap redraws the turn: the keyboard keeps its place
    this.keepChosenWordInView();
    requestAnimationFrame(() => this.uncoverPile()); // once the turn is on the page and laid out
    this.refreshPreview();
  }

  /** On a phone the hand sits over the table: a word newly chosen (by Suggest, say) is brought
   * into the part of the screen the hand leaves free. */
  keepChosenWordInView() {
    const fresh = this.target !== null && this.target !== this.shownTarget;
    this.shownTarget = this.target;
    if (!fresh || !matchMedia("(max-width: 700px)").matches) return;
    this.element.querySelector(".olb-word.chosen")?.scrollIntoView({ block: "start", behavior: "instant" });
  }

  /** At the start of a turn on a phone, the pile's top card (the one to take or leave) is
   * brought above the hand, which stays at the foot of the screen over the table: the page
   * scrolls until it is uncovered (the hand's panel then rests where it belongs, under it). */
  uncoverPile() {
    if (this.phase !== "draw" || !this.element.isConnected || !matchMedia("(max-width: 700px)").matches) return;
    const top = [...this.element.querySelectorAll("#olb-pile .olb-pile-card")].at(-1)?.getBoundingClientRect();
    const hand = this.element.querySelector("#olb-play-area")?.getBoundingClientRect();
    if (top && hand && top.bottom > hand.top) window.scrollBy({ top: top.bottom - hand.top + 8, behavior: "instant" });
  }

  playBanner() {
    const { view } = this;
    if (view.played) return toPlayer(this.player.name, `play more, or end your turn.`, ": ");
    if (!view.stack) return toPlayer(this.player.name, `play, or end your turn (the stack is empty: no more discarding).`, ": ");
    return toPlayer(this.player.name, `play a word, change one on the table, or discard one to four cards.`, ": ");
  }

  handSection() {
    const view = this.view;
    const taken = new Set(view.taken ?? []);
    const cards = this.hand.map((card) => {
      const order = this.sel.indexOf(card.uid);
      const must = view.must_play === card.uid;
      const face = cardFace(card, { tag: "button", className: ["olb-hand-card", order >= 0 && "selected", must && "must", taken.has(card.uid) && "taken"].filter(Boolean).join(" "),
        attrs: { type: "button", "aria-pressed": String(order >= 0), "data-next": this.phase !== "draw" } });
      if (order >= 0) face.append(element("span", { class: "olb-order", "aria-hidden": "true" }, String(order + 1)));
      if (must) face.append(element("span", { class: "olb-must-tag", "aria-hidden": "true" }, "must play"));
      face.addEventListener("click", () => this.tapCard(card.uid));
      return face;
    });
    // The instruction is small beside the title: on a phone the hand sits over the table.
    const [title, how] = this.phase === "trim" ? ["Your hand", "tap the cards to discard"]
      : this.phase === "draw" ? [`Your hand (${plural(this.hand.length, "card")})`, null]
        : ["Your hand", `tap cards in spelling order${this.target !== null ? "" : ", or a word on the table to change it"}`];
    return element("section", { class: "olb-hand-section" },
      element("h3", { class: "olb-h" }, title, how ? element("span", { class: "olb-hand-how" }, `: ${how}`) : null),
      element("div", { class: "olb-hand", id: "olb-hand" }, ...(cards.length ? cards : [element("span", { class: "muted" }, "Your hand is empty.")])));
  }

  /** The tray: the chosen cards in order (wild cards ask for their letters), where they go, the
   * preview and the buttons of this phase. */
  actionsSection() {
    const box = element("section", { class: "olb-actions", id: "olb-actions" });
    const buttons = [];
    const mark = (node) => {
      if (node && this.suggested && node.id === this.suggested) node.classList.add("olb-suggested");
      return node;
    };
    if (this.phase === "draw") {
      const wanted = Math.min(this.view.stack, Math.max(this.view.turn_hand - this.hand.length, this.view.robbed.includes(this.me) ? 2 : 1));
      buttons.push(mark(button(this.view.stack ? `Draw ${plural(wanted, "card")}` : "Draw (the stack is empty)", () => this.send({ type: "draw" }), { primary: true, id: "olb-draw", "data-next": true })));
      if (this.view.pile.length && this.pileFrom !== null) {
        const count = this.view.pile.length - this.pileFrom;
        buttons.push(mark(button(`Take ${count === 1 ? "the top card" : `${count} cards`} from the pile`, () => this.send({ type: "take", count }), { id: "olb-take" })));
      }
      box.append(element("div", { class: "row" }, ...buttons, this.suggestButton()));
      if (this.view.pile.length) {
        const bottom = this.view.pile[this.pileFrom];
        const binding = this.view.pile.length - this.pileFrom >= this.view.binding_take;
        box.append(element("p", { class: "hint", id: "olb-take-hint" }, "Tap a card of the pile to take it and every card above it. ",
          binding ? `The lowest card you take (now ${cardName(bottom)}) must be played this turn.`
            : `Taken alone, the top card is yours like a card drawn; take ${this.view.binding_take} or more and the lowest must be played this turn.`));
      }
      return box;
    }
    if (this.phase === "trim") {
      const excess = this.hand.length - this.view.turn_hand;
      box.append(element("div", { class: "row" }, mark(button(`Discard ${plural(this.sel.length, "card")}`, () => this.send({ type: "discard", cards: this.sel }),
        { primary: true, id: "olb-discard", disabled: this.sel.length !== excess }))));
      box.append(element("p", { class: "hint" }, `Choose exactly ${plural(excess, "card")}: they go onto the discard pile.`));
      return box;
    }
    // The play phase.
    const cards = this.cards();
    if (cards.length) {
      box.append(element("div", { class: "olb-tray", id: "olb-tray" }, element("span", { class: "olb-label" }, "Chosen:"),
        ...cards.map((card) => this.trayCard(card)),
        button("Clear", () => this.clear(), { small: true, id: "olb-clear" })));
    }
    const places = this.placements();
    const word = this.targetWord();
    if (word) {
      const whose = word.owner === this.me ? "your word" : `${nameOf(this.players, word.owner)}'s word`;
      box.append(element("p", { class: "olb-target-line" }, `Chosen on the table: ${upper(word.text)} (${whose}). `,
        button("Choose none", () => this.tapWord(word), { small: true, id: "olb-untarget" })));
      if (places.length) {
        box.append(element("div", { class: "olb-places", id: "olb-places", role: "radiogroup", "aria-label": "Where the cards go" },
          ...places.map((place) => {
            const chosen = place.key === (this.placeKey ?? places[0].key);
            const chip = element("button", { type: "button", class: `olb-place${chosen ? " chosen" : ""}`, role: "radio", "aria-checked": String(chosen), "data-place": place.key },
              element("span", { class: "olb-place-verb" }, placeVerb(place)),
              element("span", { class: "olb-place-text" }, ...place.parts.map(([text, added]) => (added ? element("b", {}, text) : text))));
            chip.addEventListener("click", () => {
              this.placeKey = place.key;
              this.placePicked = true;
              this.suggested = null;
              this.draw();
            });
            return chip;
          })));
      } else if (!cards.length) {
        box.append(element("p", { class: "hint" }, word.owner === this.me
          ? "Choose cards from your hand to add to it (at either end; a red card anywhere inside; a blue card in place of letters at an end)."
          : "Choose cards from your hand to steal it (one card, or several that spell a word at one end; no wild card), or join one of your own words to it."));
      } else {
        box.append(element("p", { class: "hint bad" }, "Those cards cannot go into a word."));
      }
    }
    this.preview = element("div", { class: "olb-preview", id: "olb-preview", "aria-live": "polite" });
    box.append(this.preview);
    const candidate = this.candidate();
    this.playButton = null;
    if (candidate) {
      this.playButton = mark(button(candidate.label, () => this.send(candidate.move), { primary: true, id: "olb-play", "data-next": true }));
      buttons.push(this.playButton);
    }
    // STL-1, alone: whose hand to take from.
    if (cards.length === 1 && cards[0].kind === "steal-one" && this.target === null) {
      for (let seat = 0; seat < this.view.options.players; seat++) {
        if (seat === this.me || !this.view.hand_sizes[seat]) continue;
        buttons.push(mark(button(`Take a card from ${nameOf(this.players, seat)}`, () => this.send({ type: "steal-card", card: cards[0].uid, from: seat }),
          { id: `olb-steal-from-${seat}`, class: "button olb-steal-from", "data-seat": seat })));
      }
    }
    // A blue card, alone: swap it with a card of the pile.
    if (cards.length === 1 && cards[0].colour === "blue" && this.target === null && this.view.pile.length) {
      if (this.pileSwap !== null) {
        const pulled = this.view.pile[this.pileSwap];
        buttons.push(mark(button(`Swap your blue ${upper(cards[0].letters)} for the pile's ${cardName(pulled)}`,
          () => this.send({ type: "swap", card: cards[0].uid, pile: this.pileSwap }), { id: "olb-swap" })));
      } else {
        box.append(element("p", { class: "hint" }, "Or tap a card of the discard pile to swap your blue card for it."));
      }
    }
    if (this.view.can_discard && cards.length && this.target === null) {
      const n = cards.length;
      buttons.push(mark(button(n <= this.view.max_discard ? `Discard ${n} and draw ${n}` : `Discard (at most ${this.view.max_discard})`,
        () => this.send({ type: "discard", cards: this.sel }), { id: "olb-discard", disabled: n > this.view.max_discard })));
    }
    if (this.view.can_put_back) {
      const back = this.view.taken.length === 1 ? "Put the card back and draw instead" : "Put the cards back and draw instead";
      buttons.push(mark(button(back, () => this.send({ type: "put-back" }), { small: true, id: "olb-put-back" })));
    }
    if (this.view.can_end) {
      buttons.push(mark(button("End my turn", () => this.send({ type: "end" }), { id: "olb-end", primary: !candidate })));
    }
    box.append(element("div", { class: "row olb-buttons" }, ...buttons, this.suggestButton()));
    if (!cards.length && !word) {
      box.append(element("p", { class: "hint olb-repeated" }, this.view.played ? "Tap cards to play again, or end your turn."
        : this.view.can_discard ? "Tap cards to spell a word, or choose 1 to 4 cards to discard (your turn then ends and you draw as many)."
          : "Tap cards to spell a word."));
    }
    return box;
  }

  trayCard(card) {
    const face = cardFace(card, { letters: (card.kind === "wild" || card.kind === "double-wild") ? this.wild[card.uid] || null : null, className: "small" });
    if (card.kind !== "wild" && card.kind !== "double-wild") return face;
    const size = card.kind === "wild" ? 1 : 2;
    const input = element("input", { class: "olb-wild-input", id: `olb-wild-${card.uid}`, "data-uid": card.uid, maxlength: size, size: 2,
      value: this.wild[card.uid] ?? "", autocomplete: "off", autocapitalize: "characters", spellcheck: "false",
      placeholder: size === 1 ? "?" : "??", "aria-label": size === 1 ? "The letter the wild card stands for" : "The two letters the double wild card stands for" });
    input.addEventListener("input", () => {
      input.value = input.value.replace(/[^a-z]/gi, "").toUpperCase().slice(0, size);
      this.wild[card.uid] = input.value.toLowerCase();
      this.suggested = null;
      this.refreshLabels();
    });
    input.addEventListener("change", () => this.draw());
    if (!this.wild[card.uid]) setTimeout(() => input.isConnected && document.activeElement?.tagName !== "INPUT" && input.focus());
    return element("span", { class: "olb-wild-pick" }, face, input);
  }

  /** After a wild card's letter is typed: the play's label and preview, without redrawing the
   * field being typed in. */
  refreshLabels() {
    const candidate = this.candidate();
    if (this.playButton && candidate) {
      this.playButton.textContent = candidate.label;
      const fresh = this.playButton.cloneNode(true);
      fresh.addEventListener("click", () => this.send(this.candidate().move));
      this.playButton.replaceWith(fresh);
      this.playButton = fresh;
    }
    for (const chip of this.element.querySelectorAll(".olb-place")) {
      const place = this.placements().find((p) => p.key === chip.dataset.place);
      if (place) chip.querySelector(".olb-place-text").replaceChildren(...place.parts.map(([text, added]) => (added ? element("b", {}, text) : text)));
    }
    this.refreshPreview();
  }

  pileTapper() {
    const view = this.view;
    if (this.phase === "draw" && view.pile.length) {
      return { onTap: (index) => {
        this.pileFrom = index;
        this.suggested = null;
        this.draw();
      }, marked: { from: this.pileFrom, to: view.pile.length - 1, bottom: this.pileFrom },
      markText: `taking ${plural(view.pile.length - this.pileFrom, "card")}` };
    }
    const cards = this.cards();
    if (this.phase === "play" && cards.length === 1 && cards[0].colour === "blue" && this.target === null && view.pile.length) {
      return { onTap: (index) => {
        this.pileSwap = this.pileSwap === index ? null : index;
        this.draw();
      }, marked: this.pileSwap === null ? null : { from: this.pileSwap, to: this.pileSwap }, markText: "tap a card to swap with" };
    }
    return {};
  }

  suggestButton() {
    if (!this.suggest || this.phase === "trim") return null;
    return button("Suggest", () => this.takeSuggestion(), { small: true, id: "olb-suggest" });
  }

  /** A bot's move, shown as a choice the player still confirms (its button marked). */
  async takeSuggestion() {
    let move;
    try {
      move = await this.suggest();
    } catch (error) {
      this.say(error.message, true);
      return;
    }
    if (!move) return;
    this.sel = [];
    this.wild = {};
    this.target = null;
    this.placeKey = null;
    this.placePicked = false;
    this.split = undefined;
    this.pileSwap = null;
    const pick = (entries) => {
      for (const entry of entries) {
        const [uid, letters] = Array.isArray(entry) ? entry : [entry, null];
        this.sel.push(uid);
        if (letters) this.wild[uid] = letters;
      }
    };
    let text;
    switch (move.type) {
      case "draw": this.suggested = "olb-draw"; text = "draw from the stack"; break;
      case "take": this.pileFrom = this.view.pile.length - move.count; this.suggested = "olb-take"; text = `take ${plural(move.count, "card")} from the pile`; break;
      case "word": pick(move.cards); this.suggested = "olb-play"; text = "play this word"; break;
      case "add":
        pick(move.front); pick(move.back); this.target = move.word;
        if (move.front.length && move.back.length) { this.split = move.front.length; this.placeKey = "both"; } else this.placeKey = move.front.length ? "front" : "end";
        this.suggested = "olb-play"; text = "add these cards to the word"; break;
      case "insert": pick([move.card]); this.target = move.word; this.placeKey = `insert-${move.at}`; this.suggested = "olb-play"; text = "insert the red card"; break;
      case "replace": pick([move.card]); this.target = move.word; this.placeKey = `replace-${move.side}-${move.count}`; this.suggested = "olb-play"; text = "replace letters with the blue card"; break;
      case "join": this.target = move.word; this.placeKey = `join-${move.with}-${move.first ? "first" : "last"}`; this.suggested = "olb-play"; text = "join your word to it"; break;
      case "swap": pick([move.card]); this.pileSwap = move.pile; this.suggested = "olb-swap"; text = "swap your blue card with the pile"; break;
      case "steal-card": pick([move.card]); this.suggested = `olb-steal-from-${move.from}`; text = `take a card from ${nameOf(this.players, move.from)}`; break;
      case "discard": pick(move.cards); this.suggested = "olb-discard"; text = `discard ${plural(move.cards.length, "card")}`; break;
      case "put-back": this.suggested = "olb-put-back"; text = "put the cards back"; break;
      default: this.suggested = "olb-end"; text = "end your turn";
    }
    this.draw();
    this.say(`Suggestion: ${text} (the marked button).`);
    document.getElementById(this.suggested)?.focus();
  }

  /** Another placement of the chosen cards that the rules accept, made the chosen one (the
   * screen drawn again); false when none is, or the player moved on meanwhile. */
  async acceptedPlacement(candidate, seq) {
    for (const place of this.placements()) {
      if (place.key === this.placeKey || JSON.stringify(place.move) === JSON.stringify(candidate.move)) continue;
      const answer = await this.ask("preview", { move: place.move }).catch(() => null);
      if (seq !== this.previewSeq) return true; // a newer preview is on its way
      if (answer?.ok) {
        this.placeKey = place.key;
        this.draw();
        return true;
      }
    }
    return false;
  }

  /** Asks Python what the play chosen now would make and score, or why it is refused. */
  async refreshPreview() {
    const preview = this.preview;
    if (!preview) return;
    const candidate = this.candidate();
    const seq = ++this.previewSeq;
    if (!candidate) {
      preview.replaceChildren();
      return;
    }
    if (!this.ask) return;
    preview.replaceChildren(element("span", { class: "muted" }, "…"));
    let answer;
    try {
      answer = await this.ask("preview", { move: candidate.move });
    } catch (error) {
      answer = { ok: false, reason: error.message, words: [] };
    }
    if (seq !== this.previewSeq || !preview.isConnected) return;
    // The first placement offered (at the end) refused, though another (at the front) stands:
    // unless the player chose this one, the screen offers the one the rules accept.
    if (!answer.ok && !this.placePicked && await this.acceptedPlacement(candidate, seq)) return;
    // Python's refusal is said once, here: the play it refuses cannot be sent.
    if (this.playButton) this.playButton.disabled = !answer.ok;
    if (answer.ok) {
      const [first, ...rest] = answer.words.map(upper);
      const judged = this.view.options.judge === "players" && this.view.options.players > 1;
      preview.replaceChildren(element("p", { class: "olb-verdict good", "data-verdict": "ok" },
        element("strong", { class: "olb-preview-word" }, first ?? ""), ` · ${signed(answer.scored)}`,
        rest.length ? element("span", { class: "muted" }, ` (${rest.join(", ")} must be a word too)`) : null,
        judged ? element("span", { class: "muted" }, " · the others may challenge it") : null));
    } else {
      preview.replaceChildren(element("p", { class: "olb-verdict bad", "data-verdict": "refused" }, `✗ ${answer.reason}`));
    }
  }
}

function placeVerb(place) {
  if (place.verb === "join") return "join";
  if (place.verb === "insert") return "insert";
  if (place.verb === "replace") return `for ${place.gone}`;
  if (place.key === "front") return "front";
  if (place.key === "end") return "end";
  return "both ends";
}
