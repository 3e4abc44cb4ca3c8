"""`extends:` — a rule file that names a base and says only what differs from it.

The variant is merged into its base before checking: mappings merge key by key (so a variant
can change one move's `if` and keep its `do`), any other value replaces the base's, `none`
removes a part, and triggers merge by `name` (`remove: true` drops one). Every value keeps the
position of the file it came from, so diagnostics point into the file that holds the mistake.
"""
from __future__ import annotations

import os

from ..errors import Position, RuleError
from .loader import YList, YMap, load_yaml

MAX_CHAIN = 10
NAMED_LISTS = ("triggers",)


def resolve_extends(doc: YMap, find_base, chain: tuple = ()) -> YMap:
    """The document with its `extends:` chain merged in; `find_base(name, here)` gives a path."""
    if "extends" not in doc:
        return doc
    where = doc.value_pos["extends"]
    if len(chain) >= MAX_CHAIN:
        raise RuleError.at(where, f"more than {MAX_CHAIN} files extend each other")
    base_path = _base_path(str(doc["extends"]), doc.pos.path, find_base, where)
    if os.path.abspath(base_path) in chain + (os.path.abspath(doc.pos.path),):
        raise RuleError.at(where, f"'{doc['extends']}' extends this file again (a cycle)")
    base = resolve_extends(load_yaml(base_path), find_base, chain + (os.path.abspath(doc.pos.path),))
    return merge(base, doc)


def _base_path(name: str, here: str, find_base, where: Position) -> str:
    local = os.path.join(os.path.dirname(here), name)
    if os.path.isfile(local):
        return local
    try:
        found = find_base(name)
    except RuleError:
        found = None
    if found is None or not os.path.isfile(found):
        raise RuleError.at(where, f"cannot find the base '{name}' (a path next to this file, "
                                  f"or a packaged ruleset)")
    return found


def merge(base: YMap, over: YMap) -> YMap:
    """`over` laid on `base`: see the module docstring for the rules."""
    out = YMap()
    out.pos, out.key_pos, out.value_pos = over.pos, {}, {}
    for key, value in base.items():
        out[key], out.key_pos[key], out.value_pos[key] = value, base.key_pos[key], base.value_pos[key]
    for key, value in over.items():
        if key == "extends":
            continue
        if value is None:
            for table in (out, out.key_pos, out.value_pos):
                table.pop(key, None)
            continue
        old = out.get(key)
        if isinstance(old, YMap) and isinstance(value, YMap):
            value = merge(old, value)
        elif key in NAMED_LISTS and isinstance(old, YList) and isinstance(value, YList):
            value = _merge_named(old, value)
        out[key], out.key_pos[key], out.value_pos[key] = value, over.key_pos[key], over.value_pos[key]
    return out


def _merge_named(base: YList, over: YList) -> YList:
    """Items with the same `name` replace the base's; `remove: true` drops one; others are added."""
    items = list(zip(base, base.item_pos))
    for item, pos in zip(over, over.item_pos):
        name = item.get("name") if isinstance(item, YMap) else None
        found = next((i for i, (old, _) in enumerate(items) if isinstance(old, YMap) and old.get("name") == name), None)
        if isinstance(item, YMap) and item.get("remove") is True:
            if found is None:
                raise RuleError.at(pos, f"no trigger named '{name}' to remove")
            del items[found]
        elif found is not None and name is not None:
            items[found] = (item, pos)
        else:
            items.append((item, pos))
    out = YList(item for item, _ in items)
    out.pos, out.item_pos = over.pos, [pos for _, pos in items]
    return out
