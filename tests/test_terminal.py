"""The terminal's parts, in process: players' names for zones, the board, the news, option keys,
auto-pass, rule-file text shown literally, `rulelang rules`, records written by `play`."""
import io
import json
import re
import shutil

import pytest
from click.testing import CliRunner
from rich.console import Console
from rulelang.cli.main import main
from rulelang.cli.news import summarise
from rulelang.cli.screen import Board
from rulelang.cli.terminal import HumanAgent, OptionKeys

from rulelang.agents import random_agents
from rulelang.api import load_game
from rulelang.engine.choices import ReactionWindow
from rulelang.engine.decisions import Decision, Option
from rulelang.engine.record import replay
from rulelang.engine.recordfile import load_record
from rulelang.engine.runtime import apply_action, new_game
from rulelang.engine.session import worth_asking
from rulelang.engine.values import ZoneRef
from rulelang.engine.views import seat_view
from rulelang.errors import RulelangError
from rulelang.presentation.naming import Namer, literal
from rulelang.presentation.scene import header


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), input=input, catch_exceptions=False)


def rendered(renderable, width=100) -> str:
    console = Console(width=width, record=True, file=open("/dev/null", "w"))
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize("seat, text, expected", [
    (0, "P1 moves 7♣ to P1.piles[0]", "P1 moves 7♣ to your pile 1"),
    (1, "P1 moves 7♣ to P1.piles[2]", "P1 moves 7♣ to P1's pile 3"),
    (0, "shuffles discard into draw", "shuffles the discard pile into the draw pile"),
    (0, "P2 draws 2 cards from draw to P2.hand", "P2 draws 2 cards from the draw pile to P2's hand"),
    (None, "P1 moves 3 cards to P1.bench", "P1 moves 3 cards to P1's bench"),
])
def test_zones_are_named_by_their_labels_from_1_and_from_the_seat(seat, text, expected):
    assert Namer(load_game("tjugonio"), seat).text(text) == expected


def test_piles_of_a_row_count_from_1_and_bookkeeping_zones_never_show():
    hoyer, houska = Namer(load_game("hoyers_trappe"), 0), Namer(load_game("houska_castle"), 0)
    assert hoyer.text("P2 moves 7♠ to row[0]") == "P2 moves 7♠ to pile 1"
    assert hoyer.label("row[3]") == "pile 4"
    assert houska.text("draws 25 cards from _box to monsters") == "draws 25 cards to the Monster pile"
    assert houska.text("moves K♦, 7♦ to _pool") is None and houska.text("shuffles _pool") is None
    assert houska.variable("plays_left") == "monster plays left" and houska.variable("some_name") == "some name"


def test_rule_file_text_is_shown_literally():
    assert literal("a\x1b[2Jb\tc\nd") == "a\\x1b[2Jb c\\nd"
    assert literal("x\x07\ny", keep_newlines=True) == "x\\x07\ny"


def test_markup_in_a_rule_file_reaches_the_screen_as_text_and_escape_codes_are_refused(tmp_path):
    text = open("tests/data/minimal.yaml").read()
    text = text.replace("name: Minimal\n", 'name: Minimal\nrules: "[bold red]boom[/] cleared?"\n')
    text = text.replace("  table: {per_player: true, visibility: public}",
                        '  table: {per_player: true, visibility: public, label: "[blink]x[/blink]"}')
    text = text.replace("  play:\n", '  play:\n    label: "[red]lay[/red] a card"\n')
    path = tmp_path / "markup.yaml"
    path.write_text(text)
    shown = run("rules", str(path)).output
    assert "[bold red]boom[/] cleared?" in shown and "\x1b" not in shown
    assert "[blink]x[/blink]" in shown and "[red]lay[/red] a card" in shown
    escaped = tmp_path / "escape.yaml"
    escaped.write_text(text.replace("boom[/] cleared?", "boom[/] \\e[2J cleared?"))
    refused = run("rules", str(escaped))
    assert refused.exit_code == 1 and "control characters (\\x1b found)" in refused.output
    played = run("play", str(path), "--players", "human,random", "--seed", "1", input="1\n" * 12).output
    assert "[blink]x[/blink]" in played and "\x1b" not in played


