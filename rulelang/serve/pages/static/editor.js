// The rule editor: a rule file in a text pane, checked as you type (the same checks as `rulelang
// validate`, in a bounded process on the server), and a button that opens a table with it.
"use strict";

const source = document.getElementById("source");
const gutter = document.getElementById("gutter");
let timer = null, asked = 0, clean = false;

function lines() {
  const count = source.value.split("\n").length;
  gutter.textContent = Array.from({length: count}, (_, i) => String(i + 1)).join("\n");
  gutter.scrollTop = source.scrollTop;
}

async function check() {
  const mine = ++asked;
  const status = document.getElementById("check-status");
  status.textContent = "checking…";
  try {
    const found = await api("/api/check", {text: source.value});
    if (mine !== asked) return;  // (an older check answered after a newer one was asked)
    const errors = found.diagnostics.filter((d) => d.severity === "error");
    clean = errors.length === 0;
    status.textContent = clean ? (found.diagnostics.length ? "no errors, " + found.diagnostics.length + " warning(s)" : "no errors")
                               : errors.length + " error(s)";
    document.getElementById("diagnostics").replaceChildren(...diagnosticItems(found.diagnostics).map((item, i) => {
      const d = found.diagnostics[i];
      item.addEventListener("click", () => goTo(d.line, d.column));
      return item;
    }));
  } catch (error) {
    if (mine !== asked) return;
    clean = false;
    status.textContent = error.message;
  }
  document.getElementById("open-table").disabled = !clean || !source.value.trim();
}

function goTo(line, column) {
  const before = source.value.split("\n").slice(0, Math.max(line - 1, 0)).join("\n").length + (line > 1 ? 1 : 0);
  source.focus();
  source.setSelectionRange(before + Math.max(column - 1, 0), before + Math.max(column - 1, 0));
}

async function openTable() {
  const players = Number(document.getElementById("editor-players").value) || 2;
  const seats = ["person", ...Array.from({length: players - 1}, () => "random")];
  const problems = document.getElementById("editor-problems");
  problems.replaceChildren();
  try {
    const made = await api("/api/tables", {rule_text: source.value, seats});
    location.href = made.seats[0].link;
  } catch (error) {
    problems.append(el("p", {}, error.message), el("ul", {}, diagnosticItems(error.diagnostics)));
  }
}

source.value = localStorage.getItem("rulelang-editor") || "";
source.addEventListener("input", () => {
  lines();
  localStorage.setItem("rulelang-editor", source.value);
  clearTimeout(timer);
  timer = setTimeout(check, 400);
});
source.addEventListener("scroll", () => { gutter.scrollTop = source.scrollTop; });
document.getElementById("open-table").addEventListener("click", openTable);
lines();
if (source.value.trim()) check();
