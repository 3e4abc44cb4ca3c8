"""The browser table's server, through Starlette's test client: the lobby, joining a seat by its
link, acting, refusals (a wrong token, an illegal or stale action, a spectator), picks confirmed
as one, a restart that goes on from the database, records, pasted rule files, and the bounds."""
import json

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from rulelang.api import load_game  # noqa: E402
from rulelang.engine.record import GameRecord, replay  # noqa: E402
from rulelang.serve.app import MAX_SOCKET_MESSAGE, make_app  # noqa: E402
from rulelang.serve.messages import MAX_MESSAGE, bounded  # noqa: E402

FOUR = ["person", "random", "random", "random"]
SCRIPT = "<script>window.hacked = 1</script>"
PASTED = f"""
name: "Tiny {SCRIPT}"
description: "a house rule with {SCRIPT} in it"
players: 2
deck: {{standard: 52, start: draw}}
zones:
  draw: {{visibility: hidden}}
  hand: {{per_player: true, visibility: owner, label: "hand {SCRIPT}"}}
  pile: {{visibility: public}}
setup:
  - shuffle draw
  - for: p in players
    do: ["draw 3 from draw to p.hand"]
turn:
  do:
    - choose: c
      from: me.hand
      prompt: "Play {SCRIPT}"
    - move c to pile
end:
  - name: "hands played {SCRIPT}"
    when: "count(pile) == 6"
    winner: P1
"""


@pytest.fixture
def server(tmp_path):
    """A server on a database of the test's own, and its test client."""
    def start(db="tables.sqlite3"):
        return TestClient(make_app(str(tmp_path / db), pause=0))
    return start


def token_of(link: str) -> str:
    return link.rsplit("/", 1)[-1]


def until_asked(ws) -> dict:
    """The messages of a seat's socket until the seat is asked (or the game is over)."""
    while True:
        message = ws.receive_json()
        if message["type"] == "state" and (message.get("question") or message.get("over")):
            return message


def play_out(ws, message: dict) -> dict:
    """Take the first option (picks confirmed) at every question until the game is over."""
    while not message.get("over"):
        question = message["question"]
        if question["many"] and question["may_confirm"]:
            ws.send_json({"type": "confirm", "version": message["version"]})
        else:
            kind = "pick" if question["many"] else "act"
            ws.send_json({"type": kind, "version": message["version"], "option": question["options"][0]["index"]})
        message = until_asked(ws)
    return message


def test_the_lobby_lists_rulesets_makes_a_table_with_a_link_per_person_and_lists_it(server):
    with server() as client:
        names = {r["name"] for r in client.get("/api/rulesets").json()}
        assert {"hearts", "euchre", "storma_slottet"} <= names
        made = client.post("/api/tables", json={"ruleset": "hearts", "seats": ["person", "random", "person", "mcts"]})
        assert made.status_code == 201
        body = made.json()
        assert [s["seat"] for s in body["seats"]] == ["P1", "P3"] and body["watch"] == f"/watch/{body['id']}"
        tokens = [token_of(s["link"]) for s in body["seats"]]
        assert len(set(tokens)) == 2 and all(len(t) >= 32 for t in tokens)  # unguessable, one per person
        listed = client.get("/api/tables").json()
        assert listed[0]["id"] == body["id"] and listed[0]["players"] == ["human", "random", "human", "mcts"]
        assert all(token not in json.dumps(listed) for token in tokens)
        for page in ("/", f"/play/{tokens[0]}", f"/watch/{body['id']}", "/editor", "/static/table.js"):
            response = client.get(page)
            assert response.status_code == 200 and "script-src 'self'" in response.headers["content-security-policy"]


@pytest.mark.parametrize("asked, problem", [
    ({"ruleset": "nope", "seats": ["person", "random"]}, "no ruleset named"),
    ({"ruleset": "hearts", "seats": ["person", "random"]}, "4 to 4 players"),
    ({"ruleset": "hearts", "seats": ["random"] * 4}, "at least one person"),
    ({"ruleset": "hearts", "seats": ["person", "random", "random", "bots/evil.py:Agent"]}, "a person or one of the bots"),
    ({"ruleset": "hearts", "seats": ["person", "random", "random", "mcts:peek=1"]}, "sees every hand"),
    ({"ruleset": "hearts", "seats": ["person", "random", "random", "mcts:iterations=90000"]}, "at most 20,000"),
    ({"ruleset": "hearts", "rule_text": "x", "seats": ["person"]}, "a ruleset's name, or a rule file's text"),
])
def test_a_table_that_cannot_be_made_says_why(server, asked, problem):
    with server() as client:
        made = client.post("/api/tables", json=asked)
        assert made.status_code == 400 and problem in made.json()["error"]


