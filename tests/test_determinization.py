"""Samples for search: they keep what a seat sees, re-deal what it cannot, and never leak.

The hidden-information test re-deals the cards hidden from a seat by playing the same game
again from a deck whose hidden cards trade places (so the engine itself makes the re-dealt
state, with every field consistent), checks that the seat's view is the same, and then that
the samples and the bots' choices are the same too.
"""
import os

import pytest

from rulelang.agents import GreedyAgent, MctsAgent, RandomAgent, SeatView, build_agent, parse_agent_spec
from rulelang.api import load_game
from rulelang.engine.frames import ForLoop
from rulelang.engine.rng import Rng
from rulelang.engine.runtime import apply_action, new_game
from rulelang.engine.session import play_game
from rulelang.engine.values import Card, ZoneRef
from rulelang.engine.views import seat_view

# (ruleset, players, decisions played before the one looked at): every shipped ruleset hides cards
CASES = [("storma_slottet", 2, 3), ("storma_slottet", 2, 5), ("storma_slottet", 2, 40), ("tjugonio", 2, 12), ("tjugonio", 2, 40),
         ("houska_castle", 1, 3), ("houska_castle", 1, 12), ("hoyers_trappe", 3, 30),
         ("supertrumf", 2, 1), ("supertrumf", 2, 3), ("supertrumf", 3, 9), ("supertrumf_blixtduell", 2, 4),
         ("supertrumf_blixtduell", 2, 14)]
# a game that names hidden cards in a loop, a variable, stored values and options
BLIND = os.path.join(os.path.dirname(__file__), "data", "blind.yaml")


def play_to(game, players, seed, skip, recall=False):
    """The game after `skip` random decisions, at a decision with a choice, and the labels chosen."""
    st = new_game(game, players, seed, recall=recall)
    bot = RandomAgent(seed)
    labels = []
    while st.result is None and (st.actions < skip or len(st.pending.options) < 2):
        index = bot.choose(None, st.pending)
        labels.append(st.pending.options[index].label)
        apply_action(st, index)
    return st, labels


def replay(game, players, seed, labels, swap, recall=False):
    """The game played again from a deck with the `swap`ped cards traded, and the same decisions
    with the traded cards' names traded: the same game re-dealt; None if it cannot be played."""
    names = {old.name: new.name for old, new in swap.items()}

    def prepare(st):
        home = st.zones[ZoneRef(game.deck_zone)]
        home[:] = [swap.get(card, card) for card in home]
    st = new_game(game, players, seed, prepare=prepare, recall=recall)
    for label in labels:
        wanted = names.get(label, label)
        offered = st.pending.labels()
        if wanted not in offered:
            return None
        apply_action(st, offered.index(wanted))
    return st


def redealt(game, players, seed, skip, wanted=4, recall=False):
    """(a state, a few re-deals of it, its seat), each re-deal trading two or more hidden cards
    (with `recall`, cards the seat does not recall either, in games that keep what seats recall)."""
    st, labels = play_to(game, players, seed, skip, recall)
    seat = st.pending.seat
    hidden = sorted((c for c in game.cards if not st.in_sight(c, seat)), key=lambda c: c.id)
    rng = Rng(seed)
    found = []
    for attempt in range(200):
        order = list(hidden)
        if attempt < 100:
            rng.shuffle(order)  # a re-deal of every hidden card
        else:
            i, j = rng.below(len(order)), rng.below(len(order))  # or of two of them
            order[i], order[j] = order[j], order[i]
        swap = {old: new for old, new in zip(hidden, order) if old is not new}
        if not swap:
            continue
        other = replay(game, players, seed, labels, swap, recall)
        if other is not None and view_of(other, seat) == view_of(st, seat):
            found.append(other)
            if len(found) == wanted:
                break
    assert found, "no re-deal keeps the seat's view"
    return st, found, seat


