"""Expression semantics as a table of (source, expected value), evaluated on a fixed position."""
import pytest

from rulelang.analysis.forcing import Forced
from rulelang.api import load_document, load_game
from rulelang.compile.expressions import ExpressionCompiler
from rulelang.compile.reference import ReferenceCompiler
from rulelang.engine.runtime import new_game
from rulelang.engine.values import Player, ZoneRef
from rulelang.errors import GameError, RuleError

MINIMAL = "tests/data/minimal.yaml"


@pytest.fixture(scope="module")
def game():
    return load_game(MINIMAL)


@pytest.fixture
def evaluate(game):
    st = new_game(game, 2, seed=5)
    st.forced = Forced([3, 0, 0, 0, 6, 1, 2])
    compiler = ExpressionCompiler(game.names, game.program)

    def run(source):
        return compiler.compile(source, game.zones["draw"].pos)(st, {"me": Player(0)})
    run.state = st
    return run


CASES = [
    ("1 + 2 * 3", 7),
    ("(1 + 2) * 3", 9),
    ("7 // 2", 3),
    ("7 % 4", 3),
    ("-3 + 1", -2),
    ("2 < 3 and 3 <= 3", True),
    ("not 1 == 1", False),
    ("1 if false else 2", 2),
    ("'a' == 'a'", True),
    ("3 in [1, 2, 3]", True),
    ("4 not in [1, 2, 3]", True),
    ("none == none", True),
    ("count([1, 2, 3])", 3),
    ("sum([1, 2, 3])", 6),
    ("count(x in [1, 2, 3, 4] | x > 2)", 2),
    ("sum(x in [1, 2, 3] | x * x)", 14),
    ("max(x in [4, 9, 2] | x)", 9),
    ("min([4, 9, 2])", 2),
    ("max(x in [] | x)", None),
    ("median([4, 9, 2])", 4),
    ("median([4, 9, 2, 7])", 4),
    ("median(x in [1, 2, 3] | 10 - x)", 8),
    ("median(x in [] | x)", None),
    ("sort([3, 1, 2])", [1, 2, 3]),
    ("sort(x in [3, 1, 2] | 0 - x)", [3, 2, 1]),
    ("sort_down(x in [[1, 2], [2, 1], [1, 3]] | x)", [[2, 1], [1, 3], [1, 2]]),
    ("sort_down(x in [1, 2, 3, 4] | x % 2)", [1, 3, 2, 4]),
    ("highest(x in [1, 5, 3] | x % 4)", 3),
    ("highest(x in [] | x)", None),
    ("lowest(['b', 'a', 'c'])", "a"),
    ("most(x in [1, 5, 3, 7] | x % 4)", [3, 7]),
    ("least(x in [1, 5, 3, 7] | x % 4)", [1, 5]),
    ("[2, 13, 9] > [2, 13, 7]", True),
    ("groups([3, 1, 3, 2, 1])", [[3, 3], [1, 1], [2]]),
    ("groups(x in [1, 2, 3, 4, 5] | x % 2)", [[1, 3, 5], [2, 4]]),
    ("groups(x in [[1, 2], [1, 2], [2, 1]] | x)", [[[1, 2], [1, 2]], [[2, 1]]]),
    ("groups(x in [1, true] | x)", [[1], [True]]),
    ("groups(x in [] | x)", []),
    ("sort_down(g in groups([5, 9, 5, 9, 5]) | [count(g), first(g)])", [[5, 5, 5], [9, 9]]),
    ("any(g in groups([4, 4, 7, 4]) | count(g) >= 3)", True),
    ("runs([5, 3, 4, 9, 10, 4])", [[3, 4, 5], [9, 10]]),
    ("runs(x in [13, 1, 12, 11, 10] | [1, 14] if x == 1 else x)", [[1], [10, 11, 12, 13, 1]]),
    ("runs(x in [2, 1, 3, 5, 4] | [1, 14] if x == 1 else x)", [[1, 2, 3, 4, 5], [1]]),
    ("runs(x in [] | x)", []),
    ("any(r in runs([9, 8, 7, 6, 5, 2]) | count(r) >= 5)", True),
    ("combinations([1, 2, 3], 2)", [[1, 2], [1, 3], [2, 3]]),
    ("combinations([1, 2], 0)", [[]]),
    ("combinations([1, 2], 3)", []),
    ("combinations([1, 2], 999999999999)", []),  # more than there are: no room made for them
    ("highest(h in combinations([4, 9, 2, 7], 2) | sum(h))", [9, 7]),
    ("count(combinations([1, 2, 3, 4, 5, 6, 7], 5))", 21),
    ("subsets([1, 2, 3])", [[1], [2], [3], [1, 2], [1, 3], [2, 3], [1, 2, 3]]),
    ("subsets([])", []),
    ("select(s in subsets([1, 2, 3, 4]) | sum(s) == 5)", [[1, 4], [2, 3]]),
    ("count(subsets(range(1, 16)))", 2 ** 16 - 1),
    ("range(0, 3)", [0, 1, 2, 3]),
    ("range(3, 3)", [3]),
    ("range(4, 3)", []),
    ("range(-2, 0)", [-2, -1, 0]),
    ("index_of('1H', ['1C', '1D', '1H', '1S'])", 2),
    ("index_of(5, [1, 5, 5])", 1),
    ("index_of(9, [1, 5])", None),
    ("index_of(1, [true, 1])", 1),
    ("index_of(P2, players)", 1),
    ("index_of(at(draw, 2), draw)", 2),
    ("position(at(draw, 2))", 2),
    ("position(first(P1.hand))", 0),
    ("above(at(draw, 2)) == first(draw, 2)", True),
    ("above(first(draw))", []),
    ("count(below(at(draw, 2))) == count(draw) - 3", True),
    ("below(last(P2.hand))", []),
    ("stretches([4, 5, 6, 7], 3)", [[4, 5, 6], [4, 5, 6, 7], [5, 6, 7]]),
    ("stretches([4, 5], 3)", []),
    ("count(stretches([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 1))", 55),
    ("packing([[1, 2], [2, 3, 4], [4, 5]])", [[1, 2], [4, 5]]),
    ("packing([[1, 2], [2, 3], [3, 4]])", [[1, 2], [3, 4]]),
    ("packing(g in [[1, 2], [2, 3], [3, 4]] | 5 if g == [2, 3] else 2)", [[2, 3]]),
    ("packing(g in [[1, 2], [2, 3], [3, 4]] | 0)", []),
    ("packing(g in [] | 1)", []),
    ("packing(m in [[7, 8, 9], [7, 20], [8, 10, 11], [9, 12, 13]] | sum(m))", [[7, 20], [8, 10, 11], [9, 12, 13]]),
    ("packing(m in stretches([1, 2, 3, 4, 5, 6], 3) + [[4, 40, 41]] | sum(m))", [[1, 2, 3], [4, 40, 41]]),
    ("any(x in [1, 2] | x == 2)", True),
    ("all(x in [1, 2] | x == 2)", False),
    ("select(x in [1, 2, 3] | x != 2)", [1, 3]),
    ("collect(x in [[1], [2, 3]] | x)", [1, 2, 3]),
    ("first([5, 6])", 5),
    ("last([5, 6])", 6),
    ("first([])", None),
    ("twice(21)", 42),
    ("abs(-4)", 4),
    ("card('QH').rank", 12),
    ("card('QH').suit", "hearts"),
    ("card('10S').value", 10),
    ("card('AC').color", "black"),
    ("card('QH').bonus", 0),
    ("count(draw) + count(P1.hand) + count(P2.hand)", 52),
    ("count(P1.hand)", 3),
    ("P2 == other(P1)", True),
    ("next(P2) == P1", True),
    ("me == P1", True),
    ("opponent == P2", True),
    ("current == P1", True),
    ("P1.seat", 1),
    ("P1.points + tricks", 0),
    ("[1, 2] + [3]", [1, 2, 3]),
    ("'ab' + 'c'", "abc"),
    ("'n' + 2", "n2"),
    ("at([4, 5], 1)", 5),
    ("at([4, 5], 2)", None),
    ("at([4, 5], -1)", None),
    ("random([7, 7, 7])", 7),
    ("attached(card('QH'))", []),
    ("first([5, 6, 7], 2)", [5, 6]),
    ("last([5, 6, 7], 2)", [6, 7]),
    ("first([5], 3)", [5]),
    ("last([5, 6], 0)", []),
    ("count(first(draw, 3)) + count(draw)", 3 + 46),
    ("first(draw, 2) == [first(draw), at(draw, 1)]", True),
    ("max(3, 5)", 5),
    ("min(3, 5, 1)", 1),
    ("max(2T10, 4)", 4),
    ("'turn {1 + 2}'", "turn 3"),
    ("'{me} has {count(me.hand)} cards'", "P1 has 3 cards"),
    # an attribute of a computed value: read through a temporary, but never within a loop's collection
    ("count(c in other(me).hand | c.rank > 0)", 3),
    ("select(x in [1] | first(other(me).hand).rank == first(P2.hand).rank)", [1]),
    ("sum(x in [1, 2] | count(c in other(me).hand | first(draw).rank > 0))", 6),
    ("any(c in me.hand | first(draw).suit == at(draw, 0).suit)", True),
]