def test_a_seat_plays_by_its_token_and_the_server_refuses_what_is_not_its_to_do(server):
    with server() as client:
        made = client.post("/api/tables", json={"ruleset": "hearts", "seats": FOUR}).json()
        with client.websocket_connect("/ws/play/not-a-token") as ws:
            assert ws.receive_json()["type"] == "error"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4404
        with client.websocket_connect(f"/ws/play/{token_of(made['seats'][0]['link'])}") as ws:
            message = until_asked(ws)
            assert message["seat"] == "P1" and message["question"]["many"]
            version, option = message["version"], message["question"]["options"][0]["index"]
            for wrong, why in (({"type": "pick", "version": version, "option": 999}, "no such option"),
                               ({"type": "pick", "version": version - 1, "option": option}, "moved on"),
                               ({"type": "confirm", "version": version}, "not complete"),
                               ({"type": "act", "version": version, "option": True}, "no such option"),
                               ({"type": "cheat", "version": version}, "unknown action")):
                ws.send_json(wrong)
                refused = ws.receive_json()
                assert refused["type"] == "refused" and why in refused["message"]
                assert ws.receive_json()["version"] == version  # the table again, as it was
        with client.websocket_connect(f"/ws/watch/{made['id']}") as ws:
            message = ws.receive_json()
            assert message["seat"] is None and message["question"] is None
            assert all(card["face"] is None for zone in message["scene"]["players"][0]["zones"] for card in zone["cards"])
            ws.send_json({"type": "act", "version": message["version"], "option": 0})
            assert "only watches" in ws.receive_json()["message"]


def test_picks_are_made_on_a_copy_and_taken_together_when_confirmed(server, tmp_path):
    with server() as client:
        made = client.post("/api/tables", json={"ruleset": "hearts", "seats": FOUR}).json()
        hall = client.app.state.hall
        with client.websocket_connect(f"/ws/play/{token_of(made['seats'][0]['link'])}") as ws:
            message = until_asked(ws)
            first = message["question"]["options"][0]
            for place in range(3):
                ws.send_json({"type": "pick", "version": message["version"], "option": message["question"]["options"][0]["index"]})
                message = ws.receive_json()
                assert len(message["question"]["picked"]) == place + 1
            assert message["question"]["may_confirm"] and message["question"]["need"] == 0
            assert hall.store.table(made["id"]).decisions == ()  # nothing taken, stored or shown yet
            ws.send_json({"type": "unpick", "version": message["version"], "place": 0})
            message = ws.receive_json()
            assert message["question"]["picked"] == [] and first["index"] in [o["index"] for o in message["question"]["options"]]
            for _ in range(3):
                ws.send_json({"type": "pick", "version": message["version"], "option": message["question"]["options"][0]["index"]})
                message = ws.receive_json()
            picked = message["question"]["picked"]
            ws.send_json({"type": "confirm", "version": message["version"]})
            message = until_asked(ws)
            stored = hall.store.table(made["id"]).decisions
            assert len(stored) >= 3 and message["version"] == len(stored)
            passing = next(z for z in message["scene"]["players"][0]["zones"] if z["label"] == "P1.hand")
            assert not set(picked) & {card["face"] for card in passing["cards"]}  # passed on


def test_a_restarted_server_goes_on_where_it_was_and_a_link_takes_its_seat_again(server):
    with server() as client:
        made = client.post("/api/tables", json={"ruleset": "gin_rummy", "seats": ["person", "random"]}).json()
        token = token_of(made["seats"][0]["link"])
        with client.websocket_connect(f"/ws/play/{token}") as ws:
            message = until_asked(ws)
            for _ in range(4):
                ws.send_json({"type": "act", "version": message["version"], "option": message["question"]["options"][0]["index"]})
                message = until_asked(ws)
        before = message
    with server() as client:  # a new server on the same database
        with client.websocket_connect(f"/ws/play/{token}") as ws:
            again = ws.receive_json()
            assert again["version"] == before["version"] and again["scene"] == before["scene"]
            assert again["question"] == before["question"]
            ws.send_json({"type": "act", "version": again["version"], "option": again["question"]["options"][0]["index"]})
            assert until_asked(ws)["version"] > again["version"]


