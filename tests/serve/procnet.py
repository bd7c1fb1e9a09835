"""Which process accepted a client socket (Linux /proc): the workers' tests and
bench/workers.py each hold a stream on a chosen worker."""

from __future__ import annotations

import os
from pathlib import Path


def holder(sock) -> int | None:
    """The pid of the process that accepted this client socket (Linux /proc), None while
    no process has accepted it yet."""
    local = sock.getsockname()[1]
    inode = None
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        if int(fields[2].split(":")[1], 16) == local:
            inode = fields[9]
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if any(os.readlink(f"/proc/{pid}/fd/{fd}") == f"socket:[{inode}]" for fd in os.listdir(f"/proc/{pid}/fd")):
                return int(pid)
        except OSError:
            continue
    return None
