"""`extends:` — a rule file that names a base and says only what differs from it.

The variant is merged into its base before checking: mappings merge key by key (so a variant
can change one move's `if` and keep its `do`), any other value replaces the base's, `none`
removes a part (a key the base lacks is added with the value none: a new variable that starts
as none), and triggers merge by `name` (`remove: true` drops one). Every value keeps the
position of the file it came from, so diagnostics point into the file that holds the mistake.
"""
from __future__ import annotations

import os

from ..errors import RuleError
from ..kit.documents import YList, YMap
from .loader import load_yaml
from .reach import Reach
from .schema import RULE_FILE

MAX_CHAIN = 10
NAMED_LISTS = ("triggers",)


def resolve_extends(doc: YMap, reach: Reach, chain: tuple = ()) -> YMap:
    """The document with its `extends:` chain merged in; `reach` says which bases it may name."""
    if "extends" not in doc:
        return doc
    where = doc.value_pos["extends"]
    if len(chain) >= MAX_CHAIN:
        raise RuleError.at(where, f"more than {MAX_CHAIN} files extend each other")
    base_path = reach.find(doc["extends"], doc.pos.path, where)
    if os.path.realpath(base_path) in chain + (os.path.realpath(doc.pos.path),):
        raise RuleError.at(where, f"'{doc['extends']}' extends this file again (a cycle)")
    base = resolve_extends(load_yaml(base_path, RULE_FILE), reach, chain + (os.path.realpath(doc.pos.path),))
    changes: list = []
    merged = merge(base, doc, changes)
    merged.sources = base.sources + doc.sources
    merged.changes = base.changes + tuple(changes)
    return merged


def merge(base: YMap, over: YMap, changes: list, path: tuple = ()) -> YMap:
    """`over` laid on `base` (at `path`, its keys from the top): see the module docstring for the
    rules. Each base value replaced or removed is noted in `changes` as (its path, old value, new
    value or None, where the new one was written)."""
    out = YMap()
    out.pos, out.key_pos, out.value_pos = over.pos, {}, {}
    for key, value in base.items():
        out[key], out.key_pos[key], out.value_pos[key] = value, base.key_pos[key], base.value_pos[key]
    for key, value in over.items():
        if key == "extends":
            continue
        if value is None and key in out:
            changes.append(((*path, key), out[key], None, over.key_pos[key]))
            for table in (out, out.key_pos, out.value_pos):
                table.pop(key, None)
            continue
        old = out.get(key)
        if isinstance(old, YMap) and isinstance(value, YMap):
            value = merge(old, value, changes, (*path, key))
        elif key in NAMED_LISTS and isinstance(old, YList) and isinstance(value, YList):
            value = _merge_named(old, value, changes)
        elif key in out:
            changes.append(((*path, key), old, value, over.value_pos[key]))
        out[key], out.key_pos[key], out.value_pos[key] = value, over.key_pos[key], over.value_pos[key]
    return out


def _merge_named(base: YList, over: YList, changes: list) -> YList:
    """Items with the same `name` replace the base's; `remove: true` drops one; others are added."""
    slots = list(zip(base, base.item_pos))  # a dropped item leaves None in its slot
    by_name: dict = {}  # name -> the slots of the live items with that name, in order
    for index, (item, _) in enumerate(slots):
        by_name.setdefault(_name_of(item), []).append(index)
    for item, pos in zip(over, over.item_pos):
        name = _name_of(item)
        found = by_name.get(name)
        if isinstance(item, YMap) and item.get("remove") is True:
            if not found:
                raise RuleError.at(pos, f"no trigger named '{name}' to remove")
            index = found.pop(0)
            changes.append((("triggers", name), slots[index][0], None, pos))
            slots[index] = None
        elif found and name is not None:
            changes.append((("triggers", name), slots[found[0]][0], item, pos))
            slots[found[0]] = (item, pos)
        else:
            by_name.setdefault(name, []).append(len(slots))
            slots.append((item, pos))
    kept = [slot for slot in slots if slot is not None]
    out = YList(item for item, _ in kept)
    out.pos, out.item_pos = over.pos, [pos for _, pos in kept]
    return out


def _name_of(item):
    """The name an item is merged by: its `name` text, None without one, a key of its own otherwise."""
    name = item.get("name") if isinstance(item, YMap) else object()
    return name if name is None or isinstance(name, str) else object()
