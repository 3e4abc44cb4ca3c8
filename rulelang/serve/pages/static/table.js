// A seat's table (or a spectator's): the server pushes the table as the seat sees it after every
// change; this page draws it and sends back only which option the person takes. No game logic
// lives here: the options offered are the server's, and it checks every action again.
"use strict";

const path = location.pathname.split("/");
const watching = path[1] === "watch";
const socketPath = (watching ? "/ws/watch/" : "/ws/play/") + path[2];
let socket = null, latest = null, retry = 1000, rulesShown = null, received = 0;

function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  socket = new WebSocket(scheme + location.host + socketPath);
  socket.addEventListener("open", () => { retry = 1000; notice(null); });
  socket.addEventListener("message", (event) => receive(JSON.parse(event.data)));
  socket.addEventListener("close", (event) => {
    if (event.code === 4404) return notice("There is no such table or seat: check the link.");
    notice("The connection to the table was lost: connecting again…");
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 10000);
  });
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) {
    socket.send(JSON.stringify(Object.assign({version: latest.version}, message)));
  }
}

function receive(message) {
  if (message.type === "state") {
    latest = message;
    draw(message);
    document.body.dataset.received = String(++received);  // (what tests wait on)
  } else if (message.type === "refused") {
    notice(message.message, 4000);
  } else if (message.type === "error") {
    notice(message.message);
  }
}

let noticeTimer = null;
function notice(text, lasts) {
  const box = document.getElementById("notice");
  clearTimeout(noticeTimer);
  box.hidden = !text;
  box.textContent = text || "";
  if (text && lasts) noticeTimer = setTimeout(() => { box.hidden = true; }, lasts);
}

// ------------------------------------------------------------------ the table
function draw(message) {
  const scene = message.scene;
  document.title = message.game + " · rulelang";
  document.getElementById("title").textContent = scene ? scene.header : message.game;
  const status = [];
  if (message.thinking) status.push(el("span", {class: "thinking"}, message.thinking + " is thinking…"));
  else if (message.question) status.push(el("span", {class: "your-turn"}, "Your decision"));
  else if (scene && scene.asked && !message.over) status.push(scene.asked + " to decide");
  if (watching) status.push(el("span", {class: "dim"}, " · watching"));
  document.getElementById("status").replaceChildren(...status);
  if (message.fault) notice("The game stopped: " + message.fault);
  if (!scene) return;
  const others = scene.players.filter((p) => !p.you);
  const me = scene.players.find((p) => p.you);
  document.getElementById("others").replaceChildren(...others.map((p) => playerPanel(p)));
  document.getElementById("shared").replaceChildren(tablePanel(scene.table));
  document.getElementById("mine").replaceChildren(...(me ? [playerPanel(me)] : []));
  drawQuestion(message);
  drawLog(scene);
  drawOutcome(message);
}

function playerPanel(player) {
  const heading = el("h2", {}, player.you ? "You, " + player.name : player.name);
  const about = [];
  if (player.partners.length) about.push("partner of " + player.partners.map((p) => p).join(" and "));
  about.push(...player.facts);
  if (latest.thinking === player.name) heading.append(el("span", {class: "thinking"}, " thinking…"));
  if (latest.scene.asked === player.name && !latest.over) heading.classList.add("asked");
  return el("div", {class: "player" + (player.you ? " you" : ""), "data-player": player.name},
    heading, about.length ? el("p", {class: "about"}, about.join(" · ")) : null,
    player.sheets.map(sheetNode), player.zones.map((z) => zoneNode(z, player.you)));
}

function tablePanel(table) {
  return el("div", {class: "player table-zones"},
    el("h2", {}, "Table"), table.facts.length ? el("p", {class: "about"}, table.facts.join(" · ")) : null,
    table.zones.map((z) => zoneNode(z, false)));
}

function sheetNode(sheet) {
  return el("table", {class: "sheet"}, el("caption", {}, sheet.name),
    el("tr", {}, sheet.boxes.map(([box]) => el("th", {}, box))),
    el("tr", {}, sheet.boxes.map(([, value]) => el("td", {}, value === null ? "–" : String(value)))));
}

