// How the page words things.

// "1 phase", "2 phases".
export function plural(n, word) {
  return n + " " + word + (n === 1 ? "" : "s");
}
