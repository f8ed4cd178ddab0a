// How the page words things.

// "1 phase", "2 phases".
export function plural(n, word) {
  return n + " " + word + (n === 1 ? "" : "s");
}

// What a widget's status says from the moment its page is shown until its calculator code takes over (the early
// form, calculator/form.js; a page swapped in without one, navigation.js).
export const STARTING = "Starting the calculator…";