function zoneNode(zone, mine) {
  const count = zone.tricks || (zone.count > 1 ? String(zone.count) : "");
  const head = el("h3", {}, zone.name, count ? el("span", {class: "count"}, " (" + count + ")") : null);
  const node = el("div", {class: "zone" + (zone.trick ? " trick" : "") + (zone.count ? "" : " empty"),
                          "data-zone": zone.label}, head);
  const hidden = zone.cards.filter((c) => c.face === null).length;
  if (zone.cards.length && hidden === zone.cards.length) {
    node.append(el("div", {class: "cards stack"}, cardNode(null), el("span", {class: "badge"}, "×" + hidden)));
  } else if (zone.trick) {
    node.append(el("div", {class: "cards plays"}, zone.cards.map((card, place) =>
      el("figure", {class: "play"}, cardNode(card),
        el("figcaption", {}, card.by ? (place === 0 ? card.by + " led" : card.by) : "")))));
  } else if (zone.cards.length && hidden > 2) {  // a few cards known among many unseen: those, then how many more
    node.append(el("div", {class: "cards stack"}, zone.cards.filter((c) => c.face !== null).map((c) => cardNode(c)),
      cardNode(null), el("span", {class: "badge"}, "×" + hidden)));
  } else if (zone.cards.length) {
    node.append(el("div", {class: "cards" + (mine ? " hand" : zone.count > 6 ? " fan" : "")},
      zone.cards.map((card) => cardNode(card))));
  }
  if (zone.summary) node.append(el("p", {class: "summary"}, zone.summary));
  for (const run of zone.last) {
    node.append(el("div", {class: "last"}, el("span", {class: "dim"}, "last: "),
      el("div", {class: "cards plays small"}, run.plays.map((card) =>
        el("figure", {class: "play"}, cardNode(card), el("figcaption", {}, card.by || "")))),
      el("span", {}, run.taker ? " → " + run.taker + " took it" : " → " + run.to)));
  }
  return node;
}

// ------------------------------------------------------------------ the question
function drawQuestion(message) {
  const box = document.getElementById("question");
  const question = message.question;
  box.hidden = !question;
  if (!question) return box.replaceChildren();
  const parts = [el("h2", {}, question.prompt)];
  if (message.scene && message.scene.at_once_text) parts.push(el("p", {class: "dim"}, message.scene.at_once_text));
  const loose = [];
  for (const option of question.options) {
    const card = option.card && findCard(option.card);
    if (card) {
      card.classList.add("playable");
      card.setAttribute("role", "button");
      card.setAttribute("tabindex", "0");
      card.setAttribute("data-option", option.index);
      card.addEventListener("click", () => choose(question, option));
      card.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") choose(question, option); });
    } else {
      loose.push(option);
    }
  }
  if (question.many) {
    for (const face of question.picked) markPicked(face);
    parts.push(el("p", {class: "picks"}, question.picks));
  }
  parts.push(el("div", {class: "options"}, loose.map((option) =>
    el("button", {type: "button", class: "option", "data-option": option.index, onclick: () => choose(question, option)},
      option.card ? cardNode(option.card) : null, option.card ? null : option.text,
      option.alike > 1 ? " ×" + option.alike : null))));
  if (question.many) {
    parts.push(el("div", {class: "controls"},
      el("button", {type: "button", id: "unpick", disabled: !question.picked.length,
                    onclick: () => send({type: "unpick", place: question.picked.length - 1})}, "Take back the last pick"),
      el("button", {type: "button", id: "confirm", class: "primary", disabled: !question.may_confirm,
                    onclick: () => send({type: "confirm"})}, "Confirm")));
  }
  box.replaceChildren(...parts);
}

function choose(question, option) {
  send({type: question.many ? "pick" : "act", option: option.index});
}

// The card of the table an option offers: in the seat's own zones first, then anywhere.
function findCard(card) {
  const selector = '.card[data-face="' + CSS.escape(card.face) + '"][data-copy="' + (card.copy || 0) + '"]:not(.playable)';
  return document.querySelector("#mine " + selector) || document.querySelector("#felt " + selector);
}

function markPicked(face) {
  const found = document.querySelector('#mine .card[data-face="' + CSS.escape(face) + '"]:not(.picked)');
  if (found) found.classList.add("picked");
}