def view_of(st, seat: int) -> dict:
    """The seat's view, a variable naming a card the seat cannot see read as none."""
    def seen(value):
        if isinstance(value, Card):
            return value if st.visible_to(value, seat) else None
        return [seen(v) for v in value] if isinstance(value, list) else value
    view = seat_view(st, seat)
    view["vars"] = {k: seen(v) for k, v in view["vars"].items()}
    view["players"] = [{k: seen(v) for k, v in p.items()} for p in view["players"]]
    return view


def dump(st) -> dict:
    """Everything a state holds that a search can read, as comparable data."""
    envs = [{k: v for k, v in frame.env.items()} for frame in st.frames]
    return {
        "zones": {zone: list(cards) for zone, cards in st.zones.items()},
        "under": st.under_of, "loc": st.loc, "cvars": st.cvars, "down": st.down,
        "vars": st.vars, "pvars": st.pvars, "zvars": st.zvars, "events": st.events,
        "frames": [(id(f.block), f.pc, env, f.trigger, list(f.loop.items) if isinstance(f.loop, ForLoop) else None)
                   for f, env in zip(st.frames, envs)],
        "options": [(o.label, o.value) for o in st.pending.options] if st.pending else None,
        "rng": st.rng.state, "current": st.current, "stage": st.stage,
    }


@pytest.fixture(scope="module")
def games():
    return {}


def game_of(games, name):
    if name not in games:
        games[name] = load_game(name)
    return games[name]


@pytest.mark.parametrize("name,players,skip", CASES)
def test_redealing_hidden_cards_changes_neither_samples_nor_choices(games, name, players, skip):
    check_redeals(game_of(games, name), players, skip)


# games whose seats recall cards gone out of sight, or are told what hidden cards are not (`show none`)
RECALLING = [("crazy_eights", 2, 20), ("crazy_eights", 3, 8), ("spades", 4, 30)]


@pytest.mark.parametrize("name,players,skip", RECALLING)
def test_redealing_what_a_seat_neither_sees_recalls_nor_was_told_changes_no_sample(games, name, players, skip):
    """A re-deal that keeps the seat's view keeps what it was told too (a player who could play
    would not have drawn): the samples and choices are the same."""
    real, seat = check_redeals(game_of(games, name), players, skip, recall=True)
    assert any(card.id in real.ruled_out or real.recalls(card, seat)
               for card in real.game.cards if not real.visible_to(card, seat))


def check_redeals(game, players, skip, recall=False):
    """The samples and the bots' choices of a seat are the same in every re-deal that keeps its
    view; the real state and the seat."""
    real, others, seat = redealt(game, players, 7, skip, recall=recall)
    one = SeatView(real, seat)
    samples = [dump(one.sample(Rng(seed))) for seed in (1, 2)]
    mcts = MctsAgent(3, iterations=30).choose(one, real.pending)
    greedy = GreedyAgent(3).choose(one, real.pending)
    for other in others:
        assert dump(real) != dump(other)  # the re-deal did move hidden cards
        two = SeatView(other, seat)
        assert [dump(two.sample(Rng(seed))) for seed in (1, 2)] == samples
        assert MctsAgent(3, iterations=30).choose(two, other.pending) == mcts
        assert GreedyAgent(3).choose(two, other.pending) == greedy
    return real, seat


@pytest.mark.parametrize("name,players,skip", CASES)
def test_a_sample_keeps_the_view_and_every_card(games, name, players, skip):
    game = game_of(games, name)
    st, _ = play_to(game, players, 5, skip)
    seat = st.pending.seat
    view = view_of(st, seat)
    seen = [dump(SeatView(st, seat).sample(Rng(seed))) for seed in range(4)]
    for seed in range(4):
        sample = SeatView(st, seat).sample(Rng(seed))
        sample.check_conservation()
        assert {**view_of(sample, seat), "log": []} == {**view, "log": []}
        assert [o.label for o in sample.pending.options] == st.pending.labels()  # its own options are known
    hidden = [c for c in game.cards if not st.visible_to(c, seat)]
    if len(hidden) > 1 and len({st.root(c) for c in hidden}) > 1:
        assert any(d["zones"] != seen[0]["zones"] for d in seen[1:])  # the hidden cards do move


