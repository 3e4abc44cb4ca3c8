"""The browser table in real browsers (headless Chromium, Selenium): a person plays a whole game of
Hearts against three bots by clicking; two people play Go Fish in two browsers and each sees only
their own hand; a reload keeps the seat; a rule file's `<script>` is shown as text; the lobby
makes tables; the editor checks as you type. Screenshots for docs/serve.md are taken on the way
(into RULELANG_SHOTS when it names a folder)."""
import os
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from browser import WAIT, Server, browser, missing  # noqa: E402

pytestmark = [pytest.mark.skipif(missing() is not None, reason=f"no real browser: {missing()}"), pytest.mark.slow]

SHOTS = os.environ.get("RULELANG_SHOTS")
FOUR = ["person", "random", "random", "random"]


@pytest.fixture
def server(tmp_path):
    started = Server(str(tmp_path))
    yield started
    started.stop()


@pytest.fixture
def page():
    """A browser page, quit after the test."""
    opened = []

    def open_page(url: str, **size):
        driver = browser(**size)
        opened.append(driver)
        driver.get(url)
        return driver
    yield open_page
    for driver in opened:
        driver.quit()


def wait_for(driver, test, what: str):
    """Wait until `test(driver)` gives something true; that thing."""
    from selenium.webdriver.support.ui import WebDriverWait
    return WebDriverWait(driver, WAIT, poll_frequency=0.05).until(lambda d: test(d), message=f"waiting for {what}")


def css(driver, selector: str) -> list:
    from selenium.webdriver.common.by import By
    return driver.find_elements(By.CSS_SELECTOR, selector)


def shoot(driver, name: str) -> None:
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        driver.save_screenshot(os.path.join(SHOTS, name))


def my_turn_or_over(driver):
    """The first playable card or enabled button of the question, or "over"."""
    if css(driver, "#outcome:not([hidden])"):
        return "over"
    confirm = css(driver, "#confirm:not([disabled])")
    playable = css(driver, "#mine .card.playable") + css(driver, "#question button.option")
    if confirm and not playable:
        return confirm[0]
    return (playable or [None])[0]


def click(driver, target) -> None:
    """Click, and wait for the server's answer (the page counts the tables it was sent)."""
    before = driver.find_element("css selector", "body").get_attribute("data-received")
    target.click()
    wait_for(driver, lambda d: d.find_element("css selector", "body").get_attribute("data-received") != before,
             "the table to answer the click")


def hand(driver, player: str = "P1") -> list:
    """The faces of the cards shown in a player's hand (None for a hidden card)."""
    cards = css(driver, f'[data-player="{player}"] [data-zone="{player}.hand"] .card')
    return [card.get_attribute("data-face") for card in cards]


def test_a_person_plays_a_whole_game_of_hearts_against_three_bots_by_clicking(server, page):
    made = server.post("/api/tables", {"ruleset": "hearts", "seats": FOUR})
    driver = page(server.url + made["seats"][0]["link"])
    clicks, shot = 0, False
    while True:
        target = wait_for(driver, my_turn_or_over, "a card to play or the end")
        if target == "over":
            break
        if not shot and len(css(driver, '[data-zone="trick"] .card')) >= 2:
            shoot(driver, "hearts-mid-trick.png")
            shot = True
        click(driver, target)
        clicks += 1
    outcome = driver.find_element("css selector", "#outcome").text
    assert "Game over" in outcome and "P1 (you)" in outcome and clicks > 50
    assert "Download the game's record" in outcome


def test_two_people_play_go_fish_in_two_browsers_each_seeing_only_their_own_hand(server, page):
    made = server.post("/api/tables", {"ruleset": "go_fish", "seats": ["person", "person"]})
    first = page(server.url + made["seats"][0]["link"])
    second = page(server.url + made["seats"][1]["link"])
    for driver, me, other in ((first, "P1", "P2"), (second, "P2", "P1")):
        wait_for(driver, lambda d: hand(d, me), "the hand")
        assert all(face is not None for face in hand(driver, me))
        assert [item.text for item in css(driver, "#log li")[:2]] == ["setup", "shuffles the pool"]  # (the deal, headed)
        assert css(driver, f'[data-player="{other}"] [data-zone="{other}.hand"] .card.back')
        assert not css(driver, f'[data-player="{other}"] [data-zone="{other}.hand"] .card[data-face]')
    read = {first: "", second: ""}  # all the news each page has shown (a page keeps the last 80 lines)
    for _ in range(8):  # whoever is asked answers; neither sees a card of the other's hand it was not shown
        for driver, me, other in ((first, "P1", "P2"), (second, "P2", "P1")):
            target = my_turn_or_over(driver)
            if target not in (None, "over"):
                click(driver, target)
            read[driver] += driver.find_element("id", "log").text
            shown = [face for face in hand(driver, other) if face is not None]
            assert all(face in read[driver] for face in shown), (shown, read[driver])  # (a card shown to it: in its news)