@pytest.mark.parametrize("source, expected", CASES)
def test_expression_values(evaluate, source, expected):
    assert evaluate(source) == expected


@pytest.mark.parametrize("source, expected", CASES)
def test_the_reference_interpreter_gives_the_same_values(game, source, expected):
    st = new_game(game, 2, seed=5)
    st.forced = Forced([3, 0, 0, 0, 6, 1, 2])
    compiler = ReferenceCompiler(load_document(MINIMAL))
    compiler.compile()  # (its rule functions, by the reference interpreter too)
    assert compiler.expressions.compile(source, game.zones["draw"].pos)(st, {"me": Player(0)}) == expected


def test_zone_names_evaluate_to_references(evaluate):
    assert evaluate("draw") == ZoneRef("draw")
    assert evaluate("P2.table") == ZoneRef("table", 1)


def _top(cards):
    return cards[0] if cards else None


DRAW, HAND_1, HAND_2 = ZoneRef("draw"), ZoneRef("hand", 0), ZoneRef("hand", 1)


@pytest.mark.parametrize("source, zone, expected", [
    ("count(draw)", DRAW, len),
    ("first(draw)", DRAW, _top),
    ("count(discard)", ZoneRef("discard"), len),
    ("first(discard)", ZoneRef("discard"), _top),
    ("count(P1.hand)", HAND_1, len),
    ("first(opponent.hand)", HAND_2, _top),
    ("first(me.table)", ZoneRef("table", 0), _top),
    ("sum(x in [1, 2] | count(draw))", DRAW, lambda cards: 2 * len(cards)),
    ("collect(x in [1] | [first(draw)])", DRAW, lambda cards: [_top(cards)]),
    ("collect(p in players | [first(p.hand)])", HAND_2, lambda cards: [None, _top(cards)]),
    ("select(x in [first(draw)] | x != none)", DRAW, lambda cards: [_top(cards)]),  # in an iterable: no `:=`
])
def test_count_and_first_of_a_zone_read_the_table_and_note_the_zone_in_a_remembered_check(
        evaluate, source, zone, expected):
    st = evaluate.state
    st.zones[HAND_1].clear()  # one hand empty, the other not
    cards = st.zones[zone]
    assert evaluate(source) == expected(cards)
    st.reads = set()  # as while a remembered check runs: what it reads must be noted
    assert evaluate(source) == expected(cards)
    assert zone in st.reads


