// Choosing an order on the board, by clicks or by the keyboard: a unit (or a centre, or a power for
// an order with no place) first, then a kind of order (its mode), then the places it names, until one
// legal order is left; or an order chosen from the menu's list. The order is then written into its
// box, as if typed (the box's own input event runs), and the board is drawn again from the boxes.
// The legal orders come from the options calculator (options.js); a click only looks them up.
import { button } from "../calculator/dom.js";
import { plural } from "../calculator/words.js";
import { revealAboveMenu } from "./in-view.js";
import { pointerWords } from "./layout.js";
import { coastTwins, provinceOf } from "./options.js";
import { rewrite } from "./rewrite.js";

// A province as the site writes it in orders ("pic" -> "Pic", "stp" -> "StP": calculators/diplomacy/map.py show).
const shown = (key) => (key === "stp" ? "StP" : key.charAt(0).toUpperCase() + key.slice(1));
const COASTS = { nc: "north", sc: "south", ec: "east", wc: "west" };

export class OrderEntry {
  // board: the Board (board.js): its options, map, menu elements, boxes and refresh.
  constructor(board) {
    this.board = board;
    this.sel = null; // {key, mode, picks, keyboard, present}: the order being chosen
    this.looseFor = null; // the options the loose orders' buttons were made for
    this.coastsShown = ""; // the coasts the map offers now (highlight), to bring them into view once
  }

  get options() {
    return this.board.options;
  }

  subject() {
    return this.sel && this.options ? this.options.subjects.get(this.sel.key) : null;
  }

  // A pick is a province clicked (or a coast chosen): it matches a place of that province, any coast.
  matches(c, picks) {
    if (c.mode !== this.sel.mode) return false;
    const path = c.path.map(provinceOf);
    if (c.anyOrder) return picks.every((p) => path.includes(p)) && new Set(picks).size === picks.length;
    return picks.every((p, i) => path[i] === p);
  }

  candidates(picks) {
    const s = this.subject();
    return s ? s.choices.filter((c) => this.matches(c, picks || this.sel.picks)) : [];
  }

  // Every place the next click may name.
  nextClicks() {
    const out = new Set();
    const picks = this.sel.picks;
    for (const c of this.candidates()) {
      if (c.anyOrder) c.path.map(provinceOf).forEach((p) => !picks.includes(p) && out.add(p));
      else if (c.path.length > picks.length) out.add(provinceOf(c.path[picks.length]));
    }
    return out;
  }

  // The coasts the map offers while a fleet's coast is being chosen (its move, retreat or build to Spa, StP or
  // Bul): the orders the clicks so far have finished that differ only by their coast. [{loc, name, choice}]
  coastTargets() {
    if (!this.sel || !this.options) return [];
    const done = this.candidates().filter((c) => !c.anyOrder && c.path.length === this.sel.picks.length);
    return coastTwins(done).map(({ loc, choice }) => ({ loc, choice,
      name: shown(provinceOf(loc)) + " " + (COASTS[loc.split("/")[1]] || loc.split("/")[1]) + " coast: " +
        choice.order }));
  }

  highlight() {
    const targets = this.coastTargets();
    const fresh = targets.map((t) => t.loc).join() !== this.coastsShown;
    this.coastsShown = targets.map((t) => t.loc).join();
    const group = this.board.map.highlight(this.sel ? this.sel.key : null, this.sel ? this.nextClicks() : new Set(),
      targets);
    // On a phone the coasts just offered are brought above the order menu's panel, as a chosen unit is.
    if (group && fresh) revealAboveMenu(group, this.board.parts.menu, this.board.parts.figure);
  }

  // A coast target on the map chosen: its order is written (as its button would).
  pickCoast(loc) {
    const target = this.coastTargets().find((t) => t.loc === loc);
    if (target) this.write(this.subject(), target.choice);
  }

  modeLabel(m) {
    const x = this.options.modes.get(m);
    return x ? x.label : m;
  }

  // The mode's hint, with its coast clause only for a unit that has a coast to choose in it (two of its orders
  // chosen by the same clicks that name two coasts of one province: a fleet that can reach Spa, StP or Bul).
  modeHint(m) {
    const x = this.options.modes.get(m);
    if (!x) return "";
    const s = this.subject();
    const same = new Map(); // the mode's orders by their clicks
    for (const c of s ? s.choices.filter((o) => o.mode === m) : []) {
      const k = c.path.map(provinceOf).join(" ");
      same.set(k, (same.get(k) || []).concat([c]));
    }
    const coasts = x.coasts && [...same.values()].some((g) => coastTwins(g).length);
    return pointerWords(coasts ? x.hint + " " + x.coasts : x.hint);
  }