def test_a_reload_mid_game_keeps_the_seat(server, page):
    made = server.post("/api/tables", {"ruleset": "gin_rummy", "seats": ["person", "random"]})
    driver = page(server.url + made["seats"][0]["link"])
    click(driver, wait_for(driver, my_turn_or_over, "a question"))
    wait_for(driver, my_turn_or_over, "the next question")
    before = (hand(driver), driver.find_element("css selector", "#question h2").text)
    driver.refresh()
    wait_for(driver, lambda d: css(d, "#question h2") and d.find_element("css selector", "#question h2").text, "the question")
    assert (hand(driver), driver.find_element("css selector", "#question h2").text) == before
    assert "You, P1" in driver.find_element("css selector", "#mine").text


def test_a_rule_files_script_is_shown_as_text_and_never_run(server, page):
    script = "<script>window.hacked=1</script><img src=x onerror='window.hacked=2'>"
    text = (f'name: "Tiny {script}"\nplayers: 2\ndeck: {{standard: 52, start: draw}}\n'
            f'zones:\n  draw: {{visibility: hidden}}\n  hand: {{per_player: true, visibility: owner, label: "hand {script}"}}\n'
            f'  pile: {{visibility: public}}\nsetup: ["draw 3 from draw to P1.hand", "draw 3 from draw to P2.hand"]\n'
            f'turn:\n  do:\n    - choose: c\n      from: me.hand\n      prompt: "Play {script}"\n    - move c to pile\n'
            f'end:\n  - when: "count(pile) == 6"\n    winner: P1\n')
    made = server.post("/api/tables", {"rule_text": text, "seats": ["person", "random"]})
    driver = page(server.url + made["seats"][0]["link"])
    wait_for(driver, my_turn_or_over, "a question")
    assert script in driver.find_element("css selector", "#question h2").text
    assert script in driver.find_element("css selector", "#mine").text
    assert driver.execute_script("return window.hacked") is None


def test_the_lobby_makes_a_table_and_hands_out_a_link_per_person(server, page):
    from selenium.webdriver.support.ui import Select
    driver = page(server.url + "/")
    wait_for(driver, lambda d: css(d, "#ruleset option"), "the rulesets")
    Select(driver.find_element("id", "ruleset")).select_by_value("euchre")
    selects = wait_for(driver, lambda d: len(css(d, "#seats select")) == 4 and css(d, "#seats select"), "four seats")
    Select(selects[2]).select_by_value("person")
    shoot(driver, "lobby.png")
    driver.find_element("id", "create").click()
    links = wait_for(driver, lambda d: css(d, "#links a.seat-link"), "the seats' links")
    assert [link.text.rsplit("/", 1)[0] for link in links] == [server.url + "/play"] * 2
    wait_for(driver, lambda d: "Euchre" in d.find_element("css selector", "#tables").text, "the table listed")


def test_the_editor_checks_as_you_type_and_opens_a_table(server, page):
    driver = page(server.url + "/editor")
    source = wait_for(driver, lambda d: css(d, "#source"), "the editor")[0]
    source.send_keys("extends: hearts\nconstants:\n  target: 40\nrulez: 3\n")
    wait_for(driver, lambda d: "error" in d.find_element("id", "check-status").text, "an error")
    assert "rulez" in driver.find_element("id", "diagnostics").text
    shoot(driver, "editor.png")
    for _ in range(len("rulez: 3\n")):
        source.send_keys("\b")
    wait_for(driver, lambda d: d.find_element("id", "check-status").text.startswith("no errors"), "a clean file")
    driver.find_element("id", "editor-players").clear()
    driver.find_element("id", "editor-players").send_keys("4")
    driver.find_element("id", "open-table").click()
    wait_for(driver, lambda d: "/play/" in d.current_url and css(d, "#mine .card"), "the new table")