// ------------------------------------------------------------------ news, the end, the rules
function drawLog(scene) {
  const log = document.getElementById("log");
  const atEnd = log.scrollTop + log.clientHeight >= log.scrollHeight - 20;
  const items = [];
  if (scene.earlier) items.push(el("li", {class: "dim"}, "… " + scene.earlier + " earlier lines"));
  let setup = !scene.earlier;  // the lines before the first turn of the game, or of a round, are its setup's
  for (const line of scene.log) {
    const turn = line.match(/^-- (turn \d+: P\d+) --$/), banner = line.match(/^== (.*) ==$/);
    if (turn || banner) {
      items.push(el("li", {class: "turn"}, (turn || banner)[1]));
      setup = Boolean(banner);
      continue;
    }
    if (setup) items.push(el("li", {class: "turn"}, "setup"));
    setup = false;
    items.push(el("li", {}, line));
  }
  log.replaceChildren(...items);
  if (atEnd) log.scrollTop = log.scrollHeight;
}

function drawOutcome(message) {
  const box = document.getElementById("outcome");
  box.hidden = !message.over;
  if (!message.over) return;
  const ended = message.outcome;
  const parts = [el("h2", {}, "Game over" + (ended && ended.ended_by ? ": " + ended.ended_by : ""))];
  if (ended) {
    parts.push(el("table", {class: "results"}, ended.seats.map((s) =>
      el("tr", {class: s.seat === message.seat ? "you" : ""}, el("th", {}, s.seat + (s.seat === message.seat ? " (you)" : "")),
        el("td", {}, s.result), el("td", {}, "score " + s.score)))));
    if (ended.figures.length) parts.push(el("ul", {}, ended.figures.map(([name, value]) => el("li", {}, name + ": " + value))));
  }
  const table = message.table;
  parts.push(el("p", {}, el("a", {href: "/api/tables/" + table + "/record", download: ""}, "Download the game's record"),
    message.pasted ? [" and ", el("a", {href: "/api/tables/" + table + "/rules.yaml", download: ""}, "its rule file")] : null,
    " — step through it with ", el("code", {}, "rulelang replay"), "."));
  parts.push(el("button", {type: "button", onclick: () => { box.hidden = true; }}, "See the table"));
  box.replaceChildren(el("div", {class: "sheet-box"}, parts));
}

async function showRules() {
  const box = document.getElementById("rules");
  if (!rulesShown) {
    const sheet = await api("/api/tables/" + latest.table + "/rules");
    const parts = [el("h2", {}, sheet.name + " (" + sheet.players + ")")];
    if (sheet.description) parts.push(el("p", {class: "about"}, sheet.description));
    parts.push(sheet.rules ? markdown(sheet.rules) : el("p", {class: "dim"}, "(this rule file has no rules text for players)"));
    if (sheet.moves.length) parts.push(el("h3", {}, "Moves"), el("dl", {}, sheet.moves.map(([label, help]) =>
      [el("dt", {}, label), el("dd", {}, help)])));
    parts.push(el("h3", {}, "Zones"), el("dl", {}, sheet.zones.map(([name, how]) => [el("dt", {}, name), el("dd", {}, how)])));
    if (sheet.deck && sheet.deck.standard) {
      parts.push(el("p", {}, "The deck: " + sheet.deck.size + " standard cards" + (sheet.deck.jokers ? ", " + sheet.deck.jokers + " of them jokers" : "")));
    } else if (sheet.deck) {
      parts.push(el("h3", {}, "The deck (" + sheet.deck.size + " cards)"), el("table", {class: "deck"},
        el("tr", {}, sheet.deck.columns.map((c) => el("th", {}, c))),
        sheet.deck.rows.map((row) => el("tr", {}, row.map((cell) => el("td", {}, cell))))));
    }
    if (sheet.dice) parts.push(el("p", {}, "The dice: " + sheet.dice));
    parts.push(el("button", {type: "button", onclick: () => { box.hidden = true; }}, "Close"));
    rulesShown = el("div", {class: "sheet-box"}, parts);
    box.replaceChildren(rulesShown);
  }
  box.hidden = false;
}

document.getElementById("show-rules").addEventListener("click", () => { if (latest) showRules(); });
document.addEventListener("keydown", (e) => { if (e.key === "Escape") for (const o of document.querySelectorAll(".overlay")) o.hidden = true; });
connect();
