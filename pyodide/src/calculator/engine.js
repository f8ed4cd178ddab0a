// The connection to the engine: one Web Worker per tab (worker.mjs, one Pyodide), kept across
// Material's instant navigation because this module is imported once per tab. Requests are
// numbered; each answers once (its result, or an error when the engine failed), may report progress
// on the way, and can be cancelled. The worker's messages are described in worker.mjs.

import { releaseSearchAfterFirstResult } from "./search-release.js";

// What the widgets show while the engine is not ready: idle | loading | ready | failed, and a line of text.
export class EngineConnection {
  constructor(workerUrl) {
    this.workerUrl = workerUrl;
    this.worker = null;
    this.state = "idle";
    this.statusText = "";
    this.listeners = new Set(); // called on every change of state or status text
    this.pending = new Map(); // request number -> {resolve, onProgress}
    this.nextReq = 1;
    this.sent = {}; // requests by calculator (for tests: a board's previews are not adjudications)
    this.htmlOf = new WeakMap(); // result object -> the presenter's HTML sent with it
  }

  // The page starts the worker once it has been read (overrides/main.html): adopt it, made now if it
  // is not yet, and the messages it sent in the meantime.
  start() {
    if (this.worker) return;
    this.state = "loading";
    this.statusText = "Loading the calculator…";
    const boot = window.__calcEngineBoot;
    window.__calcEngineBoot = null;
    let adopted = null;
    try {
      adopted = boot ? boot.create() : null;
    } catch (e) { /* made here instead */ }
    this.worker = adopted || new Worker(this.workerUrl, { type: "module" });
    this.worker.onmessage = (e) => this.receive(e.data);
    if (adopted) boot.early.forEach((msg) => this.receive(msg));
    this.worker.onerror = (e) => this.receive({
      type: "failed", text: "The calculator engine could not start (" + (e.message || "worker error") + ").",
    });
    this.emit();
  }

  receive(msg) {
    if (msg.type === "status") {
      this.statusText = msg.text;
      this.emit();
    } else if (msg.type === "ready") {
      if (this.state !== "ready") releaseSearchAfterFirstResult();
      this.state = "ready";
      this.readyMs = msg.ms;
      this.statusText = "";
      this.emit();
    } else if (msg.type === "failed") {
      this.fail(msg.text);
    } else if (msg.type === "progress") {
      const p = this.pending.get(msg.req);
      if (p && p.onProgress) p.onProgress(msg.value);
    } else if (msg.type === "result") {
      this.answer(msg);
    }
  }

  fail(text) {
    this.state = "failed";
    this.statusText = text;
    this.emit();
    for (const [, p] of this.pending) p.resolve({ ok: false, error: { field: null, message: text } });
    this.pending.clear();
  }

  answer(msg) {
    const p = this.pending.get(msg.req);
    if (!p) return;
    this.pending.delete(msg.req);
    if (msg.result && typeof msg.result === "object" && typeof msg.html === "string") {
      this.htmlOf.set(msg.result, msg.html);
    }
    p.resolve(msg.result);
  }

  // Runs a calculator: {req, promise}; the promise resolves with its result (never rejects).
  // root: the page's way back to the site's root, for the result's links.
  run(calc, params, onProgress, root) {
    this.start();
    const req = this.nextReq++;
    this.sent[calc] = (this.sent[calc] || 0) + 1;
    const promise = new Promise((resolve) => this.pending.set(req, { resolve, onProgress }));
    if (this.state === "failed") this.fail(this.statusText);
    else this.worker.postMessage({ type: "run", req, calc, params, root: root || "" });
    return { req, promise };
  }

  cancel(req) {
    if (this.worker) this.worker.postMessage({ type: "cancel", req });
  }

  // The presenter's HTML that came with a result (not yet sanitised), or undefined.
  html(result) {
    return this.htmlOf.get(result);
  }

  emit() {
    for (const fn of this.listeners) fn();
  }
}
