"""tricks: the trump suit, a card's suit and rank in play as values the rule file names, the
functions that follow suit and find the card that takes a trick, and tricks that close by
themselves (`zone`, `to`): the winner takes the trick and leads, tricks counted per player and team."""
import os
import textwrap

import attrs
import pytest
from rich.console import Console

from rulelang.api import load_game
from rulelang.cli.screen import Board
from rulelang.compile.dependencies import Dependencies
from rulelang.constructs.catalogue import FUNCTIONS
from rulelang.constructs.tricks import CARD_VALUES, TRUMP
from rulelang.engine.runtime import _begin_round, apply_label, new_game
from rulelang.engine.state import GameState
from rulelang.engine.values import Player, ZoneRef
from rulelang.engine.views import seat_view
from rulelang.errors import GameError, RuleError
from rulelang.presentation.naming import Namer
from rulelang.presentation.scene import scene

GAME = """
    name: Tricks
    players: 4
    deck: {standard: 52, start: draw}
    zones:
      draw: {visibility: hidden}
    vars: {trump: hearts}
    card_props:
      suit_in_play: "trump if trump != none and it.rank == 11 and it.color == 'red' and it.suit != trump else it.suit"
      power: "16 if it.rank == 11 and it.suit == trump else 15 if suit_in_play_is_trump(it) else it.rank"
    functions:
      "suit_in_play_is_trump(c)": "c.rank == 11 and c.suit_in_play == trump"
    tricks: {trump: trump, suit: suit_in_play, rank: power}
    turn: {do: []}
    end: []
"""


def state(tmp_path, text=GAME, trump="hearts"):
    path = tmp_path / "game.yaml"
    path.write_text(textwrap.dedent(text))
    game = load_game(str(path))
    st = GameState(game, 4, 1)
    st.vars["trump"] = trump
    return st, lambda *names: [game.card_by_name[n] for n in names]


def call(name, st, *args):
    return FUNCTIONS[name].meaning(st, *args)


@pytest.mark.parametrize("played,winner", [
    (["9C", "AC", "2H", "KC"], "2H"),          # the lowest trump beats the suit led
    (["9C", "QC", "2S", "10C"], "QC"),         # a card of another suit takes nothing
    (["AH", "JD", "KH", "JH"], "JH"),          # the right bower beats the left
    (["AH", "JD", "KH", "9H"], "JD"),          # the left bower beats the ace of trumps
    (["JD", "AD", "KD", "QS"], "JD"),          # the left bower led is a trump led
])
def test_the_highest_trump_takes_the_trick_else_the_highest_card_of_the_suit_led(tmp_path, played, winner):
    st, cards = state(tmp_path)
    assert call("trick_winner", st, cards(*played)) == cards(winner)[0]


def test_a_card_that_counts_as_trump_follows_trump_and_not_its_printed_suit(tmp_path):
    st, cards = state(tmp_path)
    assert call("follows", st, cards("JD")[0], cards("9H")) is True
    assert call("follows", st, cards("JD")[0], cards("9D")) is False
    assert call("follows", st, cards("JD")[0], []) is True          # nothing led: any card
    assert call("led_suit", st, cards("JD", "9D")) == "hearts" and call("led_suit", st, []) is None
    assert call("is_trump", st, cards("JD")[0]) is True and call("is_trump", st, cards("JC")[0]) is False


def test_with_no_trump_the_suit_led_wins(tmp_path):
    st, cards = state(tmp_path, trump=None)
    assert call("trick_winner", st, cards("9C", "2H", "10C")) == cards("10C")[0]
    assert call("is_trump", st, cards("2H")[0]) is False and call("trick_winner", st, []) is None


def test_trump_written_none_as_the_reference_writes_it_is_no_trump(tmp_path):
    st, cards = state(tmp_path, GAME.replace("tricks: {trump: trump,", "tricks: {trump: none,"))
    assert call("trick_winner", st, cards("9C", "2H", "10C")) == cards("10C")[0]
    assert call("is_trump", st, cards("2H")[0]) is False


def test_without_a_tricks_section_printed_suits_and_ranks_decide(tmp_path):
    st, cards = state(tmp_path, GAME.replace("    tricks: {trump: trump, suit: suit_in_play, rank: power}\n", ""))
    assert call("trick_winner", st, cards("JD", "AH", "KD")) == cards("KD")[0]
    assert call("follows", st, cards("JD")[0], cards("9H")) is False


