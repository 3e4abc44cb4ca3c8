"""extends: variants merge into their base, chain, and report mistakes in their own file."""
import textwrap

import pytest

from rulelang.api import load_game, resolve
from rulelang.errors import RuleError


def write(folder, name, text):
    path = folder / name
    path.write_text(textwrap.dedent(text))
    return str(path)


def test_a_variant_changes_one_part_and_keeps_the_rest(tmp_path):
    path = write(tmp_path, "v.yaml", """
        extends: storma_slottet
        name: Variant
        moves:
          exchange:
            label: Swap cards
    """)
    game = load_game(path)
    base = load_game("storma_slottet")
    assert game.name == "Variant"
    assert game.moves["exchange"].label == "Swap cards"
    assert len(game.moves["exchange"].body) == len(base.moves["exchange"].body)
    assert set(game.moves) == set(base.moves)


def test_none_removes_a_part_and_triggers_merge_by_name(tmp_path):
    path = write(tmp_path, "v.yaml", """
        extends: hoyers_trappe
        name: Variant
        display: none
        triggers:
          - name: the closing rank drops
            remove: true
          - name: a new trigger
            when: "false"
            do: []
    """)
    game = load_game(path)
    names = [t.name for t in game.triggers]
    assert "the closing rank drops" not in names and names[-1] == "a new trigger"
    assert "the closing pile is closed" in names
    assert game.display == {}


def test_variants_chain(tmp_path):
    write(tmp_path, "middle.yaml", """
        extends: supertrumf_blixtduell
        name: Middle
        results:
          score: "1"
    """)
    path = write(tmp_path, "top.yaml", """
        extends: middle.yaml
        name: Top
    """)
    game = load_game(path)
    assert game.name == "Top" and game.max_players == 2 and "prizes" in game.zones


def test_an_error_in_a_variant_points_into_the_variant(tmp_path):
    path = write(tmp_path, "v.yaml", """
        extends: storma_slottet
        name: Variant
        functions:
          "damage(c)": "sum(d in under(c) | d.dmgg)"
    """)
    with pytest.raises(RuleError) as err:
        load_game(path)
    diagnostic = err.value.diagnostics[0]
    assert diagnostic.position.path == path and diagnostic.position.line == 5
    assert "unknown attribute 'dmgg'" in diagnostic.message


def test_errors_a_house_rule_makes_in_its_clean_base_are_told_at_the_house_rule_s_line(tmp_path):
    path = write(tmp_path, "house.yaml", """
        extends: crazy_eights
        name: Crazy Eights without a stock
        zones: {stock: none}
        vars: {left: 0}
        turn: {after: ["set left = count(stok)"]}
    """)
    with pytest.raises(RuleError) as err:
        load_game(path)
    base = resolve("crazy_eights")
    lines = open(base, encoding="utf-8").read().splitlines()
    deck = next(n for n, line in enumerate(lines, 1) if line.startswith("deck:"))  # (where the base says it)
    named = [f"{n}:{line.index('stock') + 1}" for n, line in enumerate(lines, 1)
             if "stock" in line and n > deck and not line.lstrip().startswith(("#", "stock:"))]
    said = [(d.position.path == path, d.position.line, d.position.column, d.message) for d in err.value.diagnostics]
    assert said[0] == (True, 4, 9, f"the deck must start in a shared zone; 'stock' is not one — in the base, which "
                                   f"this house rule's change breaks ({base}:{deck}:{lines[deck - 1].index('stock') + 1})")
    first, rest = said[1][3].split(f"({base}:")
    assert said[1][:3] == (True, 4, 9) and first == "unknown name 'stock' — in the base, which this house rule's change breaks "
    assert rest.split(" and ")[0].split(", ")[0] in named and rest.endswith("more)")
    assert said[2:] == [(True, 6, 34, "unknown name 'stok'")]


@pytest.mark.parametrize("text, message", [
    ("extends: nowhere_to_be_found\nname: x\n", "cannot find"),
    ("extends: v.yaml\nname: x\n", "a cycle"),
])
def test_bad_bases_are_reported(tmp_path, text, message):
    path = write(tmp_path, "v.yaml", text)
    with pytest.raises(RuleError, match=message):
        load_game(path)


def test_removing_an_unknown_trigger_is_an_error(tmp_path):
    path = write(tmp_path, "v.yaml", """
        extends: tjugonio
        name: x
        triggers:
          - name: no such trigger
            remove: true
    """)
    with pytest.raises(RuleError, match="no trigger named 'no such trigger'"):
        load_game(path)


RULED = """
    name: Ruled
    players: 2
    deck: {standard: 52, start: draw}
    constants: {hand_size: 5}
    rules:
      The goal: Be the first with 7 cards in hand.
      Dealing: Each of you gets {hand_size} cards.
    zones:
      draw: {visibility: hidden}
      hand: {per_player: true, visibility: owner}
    setup:
      - for: p in players
        do: ["draw hand_size from draw to p.hand"]
    turn:
      do: ["draw 1 from draw to me.hand"]
    end:
      - when: "count(me.hand) >= 7"
        winner: me
"""


def warnings_of(path):
    from rulelang.api import check
    return [d for d in check(path) if d.severity == "warning"]