def references(st) -> dict:
    """Where the state names a card outside its zones: path -> card."""
    out = {}

    def walk(path, value):
        if isinstance(value, Card):
            out[path] = value
        elif value.__class__ in (list, tuple):
            for index, item in enumerate(value):
                walk(path + (index,), item)
    for name, value in st.vars.items():
        walk(("vars", name), value)
    for seat, stored in enumerate(st.pvars):
        for name, value in stored.items():
            walk(("pvars", seat, name), value)
    for index, frame in enumerate(st.frames):
        for name, value in frame.env.items():
            walk(("env", index, name), value)
        if isinstance(frame.loop, ForLoop):
            walk(("loop", index), frame.loop.items)
        walk(("trigger", index), frame.trigger)
    walk(("events",), [card for card, _ in st.events])
    walk(("options",), [option.value for option in st.pending.options])
    return out


def place(st, card) -> tuple:
    """Where a card lies: its zone and place, after the place of the card it lies under."""
    kind, where = st.loc[card.id]
    if kind == "z":
        return (where, st.zones[where].index(card))
    return place(st, where) + (st.under_of[where.id].index(card),)


def card_at(st, spot: tuple):
    """The card at a place given by `place`."""
    card = st.zones[spot[0]][spot[1]]
    for index in spot[2:]:
        card = st.under_of[card.id][index]
    return card


@pytest.mark.parametrize("name,players,skip", CASES + [(BLIND, 2, 1), (BLIND, 2, 3), (BLIND, 2, 4)])
def test_a_sample_names_each_hidden_card_by_the_place_it_took(games, name, players, skip):
    game = game_of(games, name)
    st, _ = play_to(game, players, 7, skip)
    seat = st.pending.seat
    named = references(st)
    for seed in range(3):
        sample = SeatView(st, seat).sample(Rng(seed))
        renamed = references(sample)
        assert renamed.keys() == named.keys()
        for path, card in named.items():
            expected = card_at(sample, place(st, card)) if not st.visible_to(card, seat) else card
            assert renamed[path] is expected, path
        for card in game.cards:  # what lies on a place stays with the place
            there = card_at(sample, place(st, card))
            assert sample.cvars.get(there.id) == st.cvars.get(card.id)
            assert (there.id in sample.down) == (card.id in st.down)


def test_sampling_and_searching_never_touch_the_real_game(games):
    game = game_of(games, "tjugonio")
    st, _ = play_to(game, 2, 3, 20)
    before = dump(st), list(st.log)
    MctsAgent(1, iterations=40).choose(SeatView(st, st.pending.seat), st.pending)
    assert (dump(st), list(st.log)) == before


def test_a_face_down_secret_choice_is_hidden_from_the_other_seat(games):
    game = game_of(games, "supertrumf")  # the others lay face down before the leader
    st = new_game(game, 2, 11, quiet=True)
    while not any(c.id in st.down for c in game.cards):
        apply_action(st, 0)
    layer = next(s for s in range(2) if any(c.id in st.down for c in st.zones[ZoneRef("played", s)]))
    watcher = 1 - layer
    laid = set(c.name for c in st.zones[ZoneRef("played", layer)])
    dealt = [set(c.name for c in SeatView(st, watcher).sample(Rng(seed)).zones[ZoneRef("played", layer)])
             for seed in range(12)]
    assert any(cards != laid for cards in dealt)
    mine = [set(c.name for c in SeatView(st, layer).sample(Rng(seed)).zones[ZoneRef("played", layer)])
            for seed in range(4)]
    assert all(cards == laid for cards in mine)  # the seat that laid them knows them