def test_brackets_in_prompts_labels_logs_and_names_are_shown_as_written(tmp_path):
    played = run("play", "tests/data/brackets.yaml", "--players", "human,random", "--seed", "1",
                 input="?\n?1\nl\n1\n1\n").output
    assert "internal error" not in played
    for text in ("Swap which card? [any card] (or [/cancel])", "Take one [any card] (or [/cancel])",
                 "turn [b]bold[/b] (or [/cancel])", "hand [/cancel]", "tally [/x]", "holds [/cancel] 1",
                 "Game over: over [/cancel]", "Rules [/cancel] [any card]", "Markup [any card]"):
        assert text in played


def test_a_progress_bar_shows_a_path_with_brackets_and_braces_as_written(tmp_path):
    from rulelang.cli.progress import progress_bar
    screen = Console(force_terminal=True, record=True, width=100, file=open("/dev/null", "w"))
    with progress_bar(2, "playing m[/x]{y}.yaml", console=screen) as advance:
        advance(2)
    assert "playing m[/x]{y}.yaml" in screen.export_text()


def test_the_board_groups_each_players_zones_and_marks_pile_tops():
    game = load_game("storma_slottet")
    st = new_game(game, 2, 3)
    while st.turn_number < 6:
        apply_action(st, 0)
    text = rendered(Board(game, Namer(game, 0)).render(seat_view(st, 0)))
    assert re.search(r"^P2 · royal house \w+\n  hand \(\d+\) +\d+ hidden", text, re.M)
    face = r"(?:(?:10|[2-9AJQK])[♣♦♥♠]|JK\d)"
    assert re.search(r"^You, P1 · royal house \w+\n  hand \(\d+\) +" + face, text, re.M)
    assert re.search(r"^  discard pile \(\d+\) +top: ", text, re.M)
    assert "P1." not in text and "P2." not in text and "_" not in text


def test_copies_read_as_their_face_on_the_table(tmp_path):
    path = tmp_path / "two_decks.yaml"
    path.write_text("name: Two decks\nplayers: 2\ndeck: {standard: 52, copies: 2, start: table}\n"
                    "zones: {table: {visibility: public}}\nturn: {do: [tie]}\nend: []\n", encoding="utf-8")
    game = load_game(str(path))
    view = seat_view(new_game(game, 2, 1), 0)
    assert view["zones"]["table"][:2] == [{"card": "A♣", "copy": 1}, {"card": "A♣", "copy": 2}]
    text = rendered(Board(game, Namer(game, 0)).render(view))
    assert "top: A♣  A♣  2♣  2♣" in text and "copy" not in text


def test_custom_cards_show_their_printed_values_in_hand():
    game = load_game("supertrumf")
    st = new_game(game, 2, 1)
    text = rendered(Board(game, Namer(game, 0)).render(seat_view(st, 0)))
    hand = seat_view(st, 0)["zones"]["P1.hand"]
    assert "strength  physique  magic  wisdom  speed" in text
    card = game.card_by_name[hand[0]["card"]]
    assert re.search(re.escape(card.name) + r" +" + card.attributes["kind"], text)


def test_news_is_one_paragraph_per_turn_without_the_seats_own_choices():
    game = load_game("storma_slottet")
    lines = ["-- turn 3: P2 --", "P2 attacks the enemy's Active card", "P2 reveals 7♦",
             "P2 moves 7♦ under J♣",
             "-- turn 4: P1 --", "P1 chooses Exchange cards of one suit", "P1 exchanges cards of one suit",
             "P1 draws 1 card from draw to P1.hand", "(you see: A♠)"]
    news = [t.plain for t in summarise(lines, Namer(game, 0), "P1")]
    assert news == ["P2's turn 3: attacks the enemy's Active card; reveals 7♦; moves 7♦ under J♣",
                    "Your turn 4: draws 1 card from the draw pile to your hand (you see: A♠)"]
    assert [t.plain for t in summarise(lines[5:], Namer(game, 0), "P1", lines[:5])] == [news[1]]


