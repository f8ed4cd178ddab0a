// A widget's state in the address bar (link-state.js's "#calc=..."), written only while the widget
// is on the page it belongs to (instant navigation may have taken the reader elsewhere), and a link's
// state read back into the widget.
import { stateHash } from "../link-state.js";

export class WidgetAddress {
  // addressBar: the page's guarded address bar (navigation.js): {replace(hash), poppedWithin(ms)}.
  constructor(widgetEl, calc, addressBar) {
    this.w = widgetEl;
    this.calc = calc;
    this.bar = addressBar;
    this.home = location.pathname + location.search; // the page this widget belongs to
    this.timer = null;
  }

  alive() {
    return this.w.isConnected && location.pathname + location.search === this.home;
  }

  // push: a step that replaces what the fields held (Reset, Load, Continue, a file) gets its own
  // history entry, so the browser's Back brings the previous fields back. Typing replaces.
  write(values, push) {
    clearTimeout(this.timer);
    if (!this.alive()) return; // never write into another page's URL
    const hash = stateHash(this.calc, values);
    if (push && hash !== location.hash) history.pushState(null, "", hash);
    else this.bar.replace(hash);
  }

  // While the player types, the address bar follows a moment later (browsers throttle history updates).
  later(values) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.write(values()), 250);
  }

  link(values) {
    return location.origin + this.home + stateHash(this.calc, values);
  }
}

// A shared link to a widget inside a content tab opens that tab.
function showTab(widgetEl) {
  const block = widgetEl.closest(".tabbed-block");
  const set = block && block.closest(".tabbed-set");
  if (!set) return;
  const index = Array.from(block.parentElement.children).indexOf(block);
  const radios = set.querySelectorAll(":scope > input");
  if (radios[index]) radios[index].checked = true;
}

// Fills the widget from a link's values (a Map; the preset a link names first), says so, and works it out.
export function restoreFromLink(widget, values, fromHistory) {
  // Said before the fields change, so that an add-on can tell a link's filling from the player's (the
  // board's autosave keeps the game it holds, board/autosave.js).
  widget.w.dispatchEvent(new CustomEvent("calc:link", { detail: { fromHistory } }));
  showTab(widget.w);
  widget.lastChanged = null;
  widget.waiting = null;
  const presetName = widget.schema.presets && widget.schema.presets.name;
  const rest = new Map(values);
  let loaded = null;
  if (presetName && rest.has(presetName)) {
    loaded = widget.presetValues(rest.get(presetName));
    rest.delete(presetName);
  }
  widget.fill(loaded ? loaded.params : new Map(), { replace: true });
  const unknown = widget.fill(rest);
  widget.w.classList.add("calc-restored");
  const ignored = unknown.slice(0, 5).map((n) => "“" + n.slice(0, 30) + "”").join(", ");
  const extra = unknown.length ? " Ignored what this calculator does not take: " + ignored + "." : "";
  widget.note((fromHistory ? "Restored from the address bar" : "Opened from a link") +
    (loaded ? " (" + loaded.label + ")" : "") + "." + extra);
  // Wait for the page to settle (Material restores its own scroll first), then bring it into view.
  requestAnimationFrame(() => requestAnimationFrame(() => widget.w.scrollIntoView({ block: "start" })));
  if (presetName && values.has(presetName) && !loaded) {
    // The link asks for something this calculator does not have: say so, and run nothing.
    widget.errors.clear();
    const asked = String(values.get(presetName)).slice(0, 40);
    widget.showError({ field: null, message: widget.schema.presets.label + ": no such choice “" + asked + "”." });
    return;
  }
  widget.compute("link");
}