def test_a_sample_has_no_log_and_its_own_chance(games):
    game = game_of(games, "storma_slottet")
    st, _ = play_to(game, 2, 9, 10)
    sample = SeatView(st, st.pending.seat).sample(Rng(4))
    assert sample.log == [] and sample.quiet and sample.rng.state != st.rng.state
    assert all(isinstance(c, Card) for c in sample.zones[ZoneRef("draw")])


def test_a_card_shown_to_a_seat_stays_where_it_lies_in_that_seats_samples():
    """Go Fish: the sevens P2 handed to P1 were shown to everyone, so P2's samples keep them in P1's hand."""
    game = load_game("go_fish")
    st = new_game(game, 3, 2)
    while st.result is None and not st.known:
        apply_action(st, RandomAgent(2).choose(None, st.pending))
    assert st.known, "no card was handed over"
    shown = {card_id: zone for card_id, (zone, *_) in st.known.items()}
    for seat in range(3):
        for sample in (SeatView(st, seat).sample(Rng(seed)) for seed in range(5)):
            assert all(sample.loc[card_id] == ("z", zone) for card_id, zone in shown.items())


def test_a_sample_rolls_the_dice_hidden_from_the_seat_again_and_keeps_those_it_sees():
    game = load_game("liars_dice")
    st = new_game(game, 3, 7)
    seat = st.pending.seat
    own = {die.id: st.cvars[die.id]["face"] for die in st.zones[ZoneRef("cup", seat)]}
    hidden = [die for s in range(3) if s != seat for die in st.zones[ZoneRef("cup", s)]]
    view = SeatView(st, seat)
    samples = [view.sample(Rng(n)) for n in range(20)]
    assert all({i: sample.cvars[i]["face"] for i in own} == own for sample in samples)
    rolled = {tuple(sample.cvars[die.id]["face"] for die in hidden) for sample in samples}
    assert len(rolled) > 1  # the others' cups come up differently from sample to sample
    assert all(1 <= face <= 6 for faces in rolled for face in faces)
    assert tuple(st.cvars[die.id]["face"] for die in hidden) == tuple(
        new_game(game, 3, 7).cvars[die.id]["face"] for die in hidden)  # the real game is untouched



PASS_AND_ASK = os.path.join(os.path.dirname(__file__), "data", "pass_and_ask.yaml")


@pytest.mark.parametrize("agent", ["mcts", "greedy:samples=30"])
def test_a_seat_that_passed_a_card_asks_for_it(agent):
    """P1 passed its lowest card to P2 and was shown where it went: its samples keep the card
    there, so the bot names that rank and wins every game (forgetting, it would win 3 in 5)."""
    game = load_game(PASS_AND_ASK)
    for seed in range(1, 9):
        st = new_game(game, 2, seed, quiet=True)
        bot = build_agent(parse_agent_spec(agent), 0, seed, game)
        apply_action(st, bot.choose(SeatView(st, 0), st.pending))
        assert st.result == ("win", "loss"), f"seed {seed}: P1 did not ask for the rank it passed"


def test_the_passer_recalls_where_its_card_went_until_that_hand_is_shuffled(tmp_path):
    """P1 saw its card go to P2's hand: its samples keep it there without a `show` too (it
    recalls the move), until the hand it went to is shuffled (then it could lie anywhere there,
    so it is dealt again); P2's samples, which never saw it leave, keep their own hand anyway."""
    with open(PASS_AND_ASK, encoding="utf-8") as base:
        text = base.read()
    unshown = tmp_path / "unshown.yaml"
    unshown.write_text(text.replace("    - show low to me\n", ""), encoding="utf-8")
    shuffled = tmp_path / "shuffled.yaml"
    shuffled.write_text(text.replace("    - show low to me\n", "    - shuffle opponent.hand\n"), encoding="utf-8")
    st = new_game(load_game(str(unshown)), 2, 3, quiet=True, recall=True)
    (card,) = st.recalled  # the card P1 passed
    where = st.loc[card]
    assert not st.known and st.recalls(card_by_id(st, card), 0) and not st.recalls(card_by_id(st, card), 1)
    assert all(SeatView(st, 0).sample(Rng(seed)).loc[card] == where for seed in range(12))
    st = new_game(load_game(str(shuffled)), 2, 3, quiet=True, recall=True)
    assert st.loc[card] == where and not st.recalled
    assert any(SeatView(st, 0).sample(Rng(seed)).loc[card] != where for seed in range(12))


