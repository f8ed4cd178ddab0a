// The engine's errors, shown where the player is looking. The engine checks every value (its
// parameter coercion, calculators/core/params.py); the page only puts its message on the right field.

// "Label: message", unless the engine's message already starts with the field's label.
export function fieldMessage(field, message) {
  const text = String(message || "");
  if (!field || text.startsWith(field.label + ":")) return text;
  return field.label + ": " + text;
}

export class FieldErrors {
  constructor(fields, formError) {
    this.fields = fields; // name -> field (fields.js)
    this.formError = formError;
    this.last = null; // {field, cause}: the error shown last, and the change that first brought it on
  }

  // A refused file or saved state (status.js) is not about the fields: it stays until a note or the
  // player's next change replaces it, so a result that lands after it (the page's first live run) keeps it.
  clear() {
    if (!this.formError.dataset.refused) {
      this.formError.hidden = true;
      this.formError.textContent = "";
    }
    for (const f of this.fields.values()) {
      for (const x of f.group ? [f, ...f.parts()] : [f]) {
        x.err.hidden = true;
        x.err.textContent = "";
        x.invalid(false);
      }
    }
  }

  // The field an error names: "orders", or "attackers.1.range" (an item's field of a group).
  fieldFor(path) {
    if (typeof path !== "string") return null;
    const [name, index, part] = path.split(".");
    const f = this.fields.get(name);
    if (!f) return null;
    if (f.group && index !== undefined && part !== undefined) return f.part(Number(index), part) || f;
    return f;
  }

  // The message goes where the player is looking: on the field they changed when the check
  // involves it (error.fields), else on the field named. The changed field gets a pointer ("This
  // change conflicts with ...") only when the change can have caused it: not when the engine says
  // the check involves other fields alone (a value wrong on its own names just its field), nor when
  // the field named was already wrong before this change and has not been edited since.
  show(error, changed) {
    const fields = Array.isArray(error.fields) ? error.fields : [];
    const primary = changed && fields.includes(changed) ? changed : error.field;
    const target = this.fieldFor(primary);
    const message = String(error.message || "");
    // Which change first brought this error on: it stays the cause while the field stays wrong.
    const before = this.last && this.last.field === error.field ? this.last : null;
    this.last = { field: error.field, cause: before ? before.cause : changed };
    if (!target) {
      this.formError.textContent = message;
      this.formError.hidden = false;
      return;
    }
    const closed = target.box && target.box.closest("details:not([open])");
    if (closed) closed.open = true; // an error on a reading must not hide in the closed "Rulings" group
    target.err.textContent = message;
    target.err.hidden = false;
    target.invalid(true);
    // Every field the check involves is marked (aria-invalid), e.g. each attacker a target cannot be attacked by;
    // the message stands once, at the field above.
    for (const name of fields) {
      const f = this.fieldFor(name);
      if (f && f !== target) f.invalid(true);
    }
    const other = changed && changed !== primary ? this.fieldFor(changed) : null;
    const unrelated = fields.length > 0 || (before && before.cause !== changed);
    if (other && other !== target && !unrelated) {
      // A message that names its field already ("Rerolls left: ...", "Attacker 1, Attack: ...") says it once.
      const named = message.startsWith(target.label + ":") || message.includes(", " + target.label + ":");
      other.err.textContent = "This change conflicts with " + (named ? "" : target.label + ": ") + message;
      other.err.hidden = false;
    }
  }

  // A result worked: no error stands.
  forget() {
    this.last = null;
  }
}