  select(key, keyboard) {
    const s = this.options && this.options.subjects.get(key);
    if (!s) return;
    const present = [...new Set(s.choices.map((c) => c.mode))];
    const order = [...this.options.modes.keys()];
    present.sort((a, b) => order.indexOf(a) - order.indexOf(b));
    const withPath = present.find((m) => s.choices.some((c) => c.mode === m && c.path.length));
    // The menu opens on the kind of order the unit has (a unit ordered to hold: Hold), else the first with places.
    const now = this.current(s);
    const mine = now && s.choices.concat(s.aliases).find((c) => String(c.line).trim() === String(now.own).trim());
    this.sel = { key, mode: mine ? mine.mode : withPath || present[0], picks: [], keyboard: !!keyboard, present };
    this.showMenu();
    this.highlight();
    revealAboveMenu(this.board.map.focusable(key), this.board.parts.menu, this.board.parts.figure);
    const counts = present.map((m) => s.choices.filter((c) => c.mode === m).length + " " +
      this.modeLabel(m).toLowerCase());
    this.board.announce(s.label + " chosen: " + counts.join(", ") + ". " + this.modeHint(this.sel.mode));
    const { choices, modes, prompt } = this.board.parts;
    if (keyboard) (choices.querySelector("button") || modes.querySelector("button") || prompt).focus();
  }

  deselect(returnFocus) {
    const key = this.sel && this.sel.key;
    const keyboard = this.sel && this.sel.keyboard;
    const menu = this.board.parts.menu;
    this.sel = null;
    menu.hidden = true;
    this.highlight();
    if (!returnFocus || !key) return;
    this.board.announce("Nothing chosen.");
    if (keyboard || menu.contains(document.activeElement) || document.activeElement === document.body) {
      const node = this.board.map.focusable(key);
      if (node) node.focus({ preventScroll: true });
    }
  }

  setMode(mode) {
    const s = this.subject();
    if (!s) return;
    this.sel.mode = mode;
    this.sel.picks = [];
    const all = s.choices.filter((c) => c.mode === mode);
    if (all.length === 1 && !all[0].path.length) {
      this.write(s, all[0]);
      return;
    }
    const { menu, modes } = this.board.parts;
    const inMenu = menu.contains(document.activeElement);
    this.showMenu();
    this.highlight();
    // The mode buttons were made again: the keyboard stays on the one just pressed.
    if (inMenu) {
      const b = modes.querySelector(`[data-mode="${CSS.escape(mode)}"]`);
      if (b) b.focus();
    }
    this.board.announce(this.modeLabel(mode) + ": " + plural(all.length, "order") + ". " + this.modeHint(mode));
  }

  showMenu() {
    const { menu, prompt, modes, hint, choices } = this.board.parts;
    const s = this.subject();
    if (!s) {
      menu.hidden = true;
      return;
    }
    menu.hidden = false;
    prompt.textContent = s.label + ": " + this.modeLabel(this.sel.mode) + this.stepText();
    this.showCurrent(s);
    modes.replaceChildren(...this.sel.present.map((m) => {
      const b = button("board-mode", this.modeLabel(m), { "aria-pressed": m === this.sel.mode ? "true" : "false",
        "data-mode": m });
      b.addEventListener("click", () => this.setMode(m));
      return b;
    }));
    hint.textContent = this.sel.picks.length ? "" : this.modeHint(this.sel.mode);
    const now = this.current(s);
    choices.replaceChildren(...this.candidates().map((c) => this.choiceButton(s, c, c.line, now)));
  }

  // What the places clicked so far leave to do, in words.
  stepText() {
    const picks = this.sel.picks;
    if (!picks.length) return "";
    const left = this.candidates();
    const chosen = ": " + picks.map(shown).join(" then ") + " chosen";
    if (left.length === 1) {
      return chosen + ". " + (this.nextClicks().size ? pointerWords("Click ") + [...this.nextClicks()].map(shown)
        .join(", ") + " (highlighted) to finish it, or choose it below." : "Choose it below to write it.");
    }
    const done = left.length > 1 && left.every((c) => c.path.length === picks.length);
    if (done && this.coastTargets().length) {
      return chosen + pointerWords(". Which coast? Click it on the map (highlighted), or choose it below.");
    }
    return chosen + (done ? ". Choose it below." : pointerWords(". Click the next place (highlighted), or " +
      "choose below."));
  }

  // The unit's order as the boxes hold it now (the engine's check), or null.
  current(s) {
    const typed = this.board.preview ? this.board.preview.typed : [];
    if (!s.at) return null;
    const field = s.choices.length ? s.choices[0].field : null;
    return typed.find((t) => t.field === field && t.at === s.at) || null;
  }

  showCurrent(s) {
    const { current, removeBtn } = this.board.parts;
    const now = this.current(s);
    current.hidden = !now;
    removeBtn.hidden = !now;
    current.textContent = now ? "Ordered now: " + String(now.own) + (now.status !== "accepted"
      ? " (" + String(now.status) + ")" : "") : "";
  }

