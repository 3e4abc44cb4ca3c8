// What every page of the browser table shares: building elements from text (never from HTML:
// every text a rule file wrote is shown as text), a card, a small Markdown reader and JSON calls.
"use strict";

// An element with attributes (class, data-*, title, ...) and children (elements or texts).
function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") node.className = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// A card as the server names it: {face, rank, suit, colour} (face null: hidden), with who played
// it, whether it lies face down, its values and what lies under it.
function cardNode(card, extra) {
  if (!card || card.face === null || card.face === undefined) {
    return el("div", Object.assign({class: "card back", title: "a hidden card"}, extra || {}));
  }
  const classes = ["card", card.colour || "plain"];
  if (!card.suit) classes.push("named");
  if (card.down) classes.push("down");
  const node = el("div", Object.assign({class: classes.join(" "), "data-face": card.face,
                                        "data-copy": card.copy || 0, title: card.face}, extra || {}),
    card.suit ? [el("span", {class: "rank"}, card.rank), el("span", {class: "suit"}, card.suit)]
              : el("span", {class: "name"}, card.face));
  if (card.facts && card.facts.length) node.append(el("span", {class: "facts"}, card.facts.join(", ")));
  if (card.under && card.under.length) {
    node.append(el("div", {class: "under"}, card.under.map((c) => cardNode(c))));
  }
  return node;
}

// Markdown as the rule files write it (headings, lists, paragraphs, **bold**, *italic*, `code`),
// built as elements: nothing of it is ever read as HTML.
function markdown(text) {
  const out = el("div", {class: "markdown"});
  let list = null;
  for (const block of String(text).split(/\n\s*\n/)) {
    for (const line of block.split("\n")) {
      const heading = line.match(/^(#{1,6})\s+(.*)$/);
      const item = line.match(/^\s*[-*]\s+(.*)$/);
      if (heading) {
        list = null;
        out.append(el("h" + Math.min(heading[1].length + 2, 6), {}, inline(heading[2])));
      } else if (item) {
        if (!list) { list = el("ul"); out.append(list); }
        list.append(el("li", {}, inline(item[1])));
      } else if (line.trim()) {
        const last = out.lastElementChild;
        if (list && /^\s{2,}/.test(line)) { list.lastElementChild.append(" ", ...inline(line.trim())); continue; }
        list = null;
        if (last && last.tagName === "P" && last.dataset.open) last.append(" ", ...inline(line.trim()));
        else out.append(el("p", {"data-open": "1"}, inline(line.trim())));
      }
    }
    list = null;
    for (const p of out.querySelectorAll("p[data-open]")) p.removeAttribute("data-open");
  }
  return out;
}

// The inline marks of one line of Markdown, as text nodes and elements.
function inline(text) {
  const parts = [];
  const pattern = /\*\*([^*]+)\*\*|\*([^*]+)\*|`([^`]+)`/g;
  let last = 0, found;
  while ((found = pattern.exec(text)) !== null) {
    if (found.index > last) parts.push(text.slice(last, found.index));
    if (found[1] !== undefined) parts.push(el("strong", {}, found[1]));
    else if (found[2] !== undefined) parts.push(el("em", {}, found[2]));
    else parts.push(el("code", {}, found[3]));
    last = pattern.lastIndex;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

// A JSON request to the server's API: the answer's JSON, or an Error with the server's words.
async function api(path, body) {
  const options = body === undefined ? {} : {method: "POST", headers: {"content-type": "application/json"},
                                             body: JSON.stringify(body)};
  const response = await fetch(path, options);
  const data = await response.json().catch(() => ({error: "the server's answer could not be read"}));
  if (!response.ok) {
    const error = new Error(data.error || ("the server answered " + response.status));
    error.diagnostics = data.diagnostics || [];
    throw error;
  }
  return data;
}

// A list of diagnostics (line:column: severity: message) as elements.
function diagnosticItems(diagnostics) {
  return diagnostics.map((d) => el("li", {class: d.severity},
    (d.elsewhere ? d.elsewhere + ":" : "") + d.line + ":" + d.column + ": " + d.severity + ": " + d.message));
}