def test_news_of_a_setup_before_the_first_turn_of_the_game_and_of_a_round_is_headed_setup():
    game = load_game("tjugonio")
    lines = ["shuffles draw", "draws 5 cards from draw to P1.hand", "(you see: 9♦)", "-- turn 1: P2 --",
             "P2 ends their turn", "== round 2 ==", "shuffles draw", "-- turn 2: P1 --", "P1 ends their turn"]
    news = [t.plain for t in summarise(lines, Namer(game, 0), "P1")]
    assert news == ["Setup: shuffles the draw pile; draws 5 cards from the draw pile to your hand (you see: 9♦)",
                    "P2's turn 1: ends their turn", "round 2", "Setup: shuffles the draw pile", "Your turn 2"]
    # lines that go on from earlier ones: headed by the turn (or setup) they belong to
    assert [t.plain for t in summarise(lines[1:3], Namer(game, 0), "P1", lines[:1])] == [
        "Setup: draws 5 cards from the draw pile to your hand (you see: 9♦)"]
    assert [t.plain for t in summarise(lines[4:5], Namer(game, 0), "P1", lines[:4])] == ["P2's turn 1: ends their turn"]
    assert [t.plain for t in summarise(lines[6:7], Namer(game, 0), "P1", lines[:6])] == ["Setup: shuffles the draw pile"]


def test_news_leaves_out_a_moves_announcement_that_its_effect_says_again_with_the_same_verb():
    game = load_game("gin_rummy")
    lines = ["-- turn 3: P2 --", "P2 draws from the stock", "P2 draws 1 card from stock to P2.hand",
             "P2 discards a card", "P2 moves K♠ to discard"]
    assert [t.plain for t in summarise(lines, Namer(game, 0), "P1")] == [
        "P2's turn 3: draws 1 card from the stock to P2's hand; discards a card; moves K♠ to the discard pile"]


def test_news_of_a_seats_own_reaction_in_anothers_turn_is_said_to_it():
    game = load_game("tjugonio")
    lines = ["-- turn 3: P2 --", "P2 ends their turn", "P1 chooses Play an ace with another card",
             "P1 reacts and plays an ace with another card", "P1 reveals A♦", "P1 moves A♦ to discard",
             "P2 plays a card from their hand"]
    assert [t.plain for t in summarise(lines, Namer(game, 0), "P1")] == [
        "P2's turn 3: ends their turn; you reveal A♦; you move A♦ to the discard pile; plays a card from their hand"]
    seen_by_p2 = lines[:2] + lines[3:]  # (what P1 chose is said to P1 alone)
    assert [t.plain for t in summarise(seen_by_p2, Namer(game, 1), "P2")] == [
        "Your turn 3: P1 reacts and plays an ace with another card; P1 reveals A♦; P1 moves A♦ to the discard pile"]


AT_TURN_1 = {"turn": 1}  # (a view with nothing to order)


def at_turn(st, turn: int) -> dict:
    """P1's view of the state, as if in turn `turn`."""
    return {**seat_view(st, 0), "turn": turn}


def test_options_that_are_numbers_get_letters():
    def keys(values):
        return OptionKeys().of(Decision(0, "?", tuple(Option(str(v), str(v), v) for v in values), None, 0), AT_TURN_1)
    assert keys([0, 1, 2]) == ["a", "b", "c"]
    assert keys(["clubs", "spades", None]) == ["1", "2", "3"]


def storma_at_an_attack():
    """A Storma game at P1's first turn, its attack begun: the question which cards attack."""
    st = new_game(load_game("storma_slottet"), 2, 3)
    for label in ("clubs", "spades", "JC", "JS"):
        apply_action(st, st.pending.labels().index(label))
    if st.pending.seat != 0:
        apply_action(st, st.pending.labels().index("pass") if "pass" in st.pending.labels() else 0)
    apply_action(st, st.pending.labels().index("attack"))
    return st


def test_a_pick_and_an_undo_keep_every_option_under_its_key():
    st = storma_at_an_attack()
    keys = OptionKeys()
    first = dict(zip(st.pending.labels(), keys.of(st.pending, at_turn(st, 1))))
    picked = st.pending.labels()[2]
    apply_action(st, 2)
    after = dict(zip(st.pending.labels(), keys.of(st.pending, at_turn(st, 1))))
    assert after.pop("done") == str(len(first) + 1)     # a new option takes the next key
    assert after and all(first[label] == key for label, key in after.items())
    assert picked not in after
    order = keys.in_order(st.pending, at_turn(st, 1))
    assert [int(keys.of(st.pending, at_turn(st, 1))[i]) for i in order] == sorted(int(k) for k in after.values()) + [len(first) + 1]
    undone = storma_at_an_attack()                      # the same question again, as an undo replays it
    assert dict(zip(undone.pending.labels(), keys.of(undone.pending, at_turn(undone, 1)))) == first