@pytest.mark.parametrize("source", ["count(first([none]).hand)", "first(first([none, P1]).hand)"])
def test_count_and_first_of_the_zone_of_no_player_say_so(evaluate, source):
    with pytest.raises(GameError, match="none has no 'hand'"):
        evaluate(source)


@pytest.mark.parametrize("players, expected", [(2, Player(1)), (3, None)])
def test_opponent_is_the_other_seat_of_two_and_an_error_with_more(game, players, expected):
    st = new_game(game, players, seed=5)
    opponent = ExpressionCompiler(game.names, game.program).compile("opponent", game.zones["draw"].pos)
    if expected is None:
        with pytest.raises(GameError, match="'opponent' needs exactly two players, this game has 3"):
            opponent(st, {"me": Player(0)})
    else:
        assert opponent(st, {"me": Player(0)}) == expected and opponent(st, {"me": Player(1)}) == Player(0)


def test_dice_use_forced_results_then_keep_their_faces(evaluate):
    roll = evaluate("2T10")
    assert (int(roll), roll.dice, roll.high, roll.fumble) == (3, (3, 0), 3, False)
    fumble = evaluate("2T10")
    assert fumble.fumble and int(fumble) == 0
    assert int(evaluate("1d6")) == 6
    assert evaluate("7 + 2d6") == 7 + 1 + 2


