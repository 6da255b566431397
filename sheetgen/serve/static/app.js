// sheetgen serve: the entry page. Everything it shows comes from the server's JSON API;
// every entry is checked and scored there (the scoring CSV reader, the exact scorer).
"use strict";

const SVGNS = "http://www.w3.org/2000/svg";
const ZOOMS = [1, 1.6, 2.5, 4];
const POLL_MS = 3000;

const ui = {
  setup: null,     // GET api/setup
  view: null,      // the board: GET api/boards/NAME
  map: null,       // GET api/maps/MAP
  player: null,    // the player whose sheet is shown
  row: null,       // the row being entered on the pad
  zoom: 0,
  pad: null,       // {row, digits, special, circled}
  legalityFor: -1,
  legality: null,  // the last verdicts shown: GET api/boards/NAME/legality
};

const $ = (id) => document.getElementById(id);

async function api(method, path, body, raw) {
  const headers = {};
  const init = { method, headers, cache: "no-store" };
  if (method !== "GET") headers["X-Sheetgen"] = "1";
  if (body !== undefined) {
    if (raw) {
      headers["Content-Type"] = "text/csv";
      init.body = body;
    } else {
      headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    return { ok: false, status: 0, data: { problems: ["the server does not answer: is sheetgen serve still running?"] } };
  }
  let data = null;
  const type = response.headers.get("content-type") || "";
  if (type.startsWith("application/json")) data = await response.json();
  else data = { problems: [await response.text()] };
  return { ok: response.ok, status: response.status, data };
}

function say(lines) {
  const box = $("message");
  if (!lines || !lines.length) { box.hidden = true; box.textContent = ""; return; }
  box.hidden = false;
  box.textContent = lines.join("\n");
}

function boardPath(suffix) {
  return `api/boards/${encodeURIComponent(ui.view.name)}${suffix || ""}`;
}

function rowLabel(row) {
  const space = ui.map && ui.map.spaces.find((s) => s.id === row);
  if (space) {
    // a short label (WA, 1a) is what the sheet shows; a long one repeats the name
    return space.label === space.name || space.label.length > 4 ? space.name
      : `${space.label} ${space.name}`;
  }
  return row === "variant" ? "Variant points" : row;
}

function rowSpace(row) {
  return ui.map.spaces.find((s) => s.id === row) || null;
}

function cellText(player, row) {
  const cells = ui.view.cells[player] || {};
  return cells[row] || "";
}

// --- boards ------------------------------------------------------------------------

function loading(text) {
  // the page says what it waits for (the first load, a map being drawn); null: nothing
  const box = $("loading");
  box.hidden = text === null;
  if (text !== null) box.textContent = text;
}

async function start() {
  loading("Loading the boards\u2026");
  const got = await api("GET", "api/setup");
  if (!got.ok) { loading(null); say(got.data.problems); return; }
  ui.setup = got.data;
  const mapSelect = $("new-map");
  for (const m of ui.setup.maps) {
    const option = document.createElement("option");
    option.value = m.id;
    option.textContent = m.title;
    mapSelect.append(option);
  }
  fillBoards(ui.setup.boards);
  const names = ui.setup.boards.map((b) => b.name);
  const remembered = localStorage.getItem("sheetgen-board");
  const first = names.includes(remembered) ? remembered
    : names.includes(ui.setup.default_map) ? ui.setup.default_map : names[0];
  wire();
  if (first) await openBoard(first);
  else { loading(null); $("new-dialog").showModal(); }
  setInterval(poll, POLL_MS);
}

function fillBoards(boards) {
  const select = $("board-select");
  select.replaceChildren();
  for (const b of boards) {
    const option = document.createElement("option");
    option.value = b.name;
    option.textContent = `${b.name} (${b.map})`;
    select.append(option);
  }
  if (ui.view) select.value = ui.view.name;
}

async function openBoard(name) {
  const got = await api("GET", `api/boards/${encodeURIComponent(name)}`);
  if (!got.ok) { loading(null); say(got.data.problems); return; }
  await show(got.data);
  localStorage.setItem("sheetgen-board", name);
  $("board-select").value = name;
}

async function show(view) {
  const mapChanged = !ui.map || ui.map.id !== view.map;
  ui.view = view;
  if (mapChanged) {
    loading(`Drawing the map of ${view.map}\u2026`);
    const got = await api("GET", `api/maps/${encodeURIComponent(view.map)}`);
    loading(null);
    if (!got.ok) { say(got.data.problems); return; }
    ui.map = got.data;
    drawMap();
  }
  const remembered = localStorage.getItem(`sheetgen-player-${view.name}`);
  if (!view.players.includes(ui.player)) {
    ui.player = view.players.includes(remembered) ? remembered : view.players[0];
  }
  render();
}

async function poll() {
  if (!ui.view || document.hidden) return;
  const got = await api("GET", boardPath());
  if (got.ok && got.data.version !== ui.view.version) {
    await show(got.data);
  }
}

// --- the map -----------------------------------------------------------------------

function el(name, attrs, parent) {
  const node = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (parent) parent.append(node);
  return node;
}

function drawMap() {
  const holder = $("map");
  holder.innerHTML = ui.map.svg;
  const svg = holder.querySelector("svg");
  svg.setAttribute("id", "map-svg");
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", ui.map.title);
  el("g", { id: "route-layer" }, svg);
  el("g", { id: "value-layer" }, svg);
  const hits = el("g", { id: "hit-layer" }, svg);
  for (const space of ui.map.spaces) {
    const hit = el("circle", { cx: space.x, cy: space.y, r: space.hit, class: "hit",
                               "data-row": space.id, "stroke-width": 0.6 }, hits);
    const title = el("title", {}, hit);
    title.textContent = space.name;
    hit.addEventListener("click", () => openPad(space.id));
  }
  $("map-title").textContent = ui.map.title;
  applyZoom();
}

function applyZoom() {
  const svg = $("map-svg");
  if (svg) svg.style.width = `${ZOOMS[ui.zoom] * 100}%`;
}

function drawValues() {
  const layer = $("value-layer");
  layer.replaceChildren();
  const r = ui.map.radius;
  for (const space of ui.map.spaces) {
    const text = cellText(ui.player, space.id);
    if (!text) continue;
    const circled = text.startsWith("(") && text.endsWith(")");
    const core = circled ? text.slice(1, -1) : text;
    const shown = ui.map.pad === "dicetrip" ? (core.toLowerCase() === "x" ? "\u2715" : text)
      : core === "*" ? "\u2605" : core.toLowerCase() === "x" ? "\u2715" : core;
    const size = shown.length > 3 ? r * 0.78 : r * 1.05;
    const label = el("text", { x: space.x, y: space.y + size * 0.36, "font-size": size,
                               "text-anchor": "middle", class: "value",
                               "data-row": space.id }, layer);
    label.textContent = shown;
    if (circled && ui.map.pad !== "dicetrip") {
      el("circle", { cx: space.x, cy: space.y, r: r * 0.84, class: "value-ring",
                     "stroke-width": r * 0.12 }, layer);
    }
  }
  for (const hit of document.querySelectorAll("#hit-layer .hit")) {
    hit.classList.toggle("selected", hit.dataset.row === ui.row && !$("pad").hidden);
  }
}

function centre(id) {
  const space = rowSpace(id);
  return space ? [space.x, space.y] : null;
}

function drawRoute() {
  const layer = $("route-layer");
  layer.replaceChildren();
  const entry = (ui.view.score.players || []).find((p) => p.name === ui.player);
  if (!entry) return;
  const width = ui.map.radius * 0.9;
  const rides = new Set();
  for (const [a, b] of entry.rides || []) {
    const from = ui.map.docks[a], to = ui.map.docks[b];
    rides.add(`${from}>${to}`);
  }
  const band = (ids, cls) => {
    for (let i = 0; i + 1 < ids.length; i += 1) {
      const p = centre(ids[i]), q = centre(ids[i + 1]);
      if (!p || !q) continue;
      const ride = rides.has(`${ids[i]}>${ids[i + 1]}`);
      const attrs = { "stroke-width": width, class: cls + (ride ? " route-ride" : "") };
      // a step that would pass a third circle straight: the scored page's curve
      const bend = ride ? null : (ui.map.bends || {})[`${ids[i]}>${ids[i + 1]}`];
      if (bend) el("path", { d: bend, ...attrs }, layer);
      else el("line", { x1: p[0], y1: p[1], x2: q[0], y2: q[1], ...attrs }, layer);
    }
    if (ids.length === 1) {
      const p = centre(ids[0]);
      if (p) el("circle", { cx: p[0], cy: p[1], r: width, class: cls, "stroke-width": width / 2 }, layer);
    }
  };
  if (entry.series) band(entry.series, "series-band");
  band(entry.route || entry.road || [], "route-band");
  layer.setAttribute("data-route", (entry.route || entry.road || []).join("-"));
}

// --- the standings -----------------------------------------------------------------

function how(p) {
  if ("route" in p) {
    let words = `${p.spaces} on route + ${p.circled} circled`;
    if ("boat_points" in p) words += ` + ${p.boat_points} boats`;
    return words;
  }
  return `bonus ${p.bonus_cities.length}, crossed -${p.crossed.length}, road ${p.road_points}, ` +
    `series ${p.series_points}, zones ${p.zone_points}, variant ${p.variant_points}`;
}

function drawStandings() {
  const body = $("standings").querySelector("tbody");
  body.replaceChildren();
  const players = [...(ui.view.score.players || [])];
  players.sort((a, b) => a.rank - b.rank);
  for (const p of players) {
    const tr = document.createElement("tr");
    tr.dataset.player = p.name;
    if (p.name === ui.player) tr.classList.add("current");
    const cells = [String(p.rank), p.name, String(p.score), how(p)];
    ["rank", "name", "score", "how"].forEach((cls, i) => {
      const td = document.createElement("td");
      td.className = cls;
      td.textContent = cells[i];
      tr.append(td);
    });
    body.append(tr);
  }
}

async function checkLegality() {
  const box = $("legality");
  if (ui.setup.seed === null || ui.setup.seed === undefined) { box.textContent = ""; return; }
  const version = ui.view.version;
  const name = ui.view.name;
  if (ui.legalityFor === version) return;
  box.textContent = `Seed ${ui.setup.seed}: checking\u2026`;
  ui.legality = null;
  drawPadStatus();
  const got = await api("GET", boardPath("/legality"));
  if (!ui.view || ui.view.name !== name || ui.view.version !== version) return;
  ui.legalityFor = version;
  box.replaceChildren();
  if (!got.ok || !got.data.decided) {
    box.textContent = `Seed ${ui.setup.seed}: ${(got.data.problem || got.data.problems || "not decided")}`;
    ui.legalityFor = -1;
    return;
  }
  ui.legality = got.data.players;
  for (const v of got.data.players) {
    const line = document.createElement("div");
    line.dataset.player = v.player;
    line.className = verdictClass(v);
    line.textContent = `${v.player}: ${verdictText(v)}`;
    box.append(line);
  }
  drawPadStatus();
}

function verdictClass(v) {
  return v.legal ? "legal" : v.legal === null ? "" : "illegal";
}

function verdictText(v) {
  // a full board has had the game's whole check: legal, not "legal so far"
  const seed = ui.setup.seed;
  return v.legal ? (v.finished ? `legal for seed ${seed}` : `legal so far for seed ${seed}`)
    : v.legal === null ? v.problem : `not legal for seed ${seed}: ${v.problem}`;
}

function drawPadStatus() {
  // the open pad covers the standings and the legality below the map: it shows the
  // shown player's part of both
  if ($("pad").hidden || !ui.view) return;
  const holder = $("pad-standings");
  holder.replaceChildren();
  const players = [...(ui.view.score.players || [])].sort((a, b) => a.rank - b.rank);
  players.forEach((p, i) => {
    if (i) holder.append(" \u00b7 ");
    const part = document.createElement(p.name === ui.player ? "b" : "span");
    part.textContent = `${p.rank}. ${p.name} ${p.score}`;
    holder.append(part);
  });
  const box = $("pad-legality");
  const seed = ui.setup.seed;
  const mine = (ui.legality || []).find((v) => v.player === ui.player);
  box.className = mine ? verdictClass(mine) : "";
  box.textContent = seed === null || seed === undefined ? ""
    : mine ? verdictText(mine) : `seed ${seed}: checking\u2026`;
}

// --- the cells in CSV order (keyboard entry) -----------------------------------------

function coarse() {
  return window.matchMedia("(pointer: coarse)").matches;
}

function drawCells() {
  const holder = $("cells");
  const rows = ui.view.rows;
  const existing = holder.querySelectorAll("input");
  const rebuild = existing.length !== rows.length ||
    [...existing].some((input, i) => input.dataset.row !== rows[i]);
  if (rebuild) {
    holder.replaceChildren();
    for (const row of rows) {
      const wrap = document.createElement("div");
      wrap.className = "cell";
      const input = document.createElement("input");
      input.id = `cell-${row}`;
      input.dataset.row = row;
      input.autocomplete = "off";
      input.setAttribute("inputmode", "none");
      input.setAttribute("enterkeyhint", "next");
      const label = document.createElement("label");
      label.htmlFor = input.id;
      label.textContent = rowLabel(row);
      wrap.append(label, input);
      holder.append(wrap);
      input.addEventListener("click", () => { if (coarse()) openPad(row); });
      input.addEventListener("focus", () => { if (!coarse()) input.select(); });
      input.addEventListener("keydown", (event) => {
        if (event.key === "Enter") { event.preventDefault(); commitInput(input, true); }
        if (event.key === "Escape") {
          delete input.dataset.dirty;
          input.value = cellText(ui.player, row);
          input.classList.remove("error");
        }
      });
      input.addEventListener("input", () => { input.dataset.dirty = "1"; });
      input.addEventListener("change", () => commitInput(input, false));
    }
  }
  for (const input of holder.querySelectorAll("input")) {
    input.readOnly = coarse();
    // a cell being typed in keeps what was typed until it is sent
    if (!input.dataset.dirty) input.value = cellText(ui.player, input.dataset.row);
  }
}

async function commitInput(input, next) {
  const row = input.dataset.row;
  const text = input.value.trim();
  if (text === cellText(ui.player, row)) {
    delete input.dataset.dirty;
    input.classList.remove("error");
    if (next) focusNext(input);
    return;
  }
  const ok = await sendCell(row, text, () => { delete input.dataset.dirty; });
  input.classList.toggle("error", !ok);
  if (ok && next) focusNext(input);
}

function focusNext(input) {
  const inputs = [...$("cells").querySelectorAll("input")];
  const i = inputs.indexOf(input);
  if (i + 1 < inputs.length) inputs[i + 1].focus();
}

// --- entries -------------------------------------------------------------------------

let queue = Promise.resolve();

function sendCell(row, text, accepted) {
  // entries from one page go one after the other, in the order they were made
  const job = queue.then(async () => {
    const got = await api("POST", boardPath("/cell"), { player: ui.player, row, text });
    if (!got.ok) {
      say(got.data.problems);
      return { ok: false, problems: got.data.problems || [] };
    }
    say([]);
    if (accepted) accepted();
    ui.view = got.data;
    render();
    return { ok: true };
  });
  queue = job.catch(() => {});
  return job.then((r) => { ui.lastProblems = r.problems || []; return r.ok; });
}

async function undo() {
  const got = await api("POST", boardPath("/undo"), { player: ui.player });
  if (!got.ok) { say(got.data.problems); return; }
  ui.view = got.data;
  say(got.data.undone ? [] : [`nothing to undo for ${ui.player}`]);
  render();
}

function render() {
  const tabs = $("player-tabs");
  tabs.replaceChildren();
  for (const name of ui.view.players) {
    const tab = document.createElement("button");
    tab.type = "button";
    tab.setAttribute("role", "tab");
    tab.setAttribute("aria-selected", String(name === ui.player));
    tab.textContent = name;
    tab.addEventListener("click", () => {
      ui.player = name;
      for (const input of $("cells").querySelectorAll("input")) delete input.dataset.dirty;
      localStorage.setItem(`sheetgen-player-${ui.view.name}`, name);
      render();
      if (!$("pad").hidden) openPad(ui.row);
    });
    tabs.append(tab);
  }
  $("download-csv").href = boardPath("/board.csv");
  $("download-csv").setAttribute("download", `${ui.view.name}.csv`);
  $("download-pdf").href = boardPath("/scored.pdf");
  $("download-pdf").setAttribute("download", `${ui.view.name}-scored-${ui.setup.paper}.pdf`);
  drawValues();
  drawRoute();
  drawStandings();
  drawCells();
  drawPadStatus();
  checkLegality();
}

// --- the number pad -------------------------------------------------------------------

function padKind(row) {
  if (!rowSpace(row)) return "count";          // a row that is not a space (variant): 0-8
  return ui.map.pad;                           // ontour or dicetrip
}

function parseText(text) {
  const circled = text.length >= 2 && text.startsWith("(") && text.endsWith(")");
  const core = circled ? text.slice(1, -1) : text;
  if (core === "*") return { digits: "", special: "*", circled };
  if (core.toLowerCase() === "x") return { digits: "", special: "x", circled: false };
  return { digits: core, special: null, circled };
}

function padText() {
  const p = ui.pad;
  const core = p.special || p.digits;
  if (!core) return "";
  return p.circled ? `(${core})` : core;
}

function openPad(row) {
  ui.row = row;
  ui.pad = { row, ...parseText(cellText(ui.player, row)) };
  const kind = padKind(row);
  const keys = $("pad-keys");
  keys.replaceChildren();
  const add = (key, label, cls) => {
    const b = document.createElement("button");
    b.type = "button";
    b.dataset.key = key;
    b.textContent = label;
    if (cls) b.className = cls;
    keys.append(b);
    return b;
  };
  const space = rowSpace(row);
  if (kind === "ontour") {
    for (const d of "123456789") add(d, d);
    add("circle", "( )");
    add("0", "0");
    add("back", "\u232b");
    add("*", "\u2605");
    add("x", "X");
    add("clear", "Clear");
  } else if (kind === "dicetrip") {
    for (const d of "123456") add(d, d);
    const circle = add("circle", "( )");
    const colour = space && space.colour ? ui.map.colours[space.colour] : null;
    if (colour) {
      circle.textContent = `( ) ${colour.letter}`;
      circle.style.borderColor = colour.fill;
      circle.style.borderWidth = "3px";
    } else {
      circle.disabled = true;
    }
    add("x", "X");
    add("back", "\u232b");
    add("clear", "Clear");
  } else {
    for (const d of "012345678") add(d, d);
    add("back", "\u232b");
    add("clear", "Clear");
  }
  $("pad-space").textContent = `${ui.player} \u00b7 ${rowLabel(row)}`;
  $("pad-error").hidden = true;
  $("pad").hidden = false;
  // the page can still be scrolled to everything above the pad
  document.body.style.paddingBottom = `${$("pad").offsetHeight + 16}px`;
  drawPad();
  drawPadStatus();
  drawValues();
  const hit = document.querySelector(`#hit-layer [data-row="${CSS.escape(row)}"]`);
  if (hit && hit.scrollIntoView) hit.scrollIntoView({ block: "nearest", inline: "nearest" });
}

function drawPad() {
  $("pad-value").textContent = padText() || "\u2013";
  const circle = $("pad-keys").querySelector('[data-key="circle"]');
  if (circle) circle.setAttribute("aria-pressed", String(ui.pad.circled));
}

function closePad() {
  $("pad").hidden = true;
  document.body.style.paddingBottom = "";
  ui.pad = null;
  drawValues();
}

function moveRow(step) {
  const rows = ui.view.rows;
  const i = rows.indexOf(ui.row);
  const j = i + step;
  if (j < 0 || j >= rows.length) { closePad(); return; }
  openPad(rows[j]);
}

async function padKey(key) {
  const p = ui.pad;
  if (!p) return;
  const kind = padKind(p.row);
  const maxDigits = kind === "count" ? 1 : 2;
  if (/^[0-9]$/.test(key)) {
    if (p.digits.length >= maxDigits) {
      // a number has at most two digits (the variant row one): say so, change nothing
      const box = $("pad-error");
      box.hidden = false;
      box.textContent = kind === "count" ? "One digit, 0-8: \u232b takes it back."
        : `At most two digits (${kind === "dicetrip" ? "two dice" : "0-99"}): \u232b takes one back.`;
      return;
    }
    p.special = null;
    p.digits = p.digits + key;
  } else if (key === "back") {
    if (p.special) p.special = null; else p.digits = p.digits.slice(0, -1);
  } else if (key === "clear") {
    p.digits = ""; p.special = null; p.circled = false;
  } else if (key === "circle") {
    if (p.special !== "x") p.circled = !p.circled;
  } else if (key === "*" || key === "x") {
    p.digits = ""; p.special = key;
    if (key === "x") p.circled = false;
  } else if (key === "close") {
    closePad(); return;
  } else if (key === "prev") {
    moveRow(-1); return;
  } else if (key === "ok") {
    const text = padText();
    if (text === cellText(ui.player, p.row)) { moveRow(1); return; }
    const ok = await sendCell(p.row, text);
    if (ui.pad !== p) return; // another space was opened while the entry was on its way
    if (ok) { moveRow(1); return; }
    const box = $("pad-error");
    box.hidden = false;
    box.textContent = (ui.lastProblems || []).join("\n");
    return;
  }
  $("pad-error").hidden = true;
  drawPad();
}

// --- wiring ---------------------------------------------------------------------------

function wire() {
  $("pad").addEventListener("click", (event) => {
    const button = event.target.closest("button[data-key]");
    if (button && !button.disabled) padKey(button.dataset.key);
  });
  document.addEventListener("keydown", (event) => {
    if ($("pad").hidden || event.target.tagName === "INPUT") return;
    const map = { Enter: "ok", Backspace: "back", Escape: "close", "(": "circle", ")": "circle",
                  "*": "*", x: "x", X: "x", Delete: "clear" };
    const key = /^[0-9]$/.test(event.key) ? event.key : map[event.key];
    if (key) { event.preventDefault(); padKey(key); }
  });
  $("undo").addEventListener("click", undo);
  $("zoom-in").addEventListener("click", () => { ui.zoom = Math.min(ui.zoom + 1, ZOOMS.length - 1); applyZoom(); });
  $("zoom-out").addEventListener("click", () => { ui.zoom = Math.max(ui.zoom - 1, 0); applyZoom(); });
  $("board-select").addEventListener("change", (event) => openBoard(event.target.value));
  $("add-player").addEventListener("submit", async (event) => {
    event.preventDefault();
    const name = $("new-player").value.trim();
    if (!name) return;
    const got = await api("POST", boardPath("/players"), { name });
    if (!got.ok) { say(got.data.problems); return; }
    say([]);
    $("new-player").value = "";
    ui.player = name;
    await show(got.data);
  });
  $("new-board").addEventListener("click", () => {
    $("new-map").value = ui.view ? ui.view.map : ui.setup.default_map;
    $("new-players").value = (ui.view ? ui.view.players : ui.setup.players).join(",");
    $("new-error").hidden = true;
    $("new-dialog").showModal();
  });
  $("new-cancel").addEventListener("click", () => $("new-dialog").close());
  $("new-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    const players = $("new-players").value.split(",").map((s) => s.trim()).filter((s) => s);
    const got = await api("POST", "api/boards", { name: $("new-name").value.trim(),
                                                  map: $("new-map").value, players });
    if (!got.ok) {
      $("new-error").hidden = false;
      $("new-error").textContent = (got.data.problems || []).join("\n");
      return;
    }
    $("new-dialog").close();
    const list = await api("GET", "api/boards");
    if (list.ok) fillBoards(list.data.boards);
    await show(got.data);
    $("board-select").value = got.data.name;
    localStorage.setItem("sheetgen-board", got.data.name);
  });
  $("load-csv").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    event.target.value = "";
    if (!file) return;
    const stem = file.name.replace(/\.[^.]*$/, "").replace(/[^A-Za-z0-9_-]+/g, "-")
      .replace(/^[-_]+/, "").slice(0, 48) || "loaded";
    const exists = [...$("board-select").options].some((o) => o.value === stem);
    if (exists && !window.confirm(`Replace the board ${stem} with ${file.name}?`)) return;
    const got = await api("PUT", `api/boards/${encodeURIComponent(stem)}/csv`,
                          await file.arrayBuffer(), true);
    if (!got.ok) { say(got.data.problems); return; }
    say([]);
    const list = await api("GET", "api/boards");
    if (list.ok) fillBoards(list.data.boards);
    await show(got.data);
    $("board-select").value = got.data.name;
    localStorage.setItem("sheetgen-board", got.data.name);
  });
}

document.addEventListener("DOMContentLoaded", start);