def test_keys_start_afresh_for_another_question_or_another_turn():
    st = storma_at_an_attack()
    keys = OptionKeys()
    keys.of(st.pending, at_turn(st, 1))
    apply_action(st, 2)
    assert "3" not in keys.of(st.pending, at_turn(st, 1))             # the third card was taken: its key stays unused
    assert keys.of(st.pending, at_turn(st, 2))[0] == "1"              # the same question in another turn is asked afresh
    other = Decision(0, "?", (Option("x", "x", "x"), Option("y", "y", "y")), None, 0)
    assert keys.of(other, {"turn": 2}) == ["1", "2"]


def reactions(game, ending: bool):
    """A random Tjugonio game at a reaction prompt, after the turn player ended the turn or not."""
    for seed in range(100):
        st = new_game(game, 2, seed)
        agents = random_agents(2, seed)
        while st.result is None:
            if isinstance(st.pending.node, ReactionWindow) and st.pvars[st.current]["_ending"] == ending:
                return st
            apply_action(st, agents[st.pending.seat].choose(None, st.pending))
    raise AssertionError("no such reaction prompt in 100 games")


@pytest.mark.parametrize("ending", [True, False])
def test_auto_pass_asks_only_when_a_reaction_is_marked_worth_asking(ending):
    game = load_game("tjugonio")  # its ace asks once the turn player has ended the turn
    st = reactions(game, ending)
    assert worth_asking(st, st.pending) is ending
    assert worth_asking(st, st.pending, auto_pass=False) is True


def test_rules_prints_the_rules_moves_zones_and_deck():
    result = run("rules", "supertrumf_blixtduell")
    assert result.exit_code == 0
    out = result.output
    assert "Supertrumf Fantasy — Blixtduell (2 players)" in out and "prize cards" in out
    assert "Zones" in out and "The deck (32 cards)" in out and "Poisoned Dagger" in out
    storma = run("rules", "storma_slottet").output
    assert "Attack the enemy's Active card" in storma and "Pick cards of one suit" in storma
    assert "The deck: 54 standard cards, 2 of them jokers" in storma
    assert run("rules", "no_such_game").exit_code == 1


def test_rules_show_a_nameable_text_value_of_a_custom_deck_once(tmp_path):
    path = tmp_path / "custom.yaml"
    path.write_text("name: Custom\nplayers: 2\ndeck:\n  start: draw\n  attributes: [suit, value]\n  cards:\n"
                    "    - {name: Red One, suit: red, value: 1}\n    - {name: Blue Two, suit: blue, value: 2}\n"
                    "zones: {draw: {visibility: hidden}}\nturn: {do: [tie]}\nend: []\n", encoding="utf-8")
    out = run("rules", str(path)).output
    assert re.search(r"^ +suit +value *$", out, re.M) and re.search(r"^Red One +red +1 *$", out, re.M)


def test_rules_list_a_label_worked_out_in_play_with_its_fields_left_out():
    out = run("rules", "texas_holdem").output
    assert re.search(r"^\s+Call …$", out, re.M) and re.search(r"^\s+Raise to …$", out, re.M)
    assert "to_call(me)" not in out and "{" not in out


def test_a_bots_game_with_record_replays_to_the_same_end(tmp_path):
    path = tmp_path / "bots.json"
    result = run("play", "tjugonio", "--players", "random,random", "--seed", "5", "--record", str(path))
    assert result.exit_code == 0 and "Game over" in result.output
    record = load_record(str(path))
    st = replay(load_game("tjugonio"), record)
    assert st.result is not None and record.players == ("random", "random") and record.seed == 5
    assert re.search(rf"^P1\s+{st.result[0]}\s+score \d+$", result.output, re.M)


