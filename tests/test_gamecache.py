"""A rule file loaded again gives the game compiled before, unless any file it was read from changed."""
import shutil
from pathlib import Path

from rulelang import errors
from rulelang.api import load_game
from rulelang.compile.gamecache import GameCache
from rulelang.errors import Position

MINIMAL = Path(__file__).resolve().parent / "data" / "minimal.yaml"


def test_an_unchanged_file_gives_the_same_game_and_a_changed_one_a_new_game(tmp_path):
    path = tmp_path / "game.yaml"
    shutil.copy(MINIMAL, path)
    first = load_game(str(path))
    assert load_game(str(path)) is first
    path.write_text(MINIMAL.read_text().replace("name: Minimal", "name: Minimum"))  # same size, same moment
    assert load_game(str(path)).name == "Minimum"


def test_a_changed_base_file_gives_a_new_game(tmp_path):
    shutil.copy(MINIMAL, tmp_path / "base.yaml")
    (tmp_path / "variant.yaml").write_text("extends: base.yaml\nname: Variant\n")
    first = load_game(str(tmp_path / "variant.yaml"))
    assert first.name == "Variant" and load_game(str(tmp_path / "variant.yaml")) is first
    (tmp_path / "base.yaml").write_text(MINIMAL.read_text().replace("players: [2, 4]", "players: [2, 3]"))
    assert load_game(str(tmp_path / "variant.yaml")).max_players == 3


def test_a_game_given_again_still_shows_its_lines_in_errors(tmp_path):
    path = tmp_path / "game.yaml"
    shutil.copy(MINIMAL, path)
    load_game(str(path))
    errors._SOURCES.clear()  # as if many other files had been loaded since
    load_game(str(path))
    assert errors.source_window(Position(str(path), 2, 1)) is not None


def test_the_cache_keeps_its_most_recently_used_games():
    cache = GameCache(most=2)
    cache.put("a", (), "game a")
    cache.put("b", (), "game b")
    assert cache.get("a") == "game a"  # now b is the one used longest ago
    cache.put("c", (), "game c")
    assert cache.get("b") is None and cache.get("a") == "game a" and cache.get("c") == "game c"