def test_a_variant_that_changes_a_number_its_bases_rules_still_say_is_warned(tmp_path):
    write(tmp_path, "base.yaml", RULED)
    path = write(tmp_path, "v.yaml", """
        extends: base.yaml
        name: Eight to win (was 7)
        end:
          - when: "count(me.hand) >= 8"
            winner: me
    """)
    found = warnings_of(path)
    assert [(d.position.line, d.message[:68]) for d in found] == [
        (5, "this changes 7, but the rules players read still say 7 (base.yaml:7)")]


def test_a_variant_that_says_its_own_rules_or_changes_a_constant_is_not_warned(tmp_path):
    write(tmp_path, "base.yaml", RULED)
    own_words = write(tmp_path, "v.yaml", """
        extends: base.yaml
        name: Eight to win
        rules:
          The goal: Be the first with 8 cards in hand.
        end:
          - when: "count(me.hand) >= 8"
            winner: me
    """)
    assert warnings_of(own_words) == []
    constant = write(tmp_path, "w.yaml", "extends: base.yaml\nname: Six dealt\nconstants: {hand_size: 6}\n")
    assert warnings_of(constant) == [] and "Each of you gets 6 cards." in load_game(constant).rules


def test_a_variant_that_changes_what_bots_aim_for_is_not_warned(tmp_path):
    """`bots:` is no rule: a number there that the rules also say (7) changes nothing players read."""
    write(tmp_path, "base.yaml", RULED + "    bots: {evaluate: 'count(me.hand)', scale: 7}\n")
    path = write(tmp_path, "v.yaml",
                 "extends: base.yaml\nname: Bolder bots\nbots: {evaluate: 'count(me.hand)', scale: 2}\n")
    assert warnings_of(path) == []


def test_a_variant_that_writes_a_number_where_the_base_read_a_constant_its_rules_say_is_warned(tmp_path):
    write(tmp_path, "base.yaml", RULED)
    path = write(tmp_path, "v.yaml", """
        extends: base.yaml
        name: Six dealt
        setup:
          - for: p in players
            do: ["draw 6 from draw to p.hand"]
    """)
    assert [d.message for d in warnings_of(path)] == [
        "this no longer reads the constant 'hand_size', which the rules players read say as {hand_size}: change "
        "the constant instead (constants: {hand_size: …})"]


def test_a_house_rule_of_tough_jacks_says_so_where_the_rules_say_the_toughness(tmp_path):
    path = write(tmp_path, "v.yaml", "extends: storma_slottet\nname: Tough Jacks\nconstants: {jack_toughness: 30}\n")
    game = load_game(path)
    assert "Jack 30, King" in game.rules.replace("\n", " ") and game.card_by_name["JS"].facts["toughness"] == 30
    assert warnings_of(path) == []


def test_a_variant_whose_rules_text_replaces_its_bases_sections_is_warned(tmp_path):
    write(tmp_path, "base.yaml", RULED)
    path = write(tmp_path, "v.yaml", """
        extends: base.yaml
        name: Goal told anew
        rules: |
          ## The goal
          Be the first with 7 cards in hand, or with none.
    """)
    assert [(d.position.line, d.message) for d in warnings_of(path)] == [
        (4, "these rules replace all of the base's rules (base.yaml:7), and drop what they do not name: 'Dealing'; "
            "write only the sections that change, by heading (rules: {HEADING: TEXT}), and HEADING: none for a "
            "section to remove")]
    removed = write(tmp_path, "w.yaml", "extends: base.yaml\nname: No dealing told\nrules:\n  Dealing: none\n")
    assert warnings_of(removed) == [] and "Dealing" not in load_game(removed).rules


def test_sections_laid_on_a_bases_rules_text_are_warned_of_the_headings_they_drop(tmp_path):
    write(tmp_path, "base.yaml", RULED.replace(
        "  The goal: Be the first with 7 cards in hand.\n      Dealing: Each of you gets {hand_size} cards.",
        " |\n        ## The goal\n        Be the first with 7 cards in hand.\n"
        "        ## Dealing\n        Each of you gets {hand_size} cards."))
    path = write(tmp_path, "v.yaml", "extends: base.yaml\nname: Goal told anew\nrules:\n  The goal: Be first to 7.\n")
    assert ["'Dealing'" in d.message.split("name: ")[1] for d in warnings_of(path)] == [True]
    every = write(tmp_path, "w.yaml", "extends: base.yaml\nname: All told anew\n"
                                      "rules:\n  The goal: Be first to 7.\n  Dealing: Five each.\n")
    assert warnings_of(every) == []


@pytest.mark.parametrize("name", sorted(p.stem for p in __import__("pathlib").Path(__file__).parents[1].glob(
    "rulesets/*.yaml") if not p.name.endswith(".test.yaml")))
def test_every_shipped_ruleset_writes_its_rules_by_heading_so_a_house_rule_can_replace_one(name, tmp_path):
    base = load_game(name)
    first, *rest = [line[3:] for line in base.rules.splitlines() if line.startswith("## ")]
    path = write(tmp_path, "house.yaml", f"extends: {name}\nname: House\nrules:\n  {first}: Told anew.\n")
    house = load_game(path)
    assert rest and all(f"## {heading}" in house.rules for heading in rest), "rules written as one text"
    assert "Told anew." in house.rules and warnings_of(path) == []
