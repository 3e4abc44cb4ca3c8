"""Loaded documents stored between runs (rulelang/language/docstore.py): the same values, without PyYAML."""
import json
import os
import shutil

from rulelang.catalog import packaged_rulesets


def load_code(path: str) -> str:
    """Code that loads a rule file and prints the document as stored (its values and positions,
    as JSON text) and whether PyYAML was imported."""
    return ("import json, sys\nfrom rulelang.language.docstore import encode\n"
            "from rulelang.language.loader import load_yaml\nfrom rulelang.language.schema import RULE_FILE\n"
            f"document = load_yaml({path!r}, RULE_FILE)\n"
            "print(json.dumps({'document': json.dumps(encode(document)), 'yaml': 'yaml' in sys.modules}))")


def test_a_rule_file_loaded_before_loads_again_without_pyyaml(tmp_path, in_new_process):
    path = str(tmp_path / "houska.yaml")
    shutil.copy(packaged_rulesets()["houska_castle"], path)
    cache = str(tmp_path / "cache")
    first = in_new_process(load_code(path), cache)
    assert first["yaml"] is True
    again = in_new_process(load_code(path), cache)
    assert again == {"document": first["document"], "yaml": False}
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(text.replace("name: Houska Castle", "name: Houska Keep"))
    edited = in_new_process(load_code(path), cache)
    assert edited["yaml"] is True and "Houska Keep" in edited["document"]
    assert "Houska Castle" not in edited["document"]


def test_a_damaged_store_reads_as_nothing(tmp_path, in_new_process):
    path = str(tmp_path / "houska.yaml")
    shutil.copy(packaged_rulesets()["houska_castle"], path)
    cache = str(tmp_path / "cache")
    first = in_new_process(load_code(path), cache)
    (store,) = os.listdir(os.path.join(cache, "rulelang", "documents"))
    store = os.path.join(cache, "rulelang", "documents", store)
    with open(store, encoding="utf-8") as handle:
        data = json.load(handle)
    for damaged in ("{not json", json.dumps({**data, "document": ["m", 1, 1, [["x", 1, 1, 2, 1, 1]]]}),
                    json.dumps({**data, "document": ["q", 1, 1, []]}), json.dumps([1, 2])):
        with open(store, "w", encoding="utf-8") as handle:
            handle.write(damaged)
        assert in_new_process(load_code(path), cache) == {"document": first["document"], "yaml": True}


def test_every_module_a_stored_document_depends_on_is_there():
    # A module moved (documents.py into the kit) and left on the list would stamp as missing:
    # a change to it would no longer make stored documents stale.
    from rulelang.language import docstore
    package = os.path.dirname(os.path.dirname(os.path.abspath(docstore.__file__)))
    assert [name for name in docstore._LOADER_MODULES if not os.path.isfile(os.path.join(package, name))] == []