def card_by_id(st, card_id: int):
    """The card with this id in the state `st`."""
    (kind, zone) = st.loc[card_id]
    return next(card for card in st.zones[zone] if card.id == card_id)


def test_hidden_dice_make_a_seats_private_states_too_many_to_keep_apart():
    """A key of cards cannot tell one roll of a cup from another: search keeps no statistics per hand."""
    st = new_game(load_game("liars_dice"), 2, 7)
    assert SeatView(st, 0).private_states(0) == float("inf")
    assert SeatView(new_game(load_game("kuhn_poker"), 2, 7), 0).private_states(0) < 10


def test_every_seat_recalls_the_tricks_it_saw_taken():
    """Spades' tricks are taken face down, yet every seat watched them played: samples keep each
    taken card where it lies, so no sample puts a card already played in an opponent's hand."""
    game = load_game("spades")
    st = new_game(game, 4, 5, quiet=True, recall=True)
    rng = Rng(5)
    won = [ZoneRef("won", seat) for seat in range(4)]
    while sum(len(st.zones[zone]) for zone in won) < 8:
        apply_action(st, rng.below(len(st.pending.options)))
    taken = [card for zone in won for card in st.zones[zone]]
    assert not any(st.visible_to(card, seat) for card in taken for seat in range(4))  # face down to all
    assert all(st.recalls(card, seat) for card in taken for seat in range(4))
    for seed in range(6):
        sample = SeatView(st, st.pending.seat).sample(Rng(seed))
        assert all(sample.zones[zone] == st.zones[zone] for zone in won)


def test_a_game_played_by_a_search_bot_recalls_and_one_of_random_bots_does_not():
    """Keeping what seats recall costs time, so only a game with a seat that samples keeps it."""
    game = load_game("spades")
    searched = play_game(game, [GreedyAgent(1, samples=1)] + [RandomAgent(s) for s in range(3)], 2, quiet=True)
    unsearched = play_game(game, [RandomAgent(s) for s in range(4)], 2, quiet=True)
    assert searched.recalling and searched.recalled
    assert not unsearched.recalling and not unsearched.recalled


def test_a_peeking_search_sees_every_card_where_it_lies():
    """`mcts:peek=2` (a cheat, for measuring) searches the real deal: its samples are the game as
    it is, the stock's order too, while a fair seat's samples deal the others' hands anew."""
    game = load_game("crazy_eights")
    st = new_game(game, 3, 4, quiet=True)
    view = SeatView(st, st.pending.seat)
    assert all(view.open_sample(Rng(seed)).zones == st.zones for seed in range(4))
    assert any(view.sample(Rng(seed)).zones != st.zones for seed in range(4))
    assert build_agent(parse_agent_spec("mcts:peek=2"), 0, 1, game).peek == 2
    with pytest.raises(ValueError, match="peek must be a whole number from 1 to 2"):
        parse_agent_spec("mcts:peek=3")


