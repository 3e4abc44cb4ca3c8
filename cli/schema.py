"""`rulelang schema`: the JSON Schema of rule files or rule test files, for editors."""
from __future__ import annotations

import json

import click


@click.command()
@click.argument("kind", type=click.Choice(["rule", "test"]), default="rule", metavar="[rule|test]")
def schema(kind):
    """Print the JSON Schema (draft-07) of rule files (rule, the default) or of rule test files (test).

    Editors that use yaml-language-server (VS Code's YAML extension, and others) read it to
    complete keys and show help on hover. The repository keeps both in its schemas/ folder;
    a file names its schema in a first line such as

    \b
      # yaml-language-server: $schema=../schemas/rulelang.schema.json

    The schema checks keys and the kinds of values; `rulelang validate` checks the rest.
    """
    click.echo(schema_text(kind), nl=False)


def schema_text(kind: str) -> str:
    """The schema of one kind of file ("rule" or "test") as JSON text, as the schemas/ folder holds it."""
    from rulelang.analysis.testfile_json_schema import rule_test_file_schema
    from rulelang.language.json_schema import rule_file_schema
    document = rule_file_schema() if kind == "rule" else rule_test_file_schema()
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