def test_unforced_dice_stay_in_range(evaluate):
    faces = {int(evaluate("1T10")) for _ in range(300)} - {3, 0, 6, 1, 2}
    assert faces <= set(range(10)) and faces
    assert {int(evaluate("1d6")) for _ in range(200)} == set(range(1, 7))


@pytest.mark.parametrize("source, message, column", [
    ("count(hand", "ends too early", 11),
    ("1 +* 2", "unexpected '*'", 4),
    ("drow", "unknown name 'drow' (did you mean 'draw'?)", 1),
    ("P1.hnad", "unknown attribute 'hnad' (did you mean 'hand'?)", 4),
    ("hand", "'hand' is a zone of each player", 1),
    ("cuont(draw)", "unknown function 'cuont' (did you mean 'count'?)", 1),
    ("after(me, 2)", "unknown function 'after' (did you mean 'next'? e.g. next(me))", 1),  # as another file names it
    ("len(draw)", "unknown function 'len' (did you mean 'count'? e.g. count(", 1),
    ("twice(1, 2)", "twice() takes 1 argument(s), got 2", 1),
    ("2T0", "a die has 2 to 1000 sides", 1),
    ("1000T10", "between 1 and 100 dice", 1),
    ("card('ZZ')", "no card named 'ZZ'", 6),
    ("x in draw | 1", "unexpected '|'", 11),
    ("count(x | 1)", "write count(x in collection | ...)", 7),
    ("'a {drow} b'", "unknown name 'drow'", 5),
    ("1 @ 2", "unexpected character '@'", 3),
])
def test_expression_errors_point_at_the_mistake(game, source, message, column):
    compiler = ExpressionCompiler(game.names, game.program)
    base = game.zones["draw"].pos
    with pytest.raises(RuleError) as err:
        compiler.compile(source, base)
    diagnostic = err.value.diagnostics[0]
    assert message in diagnostic.message
    assert diagnostic.position.line == base.line
    assert diagnostic.position.column == base.column + column - 1