def test_a_search_that_sees_every_hand_still_meets_the_stock_afresh():
    """`mcts:peek=1` (the ceiling) sees every card a player sees, where it lies, and no more: the
    cards no seat sees (the stock) are dealt anew in each sample, as a die not yet rolled is."""
    game = load_game("crazy_eights")
    st = new_game(game, 3, 4, quiet=True)
    view = SeatView(st, st.pending.seat)
    samples = [view.unseen_sample(Rng(seed)) for seed in range(6)]
    stock = ZoneRef("stock")
    seen = [zone for zone in st.zones if zone != stock]
    assert all(sample.zones[zone] == st.zones[zone] for sample in samples for zone in seen)
    assert all(set(sample.zones[stock]) == set(st.zones[stock]) for sample in samples)
    assert any(sample.zones[stock] != st.zones[stock] for sample in samples)
    assert build_agent(parse_agent_spec("mcts:peek=1"), 0, 1, game).peek == 1


PASS_AND_DISCARD = os.path.join(os.path.dirname(__file__), "data", "pass_and_discard.yaml")


def discarded(thrown_passed: bool, seed: int = 3, show: bool = False, tmp_path=None):
    """Pass and discard played to P1's naming of a rank, P2 throwing away the card P1 passed it
    (`thrown_passed`) or another one; with `show`, P1 is shown its card in P2's hand first."""
    path = PASS_AND_DISCARD
    if show:
        with open(PASS_AND_DISCARD, encoding="utf-8") as base:
            text = base.read()
        path = tmp_path / "shown.yaml"
        path.write_text(text.replace("    - move low to opponent.hand\n",
                                     "    - move low to opponent.hand\n    - show low to me\n"), encoding="utf-8")
    st = new_game(load_game(str(path)), 2, seed, quiet=True, recall=True)
    passed = st.frames[-1].env["low"]
    labels = st.pending.labels()
    index = labels.index(passed.name) if thrown_passed else next(i for i, label in enumerate(labels)
                                                                  if label != passed.name)
    apply_action(st, index)
    return st, passed


@pytest.mark.parametrize("show", [False, True])
def test_a_seat_that_saw_a_card_leave_unseen_cannot_tell_which_went(show, tmp_path):
    """P1 saw (or was shown) its card go into P2's hand, then P2 threw one card face down: P1's
    samples lay the cards out the same whichever card P2 threw (no leak of which it was), and put
    P1's card in P2's hand or among the discards, never back in the deck. (A variable naming the
    card names what lies in its place: the documented limit of samples, see determinization.py.)"""
    kept, passed = discarded(False, show=show, tmp_path=tmp_path)
    thrown, _ = discarded(True, show=show, tmp_path=tmp_path)
    assert view_of(kept, 0) == view_of(thrown, 0)
    assert [table(SeatView(kept, 0).sample(Rng(seed))) for seed in range(8)] == \
        [table(SeatView(thrown, 0).sample(Rng(seed))) for seed in range(8)]
    places = {SeatView(kept, 0).sample(Rng(seed)).loc[passed.id][1].name for seed in range(30)}
    assert places == {"hand", "discards"}
    assert not kept.recalls(passed, 0) and kept.traced[passed.id][0] == {ZoneRef("hand", 1), ZoneRef("discards")}


def table(st) -> dict:
    """Where every card lies in a state, and how it faces."""
    return {"zones": {zone: list(cards) for zone, cards in st.zones.items()}, "down": st.down}


def test_a_card_shown_since_the_last_decision_stays_known_where_the_rules_take_it(tmp_path):
    """Shown to P1 and then moved in the same step, the card is known to P1 where it went (P1
    watched it go: its view shows it in P2's hand); a card shown before a decision is only
    remembered (test above)."""
    with open(PASS_AND_DISCARD, encoding="utf-8") as base:
        text = base.read()
    path = tmp_path / "shown_first.yaml"
    path.write_text(text.replace("    - move low to opponent.hand\n",
                                 "    - show low to me\n    - move low to opponent.hand\n"), encoding="utf-8")
    st = new_game(load_game(str(path)), 2, 3, quiet=True)
    low = st.frames[-1].env["low"]
    assert st.loc[low.id] == ("z", ZoneRef("hand", 1)) and st.visible_to(low, 0)
    assert {"card": low.name} in seat_view(st, 0)["zones"]["P2.hand"]