def test_a_tricks_section_naming_no_card_value_is_an_error_at_its_place(tmp_path):
    with pytest.raises(RuleError) as err:
        state(tmp_path, GAME.replace("{trump: trump, suit: suit_in_play, rank: power}", "{trump: trump, suit: colour}"))
    assert "'colour' is no card value" in str(err.value) and "game.yaml:" in str(err.value)


def test_what_the_trick_functions_read_follows_the_trump_suit(tmp_path):
    st, _ = state(tmp_path)
    names = attrs.evolve(st.game.names, card_props=frozenset())  # the analysis made again, without properties
    found = set()
    assert FUNCTIONS["is_trump"].add_reads(found, Dependencies(names, {TRUMP: "trump"}, {})) is True
    assert found == {("v", "trump")}  # and the printed suits and ranks, which read nothing
    with_power = attrs.evolve(st.game.names, card_props=frozenset({"power"}))
    valued = Dependencies(with_power, {TRUMP: "'spades'", CARD_VALUES: "collect(c in [] | [c.suit, c.power])"},
                          {"power": "it.rank if trump == 'spades' else 0"})
    found = set()
    assert FUNCTIONS["trick_winner"].add_reads(found, valued) is True
    assert found == {("v", "trump")}  # what the rank in play reads
    chancy = Dependencies(names, {TRUMP: "random(['hearts', 'spades'])"}, {})
    assert FUNCTIONS["is_trump"].add_reads(set(), chancy) is False   # a check that calls it always runs


def test_read_from_the_cards_facts_the_trick_functions_answer_as_they_mean(tmp_path):
    # Printed suits and ranks (no section): generated code calls the helpers reading the facts
    st, cards = state(tmp_path, GAME.replace("    tricks: {trump: trump, suit: suit_in_play, rank: power}\n", ""))
    plain = [("trick_winner", (cards("JD", "AH", "KD"),)), ("trick_winner", ([],)), ("led_suit", (cards("9C", "2H"),)),
             ("led_suit", ([],)), ("follows", (cards("JD")[0], cards("9H", "2D"))), ("follows", (cards("2D")[0], [])),
             ("is_trump", (cards("2H")[0],)), ("is_trump", (3,))]  # (no trump: nothing is, whatever it is)
    for name, args in plain:
        assert FUNCTIONS[name].of_facts(st, *args, "suit", "rank") == call(name, st, *args), name
    for name, args in [("follows", ("hearts", cards("9H"))), ("trick_winner", (["JD"],)), ("led_suit", ([4],))]:
        with pytest.raises(GameError, match="takes cards") as meant:
            call(name, st, *args)
        with pytest.raises(GameError, match="takes cards") as fast:
            FUNCTIONS[name].of_facts(st, *args, "suit", "rank")
        assert str(fast.value) == str(meant.value)


CLOSING = """
    name: Closing
    players: 4
    deck: {standard: 52, start: draw}
    zones:
      draw: {visibility: hidden}
      hand: {per_player: true, visibility: owner}
      trick: {visibility: public}
      won: {per_player: true, visibility: hidden}
    player_vars: {out: false}
    card_props: {high: "14 if it.rank == 1 else it.rank"}
    tricks: {trump: "'spades'", rank: high, zone: trick, to: won}
    turn:
      first: P1
      skip: "me.out"
      do:
        - choose: c
          from: me.hand
        - move c to bottom of trick
    end:
      - when: "all(p in players | count(p.hand) == 0 or p.out)"
        winner: "most(p in players | tricks_won(p))"
"""


def closing(tmp_path, hands: dict, text=CLOSING, out=()):
    """A game of the closing bed with these hands (and these seats sitting out), at its first decision."""
    path = tmp_path / "closing.yaml"
    path.write_text(textwrap.dedent(text))
    game = load_game(str(path))

    def deal(st):
        for seat, names in hands.items():
            for name in names:
                st.place([game.card_by_name[name]], ZoneRef("hand", seat))
        for seat in out:
            st.pvars[seat]["out"] = True
        st.stage = "round"  # the hands as dealt: no setup
        st.round_number = 1
    return new_game(game, 4, 1, debug=True, prepare=deal)


