// The form laid out before the page is first drawn (issue 25): bundled on its own into
// assets/engine/early-form.js, a classic script that pages with a widget load from <head>
// (overrides/main.html), so that the script inside each widget (hooks/widgets.py) can run it as the
// page is read. The calculator code replaces this form with the live one, which has the same shape.
import { bringUpEarly } from "../board/arrival.js";
import { earlyForm } from "./form.js";

// script: the script inside the widget that calls this; it leaves the page (a widget holds no script).
window.__calcEarlyForm = (script) => {
  const widgetEl = script.parentNode;
  script.remove();
  try {
    earlyForm(widgetEl);
    // A board's page opens at the board (board/arrival.js), before it is first drawn.
    const parts = widgetEl.calcEarlyForm;
    if (parts && widgetEl.hasAttribute("data-has-board")) bringUpEarly(parts.form);
  } catch (e) {
    // Nothing is lost: the calculator code lays the form out once it has loaded.
  }
};
