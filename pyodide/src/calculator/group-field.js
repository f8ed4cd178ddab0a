// A repeated group (parameter type "group"): one fieldset per item with its own fields, and buttons
// to add, remove and reorder items within min_items..max_items. Its value is a list of objects; in
// the URL and saved states, that list's JSON text.
import { button, el, has, isRecord, toggleAttribute } from "./dom.js";
import { paramLabel } from "./params.js";

export class GroupField {
  // makeItemField(wid, p): a field for one of an item's parameters (fields.js's makeField).
  constructor(wid, p, onChange, makeItemField) {
    this.p = p;
    this.group = true;
    this.label = p.label;
    this.onChange = onChange;
    this.makeItemField = makeItemField;
    this.id = wid + "-" + p.name;
    this.itemLabel = p.item_label || "Item";
    this.items = []; // [{box, legend, fields: Map(name -> field), up, down, remove}]
    this.foreign = null; // text from a link or file that is not a list of items: sent as is, for the engine to name
    this.err = el("small", { class: "calc-field-error", id: this.id + "-error", role: "alert", hidden: true });
    this.list = el("div", { class: "calc-group-items" });
    this.addBtn = button("calc-group-add", "Add " + this.itemLabel.toLowerCase(),
      { "aria-describedby": this.id + "-help" });
    this.addBtn.addEventListener("click", () => this.add());
    this.box = el("fieldset", { class: "calc-field calc-field-group", "data-param": p.name, id: this.id,
      "aria-describedby": this.id + "-help " + this.id + "-error" },
    el("legend", { text: paramLabel(p) }),
    el("small", { class: "calc-help", id: this.id + "-help", text: p.help || "" }),
    this.list, el("div", { class: "calc-group-actions" }, this.addBtn), this.err);
  }

  get max() {
    return this.p.max_items || Infinity;
  }

  firstInput(item) {
    return item.fields.values().next().value.input;
  }

  // Ids, legends and the buttons' state follow each item's place in the list.
  render() {
    this.list.replaceChildren();
    this.items.forEach((item, i) => {
      item.legend.textContent = this.itemLabel + " " + (i + 1);
      item.fields.forEach((f, name) => {
        const fid = this.id + "-" + i + "-" + name;
        f.input.id = fid;
        f.box.querySelector("label").setAttribute("for", fid);
        f.err.id = fid + "-error";
        f.box.querySelector(".calc-help").id = fid + "-help";
        f.input.setAttribute("aria-describedby", fid + "-help " + fid + "-error");
      });
      item.up.disabled = i === 0;
      item.down.disabled = i === this.items.length - 1;
      item.remove.disabled = this.items.length <= (this.p.min_items || 0);
      for (const [b, verb] of [[item.up, "Move up"], [item.down, "Move down"], [item.remove, "Remove"]]) {
        b.setAttribute("aria-label", verb + ": " + this.itemLabel + " " + (i + 1));
      }
      this.list.append(item.box);
    });
    this.addBtn.disabled = this.items.length >= this.max;
  }

  makeItem(values) {
    const item = { fields: new Map(), legend: el("legend", {}), up: button("calc-group-up", "↑"),
      down: button("calc-group-down", "↓"), remove: button("calc-group-remove", "Remove") };
    item.box = el("fieldset", { class: "calc-group-item" }, item.legend);
    for (const fp of this.p.fields) {
      const f = this.makeItemField(this.id + "-x", fp);
      f.set(values && has(values, fp.name) ? values[fp.name] : fp.default);
      item.fields.set(fp.name, f);
      item.box.append(f.box);
    }
    item.box.append(el("div", { class: "calc-group-item-actions" }, item.up, item.down, item.remove));
    item.up.addEventListener("click", () => this.move(item, -1));
    item.down.addEventListener("click", () => this.move(item, 1));
    item.remove.addEventListener("click", () => this.removeItem(item));
    return item;
  }

  // A change made here, by a button: drawn again, then the form is told.
  changed() {
    this.render();
    this.onChange(this.p.name);
  }

  add() {
    if (this.items.length >= this.max) return;
    this.foreign = null;
    this.items.push(this.makeItem(Object.fromEntries(this.p.fields.map((f) => [f.name, f.default]))));
    this.changed();
    this.firstInput(this.items[this.items.length - 1]).focus();
  }

  removeItem(item) {
    const i = this.items.indexOf(item);
    this.items = this.items.filter((x) => x !== item);
    this.foreign = null;
    this.changed();
    const next = this.items[Math.min(i, this.items.length - 1)];
    (next ? this.firstInput(next) : this.addBtn).focus();
  }

  move(item, delta) {
    const i = this.items.indexOf(item);
    const j = i + delta;
    if (j < 0 || j >= this.items.length) return;
    this.items.splice(i, 1);
    this.items.splice(j, 0, item);
    this.changed();
    const same = delta < 0 ? item.up : item.down; // keep the focus on the button, unless it is now disabled
    (same.disabled ? this.firstInput(item) : same).focus();
  }

  get() {
    if (this.foreign !== null) return this.foreign;
    return this.items.map((item) => Object.fromEntries(Array.from(item.fields, ([name, f]) => [name, f.get()])));
  }

  set(v) {
    let list = v;
    if (typeof v === "string") list = v.trim() === "" ? [] : parseList(v);
    const records = Array.isArray(list) && list.every(isRecord);
    this.foreign = records ? null : typeof v === "string" ? v : JSON.stringify(v);
    this.items = records ? list.slice(0, this.max).map((x) => this.makeItem(x)) : [];
    this.render();
  }

  invalid(on) {
    toggleAttribute(this.box, "aria-invalid", on);
  }

  focus() {
    (this.items[0] ? this.firstInput(this.items[0]) : this.addBtn).focus();
  }

  // "attackers.1.range" -> that item's field
  part(index, name) {
    const item = this.items[index];
    return item ? item.fields.get(name) || null : null;
  }

  parts() {
    return this.items.flatMap((item) => Array.from(item.fields.values()));
  }

  nameOf(input) {
    for (let i = 0; i < this.items.length; i++) {
      for (const [name, f] of this.items[i].fields) {
        if (f.input === input) return this.p.name + "." + i + "." + name;
      }
    }
    return this.p.name;
  }
}

function parseList(text) {
  try {
    return JSON.parse(text);
  } catch (e) {
    return null;
  }
}