def play(st, *labels):
    for label in labels:
        apply_label(st, label)


def test_a_trick_with_a_card_of_every_player_goes_to_its_winner_who_leads_the_next(tmp_path):
    st = closing(tmp_path, {0: ["9C", "AH"], 1: ["AC", "2H"], 2: ["2S", "3H"], 3: ["KC", "4H"]})
    play(st, "9C", "AC", "2S")
    assert [c.name for c in st.zones[ZoneRef("trick")]] == ["9C", "AC", "2S"]  # not complete: still in play
    assert FUNCTIONS["played_by"].meaning(st, st.game.card_by_name["AC"]) == Player(1)
    play(st, "KC")                                            # the fourth card: the trump takes it
    assert st.zones[ZoneRef("trick")] == []
    assert [c.name for c in st.zones[ZoneRef("won", 2)]] == ["9C", "AC", "2S", "KC"]
    assert st.tricks_taken == [0, 0, 1, 0] and st.pending.seat == 2   # P3 took it and leads the next
    assert "P3 takes the trick with 2♠" in [text for _, text in st.log]
    assert FUNCTIONS["played_by"].meaning(st, st.game.card_by_name["AC"]) is None   # no longer in a trick
    view = seat_view(st, 0)
    assert view["last"]["trick"] == [{"cards": ["9♣", "A♣", "2♠", "K♣"], "to": "P3.won",
                                      "played_by": ["P1", "P2", "P3", "P4"]}] and view["taken"] == {"P3.won": 1}


def test_a_player_the_turn_skips_plays_to_no_trick_and_a_trick_of_the_others_closes(tmp_path):
    st = closing(tmp_path, {0: ["9C"], 1: ["AC"], 2: ["KS"], 3: ["KC"]}, out=[2])
    play(st, "9C", "AC", "KC")                                # P3 sits out: three cards are a trick
    assert st.tricks_taken == [0, 1, 0, 0] and st.result == ("loss", "win", "loss", "loss")


def test_a_players_tricks_are_shown_with_their_teams_in_the_terminal_and_the_browser(tmp_path):
    st = closing(tmp_path, {0: ["9C", "AD"], 1: ["AC", "2D"], 2: ["2S", "4D"], 3: ["KC", "3D"]},
                 text=CLOSING.replace("    tricks:", "    teams: {count: 2}\n    tricks:"))
    play(st, "9C", "AC", "2S", "KC")                          # P3 takes the first (a trump) ...
    play(st, "4D", "3D", "AD", "2D")                          # ... and P1, P3's partner, the second
    view, namer = seat_view(st, 0), Namer(st.game, 0)
    zones = {zone["label"]: zone["tricks"] for player in scene(st.game, view, namer)["players"]
             for zone in player["zones"]}
    assert zones == {"P1.hand": "", "P1.won": "1 trick, team 2", "P2.hand": "", "P2.won": "",
                     "P3.hand": "", "P3.won": "1 trick, team 2", "P4.hand": "", "P4.won": ""}
    with open(os.devnull, "w") as sink:
        console = Console(width=100, record=True, file=sink)
        console.print(Board(st.game, namer).render(view))
    assert "won (1 trick, team 2)" in console.export_text()
    alone = closing(tmp_path, {0: ["9C"], 1: ["AC"], 2: ["2S"], 3: ["KC"]})  # (no teams: the player's own)
    play(alone, "9C", "AC", "2S", "KC")
    assert [zone["tricks"] for player in scene(alone.game, seat_view(alone, 0), Namer(alone.game, 0))["players"]
            for zone in player["zones"] if zone["label"] == "P3.won"] == ["1 trick"]

def test_tricks_won_counts_a_team_together_and_starts_anew_each_round(tmp_path):
    st = closing(tmp_path, {0: ["9C", "2D"], 1: ["AC", "3D"], 2: ["2S", "4D"], 3: ["KC", "AD"]})
    play(st, "9C", "AC", "2S", "KC")
    assert FUNCTIONS["tricks_won"].meaning(st, [Player(0), Player(2)]) == 1
    assert FUNCTIONS["tricks_won"].meaning(st, Player(2)) == 1
    with pytest.raises(GameError, match="tricks_won"):
        FUNCTIONS["tricks_won"].meaning(st, [1, 2])
    _begin_round(st)
    assert st.tricks_taken == [0, 0, 0, 0]


