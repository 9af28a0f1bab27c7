"""Compile Python sources to bytecode with the interpreter that runs this script.

Run inside Pyodide (see pyodide-run.mjs) so the bytecode matches the browser's Python exactly.
  compile_pyc.py stdlib SRC_ZIP DST_ZIP   every .py in the zip becomes a sourceless .pyc
  compile_pyc.py tree DIR                 writes NAME.pyc beside every NAME.py under DIR
Unchecked-hash pycs are used: the browser never has to stat or hash a source file. In the tree
NAME.pyc is where zipimport looks for a module without its source: build.py ships our wheel
with the bytecode alone, and the browser imports straight from it.

Run with `-X no_debug_ranges` (PYTHON_ARGS for pyodide-run.mjs), the bytecode carries line
numbers but not the column ranges a traceback underlines with carets: a fifth smaller. The
standard library is compiled as by `python -OO` (no docstrings, no asserts), which CPython
supports, except Pyodide's own packages, whose JavaScript side reads their docstrings.
"""

import importlib.util
import os
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

KEEP_DOCSTRINGS = ("pyodide/", "_pyodide/")


def bytecode(source: bytes, filename: str, optimize: int = 0) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True, optimize=optimize)
    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def compile_stdlib(src_zip: str, dst_zip: str) -> None:
    # Tracebacks name the path the stock stdlib would have, so they stay readable.
    prefix = "/lib/python%d%d.zip/" % sys.version_info[:2]
    with zipfile.ZipFile(src_zip) as src, zipfile.ZipFile(dst_zip, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info)
            if info.filename.endswith(".py"):
                optimize = 0 if info.filename.startswith(KEEP_DOCSTRINGS) else 2
                data = bytecode(data, prefix + info.filename, optimize)
                info = zipfile.ZipInfo(info.filename[:-3] + ".pyc", info.date_time)
            info.compress_type = zipfile.ZIP_DEFLATED
            dst.writestr(info, data)


def compile_tree(root: str) -> None:
    for folder, _dirs, files in os.walk(root):
        for name in files:
            if not name.endswith(".py"):
                continue
            path = os.path.join(folder, name)
            with open(path, "rb") as f:
                source = f.read()
            with open(path[:-3] + ".pyc", "wb") as f:
                f.write(bytecode(source, os.path.relpath(path, root)))


if __name__ == "__main__":
    if not sys._xoptions.get("no_debug_ranges"):
        sys.exit("compile_pyc.py must run with -X no_debug_ranges (PYTHON_ARGS for pyodide-run.mjs)")
    command, *paths = sys.argv[1:]
    if command == "stdlib":
        compile_stdlib(*paths)
    elif command == "tree":
        compile_tree(paths[0])
    else:
        sys.exit("unknown command " + command)
