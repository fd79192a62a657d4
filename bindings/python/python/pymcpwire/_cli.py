"""The ``mcpwire`` command: runs the native command line shipped in the
wheel (``pymcpwire/bin/mcpwire``), with the same flags, output and exit
codes. A build from source without it says how to build one that has it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import List, Optional, Sequence

_MISSING = (
    "mcpwire: this installation of pymcpwire has no native command line "
    "(`pip install ./bindings/python` installs the Python module only).\n"
    "From a checkout, build the wheel that carries it with "
    "`bash bindings/python/build-wheel.sh` and pip install the wheel it prints, "
    "or install the command alone with `cargo install --path . --locked`.\n"
)


def binary() -> Optional[Path]:
    """The native ``mcpwire`` executable shipped in this package, if any."""
    name = "mcpwire.exe" if os.name == "nt" else "mcpwire"
    path = Path(__file__).parent / "bin" / name
    return path if path.is_file() else None


def main(argv: Optional[Sequence[str]] = None) -> int:
    """Runs the command with ``argv`` (``sys.argv[1:]`` by default) and
    returns its exit status."""
    args: List[str] = list(sys.argv[1:] if argv is None else argv)
    exe = binary()
    if exe is None:
        sys.stderr.write(_MISSING)
        return 2
    sys.stdout.flush()
    sys.stderr.flush()
    return subprocess.call([str(exe), *args])


def run() -> None:
    """The console-script entry: replaces this process with the native
    command on POSIX (signals, standard streams and the exit status are the
    command's own), runs it as a child elsewhere."""
    exe = binary()
    if exe is None:
        sys.stderr.write(_MISSING)
        sys.exit(2)
    if os.name == "posix":
        os.execv(str(exe), [str(exe), *sys.argv[1:]])
    sys.exit(main())
