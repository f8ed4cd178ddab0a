// The site's service worker (hooks/offline.py writes it to the site's root, after a line that
// defines BUILD = {version, files: {path: sha256}} for this build).
//
// One cache per build, named for its version, holding exactly that build's files: pages, the
// search index, the Pyodide runtime and the engine wheel come from one build, never mixed.
// - Nothing is downloaded for the cache until a calculator has answered on some page (the page
//   sends "precache"): a reader who only reads rules is not charged 14 MB. Until then the
//   network comes first and the files already fetched are kept, so visited pages still open
//   offline.
// - Once the cache is complete, every listed file is served from it first.
// - A new build installs beside the old one (unchanged files are copied over, not downloaded
//   again), waits while a page of the old build is open (pages offer "Reload"), then deletes
//   the old cache.
// - Every file is checked against its sha256 before it is kept: a server already holding a
//   newer build never leaks its files into this build's cache.
"use strict";

const PREFIX = "martian-front-";
const CACHE = PREFIX + BUILD.version;
const META = PREFIX + "meta"; // one entry: the reader asked for offline use once
const ROOT = new URL("./", self.location.href);
const COMPLETE = new URL("__complete__", ROOT).href;
const OPTED_IN = new URL("__opted-in__", ROOT).href;
const HASHES = new Map(Object.entries(BUILD.files));
const HASH_HEADER = "x-content-sha256";
const TYPES = { html: "text/html; charset=utf-8", js: "text/javascript", mjs: "text/javascript", css: "text/css",
  json: "application/json", wasm: "application/wasm", zip: "application/zip", whl: "application/zip",
  png: "image/png", svg: "image/svg+xml", xml: "application/xml", webmanifest: "application/manifest+json" };

class Mismatch extends Error {}

// ---- which file a URL is ------------------------------------------------------------------------

function fileFor(url) {
  if (url.origin !== ROOT.origin || !url.pathname.startsWith(ROOT.pathname)) return null;
  let path;
  try {
    path = decodeURIComponent(url.pathname.slice(ROOT.pathname.length));
  } catch (e) {
    return null;
  }
  if (path === "" || path.endsWith("/")) path += "index.html";
  if (HASHES.has(path)) return { path };
  // ".../page" without its slash: the page is ".../page/", and its relative links need the slash.
  if (HASHES.has(path + "/index.html")) {
    return { path: path + "/index.html", redirect: url.pathname + "/" + url.search };
  }
  return null;
}

const keyFor = (path) => new URL(path, ROOT).href;

// ---- the cache ----------------------------------------------------------------------------------

async function sha256(buffer) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", buffer));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// Keeps a response if its bytes are this build's; throws Mismatch if they are not.
async function keep(cache, path, response) {
  if (!response.ok) throw new Error(path + ": HTTP " + response.status);
  const body = await response.arrayBuffer();
  if ((await sha256(body)) !== HASHES.get(path)) throw new Mismatch(path + " is not this build's file");
  const headers = new Headers();
  const ext = path.split(".").pop();
  headers.set("content-type", TYPES[ext] || response.headers.get("content-type") || "application/octet-stream");
  headers.set(HASH_HEADER, HASHES.get(path));
  await cache.put(keyFor(path), new Response(body, { status: 200, headers }));
}

let complete = null; // memo: once complete, this build's cache stays complete
async function isComplete() {
  if (complete) return true;
  const cache = await caches.open(CACHE);
  complete = Boolean(await cache.match(COMPLETE));
  return complete;
}

async function olderCaches() {
  return (await caches.keys()).filter((k) => k.startsWith(PREFIX) && k !== CACHE && k !== META);
}

async function anyOlderComplete() {
  for (const name of await olderCaches()) {
    if (await (await caches.open(name)).match(COMPLETE)) return true;
  }
  return false;
}

// A file unchanged since an older build is copied from that build's cache.
async function fromOlder(olders, path) {
  for (const name of olders) {
    const hit = await (await caches.open(name)).match(keyFor(path));
    if (hit && hit.headers.get(HASH_HEADER) === HASHES.get(path)) return hit;
  }
  return null;
}

