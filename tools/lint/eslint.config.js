// ESLint (flat config) for every script of the project: the browser's modules (pyodide/src), the site's
// scripts (docs/javascripts), the service worker (pyodide/sw.js), the Node tools (pyodide/*.mjs,
// benchmarks/*.mjs), the scripts the browser tests evaluate (tests/browser/*.js) and this file.
// tests/site/test_eslint.py runs it at zero findings and checks that nothing here is loosened:
// findings are fixed, never disabled (inline configuration comments are not honoured at all).
//
// It sits beside its packages (tools/lint/package.json) so that its imports resolve; `basePath`
// makes every pattern below relative to the repository's root, wherever ESLint is started from.
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import globals from "globals";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

// The shape of the code (issue 28): small functions, small files, one statement a line.
const shape = {
  "max-lines-per-function": ["error", { max: 60, skipBlankLines: true, skipComments: true, IIFEs: true }],
  "max-lines": ["error", { max: 400 }],
  "max-statements-per-line": ["error", { max: 1 }],
  "max-len": ["error", { code: 120 }],
  "max-depth": ["error", 4],
  "max-params": ["error", 5],
};

const care = {
  eqeqeq: ["error", "always"],
  "no-var": "error",
  "prefer-const": "error",
  "no-shadow": "error",
  "no-unused-vars": ["error", { caughtErrors: "none" }],
};

// Engine HTML enters a page only through DOMPurify (calculator/sanitiser.js): no other way of
// turning text into markup exists in the browser's code.
const noMarkup = {
  "no-restricted-properties": ["error",
    { property: "innerHTML", message: "Set text; HTML enters only through the sanitiser." },
    { property: "outerHTML", message: "Set text; HTML enters only through the sanitiser." },
    { property: "insertAdjacentHTML", message: "HTML enters only through the sanitiser." },
    { property: "createContextualFragment", message: "HTML enters only through the sanitiser." },
    { property: "setHTMLUnsafe", message: "HTML enters only through the sanitiser." },
    { object: "document", property: "write", message: "HTML enters only through the sanitiser." },
    { object: "document", property: "writeln", message: "HTML enters only through the sanitiser." },
  ],
  "no-eval": "error",
  "no-implied-eval": "error",
  "no-new-func": "error",
};

const browserModule = { sourceType: "module", globals: { ...globals.browser } };

export default [
  {
    basePath: ROOT,
    ...js.configs.recommended,
    linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: "error" },
    rules: { ...js.configs.recommended.rules, ...shape, ...care },
  },
  {
    basePath: ROOT,
    files: ["pyodide/src/**/*.js", "docs/javascripts/**/*.js"],
    languageOptions: browserModule,
    rules: noMarkup,
  },
  {
    // The engine's Web Worker; engine-path.mjs is also imported under Node (run_in_pyodide.mjs).
    basePath: ROOT,
    files: ["pyodide/src/**/*.mjs"],
    languageOptions: { sourceType: "module", globals: { ...globals.worker } },
    rules: noMarkup,
  },
  {
    // Material's search worker, started through this classic worker script (importScripts).
    basePath: ROOT,
    files: ["pyodide/src/search-deferred.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.worker } },
  },
  {
    // hooks/offline.py writes `const BUILD = {...}` (this build's files) before the worker's source.
    basePath: ROOT,
    files: ["pyodide/sw.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker, BUILD: "readonly" } },
  },
  {
    // Functions that the browser tests hand to the page (page.evaluate).
    basePath: ROOT,
    files: ["tests/browser/*.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.browser } },
  },
  {
    basePath: ROOT,
    files: ["pyodide/*.mjs", "benchmarks/*.mjs", "tools/lint/eslint.config.js"],
    languageOptions: { sourceType: "module", globals: { ...globals.node } },
  },
];
