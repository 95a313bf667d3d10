// tether view: the runs page, the run page (a waterfall drawn virtually), the lab and audit
// charts. Plain JS, no library, nothing from the network. Two data sources with one interface:
// the local server's JSON (live, with server-sent events) or a static export's data files
// (window.TETHER_STATIC, and one script per run loaded from runs/), which open from file://.
"use strict";

const STATIC = window.TETHER_STATIC || null;
const STATUSES = ["done", "answered", "not_done", "failed", "unverified", "cancelled", "error", "incomplete", "open"];
const ROW_H = 22;
const PAGE_SIZE = 50;
const main = document.getElementById("main");

// ------------------------------------------------------------------ helpers

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}
const svgNS = "http://www.w3.org/2000/svg";
function svg(tag, attrs, ...children) {
  const node = document.createElementNS(svgNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "text") node.textContent = v; else node.setAttribute(k, v);
  }
  for (const c of children.flat(Infinity)) if (c) node.append(c);
  return node;
}
function fill(node, ...kids) {
  node.replaceChildren(...kids.flat(Infinity).filter((k) => k !== null && k !== undefined && k !== false));
}
function badge(status) { return el("span", { class: `status s-${status || "open"}`, text: status || "open" }); }
function secs(s) { return s === null || s === undefined ? "–" : s < 1 ? `${(s * 1000).toFixed(0)} ms` : `${s.toFixed(2)} s`; }
function money(c) { return c === null || c === undefined ? "–" : `$${Number(c).toFixed(6)}`; }
function when(t) { return t ? new Date(t * 1000).toISOString().replace("T", " ").slice(0, 19) : "–"; }
function short(text, n) { text = String(text || "").replace(/\s+/g, " ").trim(); return text.length > n ? text.slice(0, n - 1) + "…" : text; }
function typing(ev) { const t = ev.target; return t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA"); }

// ------------------------------------------------------------------ data

const scriptsLoaded = {};
function loadScript(src) {
  if (!scriptsLoaded[src]) {
    scriptsLoaded[src] = new Promise((resolve, reject) => {
      const s = document.createElement("script");
      s.src = src; s.onload = resolve; s.onerror = () => reject(new Error(`cannot load ${src}`));
      document.head.append(s);
    });
  }
  return scriptsLoaded[src];
}
const staticRuns = {};
window.tetherRunLoaded = (page) => { staticRuns[page.run_id] = page; };

async function getJSON(url) {
  const reply = await fetch(url);
  if (!reply.ok) throw new Error(`${url}: HTTP ${reply.status}`);
  return reply.json();
}

const data = {
  info() { return STATIC ? Promise.resolve(STATIC.info) : getJSON("api/info"); },
  async runs(q) {
    if (!STATIC) return getJSON("api/runs?" + new URLSearchParams(q));
    const needle = (q.q || "").toLowerCase();
    const hits = STATIC.runs.filter((r) =>
      (!q.status || r.status === q.status) &&
      (!q.verdict || r.verdicts.includes(q.verdict)) &&
      (!needle || (r.task || "").toLowerCase().includes(needle) || r.name.toLowerCase().includes(needle) || r.run_id.startsWith(needle)));
    const page = Math.max(1, Number(q.page) || 1);
    return { total: hits.length, page, size: PAGE_SIZE, runs: hits.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE), verdicts: STATIC.verdicts };
  },
  async run(id) {
    if (!STATIC) return getJSON("api/run/" + encodeURIComponent(id));
    const file = STATIC.files[id];
    if (!file) throw new Error(`run ${id} is not in this export`);
    await loadScript(file);
    return staticRuns[id];
  },
  lab() { return STATIC ? Promise.resolve(STATIC.lab) : getJSON("api/lab"); },
  audit() { return STATIC ? Promise.resolve(STATIC.audit) : getJSON("api/audit"); },
};

// ------------------------------------------------------------------ routing

let cleanup = () => {};
let keyHandler = null;