let precaching = null;
function precache() {
  if (!precaching) {
    precaching = fillCache().finally(() => {
      precaching = null;
    });
  }
  return precaching;
}

async function fillCache() {
  if (await isComplete()) return;
  const cache = await caches.open(CACHE);
  const olders = await olderCaches();
  const todo = [];
  for (const path of HASHES.keys()) {
    if (!(await cache.match(keyFor(path)))) todo.push(path);
  }
  const worker = async () => {
    for (let path = todo.shift(); path !== undefined; path = todo.shift()) {
      const old = await fromOlder(olders, path);
      if (old) {
        await cache.put(keyFor(path), old);
        continue;
      }
      // "no-cache": revalidate with the server (a 304 costs no body), never trust a stale copy.
      await keep(cache, path, await fetch(keyFor(path), { cache: "no-cache" }));
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  await cache.put(COMPLETE, new Response(BUILD.version));
  complete = true;
}

async function optedIn() {
  return Boolean(await (await caches.open(META)).match(OPTED_IN));
}

async function broadcast(message) {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true })) client.postMessage(message);
}

// ---- life cycle ------------------------------------------------------------------------------------

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    // A reader who has used the calculators gets the new build whole before it replaces the
    // old one; a failure leaves the old one in place, to try again on the next visit.
    if (await optedIn()) await precache();
    // An old complete build serves open pages until they close (or a page's "Reload" asks).
    if (!(await anyOlderComplete())) await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await olderCaches()) await caches.delete(name);
    if (await isComplete()) await self.clients.claim();
    await broadcast({ type: "offline", state: (await isComplete()) ? "ready" : "online", version: BUILD.version });
  })());
});

self.addEventListener("message", (event) => {
  const type = event.data && event.data.type;
  if (type === "skip-waiting") {
    event.waitUntil(self.skipWaiting());
  } else if (type === "precache") {
    event.waitUntil((async () => {
      try {
        await (await caches.open(META)).put(OPTED_IN, new Response("1"));
        await precache();
        // Pages opened before the cache was complete are taken over, so that they too keep
        // working when the network goes.
        await self.clients.claim();
        await broadcast({ type: "offline", state: "ready", version: BUILD.version });
      } catch (err) {
        const error = String(err && err.message || err);
        await broadcast({ type: "offline", state: "failed", version: BUILD.version, error });
        // The server has a newer build than this worker: fetch that worker, which caches its own.
        if (err instanceof Mismatch) await self.registration.update().catch(() => {});
      }
    })());
  } else if (type === "status") {
    event.waitUntil((async () => {
      const state = (await isComplete()) ? "ready" : "online";
      event.source.postMessage({ type: "offline", state, version: BUILD.version });
    })());
  }
});

// ---- requests --------------------------------------------------------------------------------------

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  const file = fileFor(url);
  if (file) event.respondWith(respond(event, request, file));
  else if (request.mode === "navigate" && url.origin === ROOT.origin && url.pathname.startsWith(ROOT.pathname)) {
    event.respondWith(notListed(request));
  }
});

async function respond(event, request, file) {
  const cache = await caches.open(CACHE);
  const key = keyFor(file.path);
  if (await isComplete()) {
    if (file.redirect) return Response.redirect(file.redirect, 301);
    const hit = await cache.match(key);
    if (hit) return hit;
  }
  try {
    const response = await fetch(request);
    // A file fetched anyway is kept (checked against this build's hash): visited pages open offline.
    if (response.ok && !response.redirected && !file.redirect && response.type === "basic") {
      event.waitUntil(keep(cache, file.path, response.clone()).catch(() => {}));
    }
    return response;
  } catch (err) {
    const hit = await cache.match(key);
    if (hit) return file.redirect ? Response.redirect(file.redirect, 301) : hit;
    throw err;
  }
}

// A page this build does not have: the server's answer, or offline the site's own 404 page.
async function notListed(request) {
  try {
    return await fetch(request);
  } catch (err) {
    const page = HASHES.has("404.html") && await (await caches.open(CACHE)).match(keyFor("404.html"));
    if (page) return new Response(await page.blob(), { status: 404, headers: page.headers });
    throw err;
  }
}
