// A widget's state in the address bar (link-state.js's "#calc=..."), written only while the widget
// is on the page it belongs to: instant navigation may have taken the reader elsewhere.
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
