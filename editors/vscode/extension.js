// The rulelang extension: starts `rulelang lsp` for the YAML files that rulelang.files names and
// connects VS Code to it. Everything else (checks, hover, completion, definitions) is the server's.
"use strict";
const vscode = require("vscode");
const { LanguageClient } = require("vscode-languageclient/node");

let client;

function activate() {
  const settings = vscode.workspace.getConfiguration("rulelang");
  const server = { command: settings.get("command"), args: ["lsp", ...settings.get("args")] };
  const documentSelector = settings.get("files").map((pattern) => ({ scheme: "file", language: "yaml", pattern }));
  client = new LanguageClient("rulelang", "rulelang", server, { documentSelector });
  return client.start();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
