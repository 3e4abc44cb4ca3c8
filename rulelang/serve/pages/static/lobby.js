// The lobby: pick a game (or paste a house rule), the players and who sits in each seat; create the
// table and hand out one link per person's seat. The open tables are listed below.
"use strict";

const SEAT_KINDS = [
  ["person", "a person"],
  ["random", "random bot"],
  ["greedy", "greedy bot"],
  ["mcts:iterations=200", "search bot (mcts, 200 iterations)"],
  ["mcts:iterations=1000", "stronger search bot (mcts, 1000)"],
  ["cfr", "solver bot (cfr, small games)"],
];
let rulesets = [];

function chosenGame() {
  return rulesets.find((r) => r.name === document.getElementById("ruleset").value);
}

function pasting() {
  return document.getElementById("paste").open && document.getElementById("rule-text").value.trim() !== "";
}

function showPlayers() {
  const game = chosenGame();
  const select = document.getElementById("players");
  const low = pasting() || !game ? 1 : game.min, high = pasting() || !game ? 10 : game.max;
  const before = Number(select.value) || low;
  select.replaceChildren(...Array.from({length: high - low + 1}, (_, i) =>
    el("option", {value: low + i}, String(low + i))));
  select.value = String(Math.min(Math.max(before, low), high));
  document.getElementById("ruleset-about").textContent = game && !pasting() ? game.description : "";
  showSeats();
}

function showSeats() {
  const count = Number(document.getElementById("players").value);
  const box = document.getElementById("seats");
  const before = Array.from(box.querySelectorAll("select")).map((s) => s.value);
  box.replaceChildren(el("legend", {}, "Seats"));
  for (let seat = 0; seat < count; seat++) {
    const chosen = before[seat] || (seat === 0 ? "person" : "mcts:iterations=200");
    const select = el("select", {name: "seat" + seat, "data-seat": seat},
      SEAT_KINDS.map(([value, text]) => el("option", {value, selected: value === chosen}, text)));
    box.append(el("label", {class: "seat"}, "P" + (seat + 1) + " ", select));
  }
}

async function create(event) {
  event.preventDefault();
  const problems = document.getElementById("problems");
  problems.replaceChildren();
  const seats = Array.from(document.querySelectorAll("#seats select")).map((s) => s.value);
  const body = pasting() ? {rule_text: document.getElementById("rule-text").value, seats}
                         : {ruleset: document.getElementById("ruleset").value, seats};
  const button = document.getElementById("create");
  button.disabled = true;
  try {
    const made = await api("/api/tables", body);
    const links = document.getElementById("links");
    links.replaceChildren(
      ...made.seats.map((s) => el("li", {}, el("strong", {}, s.seat + ": "),
        el("a", {href: s.link, class: "seat-link", target: "_blank"}, location.origin + s.link))),
      el("li", {}, el("strong", {}, "spectators: "), el("a", {href: made.watch, target: "_blank"}, location.origin + made.watch)));
    document.getElementById("made").hidden = false;
    listTables();
  } catch (error) {
    problems.append(el("p", {}, error.message), el("ul", {}, diagnosticItems(error.diagnostics)));
  } finally {
    button.disabled = false;
  }
}

async function listTables() {
  try {
    const tables = await api("/api/tables");
    document.querySelector("#tables tbody").replaceChildren(...tables.map((t) => el("tr", {},
      el("td", {}, (rulesets.find((r) => r.name === t.ruleset) || {title: t.ruleset}).title),
      el("td", {}, t.players.map((p) => p === "human" ? "person" : p).join(", ")),
      el("td", {}, el("a", {href: t.watch}, t.over ? "see how it ended" : "watch")))));
  } catch (error) { /* the list comes back at the next look */ }
}

async function start() {
  rulesets = await api("/api/rulesets");
  document.getElementById("ruleset").replaceChildren(...rulesets.map((r) =>
    el("option", {value: r.name}, r.title + (r.source === "folder" ? " (" + r.name + ")" : ""))));
  document.getElementById("ruleset").value = rulesets.some((r) => r.name === "hearts") ? "hearts" : rulesets[0].name;
  document.getElementById("ruleset").addEventListener("change", showPlayers);
  document.getElementById("players").addEventListener("change", showSeats);
  document.getElementById("paste").addEventListener("toggle", showPlayers);
  document.getElementById("rule-text").addEventListener("change", showPlayers);
  document.getElementById("table-form").addEventListener("submit", create);
  showPlayers();
  listTables();
  setInterval(listTables, 5000);
}

start();