@pytest.mark.parametrize("source, message", [
    ("count(5)", "count() needs a collection, not a number"),
    ("P1.hand + 3", "cannot add a zone and a number"),
    ("card('QH') < 3", "cannot compare a card with '<'"),
    ("draw > 2", "cannot compare a zone with '>'"),
    ("3 in 4", "'in' needs a collection on its right, not a number"),
    ("5.rank", "'.rank' on a number"),
    ("-P1.hand", "'-' needs a number, not a zone"),
    ("'a' * 2", "'*' needs numbers, not text"),
    ("players[P1]", "an index must be a number, not a player"),
    ("count(x in 3 | x)", "'in' needs a collection, not a number"),
    ("min(3, 'five')", "min() needs a number, not text"),
    ("3 < 'three'", "'<' needs a number, not text"),
    ("('x' if tricks > 1 else 2) >= 3", "'>=' needs a number, not a number or text"),
    ("first(draw, 'two')", "first() needs a number, not text"),
    ("sum(c in draw | 'x')", "sum() needs a number, not text"),
    ("range(0, 'x')", "range() needs a number, not text"),
    ("index_of(1, 2)", "index_of() needs a collection to look in, not a number"),
])
def test_kind_mixups_are_found_before_play(game, source, message):
    with pytest.raises(RuleError, match=message.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")):
        ExpressionCompiler(game.names, game.program).compile(source, game.zones["draw"].pos)


@pytest.mark.parametrize("source", ["1 // 0", "first(draw).rank < none", "sort([1, 'a'])",
                                    "highest(x in [1, 2] | none)", "runs(['a'])", "runs(x in [1] | [2, none])", "combinations([1, 2], -1)",
                                    "combinations(draw, 5)", "stretches([1, 2], 0)",
                                    "subsets(draw)", "range(0, at(['x'], 0))", "range(1, 200000)", "position(3)",
                                    "above(none)", "index_of(1, at([2], 0))", "packing([[1, 1]])",
                                    "packing([[[1], [2]]])", "packing([[1], 2])", "at(players, 0).hand + 1",
                                    "first(draw, -1)", "max(1, none)"])
def test_runtime_errors_are_game_errors(evaluate, source):
    with pytest.raises(GameError):
        evaluate(source)


def test_card_properties_of_printed_values_are_remembered_and_others_are_not(tmp_path):
    text = open(MINIMAL).read().replace('  value: "it.rank"', '  value: "it.rank"\n  lucky: "it.rank == tricks"')
    path = tmp_path / "props.yaml"
    path.write_text(text)
    game = load_game(str(path))
    assert game.names.constant_props == {"value"}  # lucky reads a game variable
    st = new_game(game, 2, seed=5)
    queen = game.card_by_name["QH"]
    assert st.attribute(queen, "value", None) == 12 and queen.facts["value"] == 12
    assert "lucky" not in queen.facts
    st.vars["tricks"] = 12
    assert st.attribute(queen, "lucky", None) is True


def test_a_property_that_reads_the_state_is_read_by_its_function_straight(tmp_path, monkeypatch):
    # `c.lucky` in a rule calls the property's function itself (no general `attribute` look-up),
    # and answers as st.attribute does, before and after what it reads changes
    text = open(MINIMAL).read().replace('  value: "it.rank"', '  value: "it.rank"\n  lucky: "it.rank == tricks"')
    path = tmp_path / "props.yaml"
    path.write_text(text.replace('  "twice(x)": "2 * x"', '  "twice(x)": "2 * x"\n  "lucky_in(p)": "count(c in p.hand | c.lucky)"'))
    game = load_game(str(path))
    lucky_in = game.program.namespace[game.program.symbol("function", "lucky_in")]
    st = new_game(game, 2, seed=5)
    hand = st.zones[ZoneRef("hand", 0)]
    monkeypatch.setitem(game.program.namespace, "attribute", None)  # (the general look-up, not called)
    for tricks in sorted({c.attributes["rank"] for c in hand}) + [0]:
        st.set_var("tricks", tricks)
        assert lucky_in(st, st.seats[0], st.seats[0]) == sum(st.attribute(c, "lucky", None) for c in hand) \
            == sum(c.attributes["rank"] == tricks for c in hand)

def test_a_property_of_a_cards_name_and_built_in_functions_of_its_printed_values_is_remembered(tmp_path):
    props = ('  value: "it.rank"\n  capped: "min(it.rank, 10)"\n  queen: "it.name == \'QS\' or it.suit == \'hearts\'"\n'
             '  lucky: "min(it.rank, tricks)"')
    path = tmp_path / "props.yaml"
    path.write_text(open(MINIMAL).read().replace('  value: "it.rank"', props))
    game = load_game(str(path))
    assert game.names.constant_props == {"value", "capped", "queen"}  # lucky reads a game variable
    spade, heart = game.card_by_name["QS"], game.card_by_name["KH"]
    assert (spade.facts["capped"], spade.facts["queen"], heart.facts["queen"]) == (10, True, True)
    assert game.card_by_name["2C"].facts["queen"] is False and "lucky" not in spade.facts


SHORT_CODE = """
name: short
players: 2
deck: {standard: 52, start: draw}
zones:
  draw: {visibility: hidden}
  hand: {per_player: true, visibility: owner}
card_vars: {dmg: 0}
player_vars: {house: none}
functions:
  "suit_of(c)": "c.suit"
  "dmg_of(c)": "c.dmg"
  "lucky(c)": "c.rank + 1T10"
  "below(c)": "under(c)"
  "on_it(c)": "attached(c)"
  "where(c)": "c.zone"
  "some_red(cs)": "any(x in cs | x.suit == 'hearts')"
  "red(c)": "suit_of(c) == 'hearts'"
  "count_of(z)": "count(z)"
  "crowded(z)": "count_of(z) > 2"
  "all_red(cs)": "all(x in cs | x.suit == 'hearts')"
  "house_of(p)": "p.house"
  "all_of_them_red(c)": "{many_reds}"
  "hand_size(p)": "count(p.hand)"
  "damaged(c)": "count(under(c)) > 0"
  "red_1(c)": "red(c)"
  "red_2(c)": "red_1(c)"
  "red_3(c)": "red_2(c)"
turn:
  do:
    - choose: c
      from: draw
end:
  - when: "false"
    winner: P1
"""


SHORT_CODE = SHORT_CODE.replace("{many_reds}", " and ".join(["red(c)"] * 80))
SHORT_CODE_LINES = {line.split('"')[1].split("(")[0]: number for number, line in enumerate(SHORT_CODE.splitlines(), start=1)
                    if line.startswith('  "') and "(" in line}  # function name -> its line in the file


def assert_same_errors(short_code, general_code, st, me, a_list) -> None:
    """Short code given what is no card (none, a player, a zone, a list) fails as the general code does."""
    for value in (None, Player(1), ZoneRef("draw"), a_list):
        with pytest.raises(GameError) as short:
            short_code(st, me, value)
        with pytest.raises(GameError) as direct:
            general_code(st, me, value)
        assert str(short.value) == str(direct.value) and short.value.position == direct.value.position


def test_a_function_reads_card_values_straight_and_leaves_other_values_to_its_general_code(tmp_path):
    path = tmp_path / "short.yaml"
    path.write_text(SHORT_CODE)
    game = load_game(str(path))
    namespace, st, me = game.program.namespace, new_game(game, 2, seed=1), Player(0)
    suit_of, dmg_of = (game.program.ready(namespace[game.program.symbol("function", f)]) for f in ("suit_of", "dmg_of"))
    general = next(n for n in suit_of.__code__.co_names if n.startswith("_g"))
    assert suit_of(st, me, game.card_by_name["QH"]) == "hearts"
    assert namespace[general].__code__.co_name != general  # not needed yet, so not compiled
    marker = st.mark(game.card_by_name["QH"], {"dmg": 4})
    assert dmg_of(st, me, marker) == 4  # a marker's stored values read as a card's
    assert_same_errors(suit_of, namespace[general], st, me, [game.card_by_name["QH"]])
    assert namespace[general].__code__.co_name == general  # compiled at the first value that is no card


def test_a_function_that_uses_chance_has_no_short_code(tmp_path):
    path = tmp_path / "short.yaml"
    path.write_text(SHORT_CODE)
    game = load_game(str(path))
    lucky = game.program.ready(game.program.namespace[game.program.symbol("function", "lucky")])
    assert not any(n.startswith("_g") for n in lucky.__code__.co_names)  # a second try would roll again


@pytest.fixture
def short_code(tmp_path):
    """`(short, general, st, game)` of a rule function of SHORT_CODE, in a game just begun."""
    path = tmp_path / "short.yaml"
    path.write_text(SHORT_CODE)
    game = load_game(str(path))
    namespace = game.program.namespace

    def function(rule_name: str):
        short = game.program.ready(namespace[game.program.symbol("function", rule_name)])
        general = namespace[next(n for n in short.__code__.co_names if n.startswith("_g"))]
        return short, general, new_game(game, 2, seed=1), game
    return function


@pytest.mark.parametrize("function", ["below", "on_it"])
def test_what_lies_under_a_card_is_read_straight_and_other_values_get_the_general_error(short_code, function):
    pieces, general, st, game = short_code(function)
    me, queen, king = Player(0), game.card_by_name["QH"], game.card_by_name["KH"]
    assert pieces(st, me, queen) == []
    marker = st.mark(queen, {"dmg": 4})
    assert pieces(st, me, queen) == [marker] and pieces(st, me, marker) == [] and pieces(st, me, king) == []
    assert_same_errors(pieces, general, st, me, [queen])


@pytest.mark.parametrize("function, answers", [("some_red", (True, None)), ("all_red", (None, False))])
def test_any_and_all_of_short_code_answer_as_if_they_stopped_at_the_first_answer(short_code, function, answers):
    # The short code looks at every item of a local list at once; the item after the answer (5,
    # no card) fails there, and the general code then stops at the first item, as the rule says.
    check, _, st, game = short_code(function)
    assert not any(const.co_name == "<genexpr>" for const in check.__code__.co_consts if hasattr(const, "co_name"))
    heart, spade = game.card_by_name["QH"], game.card_by_name["QS"]
    for card, answer in zip((heart, spade), answers):
        if answer is None:  # the first item gives no answer: the second is looked at, and fails
            with pytest.raises(GameError, match="5"):
                check(st, Player(0), [card, 5])
        else:
            assert check(st, Player(0), [card, 5]) is answer


def test_short_code_writes_a_small_function_in_place_and_its_errors_stay_the_functions(short_code):
    red, general, st, game = short_code("red")
    suit_of = game.program.symbol("function", "suit_of")
    assert suit_of not in red.__code__.co_names  # (its general code calls it)
    assert red(st, Player(0), game.card_by_name["QH"]) is True and red(st, Player(0), game.card_by_name["QS"]) is False
    assert_same_errors(red, general, st, Player(0), [game.card_by_name["QH"]])  # at suit_of's own position


def test_one_expression_writes_only_so_much_in_place(short_code):
    many, _, st, game = short_code("all_of_them_red")  # 80 calls of red(), each with suit_of() in it
    red = game.program.symbol("function", "red")
    assert red in many.__code__.co_names  # the last calls stay calls: the code has a bounded size
    assert many(st, Player(0), game.card_by_name["QH"]) is True and many(st, Player(0), game.card_by_name["QS"]) is False


def test_a_count_of_what_lies_under_a_card_is_its_length(short_code):
    damaged, general, st, game = short_code("damaged")
    assert "count" not in damaged.__code__.co_names
    queen = game.card_by_name["QH"]
    assert damaged(st, Player(0), queen) is False
    st.mark(queen, {"dmg": 4})
    assert damaged(st, Player(0), queen) is True
    assert_same_errors(damaged, general, st, Player(0), [queen])


def test_functions_are_written_in_place_three_deep_at_most(short_code):
    red_3, _, st, game = short_code("red_3")  # red_3 -> red_2 -> red_1 -> red -> suit_of
    called = {name for name in red_3.__code__.co_names if name.startswith("_f")}
    assert called == {game.program.symbol("function", "suit_of")}  # red_2, red_1, red in place; suit_of called
    assert red_3(st, Player(0), game.card_by_name["QH"]) is True


def test_a_game_error_in_a_function_written_in_place_is_the_general_codes(short_code):
    # count() of a number is a GameError (not a Python error): the general code, which calls
    # count_of(), says it at count_of's position, as if nothing was written in place.
    crowded, general, st, _ = short_code("crowded")
    assert crowded(st, Player(0), ZoneRef("draw")) is True
    with pytest.raises(GameError) as short:
        crowded(st, Player(0), 5)
    with pytest.raises(GameError) as direct:
        general(st, Player(0), 5)
    assert str(short.value) == str(direct.value) and short.value.position.line == SHORT_CODE_LINES["count_of"]


@pytest.mark.parametrize("function", ["house_of", "hand_size"])
def test_short_code_reads_a_players_values_straight_and_other_values_get_the_general_error(short_code, function):
    read, general, st, game = short_code(function)
    st.set_player_var(Player(1), "house", "hearts")
    assert read(st, Player(0), Player(1)) == general(st, Player(0), Player(1)) == ("hearts" if function == "house_of" else 0)
    for value in (None, game.card_by_name["QH"], ZoneRef("draw"), [Player(0)], [0]):  # [0][0] would be a seat
        with pytest.raises(GameError) as short:
            read(st, Player(0), value)
        with pytest.raises(GameError) as direct:
            general(st, Player(0), value)
        assert str(short.value) == str(direct.value)


def test_a_cards_zone_is_read_straight_and_an_attached_piece_has_its_cards_zone(short_code):
    where, general, st, game = short_code("where")
    me, queen = Player(0), game.card_by_name["QH"]
    marker = st.mark(queen, {"dmg": 4})
    assert where(st, me, queen) == where(st, me, marker) == ZoneRef("draw")
    assert_same_errors(where, general, st, me, [queen])