function parseHash() {
  const hash = location.hash.replace(/^#\/?/, "") || "runs";
  const [path, query] = hash.split("?");
  const parts = path.split("/").map(decodeURIComponent);
  return { parts, query: Object.fromEntries(new URLSearchParams(query || "")) };
}

async function route() {
  cleanup(); cleanup = () => {}; keyHandler = null;
  const { parts, query } = parseHash();
  for (const a of document.querySelectorAll(".top nav a")) a.classList.toggle("here", a.id === `nav-${parts[0]}` || (parts[0] === "run" && a.id === "nav-runs"));
  try {
    if (parts[0] === "run" && parts[1]) await runPage(parts[1]);
    else if (parts[0] === "lab") await labPage();
    else if (parts[0] === "audit") await auditPage();
    else await runsPage(query);
  } catch (exc) {
    fill(main, el("h1", { text: "Could not load this page" }), el("p", { text: String(exc.message || exc) }));
  }
}

document.addEventListener("keydown", (ev) => {
  if (ev.key === "/" && !typing(ev)) {
    const search = document.getElementById("search");
    if (search) { ev.preventDefault(); search.focus(); return; }
  }
  if (ev.key === "Escape" && typing(ev)) { ev.target.blur(); return; }
  if (keyHandler && !typing(ev) && !ev.ctrlKey && !ev.metaKey && !ev.altKey) keyHandler(ev);
});

// ------------------------------------------------------------------ runs page

async function runsPage(query) {
  const q = { status: query.status || "", verdict: query.verdict || "", q: query.q || "", page: query.page || "1" };
  const started = performance.now();
  const body = await data.runs(q);
  const go = (change) => {
    const next = { ...q, ...change };
    if (!("page" in change)) next.page = "1";
    const params = new URLSearchParams(Object.entries(next).filter(([, v]) => v && !(v === "1")));
    location.hash = "#/runs" + (params.toString() ? "?" + params : "");
  };
  const status = el("select", { id: "status-filter", "aria-label": "status", onchange: (e) => go({ status: e.target.value }) },
    el("option", { value: "", text: "every status" }), STATUSES.map((s) => el("option", { value: s, text: s, selected: s === q.status })));
  const verdict = el("select", { id: "verdict-filter", "aria-label": "verdict met", onchange: (e) => go({ verdict: e.target.value }) },
    el("option", { value: "", text: "any verdict" }), (body.verdicts || []).map((v) => el("option", { value: v, text: v, selected: v === q.verdict })));
  let timer = null;
  const search = el("input", { id: "search", type: "search", placeholder: "search the task, name or run id  (/)", value: q.q, "aria-label": "search",
    oninput: (e) => { clearTimeout(timer); timer = setTimeout(() => go({ q: e.target.value }), 300); },
    onkeydown: (e) => { if (e.key === "Enter") { clearTimeout(timer); go({ q: e.target.value }); } } });
  const rows = body.runs.map((r) => {
    const open = () => { location.hash = "#/run/" + encodeURIComponent(r.run_id); };
    return el("tr", { class: "run-row", tabindex: "0", "data-run": r.run_id, "data-status": r.status, onclick: open, onkeydown: (e) => { if (e.key === "Enter") open(); } },
      el("td", {}, el("a", { href: "#/run/" + encodeURIComponent(r.run_id), tabindex: "-1", text: r.run_id.slice(0, 12) })),
      el("td", {}, badge(r.status)),
      el("td", { class: "task", title: r.task || r.name }, r.task ? short(r.task, 90) : el("span", { class: "muted", text: r.name })),
      el("td", { text: when(r.started_at) }),
      el("td", { class: "num", text: secs(r.duration_s) }),
      el("td", { class: "num", text: r.steps }),
      el("td", {}, r.verdicts.length ? r.verdicts.map((v) => el("span", { class: "verdict", text: v })) : el("span", { class: "muted", text: "–" })),
      el("td", { class: "num", text: r.failovers }),
      el("td", { class: "num", text: money(r.cost_usd) }),
      el("td", { class: "gate" }, r.gate === null || r.gate === undefined
        ? el("span", { class: "muted", text: `${r.spans} spans${r.open_spans ? `, ${r.open_spans} open` : ""}` })
        : r.gate === 0 ? el("span", { class: "status s-complete", text: "complete" })
        : el("span", { class: "status s-incomplete", title: r.open_spans ? `${r.open_spans} open spans` : "", text: `${r.gate} problem${r.gate === 1 ? "" : "s"}` })));
  });
  const pages = Math.max(1, Math.ceil(body.total / body.size));
  const page = body.page;
  fill(main, 
    el("h1", { text: "Runs" }),
    el("div", { class: "filters" }, status, verdict, search,
      el("span", { class: "muted", id: "count", text: `${body.total} run${body.total === 1 ? "" : "s"}` })),
    el("table", { id: "runs" },
      el("thead", {}, el("tr", {}, ["run", "status", "task", "started", "duration", "steps", "verdicts met", "failovers", "cost", "gate"].map((h, i) => el("th", { class: [4, 5, 7, 8].includes(i) ? "num" : null, text: h })))),
      el("tbody", {}, rows)),
    body.runs.length ? null : el("p", { class: "muted", text: "No run matches." }),
    el("div", { class: "pager" },
      el("button", { id: "prev", disabled: page <= 1, onclick: () => go({ page: String(page - 1) }), text: "← newer" }),
      el("span", { id: "page", text: `page ${page} of ${pages}` }),
      el("button", { id: "next", disabled: page >= pages, onclick: () => go({ page: String(page + 1) }), text: "older →" }),
      el("span", { class: "muted", id: "took", text: `${(performance.now() - started).toFixed(0)} ms` })));
  let at = -1;
  const trs = [...main.querySelectorAll("tr.run-row")];
  keyHandler = (ev) => {
    if (ev.key === "j" || ev.key === "ArrowDown") at = Math.min(trs.length - 1, at + 1);
    else if (ev.key === "k" || ev.key === "ArrowUp") at = Math.max(0, at - 1);
    else if (ev.key === "n" && page < pages) return go({ page: String(page + 1) });
    else if (ev.key === "p" && page > 1) return go({ page: String(page - 1) });
    else return;
    ev.preventDefault();
    trs.forEach((t, i) => t.classList.toggle("selected", i === at));
    if (trs[at]) trs[at].focus();
  };
}

// ------------------------------------------------------------------ run page

const F = { id: 0, parent: 1, kind: 2, name: 3, start: 4, end: 5, status: 6, attrs: 7 };

function ordered(spans) {
  // Depth-first order of the span tree (children by start time); spans whose parent is not in
  // the run are drawn as roots.
  const byId = new Map(spans.map((s) => [s[F.id], s]));
  const children = new Map();
  const roots = [];
  for (const s of spans) {
    const p = s[F.parent];
    if (p === null || p === undefined || !byId.has(p) || p === s[F.id]) roots.push(s);
    else { if (!children.has(p)) children.set(p, []); children.get(p).push(s); }
  }
  const out = [];
  const seen = new Set();
  const stack = roots.slice().reverse().map((s) => [s, 0]);
  while (stack.length) {
    const [s, depth] = stack.pop();
    if (seen.has(s[F.id])) continue;
    seen.add(s[F.id]);
    out.push([s, depth]);
    const kids = children.get(s[F.id]);
    if (kids) for (let i = kids.length - 1; i >= 0; i--) stack.push([kids[i], depth + 1]);
  }
  return out;
}

function spanSummary(s) {
  // What only tether knows, in a few words: a turn's verdict, who answered, the tool's
  // arguments, the permission decision, the check's deciding line.
  const a = s[F.attrs] || {};
  const kind = s[F.kind];
  const bits = [];
  if (kind === "model") {
    if (a["tether.candidate"]) bits.push(a["tether.candidate"] + " ");
    if (a["tether.verdict"]) bits.push(el("span", { class: "verdict", text: "rejected: " + a["tether.verdict"] }));
    else if (s[F.status] === "ok") bits.push(el("span", { class: "answer", text: "answer" }));
  } else if (kind === "chain") {
    if (a["tether.answered_by"]) bits.push(`answered by ${a["tether.answered_by"]}` + (a["tether.attempts"] > 1 ? ` after ${a["tether.attempts"]} attempts` : ""));
  } else if (kind === "breaker") {
    if (a["tether.breaker.reason"]) bits.push(`${a["tether.candidate"] || ""} ${a["tether.breaker.reason"]}`);
  } else if (kind === "tool") {
    if (a["gen_ai.tool.call.arguments"]) bits.push(short(a["gen_ai.tool.call.arguments"], 60));
  } else if (kind === "permission") {
    bits.push(`${a.action || ""} ${a.reason ? "(" + a.reason + ")" : ""}`);
  } else if (kind === "check") {
    if (a["tether.check.status"]) bits.push(el("span", { class: `status s-${a["tether.check.status"] === "passed" ? "ok" : "failed"}`, text: a["tether.check.status"] }));
    if (a["tether.check.quote"]) bits.push(short(a["tether.check.quote"], 60));
  }
  return bits;
}

const DETAIL_KEYS = [
  ["tether.verdict", "verdict"], ["tether.verdict.detail", "why"], ["tether.detector", "detector"],
  ["tether.candidate", "candidate"], ["tether.attempt", "attempt"], ["tether.termination", "termination"],
  ["tether.answered_by", "answered by"], ["tether.attempts", "attempts"],
  ["gen_ai.request.model", "model"], ["gen_ai.usage.input_tokens", "input tokens"], ["gen_ai.usage.output_tokens", "output tokens"],
  ["tether.first_byte_s", "first byte (s)"], ["tether.cost_usd", "cost (USD)"],
  ["tether.decision", "decision"], ["action", "permission"], ["reason", "reason"],
  ["tether.check.status", "check"], ["tether.check.quote", "deciding line"], ["tether.check.command", "command"],
  ["tether.breaker.from", "breaker from"], ["tether.breaker.to", "breaker to"], ["tether.breaker.reason", "breaker reason"],
  ["tether.error", "error"], ["error.type", "error type"],
];

function spanDetail(s, t0) {
  const a = s[F.attrs] || {};
  const rows = [
    ["kind", s[F.kind]], ["name", s[F.name]], ["status", s[F.end] === null || s[F.end] === undefined ? el("span", { class: "status s-open", text: "open: never ended" }) : badge(s[F.status])],
    ["start", `+${secs((s[F.start] || t0) - t0)}`], ["took", s[F.end] === null || s[F.end] === undefined ? "–" : secs(s[F.end] - s[F.start])],
  ];
  for (const [key, label] of DETAIL_KEYS) if (a[key] !== undefined && a[key] !== null && a[key] !== "") rows.push([label, typeof a[key] === "object" ? JSON.stringify(a[key]) : String(a[key])]);
  const extra = [];
  if (a["gen_ai.tool.call.arguments"]) extra.push(el("h2", { text: "arguments" }), el("pre", { text: a["gen_ai.tool.call.arguments"] }));
  if (a["gen_ai.tool.call.result"] !== undefined) extra.push(el("h2", { text: `result (${a["tether.result_chars"] ?? "?"} chars, first 2,000 kept)` }), el("pre", { text: a["gen_ai.tool.call.result"] }));
  const known = new Set([...DETAIL_KEYS.map((k) => k[0]), "gen_ai.tool.call.arguments", "gen_ai.tool.call.result"]);
  const others = Object.entries(a).filter(([k]) => !known.has(k));
  if (others.length) extra.push(el("h2", { text: "other attributes" }), el("pre", { text: others.map(([k, v]) => `${k}: ${JSON.stringify(v)}`).join("\n") }));
  return el("div", { class: "panel", id: "span-detail" }, el("h2", { text: "span" }),
    el("dl", { class: "kv" }, rows.map(([k, v]) => [el("dt", { text: k }), el("dd", {}, v)])), extra);
}

function list(items, fmt) {
  return items && items.length ? el("ul", { class: "plain" }, items.map((i) => el("li", {}, fmt ? fmt(i) : String(i)))) : el("span", { class: "muted", text: "none" });
}

function receiptPanel(receipt) {
  if (!receipt) return el("div", { class: "panel", id: "receipt" }, el("h2", { text: "receipt" }),
    el("p", { class: "muted", text: "No receipt: the run is still going, was killed, or is not an agent run (ask, proxy, another system's trace)." }));
  const u = receipt.usage || {};
  return el("div", { class: "panel", id: "receipt" }, el("h2", {}, "receipt ", badge(receipt.status)),
    el("dl", { class: "kv" },
      el("dt", { text: "verification" }), el("dd", { text: receipt.verification || "–" }),
      el("dt", { text: "accepted" }), el("dd", { text: receipt.accepted === null || receipt.accepted === undefined ? "nobody could tell" : receipt.accepted ? "yes (checks passed)" : "no (checks failed)" }),
      el("dt", { text: "steps" }), el("dd", { text: receipt.steps }),
      el("dt", { text: "fix cycles" }), el("dd", { text: receipt.fix_cycles ?? 0 }),
      el("dt", { text: "done" }), el("dd", { id: "receipt-done" }, list(receipt.done)),
      el("dt", { text: "cancelled" }), el("dd", { id: "receipt-cancelled" }, list(receipt.cancelled)),
      receipt.left_undone ? [el("dt", { text: "left undone" }), el("dd", { text: receipt.left_undone })] : null,
      el("dt", { text: "checks" }), el("dd", {}, list(receipt.checks, (c) => [badge(c.status === "passed" ? "done" : c.status), " ", short(c.command, 50), c.quote ? el("div", { class: "muted", text: c.quote }) : null])),
      el("dt", { text: "rejected attempts" }), el("dd", { id: "receipt-rejected" }, list(receipt.rejected, (r) => [el("span", { class: "verdict", text: r.verdict || r.status || "rejected" }), ` ${r.candidate}`, r.error ? el("div", { class: "muted", text: short(r.error, 140) }) : null])),
      el("dt", { text: "verdicts met" }), el("dd", {}, list(receipt.verdicts)),
      el("dt", { text: "usage" }), el("dd", { text: `${u.input_tokens ?? 0} in / ${u.output_tokens ?? 0} out, ${u.cached_tokens ?? 0} cached` }),
      el("dt", { text: "cost" }), el("dd", { text: receipt.cost_usd === null ? `unpriced (${(receipt.unpriced || []).join(", ") || "no price"})` : money(receipt.cost_usd) }),
      receipt.error ? [el("dt", { text: "error" }), el("dd", { text: receipt.error })] : null,
      (receipt.notices || []).length ? [el("dt", { text: "notices" }), el("dd", {}, list(receipt.notices))] : null),
    receipt.final_text ? [el("h2", { text: "final text" }), el("pre", { id: "final-text", text: short(receipt.final_text, 4000) })] : null);
}

function gatePanel(gate) {
  return el("div", { class: "panel", id: "gate" }, el("h2", {}, "completeness gate ", badge(gate.complete ? "complete" : "incomplete")),
    gate.complete ? el("p", { class: "muted", text: "every span closed and the root tells the truth" })
      : [el("p", { text: `${gate.problem_count} problem(s), fingerprint ${gate.fingerprint}` }), list(gate.problems)]);
}

async function runPage(runId) {
  const started = performance.now();
  const page = await data.run(runId);
  const spans = new Map(page.spans.map((s) => [s[F.id], s]));
  let rows = [];
  let t0 = 0, t1 = 1;
  let selected = 0;
  let liveSource = null;
  const header = el("div", { class: "run-head" });
  const waterfall = el("div", { class: "waterfall", id: "waterfall", tabindex: "0", role: "listbox", "aria-label": "span timeline" });
  const spacer = el("div", { class: "spacer" });
  waterfall.append(spacer);
  const axis = el("div", { class: "axis" });
  const side = el("aside", {});
  fill(main, header, el("div", { class: "run-layout" }, el("div", {}, axis, waterfall), side));

  function measure() {
    rows = ordered([...spans.values()]);
    let lo = Infinity, hi = -Infinity;
    for (const s of spans.values()) {
      if (typeof s[F.start] === "number") { lo = Math.min(lo, s[F.start]); hi = Math.max(hi, s[F.start]); }
      if (typeof s[F.end] === "number") hi = Math.max(hi, s[F.end]);
    }
    t0 = lo === Infinity ? 0 : lo; t1 = hi <= t0 ? t0 + 0.001 : hi;
    // An open span has no end: give the axis some room past the last moment seen, so a span
    // opened last is still drawn as a bar running off to the right.
    if ([...spans.values()].some((s) => s[F.end] === null || s[F.end] === undefined)) t1 += Math.max(0.05 * (t1 - t0), 0.01);
    spacer.style.height = `${rows.length * ROW_H}px`;
    fill(axis, el("span", { class: "muted", text: `${rows.length} spans` }),
      el("div", { class: "ticks" }, [0, 0.25, 0.5, 0.75, 1].map((f) => el("span", { text: secs((t1 - t0) * f) }))));
  }
  function drawHeader() {
    const root = spans.get(page.root_id) || rows[0]?.[0];
    const status = page.receipt ? page.receipt.status : root && (root[F.end] === null || root[F.end] === undefined) ? "open" : null;
    const open = [...spans.values()].filter((s) => s[F.end] === null || s[F.end] === undefined).length;
    const task = root && root[F.attrs] ? root[F.attrs]["tether.task"] : "";
    fill(header, el("h1", { text: `run ${page.run_id.slice(0, 12)}` }), status ? badge(status) : null,
      el("span", { class: "task", title: task || "" , text: short(task || (root ? root[F.name] : ""), 120) }),
      open ? el("span", { class: "status s-open", id: "open-count", text: `${open} open span${open === 1 ? "" : "s"}` }) : null,
      liveSource ? el("span", { class: "live", id: "live", text: "● live" }) : null,
      el("a", { href: "#/runs", text: "← runs (Esc)" }));
  }
  let drawn = "";
  function draw(force) {
    const first = Math.max(0, Math.floor(waterfall.scrollTop / ROW_H) - 10);
    const last = Math.min(rows.length, Math.ceil((waterfall.scrollTop + waterfall.clientHeight) / ROW_H) + 10);
    const key = `${first}:${last}:${selected}`;
    if (!force && key === drawn) return;
    drawn = key;
    const span = t1 - t0;
    const nodes = [];
    for (let i = first; i < last; i++) {
      const [s, depth] = rows[i];
      const isOpen = s[F.end] === null || s[F.end] === undefined;
      const start = typeof s[F.start] === "number" ? s[F.start] : t0;
      const end = isOpen ? t1 : s[F.end];
      const left = ((start - t0) / span) * 100;
      const width = Math.max(0, ((end - start) / span) * 100);
      nodes.push(el("div", { class: `wf-row${i === selected ? " selected" : ""}`, style: `top:${i * ROW_H}px`, role: "option", "aria-selected": i === selected ? "true" : "false",
        "data-index": i, "data-kind": s[F.kind], "data-open": isOpen ? "true" : null, onclick: () => select(i) },
        el("div", { class: "label", style: `padding-left:${4 + Math.min(depth, 30) * 12}px`, title: `${s[F.kind]} ${s[F.name]}` },
          el("span", { class: "kind", text: s[F.kind] }), short(s[F.name], 48), " ", spanSummary(s),
          isOpen ? el("span", { class: "status s-open", text: "open" }) : s[F.status] !== "ok" ? badge(s[F.status]) : null),
        el("div", { class: "track" }, el("div", { class: `bar k-${s[F.kind]} st-${s[F.status]}${isOpen ? " open" : ""}`, style: `left:${left}%;width:${width}%`, title: isOpen ? "never ended" : secs(end - start) }))));
    }
    spacer.replaceChildren(...nodes);
  }
  function drawSide() {
    const current = rows[selected] ? rows[selected][0] : null;
    fill(side, receiptPanel(page.receipt), gatePanel(page.gate), current ? spanDetail(current, t0) : null);
  }
  function select(i) {
    selected = Math.max(0, Math.min(rows.length - 1, i));
    const top = selected * ROW_H;
    if (top < waterfall.scrollTop) waterfall.scrollTop = top;
    else if (top + ROW_H > waterfall.scrollTop + waterfall.clientHeight) waterfall.scrollTop = top + ROW_H - waterfall.clientHeight;
    draw(true); drawSide();
    const detail = document.getElementById("span-detail");
    if (detail) side.scrollTop = detail.offsetTop - side.offsetTop;
  }
  function jump(test) {
    for (let i = selected + 1; i < rows.length; i++) if (test(rows[i][0])) return select(i);
  }
  function all() { measure(); drawHeader(); draw(true); drawSide(); }
  waterfall.addEventListener("scroll", () => draw(false), { passive: true });
  all();
  main.dataset.loadMs = String(Math.round(performance.now() - started));
  keyHandler = (ev) => {
    const pageRows = Math.max(1, Math.floor(waterfall.clientHeight / ROW_H) - 1);
    const moves = { j: 1, ArrowDown: 1, k: -1, ArrowUp: -1, PageDown: pageRows, PageUp: -pageRows };
    if (ev.key in moves) select(selected + moves[ev.key]);
    else if (ev.key === "Home") select(0);
    else if (ev.key === "End") select(rows.length - 1);
    else if (ev.key === "v") jump((s) => (s[F.attrs] || {})["tether.verdict"]);
    else if (ev.key === "o") jump((s) => s[F.end] === null || s[F.end] === undefined);
    else if (ev.key === "Escape" || ev.key === "Backspace") location.hash = "#/runs";
    else return;
    ev.preventDefault();
  };

  // Live: a run still going follows its spans as they arrive, until it ends.
  const root = spans.get(page.root_id) || rows[0]?.[0];
  const running = !page.receipt && root && (root[F.end] === null || root[F.end] === undefined);
  if (running && !STATIC && window.EventSource) {
    liveSource = new EventSource("api/run/" + encodeURIComponent(runId) + "/events");
    let lastChange = performance.now();
    liveSource.addEventListener("spans", (ev) => {
      for (const s of JSON.parse(ev.data)) spans.set(s[F.id], s);
      lastChange = performance.now();
      all();
    });
    // A run killed in mid-flight looks like one still going: say how long nothing changed.
    const quietTimer = setInterval(() => {
      const live = document.getElementById("live");
      const quiet = (performance.now() - lastChange) / 1000;
      if (live) live.textContent = quiet >= 10 ? `● live · no new span for ${Math.round(quiet)} s` : "● live";
    }, 1000);
    liveSource.addEventListener("end", (ev) => {
      const final = JSON.parse(ev.data);
      liveSource.close(); liveSource = null; clearInterval(quietTimer);
      spans.clear();
      for (const s of final.spans) spans.set(s[F.id], s);
      page.receipt = final.receipt; page.gate = final.gate; page.root_id = final.root_id;
      all();
      main.dataset.live = "ended";
    });
    main.dataset.live = "following";
    drawHeader();
    cleanup = () => { if (liveSource) liveSource.close(); clearInterval(quietTimer); };
  }
}

// ------------------------------------------------------------------ charts

const COLORS = { naive: "#c0504d", tether: "#2f6db5" };
const PALETTE = ["#2f6db5", "#c0504d", "#5a9e5a", "#d08a2c", "#7b5cb8", "#4aa3a3"];

function groupedBars({ title, groups, series, value, label, id }) {
  // Grouped vertical bars of rates (0..1) with a value label on each bar.
  const bar = 46, gap = 6, groupGap = 44, left = 44, top = 40, h = 180;
  const groupW = series.length * (bar + gap) + groupGap;
  const width = Math.max(380, left + groups.length * groupW + 10), height = top + h + 46;
  const root = svg("svg", { class: "chart", id, width, height, viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": title });
  root.append(svg("text", { x: left, y: 16, "font-weight": "600", text: title }));
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    const y = top + h - h * tick;
    root.append(svg("line", { x1: left, x2: width - 10, y1: y, y2: y, stroke: "#e3e3e3" }), svg("text", { x: left - 6, y: y + 4, "text-anchor": "end", text: `${tick * 100}%` }));
  }
  groups.forEach((g, gi) => {
    const x0 = left + gi * groupW + groupGap / 2;
    series.forEach((s, si) => {
      const v = value(g, s);
      if (v === null) return;
      const bh = Math.max(1, h * v);
      const x = x0 + si * (bar + gap);
      root.append(svg("rect", { x, y: top + h - bh, width: bar, height: bh, fill: COLORS[s] || PALETTE[si % PALETTE.length] }, svg("title", { text: `${s} ${g}: ${label(g, s)}` })));
      root.append(svg("text", { class: "value", x: x + bar / 2, y: top + h - bh - 4, "text-anchor": "middle", text: label(g, s) }));
    });
    root.append(svg("text", { x: x0 + (series.length * (bar + gap)) / 2, y: top + h + 16, "text-anchor": "middle", text: g }));
  });
  series.forEach((s, si) => {
    const x = left + si * 90;
    root.append(svg("rect", { x, y: height - 16, width: 10, height: 10, fill: COLORS[s] || PALETTE[si % PALETTE.length] }), svg("text", { x: x + 14, y: height - 7, text: s }));
  });
  return root;
}

function horizontalBars({ title, items, id }) {
  const left = 140, barMax = 360, rowH = 22, top = 26;
  const width = left + barMax + 60, height = top + items.length * rowH + 8;
  const most = Math.max(1, ...items.map((i) => i[1]));
  const root = svg("svg", { class: "chart", id, width, height, viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": title });
  root.append(svg("text", { x: 4, y: 16, "font-weight": "600", text: title }));
  items.forEach(([name, n], i) => {
    const y = top + i * rowH;
    const w = Math.max(1, (barMax * n) / most);
    root.append(svg("text", { x: left - 6, y: y + 14, "text-anchor": "end", text: name }),
      svg("rect", { x: left, y: y + 3, width: w, height: rowH - 8, fill: name === "answers" ? "#5a9e5a" : "#c0504d" }),
      svg("text", { class: "value", x: left + w + 4, y: y + 14, text: String(n) }));
  });
  return root;
}

async function labPage() {
  const lab = await data.lab();
  if (!lab) { fill(main, el("h1", { text: "Lab" }), el("p", { class: "muted", text: "No lab result: start the viewer with --lab DIR (the folder `tether lab --out DIR` wrote)." })); return; }
  const harnesses = Object.keys(lab.harnesses);
  const shapes = ["all", ...[...new Set(harnesses.flatMap((h) => Object.keys(lab.by_shape[h] || {})))].sort()];
  const fig = (shape, h) => (shape === "all" ? lab.harnesses[h] : (lab.by_shape[h] || {})[shape]);
  const rate = (key) => (shape, h) => { const f = fig(shape, h); return f && f.runs ? f[key] / f.runs : null; };
  const label = (key) => (shape, h) => { const f = fig(shape, h); return f ? `${f[key]}/${f.runs} (${Math.round((100 * f[key]) / f.runs)}%)` : ""; };
  const keys = ["runs", "said_done", "solved", "false_done", "honest_failures", "retries", "failovers", "breaker_trips", "unmeasured", "wall_s_median", "wall_s_p95", "input_tokens", "output_tokens", "cost_usd"];
  fill(main, el("h1", { text: `Lab: mix ${lab.mix}, seed ${lab.seed}, ${lab.tasks} tasks` }),
    el("div", { class: "charts" },
      groupedBars({ id: "chart-false-done", title: "false \"done\" rate, per failure shape", groups: shapes, series: harnesses, value: rate("false_done"), label: label("false_done") }),
      groupedBars({ id: "chart-solved", title: "solve rate, per failure shape", groups: shapes, series: harnesses, value: rate("solved"), label: label("solved") })),
    el("h2", { text: "figures per harness" }),
    el("table", { id: "lab-table" }, el("thead", {}, el("tr", {}, el("th", { text: "" }), harnesses.map((h) => el("th", { class: "num", text: h })))),
      el("tbody", {}, keys.map((k) => el("tr", {}, el("th", { text: k.replace(/_/g, " ") }), harnesses.map((h) => el("td", { class: "num", text: lab.harnesses[h][k] ?? "–" })))))),
    el("p", { class: "muted", text: `gate: ${lab.gate.complete ?? 0} of ${lab.gate.checked ?? 0} tether runs complete` }),
    el("h2", { text: "every run" }),
    el("table", { id: "lab-runs" },
      el("thead", {}, el("tr", {}, ["harness", "task", "shape", "faults", "status", "said done", "solved", "false done", "verdicts met", "failovers", "wall", "trace"].map((h) => el("th", { text: h })))),
      el("tbody", {}, (lab.runs || []).map((r) => {
        const traced = r.run_id && (!STATIC || STATIC.files[r.run_id]);
        return el("tr", { "data-harness": r.harness },
          el("td", { text: r.harness }), el("td", { text: r.task }), el("td", { text: r.shape }),
          el("td", { text: (r.faults || []).join(", ") || "–" }), el("td", {}, badge(r.status)),
          el("td", { text: r.said_done ? "yes" : "no" }), el("td", { text: r.solved ? "yes" : "no" }),
          el("td", {}, r.false_done ? el("span", { class: "verdict", text: "false done" }) : r.unmeasured ? "not checked" : "no"),
          el("td", {}, (r.verdicts_met || []).map((v) => el("span", { class: "verdict", text: v }))),
          el("td", { class: "num", text: r.failovers }), el("td", { class: "num", text: secs(r.wall_s) }),
          el("td", {}, traced ? el("a", { href: "#/run/" + encodeURIComponent(r.run_id), text: r.run_id.slice(0, 12) }) : el("span", { class: "muted", text: "–" })));
      }))));
}

async function auditPage() {
  const audit = await data.audit();
  if (!audit) { fill(main, el("h1", { text: "Audit" }), el("p", { class: "muted", text: "No audit: start the viewer with --audit LOG (a JSONL log of exchange records)." })); return; }
  const s = audit.summary;
  const verdicts = Object.entries(s).filter(([k]) => !["total", "answers", "not_answers", "malformed_lines"].includes(k));
  fill(main, el("h1", { text: `Audit of ${audit.source}` }),
    el("p", { text: `${s.total} records: ${s.answers} answers, ${s.not_answers} not answers, ${s.malformed_lines} malformed lines` }),
    horizontalBars({ id: "chart-verdicts", title: "records per finding", items: [["answers", s.answers], ...verdicts, ...(s.malformed_lines ? [["malformed lines", s.malformed_lines]] : [])] }),
    el("h2", { text: "the turns that were not answers" }),
    el("table", { id: "audit-table" }, el("thead", {}, el("tr", {}, ["line", "verdict", "detail", "excerpt"].map((h) => el("th", { text: h })))),
      el("tbody", {}, audit.records.map((r) => el("tr", {}, el("td", { class: "num", text: r.line }), el("td", {}, el("span", { class: "verdict", text: r.verdict })), el("td", { text: short(r.detail || "", 120) }), el("td", { text: short(r.excerpt || "", 120) }))))));
}

// ------------------------------------------------------------------ start

(async () => {
  try {
    const info = await data.info();
    document.getElementById("source").textContent = info.source || "";
    document.getElementById("nav-lab").hidden = !info.lab;
    document.getElementById("nav-audit").hidden = !info.audit;
  } catch (exc) { /* the pages say what failed */ }
  window.addEventListener("hashchange", route);
  route();
})();
