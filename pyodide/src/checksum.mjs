// The stored engine snapshot's checksum (engine-boot.mjs): checked before any of the snapshot's code runs, since
// a damaged heap could fail in any way at all, hanging included.
//
// What it guards against is accidental damage (a disk error, a write cut short), not an attacker: whoever can
// write this origin's IndexedDB can write the checksum beside it. SHA-256 of the 17 MB took about 40 ms of the
// engine worker's thread in a restarted browser, on the path to the first result (issue 25); this takes about a
// third of that. Four lanes, each a chain of steps s -> rotl(imul(s ^ word, odd constant), 13): every step is a
// bijection of the word for a given state and of the state for a given word, so a change to any one 32-bit word
// always changes its lane's result; other damage goes unseen with a chance of about 2^-128.
const PRIMES = [0x9e3779b1, 0x85ebca77, 0xc2b2ae3d, 0x27d4eb2f];

/** Hex digest of `bytes` (a Uint8Array at any offset and of any length). */
export function checksum(bytes) {
  const n = bytes.length >> 2;
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  const words = new Uint32Array(aligned.buffer, aligned.byteOffset, n);
  let a = 1, b = 2, c = 3, d = 4;
  let i = 0;
  // step() below, written out for each lane: this loop runs over the whole 17 MB heap before the first result.
  for (; i + 4 <= n; i += 4) {
    a = Math.imul(a ^ words[i], 0x9e3779b1);
    a = (a << 13) | (a >>> 19);
    b = Math.imul(b ^ words[i + 1], 0x85ebca77);
    b = (b << 13) | (b >>> 19);
    c = Math.imul(c ^ words[i + 2], 0xc2b2ae3d);
    c = (c << 13) | (c >>> 19);
    d = Math.imul(d ^ words[i + 3], 0x27d4eb2f);
    d = (d << 13) | (d >>> 19);
  }
  const lanes = [a, b, c, d];
  // The words after the last whole group of four, then the bytes after the last whole word, each in its own lane.
  for (let k = 0; i < n; i++, k++) lanes[k] = step(lanes[k], words[i], PRIMES[k]);
  for (let j = n << 2, k = 0; j < bytes.length; j++, k++) lanes[k] = step(lanes[k], bytes[j], PRIMES[k]);
  return [...lanes, bytes.length].map((x) => (x >>> 0).toString(16).padStart(8, "0")).join("");
}

function step(state, word, prime) {
  const s = Math.imul(state ^ word, prime);
  return (s << 13) | (s >>> 19);
}