def test_a_remembered_check_that_reads_the_tricks_won_sees_them_change(tmp_path):
    st = closing(tmp_path, {0: ["9C", "2D"], 1: ["AC", "3D"], 2: ["2S", "4D"], 3: ["KC", "AD"]},
                         text=CLOSING.replace('      - when: "all(p in players | count(p.hand) == 0 or p.out)"',
                                              '      - when: "any(p in players | tricks_won(p) > 0)"'))
    play(st, "9C", "AC", "2S", "KC")
    assert st.result == ("loss", "loss", "win", "loss")       # at the check point after the trick closed


@pytest.mark.parametrize("tricks, message", [
    ("{zone: trick}", "'to' is missing"),
    ("{zone: nowhere, to: won}", "tricks: zone names unknown zone 'nowhere'"),
    ("{zone: won, to: trick}", "the trick is played to a shared zone; 'won' is a zone of each player"),
    ("{zone: trick, to: trick}", "a trick is taken into another zone than the one it is played to"),
])
def test_a_closing_zone_that_cannot_hold_a_trick_is_an_error_at_its_place(tmp_path, tricks, message):
    path = tmp_path / "closing.yaml"
    path.write_text(textwrap.dedent(CLOSING).replace("tricks: {trump: \"'spades'\", rank: high, zone: trick, to: won}",
                                                     f"tricks: {tricks}"))
    with pytest.raises(RuleError, match=message):
        load_game(str(path))



@pytest.mark.parametrize("suit", ["suit", "suit_in_play"])  # a printed value (a fact), and a property
def test_the_code_of_follows_answers_as_it_means_with_the_suit_led_read_once(tmp_path, suit):
    # `follows` in generated code reads the suit led once per evaluation and compares each card
    # with it in place: the cards that follow are those the function means, whatever was led
    path = tmp_path / "following.yaml"
    path.write_text(textwrap.dedent(CLOSING).replace(
        "tricks: {trump: \"'spades'\", rank: high, zone: trick, to: won}",
        f"tricks: {{trump: \"'hearts'\", suit: {suit}, rank: high, zone: trick, to: won}}\n"
        "functions:\n"
        "  \"following(p)\": \"select(c in p.hand | follows(c, trick))\"\n"
        "  \"void(p)\": \"not any(c in p.hand | follows(c, trick))\"").replace(
        "card_props: {high: \"14 if it.rank == 1 else it.rank\"}",
        "card_props: {high: \"14 if it.rank == 1 else it.rank\", "
        "suit_in_play: \"'hearts' if it.rank == 11 and it.suit == 'diamonds' else it.suit\"}"))
    game = load_game(str(path))
    following = game.program.namespace[game.program.symbol("function", "following")]
    void = game.program.namespace[game.program.symbol("function", "void")]
    st = new_game(game, 4, 1)
    hand, trick = ZoneRef("hand", 0), ZoneRef("trick")
    st.place([game.card_by_name[name] for name in ["2C", "JD", "5H", "9D"]], hand)
    meant, found = FUNCTIONS["follows"].meaning, {}
    for led in [(), ("3D", "4C"), ("4C", "3D"), ("6H",), ("QS", "AC")]:
        st.place(list(st.zones[trick]), ZoneRef("draw"))
        st.place([game.card_by_name[name] for name in led], trick)
        found[led] = [c.name for c in following(st, Player(0), Player(0))]
        assert found[led] == [c.name for c in st.zones[hand] if meant(st, c, st.zones[trick])], led
        assert void(st, Player(0), Player(0)) is (not found[led]), led
    # the jack of diamonds counts as a heart when the suit in play is the property
    assert found[("3D", "4C")] == (["JD", "9D"] if suit == "suit" else ["9D"])
    assert found[("6H",)] == (["5H"] if suit == "suit" else ["JD", "5H"])
    assert found[()] == ["2C", "JD", "5H", "9D"] and found[("4C", "3D")] == ["2C"] and found[("QS", "AC")] == []