def test_a_place_left_empty_by_an_unseen_move_drops_out_of_where_a_card_may_lie(tmp_path):
    """P2 throws its whole hand face down: P1 cannot see which card is which, but its card can
    only be among the discards now, and P1's samples deal it nowhere else."""
    with open(PASS_AND_DISCARD, encoding="utf-8") as base:
        text = base.read()
    path = tmp_path / "all_thrown.yaml"
    path.write_text(text.replace("    - move thrown to discards face down\n",
                                 "    - move opponent.hand to discards face down\n"), encoding="utf-8")
    st = new_game(load_game(str(path)), 2, 3, quiet=True, recall=True)
    low = st.frames[-1].env["low"]
    apply_action(st, 0)
    assert st.traced[low.id] == {0: {ZoneRef("discards")}} and not st.recalls(low, 0)
    assert {SeatView(st, 0).sample(Rng(seed)).loc[low.id] for seed in range(12)} == {("z", ZoneRef("discards"))}


def test_go_fish_hands_cards_over_in_sight_of_all_so_nobody_loses_track_of_a_card():
    """Go Fish shows the cards handed over before they move: every seat watches them go, so no
    seat ever traces a card it was shown among several places (shown after the move, the
    others would lose track of every card they knew in the giver's hand)."""
    game = load_game("go_fish")
    for seed in range(4):
        st = new_game(game, 3, seed, quiet=True, recall=True)
        rng, handed = Rng(seed), 0
        while st.result is None:
            before = len(st.known)
            apply_action(st, rng.below(len(st.pending.options)))
            handed += len(st.known) > before
            assert not st.traced
        assert handed


def test_a_card_recalled_in_a_pile_nobody_holds_stays_known_while_others_are_drawn(tmp_path):
    """P1 puts its card at the bottom of the deck, P2 draws from the top: P1 still knows where
    its card lies (the draw took the top card, a place all know), and samples keep it there."""
    with open(PASS_AND_DISCARD, encoding="utf-8") as base:
        text = base.read()
    path = tmp_path / "buried.yaml"
    path.write_text(text.replace("    - move low to opponent.hand\n", "    - move low to bottom of deck\n")
                    .replace("    - move thrown to discards face down\n", "    - draw 1 from deck to opponent.hand\n"),
                    encoding="utf-8")
    st = new_game(load_game(str(path)), 2, 3, quiet=True, recall=True)
    low = st.frames[-1].env["low"]
    apply_action(st, 0)
    assert st.recalls(low, 0) and not st.traced and st.zones[ZoneRef("deck")][-1] is low
    assert all(SeatView(st, 0).sample(Rng(seed)).zones[ZoneRef("deck")][-1] is low for seed in range(8))


def test_euchre_samples_keep_the_traced_upcard_and_the_suits_told_missing_together():
    """Euchre tells who could not follow suit (`show none`) and, after the dealer's discard, the
    others trace the upcard in the dealer's hand or the kitty: every sample keeps both."""
    game = load_game("euchre")
    checked = 0
    for seed in range(1, 30):
        st = new_game(game, 4, seed, quiet=True, recall=True)
        rng = Rng(seed)
        while st.result is None and not (st.traced and st.ruled_out):
            apply_action(st, rng.below(len(st.pending.options)))
        if st.result is not None:
            continue
        seat = st.pending.seat
        traced = {card: where[seat] for card, where in st.traced.items() if seat in where}
        for sample in (SeatView(st, seat).sample(Rng(n)) for n in range(20)):
            assert all(sample.loc[card][1] in zones for card, zones in traced.items())
            for card_id, facts in st.ruled_out.items():  # the card in that place is none of ids
                zone = st.loc[card_id][1]
                index = [card.id for card in st.zones[zone]].index(card_id)
                assert all(sample.zones[zone][index].id not in ids for told, ids in facts if seat in told)
        checked += 1
    assert checked >= 3