  // The chosen unit's order taken out of its box (the box's own input event runs, as if deleted).
  async remove() {
    const s = this.subject();
    const now = s && this.current(s);
    if (!now) return;
    const field = this.board.cw.fields.get(now.field);
    field.input.value = rewrite(field.input.value, this.board.preview.typed, now.field, s.at, null);
    field.input.dispatchEvent(new Event("input", { bubbles: true }));
    this.deselect(false);
    this.board.announce("Removed from " + field.label + ": " + String(now.own) + ".");
    await this.board.refresh();
  }

  choiceButton(s, c, text, now = null) {
    const mine = now && String(now.own).trim() === String(c.line).trim();
    const attrs = { "data-order": c.order };
    if (mine) attrs["aria-current"] = "true";
    const b = button("board-choice", text, attrs);
    b.addEventListener("click", () => this.write(s, c));
    return b;
  }

  // Orders that name no place (a waive): buttons of their own.
  showLoose() {
    const loose = this.options ? [...this.options.subjects.values()].filter((s) => !s.at) : [];
    if (this.looseFor === this.options) return;
    this.looseFor = this.options;
    const box = this.board.parts.loose;
    box.hidden = !loose.length;
    box.replaceChildren(...loose.flatMap((s) => s.choices.map((c) => this.choiceButton(s, c, c.order))));
  }

  // A province was clicked (or a unit on it): the next step of the order being chosen, or a new unit.
  pick(key, keyboard) {
    if (this.board.history.viewing !== null || !this.options) return;
    if (!this.sel) {
      if (this.options.subjects.has(key)) this.select(key, keyboard);
      return;
    }
    if (this.nextClicks().has(key)) {
      this.pickPlace(key);
      return;
    }
    if (key === this.sel.key) this.deselect(true);
    else if (this.options.subjects.has(key)) this.select(key, keyboard);
    else this.board.announce(shown(key) + " is not a place this order can name. " +
      this.modeHint(this.sel.mode));
  }

  pickPlace(key) {
    const picks = this.sel.picks.concat([key]);
    const left = this.candidates(picks);
    // Written only once the player has named every place of the order: one order left after an
    // earlier click is shown, to be finished by its last click or its button, never written for them.
    if (left.length === 1 && (left[0].anyOrder || left[0].path.length <= picks.length)) {
      this.write(this.subject(), left[0]);
      return;
    }
    this.sel.picks = picks;
    this.showMenu();
    this.highlight();
    const more = this.nextClicks().size;
    const coasts = !more && this.coastTargets().length;
    this.board.announce(shown(key) + " chosen: " + plural(left.length, "order") + " left" + (more
      ? pointerWords("; click the next place.") : coasts ? pointerWords("; which coast? Click it on the map, or " +
        "choose it below.") : "; choose one below."));
  }

  clicked(e) {
    const coast = e.target.closest(".coast-target");
    if (coast && this.board.parts.figure.contains(coast)) {
      if (this.sel) this.sel.keyboard = e.detail === 0;
      this.pickCoast(coast.getAttribute("data-coast"));
      return;
    }
    const target = e.target.closest("[data-unit], [data-province]");
    if (!target || !this.board.parts.figure.contains(target)) return;
    const key = provinceOf(target.getAttribute("data-unit") || target.getAttribute("data-province"));
    this.pick(key, e.detail === 0);
  }

  key(e) {
    if (e.key === "Escape" && this.sel) {
      e.preventDefault();
      this.deselect(true);
      return;
    }
    if (e.key !== "Enter" && e.key !== " ") return;
    const coast = e.target.closest(".coast-target");
    if (coast) {
      e.preventDefault();
      if (this.sel) this.sel.keyboard = true;
      this.pickCoast(coast.getAttribute("data-coast"));
      return;
    }
    const target = e.target.closest("[data-unit], [data-province]");
    if (!target || !target.hasAttribute("tabindex") || target.tagName === "svg") return;
    e.preventDefault();
    this.pick(provinceOf(target.getAttribute("data-unit") || target.getAttribute("data-province")), true);
  }

  // Writes the order into its box: where the unit's old order stands comes from the engine's check of
  // the boxes as they are now.
  async write(s, choice) {
    const board = this.board;
    const keyboard = this.sel && this.sel.keyboard;
    const field = board.cw.fields.get(choice.field);
    if (!field) return;
    if (!board.preview || board.preview.key !== board.ordersKey()) await board.refresh();
    const typed = board.preview ? board.preview.typed : [];
    field.input.value = rewrite(field.input.value, typed, choice.field, s.at, choice.line);
    field.input.dispatchEvent(new Event("input", { bubbles: true })); // the widget sees it as typed
    this.sel = null;
    board.parts.menu.hidden = true;
    this.highlight();
    board.announce("Written in " + field.label + ": " + choice.order + ".");
    await board.refresh();
    if (keyboard) {
      const node = board.map.focusable(s.key);
      if (node) node.focus({ preventScroll: true });
    }
  }
}
