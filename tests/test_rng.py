"""The game's random generator: the published SplitMix64 sequence, seeds per game, shuffles."""
import pytest

from rulelang.engine.rng import MASK, Rng, derive_seed


def test_splitmix64_matches_the_published_sequence():
    rng = Rng(0)
    assert [rng.next64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_below_stays_in_range_and_covers_it():
    rng = Rng(42)
    values = [rng.below(6) for _ in range(600)]
    assert set(values) == set(range(6))


def test_shuffle_is_a_permutation_and_a_clone_repeats_it():
    rng = Rng(7)
    twin = rng.clone()
    a, b = list(range(20)), list(range(20))
    rng.shuffle(a)
    twin.shuffle(b)
    assert a == b and sorted(a) == list(range(20)) and a != list(range(20))


def test_game_seeds_differ_by_index_and_repeat_by_master_seed():
    assert derive_seed(11, 0) == derive_seed(11, 0)
    assert len({derive_seed(11, i) for i in range(100)}) == 100
    assert derive_seed(11, 0) != derive_seed(12, 0)


@pytest.mark.parametrize("seed", [0, 99, MASK])
@pytest.mark.parametrize("size", [0, 1, 2, 3, 54, 1000])
def test_shuffle_takes_the_same_numbers_as_below(seed, size):
    shuffled, reference = Rng(seed), Rng(seed)
    items, expected = list(range(size)), list(range(size))
    shuffled.shuffle(items)
    for i in range(len(expected) - 1, 0, -1):  # Fisher-Yates written with below()
        j = reference.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected and shuffled.state == reference.state


def test_below_scales_the_next_number_of_the_sequence():
    rng, reference = Rng(5), Rng(5)
    for n in (1, 2, 6, 10, 52, 1 << 40):
        assert rng.below(n) == (reference.next64() * n) >> 64
    assert rng.state == reference.state
