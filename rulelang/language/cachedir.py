"""The user's own cache folder, where rulelang keeps what it made once: parse trees, documents,
policies, the command's help (a module of its own, light to import: `rulelang --help` reads it)."""
from __future__ import annotations

import os


def cache_folder(*parts: str) -> str | None:
    """A folder of the user's own under their cache folder (a shared temporary folder would let
    another user plant files there), made if need be; None when there is none to use."""
    home = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(home, "rulelang", *parts)
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
        if os.stat(folder).st_uid != os.getuid() or not os.access(folder, os.W_OK):
            return None
    except OSError:
        return None
    return folder
