"""The engine snapshot's checksum (pyodide/src/checksum.mjs), run under Node, against this file's own reading of
the same steps in Python: four lanes over the little-endian 32-bit words, s -> rotl32((s ^ word) * prime, 13), the
words left over after the last group of four, then the bytes after the last whole word, each in the next lane, and
the length; printed as five 8-digit hex numbers."""
import json
import random
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MODULE = ROOT / "pyodide" / "src" / "checksum.mjs"
PRIMES = (0x9E3779B1, 0x85EBCA77, 0xC2B2AE3D, 0x27D4EB2F)
MASK = 0xFFFFFFFF


def step(state: int, word: int, prime: int) -> int:
    s = ((state ^ word) * prime) & MASK
    return ((s << 13) | (s >> 19)) & MASK


def checksum(data: bytes) -> str:
    n = len(data) // 4
    words = [int.from_bytes(data[4 * i:4 * i + 4], "little") for i in range(n)]
    lanes = [1, 2, 3, 4]
    whole = n - n % 4
    for i in range(whole):
        lanes[i % 4] = step(lanes[i % 4], words[i], PRIMES[i % 4])
    for k, word in enumerate(words[whole:]):
        lanes[k] = step(lanes[k], word, PRIMES[k])
    for k, byte in enumerate(data[4 * n:]):
        lanes[k] = step(lanes[k], byte, PRIMES[k])
    return "".join(f"{x:08x}" for x in [*lanes, len(data)])


# Node reads the file and prints the module's checksum of each [offset, length) slice of it.
SCRIPT = """
const { checksum } = await import(process.argv[1]);
const { readFileSync } = await import("node:fs");
const bytes = new Uint8Array(readFileSync(process.argv[2]));
const slices = JSON.parse(process.argv[3]);
console.log(JSON.stringify(slices.map(([at, n]) => checksum(bytes.subarray(at, at + n)))));
"""


def node_checksums(tmp_path, data: bytes, slices):
    node = shutil.which("node")
    assert node, "Node is needed to run the page's checksum module (make test installs it)"
    blob = tmp_path / "data.bin"
    blob.write_bytes(data)
    proc = subprocess.run([node, "--input-type=module", "-e", SCRIPT, MODULE.as_uri(), str(blob), json.dumps(slices)],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def test_the_checksum_is_the_same_as_an_independent_reading_of_its_steps(tmp_path):
    """Lengths 0 to 41 (every remainder of words and bytes) at aligned and unaligned offsets, and 64 KiB pages."""
    rng = random.Random(25)
    data = bytes(rng.randrange(256) for _ in range(3 * 65536 + 64))
    slices = [[at, n] for at in (0, 1, 4, 7) for n in range(42)] + [[0, 65536], [3, 2 * 65536 + 5]]
    assert node_checksums(tmp_path, data, slices) == [checksum(data[at:at + n]) for at, n in slices]


def test_damage_to_any_one_word_changes_the_checksum(tmp_path):
    """Each step is a bijection of the word for a given state, and of the state for a given word: a changed word
    always shows. Here one bit, one byte and a whole word changed at 200 places of a 1 MiB heap-like buffer
    (mostly zeros, as a snapshot's heap is), and a buffer cut short by one byte."""
    rng = random.Random(6)
    base = bytearray(1 << 20)
    for _ in range(5000):
        base[rng.randrange(len(base))] = rng.randrange(256)
    damaged = []
    for _ in range(200):
        copy = bytearray(base)
        at = rng.randrange(len(copy))
        kind = rng.randrange(3)
        if kind == 0:
            copy[at] ^= 1 << rng.randrange(8)
        elif kind == 1:
            copy[at] = (copy[at] + 1 + rng.randrange(255)) % 256
        else:
            at -= at % 4
            copy[at:at + 4] = bytes(rng.randrange(256) for _ in range(4))
            if copy[at:at + 4] == base[at:at + 4]:
                copy[at] ^= 0xFF
        damaged.append(bytes(copy))
    damaged.append(bytes(base[:-1]))
    blob = b"".join([bytes(base), *damaged])
    slices = [[i * len(base), len(d)] for i, d in enumerate([bytes(base), *damaged])]
    sums = node_checksums(tmp_path, blob, slices)
    assert sums[0] == checksum(bytes(base))
    assert all(s != sums[0] for s in sums[1:])
