// A whole game as a link (issue 23): the game file's document (game-file.js) without the recorded
// summaries (each phase is worked out again when shown), compressed (deflate-raw, the browser's own
// CompressionStream) and written base64url after "#game=". A link longer than MAX_LINK characters is
// refused with the reason (Export game carries any game); a link is read back with the same checks as
// a file, and never unpacked past MAX_TEXT characters.

export const PREFIX = "#game=";
export const MAX_LINK = 32000; // characters of the whole link: what mail, chat and every browser carry
const MAX_TEXT = 2000000; // the game file's own bound (game-file.js)

function toBase64url(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64url(text) {
  const s = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

async function squeeze(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("deflate-raw"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// The text packed in bytes, or null past MAX_TEXT characters (a link that unpacks to gigabytes stops here).
async function unsqueeze(bytes) {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"))
    .pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text;
    text += value;
    if (text.length > MAX_TEXT) {
      reader.cancel();
      return null;
    }
  }
}

// {link} for the game document, or {problem} when it would be too long.
export async function gameLink(doc, base) {
  const slim = Object.assign({}, doc, { phases: doc.phases.map((p) => ({ label: p.label, params: p.params,
    summary: "" })) });
  const link = base + PREFIX + toBase64url(await squeeze(JSON.stringify(slim)));
  if (link.length > MAX_LINK) {
    return { problem: "the game's link would be " + link.length.toLocaleString("en") + " characters, over the " +
      MAX_LINK.toLocaleString("en") + " a link can safely carry. Export game saves a game of any length." };
  }
  return { link };
}

// The game file's text a "#game=" address holds: {text}, {problem}, or null (the address holds no game).
export async function gameFromHash(hash) {
  if (!String(hash || "").startsWith(PREFIX)) return null;
  const packed = hash.slice(PREFIX.length);
  if (packed.length > MAX_LINK) return { problem: "the link is longer than a game's link can be." };
  try {
    const text = await unsqueeze(fromBase64url(packed));
    return text === null ? { problem: "the game in the link is too large." } : { text };
  } catch (e) {
    return { problem: "the link is damaged (it does not unpack to a game): was it cut short?" };
  }
}