def test_resume_refuses_a_changed_ruleset_and_a_new_seed(tmp_path):
    ruleset = tmp_path / "tj.yaml"
    shutil.copy("rulesets/tjugonio.yaml", ruleset)
    path = tmp_path / "game.json"
    run("play", str(ruleset), "--players", "random,random", "--seed", "2", "--record", str(path))
    data = json.loads(path.read_text())
    assert data["ruleset"] == "tj.yaml"  # beside the record: named from its folder
    assert run("play", "--resume", str(path), "--seed", "3").exit_code == 2
    ruleset.write_text(ruleset.read_text().replace("draw 5 from draw", "draw 6 from draw"))
    result = run("play", "--resume", str(path))
    assert result.exit_code == 1
    assert "has changed since this game was recorded" in result.output and "Traceback" not in result.output
    assert run("play").exit_code == 2


def test_a_game_that_fails_leaves_a_record_that_replays_the_fault(tmp_path):
    path = tmp_path / "fault.json"
    result = run("play", "tests/data/stalls.yaml", "--players", "random,random", "--seed", "1", "--record", str(path))
    assert result.exit_code == 1 and "has no legal option" in result.output
    with pytest.raises(RulelangError, match="has no legal option"):
        replay(load_game("tests/data/stalls.yaml"), load_record(str(path)))


def test_a_resumed_game_may_seat_other_players(tmp_path):
    path = tmp_path / "game.json"
    run("play", "tjugonio", "--players", "human,random", "--seed", "4", "--record", str(path), input="1\n1\nq\ny\n\n")
    saved = load_record(str(path))
    result = run("play", "--resume", str(path), "--players", "random,random", "--record", str(path))
    assert result.exit_code == 0 and "Game over" in result.output and len(saved.decisions) == 2
    finished = load_record(str(path))
    assert finished.players == ("random", "random") and finished.decisions[:len(saved.decisions)] == saved.decisions
    assert replay(load_game("tjugonio"), finished).result is not None


def test_a_run_of_lines_credited_to_one_trigger_names_it_once():
    game = load_game("storma_slottet")
    lines = ["-- turn 5: P2 --", "a face card is defeated: moves 3♠ to discard",
             "a face card is defeated: moves K♦ to P1.trophies", "P2 draws 3 cards from draw to P2.hand"]
    assert [t.plain for t in summarise(lines, Namer(game, 0), "P1")] == [
        "P2's turn 5: a face card is defeated: moves 3♠ to the discard pile; moves K♦ to your trophies; "
        "draws 3 cards from the draw pile to P2's hand"]


def test_a_bots_game_stops_at_the_rule_files_decision_limit(tmp_path):
    path = tmp_path / "short.yaml"
    text = open("tests/data/minimal.yaml").read()
    path.write_text(text.replace("name: Minimal\n", "name: Minimal\nlimits: {decisions: 3}\n"))
    result = run("play", str(path), "--players", "random,random", "--seed", "1")
    assert result.exit_code == 1 and "no result after 3 decisions (limits: decisions)" in result.output


def test_a_line_said_again_and_again_is_said_once_with_its_count():
    game = load_game("storma_slottet")
    lines = ["-- turn 2: P2 --", "P2 reveals 7♦", "P2 reveals 7♦", "P2 reveals 7♦", "P2 reveals 8♦", "P2 reveals 7♦"]
    assert [t.plain for t in summarise(lines, Namer(game, 0), "P1")] == [
        "P2's turn 2: reveals 7♦ ×3; reveals 8♦; reveals 7♦"]


def test_a_long_turn_shows_its_first_events_then_how_many_more():
    game = load_game("storma_slottet")
    lines = ["-- turn 2: P2 --", *(f"P2 reveals {rank}♦" for rank in range(2, 11)), "-- turn 3: P1 --", "P1 reveals 2♠"]
    news = [t.plain for t in summarise(lines, Namer(game, 0), "P1", most=3, more=" (l shows the whole log)")]
    assert news == ["P2's turn 2: reveals 2♦; reveals 3♦; reveals 4♦; … 6 more (l shows the whole log)",
                    "Your turn 3: reveals 2♠"]
    assert len(summarise(lines, Namer(game, 0), "P1")[0].plain.split("; ")) == 9


def test_a_bots_game_shows_a_long_turn_cut_short(tmp_path):
    path = tmp_path / "chatty.yaml"
    text = open("tests/data/minimal.yaml").read()
    path.write_text(text.replace("    - choose move: [play]\n", "    - for: a in draw\n      do:\n"
                                 "        - for: b in draw\n          do: ['log \"{a} and {b}\"']\n"
                                 "    - choose move: [play]\n"))
    result = run("play", str(path), "--players", "random,random", "--seed", "1")
    assert result.exit_code == 0, result.output
    turns = [" ".join(text.split()) for text in re.split(r"\n(?=P\d's turn )", result.output)]
    cut = [turn.split(" more")[0] for turn in turns if re.search(r"; … [\d,]+ more", turn)]
    assert len(cut) == 10  # every turn logs 46 x 46 lines or more
    assert all(turn.count("; ") == 200 for turn in cut)  # 200 things shown, then how many more


