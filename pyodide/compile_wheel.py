"""Compile the engine wheel to bytecode with the pinned runtime's own Python (run by compile_wheel.mjs).

Pyodide compiles every ``.py`` it imports, and on the first visit that compiling was about a
third of the engine's start-up (issue 12). A wheel of ``.pyc`` files made by the very
interpreter the browser runs (CPython 3.14 inside the pinned Pyodide) is unmarshalled instead,
as Pyodide's own packages are. The files are sourceless (``module.pyc`` beside its package's
data files, no ``.py``): Python imports them with no source to check, and the wheel is what
the browser downloads, so it carries no second copy of the code.

The result is reproducible: same sources and runtime, same bytes (fixed dates, the input's
order), so an unchanged engine keeps its sha256 and the reader's stored snapshot stays valid.

    compile_wheel.py <source wheel> <output directory>

prints the compiled wheel's path, tagged for the interpreter's version (``py314-none-any``: pyodide-build
accepts no other tag for a pure wheel, and the bytecode is for 3.14 only).
"""
from __future__ import annotations

import base64
import hashlib
import marshal
import sys
import sysconfig
import zipfile
from importlib.util import MAGIC_NUMBER, source_hash
from pathlib import Path

# The zip's dates are fixed: the same sources give the same wheel, byte for byte.
EPOCH = (1980, 1, 1, 0, 0, 0)


def pyc(source: bytes, filename: str) -> bytes:
    """A sourceless .pyc (PEP 552 unchecked hash-based: nothing to compare with at import time).

    ``filename`` is where the module's source would be on the reader's runtime (its co_filename,
    for any traceback). The header keeps the source's hash, so a test can tell what it was made from.
    """
    code = compile(source, filename, "exec", dont_inherit=True)
    flags = (0b01).to_bytes(4, "little")  # hash-based, unchecked
    return MAGIC_NUMBER + flags + source_hash(source) + marshal.dumps(code)


def write_zip(target: Path, entries: dict[str, bytes]) -> None:
    """A zip of ``entries`` in their order, with fixed dates: the same entries, the same bytes."""
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for entry, data in entries.items():
            info = zipfile.ZipInfo(entry, EPOCH)
            info.compress_type = zipfile.ZIP_STORED if entry.endswith("/") else zipfile.ZIP_DEFLATED
            info.external_attr = (0o40755 if entry.endswith("/") else 0o644) << 16
            out.writestr(info, data)


def record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def compiled_entries(wheel: zipfile.ZipFile, tag: str) -> dict[str, bytes]:
    out: dict[str, bytes] = {}
    for info in wheel.infolist():
        name, data = info.filename, wheel.read(info)
        if name.endswith(".py") and ".dist-info/" not in name:
            out[name[:-3] + ".pyc"] = pyc(data, f"{sysconfig.get_paths()['purelib']}/{name}")
        elif name.endswith(".dist-info/WHEEL"):
            lines = [f"Tag: {tag}" if line.startswith("Tag:") else line for line in data.decode().splitlines()]
            out[name] = ("\n".join(lines) + "\n").encode()
        elif not name.endswith(".dist-info/RECORD"):
            out[name] = data
    record = next(n for n in wheel.namelist() if n.endswith(".dist-info/RECORD"))
    out[record] = ("\n".join([*(record_line(n, d) for n, d in out.items()), f"{record},,"]) + "\n").encode()
    return out


def main(source: str, outdir: str) -> Path:
    tag = f"py{sys.version_info[0]}{sys.version_info[1]}-none-any"
    name, version = Path(source).name.split("-")[:2]
    target = Path(outdir) / f"{name}-{version}-{tag}.whl"
    with zipfile.ZipFile(source) as wheel:
        entries = compiled_entries(wheel, tag)
    write_zip(target, entries)
    return target


if __name__ == "__main__":
    print(main(*sys.argv[1:3]))