def test_a_finished_games_record_downloads_and_replays_to_its_end(server):
    with server() as client:
        made = client.post("/api/tables", json={"ruleset": "kuhn_poker", "seats": ["person", "random"]}).json()
        assert client.get(f"/api/tables/{made['id']}/record").status_code == 403  # its seed would tell the cards
        with client.websocket_connect(f"/ws/play/{token_of(made['seats'][0]['link'])}") as ws:
            end = play_out(ws, until_asked(ws))
        assert end["outcome"]["seats"][0]["result"] in ("win", "loss", "draw")
        record = GameRecord.from_json(client.get(f"/api/tables/{made['id']}/record").json())
        st = replay(load_game(record.ruleset), record)
        assert st.result is not None and [s["result"] for s in end["outcome"]["seats"]] == list(st.result)


def test_a_pasted_rule_file_is_checked_played_and_its_text_sent_as_text(server):
    with server() as client:
        bad = client.post("/api/tables", json={"rule_text": PASTED.replace("count(pile)", "count(piel)"),
                                               "seats": ["person", "random"]})
        assert bad.status_code == 400 and any("piel" in d["message"] and d["line"] > 1 for d in bad.json()["diagnostics"])
        made = client.post("/api/tables", json={"rule_text": PASTED, "seats": ["person", "random"]}).json()
        with client.websocket_connect(f"/ws/play/{token_of(made['seats'][0]['link'])}") as ws:
            message = until_asked(ws)
            assert SCRIPT in message["game"] and SCRIPT in message["question"]["prompt"]
            end = play_out(ws, message)
            assert SCRIPT in end["outcome"]["ended_by"] and end["pasted"]
        assert client.get(f"/api/tables/{made['id']}/rules.yaml").text == PASTED
        assert SCRIPT in client.get(f"/api/tables/{made['id']}/rules").json()["description"]
        found = client.post("/api/check", json={"text": "name: x\n"}).json()["diagnostics"]
        assert found and all(d["severity"] in ("error", "warning") and d["line"] >= 0 for d in found)


def test_messages_from_a_browser_are_bounded_in_size_and_rate(server):
    with server() as client:
        made = client.post("/api/tables", json={"ruleset": "hearts", "seats": FOUR}).json()
        link = f"/ws/play/{token_of(made['seats'][0]['link'])}"
        with client.websocket_connect(link) as ws:
            ws.receive_json()
            ws.send_text("x" * (MAX_SOCKET_MESSAGE + 1))
            assert "too many or too large" in ws.receive_json()["message"]
            with pytest.raises(WebSocketDisconnect):
                ws.receive_json()
        with client.websocket_connect(link) as ws:
            ws.receive_json()
            with pytest.raises(WebSocketDisconnect) as closed:
                for _ in range(200):
                    ws.send_json({"type": "confirm", "version": -1})
                    while ws.receive_json()["type"] != "state":
                        pass
            assert closed.value.code == 4429
        too_big = client.post("/api/check", content=b"{" + b" " * 5_000_000 + b"}")
        assert too_big.status_code == 400 and "larger than" in too_big.json()["error"]


def test_a_message_is_cut_to_its_bound_from_the_oldest_log_lines():
    message = {"scene": {"log": [f"line {i} " + "x" * 1000 for i in range(2000)], "earlier": 0}}
    cut = bounded(message)
    assert len(json.dumps(cut).encode()) <= MAX_MESSAGE and cut["scene"]["log"][-1].startswith("line 1999")
    assert cut["scene"]["earlier"] + len(cut["scene"]["log"]) == 2000


def test_a_bot_that_fails_stops_its_table_with_a_message_and_the_server_goes_on(server, monkeypatch):
    from rulelang.agents.random_agent import RandomAgent

    def broken(self, view, decision):
        raise ZeroDivisionError("a bug")
    with server() as client:
        monkeypatch.setattr(RandomAgent, "choose", broken)
        made = client.post("/api/tables", json={"ruleset": "kuhn_poker", "seats": ["random", "person"]}).json()
        with client.websocket_connect(f"/ws/play/{token_of(made['seats'][0]['link'])}") as ws:
            message = ws.receive_json()
            while not message.get("over"):
                message = ws.receive_json()
            assert "internal error: ZeroDivisionError: a bug" in message["fault"]
        monkeypatch.undo()
        assert client.post("/api/tables", json={"ruleset": "kuhn_poker", "seats": ["random", "person"]}).status_code == 201
        assert client.app.state.hall.store.table(made["id"]).finished