def hearts_at_the_pass(picks: int):
    """A Hearts game at P1's choice of three cards to pass, `picks` of them picked (the first offered)."""
    st = new_game(load_game("hearts"), 4, 2)
    for _ in range(picks):
        apply_action(st, 0)
    return st


def test_a_pass_lists_the_hand_in_order_shows_the_picks_and_names_a_card_typed_again(monkeypatch):
    st = hearts_at_the_pass(1)
    console = Console(width=120, file=io.StringIO(), color_system=None)
    person = HumanAgent(st.game, console)
    view = seat_view(st, 0)
    picked = view["asked"]["picked"]
    assert len(picked) == 1 and view["asked"]["fewest"] == view["asked"]["most"] == 3
    person.show_question(view, st.pending)
    shown = console.file.getvalue()
    assert f"(picked {picked[0]}: pick 2 more)" in shown
    keyed = re.findall(r"(\d+)\. (\S+)", shown)
    in_order = [face for _, face in sorted(keyed, key=lambda pair: int(pair[0]))]
    hand = [piece["card"] for piece in (view["zones"]["P1.hand"][i] for i in view["order"]["P1.hand"])]
    assert in_order == [face for face in hand if face in in_order]       # keys follow the hand as shown
    assert [face[-1] for face in hand] == sorted((face[-1] for face in hand), key="♠♥♣♦".index)
    first = OptionKeys()
    before = hearts_at_the_pass(0)
    keys = dict(zip(before.pending.labels(), first.of(before.pending, seat_view(before, 0))))
    gone = before.pending.labels()[0]
    apply_action(before, 0)
    first.of(before.pending, seat_view(before, 0))
    assert first.taken(before.pending, seat_view(before, 0), keys[gone]) == gone   # typed again: already picked


def test_the_header_names_the_seat_asked_and_a_heading_names_partners():
    st = new_game(load_game("euchre"), 4, 1)
    view = seat_view(st, 0)
    assert view["teams"] == [["P1", "P3"], ["P2", "P4"]]
    asked = view["asked"]["seat"]
    who = "you" if asked == "P1" else asked
    assert header(st.game, view) == f"Euchre · setting up · {who} to decide"
    while st.pending.seat == st.current or not st.turn_number:  # a card asked of another than the turn's player
        apply_action(st, 0)
    view = seat_view(st, st.pending.seat)
    assert header(st.game, view).endswith(f"{view['current']}'s turn, you to decide")
    table = Console(width=120, file=io.StringIO(), color_system=None)
    table.print(Board(st.game, Namer(st.game, 0)).render(view))
    assert "P3 · partner of you" in table.file.getvalue() and "P2 · partner of P4" in table.file.getvalue()


def test_a_spread_pile_is_shown_whole_and_another_shared_pile_by_its_top():
    game = load_game("rummy_500")
    st = new_game(game, 2, 1)
    st.move(st.zones[ZoneRef("stock")][:11], ZoneRef("discard"))  # twelve cards in the discard pile, all in sight
    pile = st.zones[ZoneRef("discard")]
    text = rendered(Board(game, Namer(game, 0)).render(seat_view(st, 0)), width=200)
    assert all(card.pretty() in text for card in pile) and "more (b shows it whole)" not in text


def test_a_choice_made_at_once_says_so_in_the_header_and_under_the_question():
    st = new_game(load_game("sushi_go"), 3, 1)
    apply_action(st, 0)  # P1 has chosen
    view = seat_view(st, 1)
    assert header(st.game, view).endswith("everyone chooses at once, you to decide")
    console = Console(width=200, file=io.StringIO(), color_system=None)
    HumanAgent(st.game, console).show_question(view, st.pending)
    assert ("everyone chooses at once: nobody sees your choice until all have chosen, then all are revealed; "
            "P1 has chosen, P3 still to choose") in console.file.getvalue()
