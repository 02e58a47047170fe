// The teacher page's Class tables (tools/site/classpage.py puts the section into each teacher page):
// make a table on the class server (POST class/api/tables), show its code, link and QR code (qr.js),
// watch its lobby fill, start it now, hand a seat to a bot, set a turn timer, end it, download its
// saved game. Each table the teacher made is kept in this browser with its teacher's key
// (localStorage), and watched over its own WebSocket with that key (hello), coming back by itself.
// Plain JavaScript, no Python; on a static host it says that the class tables need the class server.
"use strict";
(() => {
  const S = JSON.parse(document.getElementById("class-settings").textContent);
  const STORE = "sixnimmt-class-teacher";  // [{code, teacher}] in the order made
  const $ = (id) => document.getElementById(id);
  const watched = new Map();  // code -> {ws, tries, state, box}
  // The page's words are written in it at build time; what this script says comes from
  // class-words.<lang>.json (tools/site/classpage.py), read once the class server is found.
  let WORDS = {};
  function t(key, values, n) {
    let s = WORDS[key];
    if (s === undefined) return key;
    if (Array.isArray(s)) s = s[Math.min(Math.max(CLASS_PLURAL(n), 0), s.length - 1)];
    const v = values || {};
    return s.replace(/\{(\w+)\}/g, (m, k) => (k in v ? String(v[k]) : m));
  }

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function button(label, onClick, cls) {
    const b = el("button", "ct-btn" + (cls ? " " + cls : ""), label);
    b.type = "button";
    b.addEventListener("click", onClick);
    return b;
  }
  function kept() {
    let list;
    try { list = JSON.parse(localStorage.getItem(STORE)); } catch (e) { list = null; }
    if (!Array.isArray(list)) return [];
    return list.filter(x => x && typeof x.code === "string" && typeof x.teacher === "string" && /^[A-Z0-9]{1,12}$/.test(x.code));
  }
  function keep(list) { try { localStorage.setItem(STORE, JSON.stringify(list)); } catch (e) { /* private mode */ } }
  function say(text) { $("ct-refusal").textContent = text; }
  function seatName(state, i) {
    const s = state.table.seats[i];
    const base = s && s.name ? s.name : t("seat.name", { letter: String.fromCharCode(65 + i) });
    return s && s.bot ? t("class.bot_name", { name: base }) : base;
  }
  const api = (path) => new URL("class/api/" + path, location.href);
  const pupilLink = (code) => new URL("class.html?code=" + encodeURIComponent(code), location.href).href;

  // ---- a new table ------------------------------------------------------------------------------
  const variant = $("ct-variant"), seats = $("ct-seats");
  function seatRange() {
    seats.min = String(S.least);
    seats.max = String(S.most_of[variant.value] || S.most);
    if (+seats.value > +seats.max) seats.value = seats.max;
  }
  variant.addEventListener("change", seatRange);
  seatRange();
  $("ct-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    say("");
    const body = { variant: variant.value, seats: Number(seats.value), bots: $("ct-bots").value, coach: $("ct-coach").checked };
    $("ct-make").disabled = true;
    try {
      const r = await fetch(api("tables?lang=" + encodeURIComponent(S.lang)), {
        method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
      const answer = await r.json();
      if (r.status !== 201) { say(answer.words || String(r.status)); return; }
      keep([...kept().filter(x => x.code !== answer.code), { code: answer.code, teacher: answer.teacher }]);
      watch({ code: answer.code, teacher: answer.teacher });
      drawList();
    } catch (err) {
      say(t("class.conn.lost"));
    } finally {
      $("ct-make").disabled = false;
    }
  });

  // ---- each table: its card, its connection ----------------------------------------------------------
  function drawList() {
    const list = kept();
    $("ct-none").hidden = list.length > 0;
    const boxes = list.slice().reverse().map(x => (watched.get(x.code) || watch(x)).box);
    $("ct-tables").replaceChildren(...boxes);
  }
  function watch(entry) {
    if (watched.has(entry.code)) return watched.get(entry.code);
    const box = el("section", "ct-table");
    box.setAttribute("aria-label", t("class.teacher.table", { code: entry.code }));
    box.dataset.code = entry.code;
    const w = { entry, ws: null, tries: 0, state: null, box, gone: false };
    watched.set(entry.code, w);
    draw(w);
    connect(w);
    return w;
  }
  function connect(w) {
    if (w.gone) return;
    const url = new URL("class/ws", location.href);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    url.search = url.hash = "";
    const ws = new WebSocket(url.href);
    w.ws = ws;
    ws.addEventListener("open", () => {
      w.tries = 0;
      ws.send(JSON.stringify({ type: "hello", code: w.entry.code, token: w.entry.teacher, since: 0, lang: S.lang }));
    });
    ws.addEventListener("message", (e) => {
      let m;
      try { m = JSON.parse(e.data); } catch (err) { return; }
      if (!m || typeof m !== "object") return;
      if (m.type === "state") { w.state = m; w.said = ""; draw(w); }
      else if (m.type === "error") { w.said = typeof m.words === "string" ? m.words : String(m.code); draw(w); }
    });
    ws.addEventListener("close", () => {
      if (w.gone) return;
      w.ws = null;
      w.said = t("class.conn.lost");
      draw(w);
      const wait = Math.min(10000, 500 * 2 ** w.tries) * (0.8 + 0.4 * Math.random());
      w.tries += 1;
      setTimeout(() => connect(w), wait);
    });
  }
  function act(w, msg) {
    if (w.ws && w.ws.readyState === WebSocket.OPEN) w.ws.send(JSON.stringify(Object.assign({ type: "teacher" }, msg)));
  }
  function forget(w) {
    w.gone = true;
    if (w.ws) w.ws.close();
    watched.delete(w.entry.code);
    keep(kept().filter(x => x.code !== w.entry.code));
    drawList();
  }
  async function download(w) {
    const r = await fetch(api("tables/" + encodeURIComponent(w.entry.code) + "/log"), { headers: { "X-Teacher-Token": w.entry.teacher } });
    if (!r.ok) {
      let words = String(r.status);
      try { words = (await r.json()).words || words; } catch (e) { /* not JSON */ }
      w.said = words; draw(w); return;
    }
    const blob = new Blob([await r.text()], { type: "application/json" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = "table-" + w.entry.code + ".json";
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 10000);
  }

  // A table's card is built once; each state changes only what it says (a control never moves or is
  // rebuilt under the pointer while the game goes on).
  function build(w) {
    const { entry, box } = w;
    const link = pupilLink(entry.code);
    const words = el("div", "ct-words");
    const a = el("a", "", link);
    a.href = link;
    const linkLine = el("p", "", t("class.teacher.link") + ": ");
    linkLine.append(a);
    const proj = el("a", "", t("class.teacher.projector"));
    proj.href = link + "&view=projector"; proj.target = "_blank"; proj.rel = "noopener";
    const projLine = el("p", "");
    projLine.append(proj);
    words.append(el("p", "ct-code", entry.code), linkLine, projLine);
    if (/^(127\.\d+\.\d+\.\d+|localhost|\[::1\])$/.test(location.hostname))  // a link the pupils' devices cannot open
      words.append(el("p", "ct-local", t("class.teacher.local", { command: "make serve SITE_HOST=0.0.0.0" })));
    const show = el("div", "ct-show");
    show.append(words);
    if (typeof SixnimmtQR !== "undefined") show.append(SixnimmtQR.svg(link, t("class.teacher.qr")));
    const p = w.parts = { facts: el("p", "ct-facts"), seats: el("ul", "ct-seats"), tools: el("div", "ct-tools"),
                          said: el("p", "ct-said") };
    p.said.setAttribute("role", "status");
    const start = button(t("class.teacher.start"), () => act(w, { action: "start" }), "main");
    const label = el("label", "", t("class.teacher.timer") + " ");
    const input = el("input", "");
    input.type = "number"; input.min = "5"; input.max = "600"; input.value = "60";
    input.addEventListener("input", () => { w.typed = true; });
    label.append(input);
    const set = button(t("class.teacher.timer.set"), () => { w.typed = false; act(w, { action: "timer", seconds: Number(input.value) }); });
    const off = button(t("class.teacher.timer.off"), () => { w.typed = false; act(w, { action: "timer", seconds: null }); });
    const end = button(t("class.teacher.end"), () => { if (confirm(t("class.teacher.end.sure", { code: entry.code }))) act(w, { action: "end" }); });
    const save = button(t("class.teacher.download"), () => download(w));
    start.dataset.key = "start"; input.dataset.key = "timer-input"; set.dataset.key = "timer"; off.dataset.key = "timer-off";
    end.dataset.key = "end"; save.dataset.key = "download";
    Object.assign(p, { start, label, input, set, off, end, save });
    p.tools.append(start, label, set, off, end, save);
    const forgetButton = button(t("class.teacher.forget"), () => forget(w));
    forgetButton.dataset.key = "forget";
    box.replaceChildren(el("h4", "", t("class.teacher.table", { code: entry.code })), p.facts, show, p.seats, p.tools, p.said, forgetButton);
  }
  function draw(w) {
    if (!w.parts) build(w);
    const { state, parts: p } = w;
    p.said.textContent = w.said || "";
    const stage = state ? state.table.stage : null;
    const facts = [];
    if (state) {
      facts.push(el("span", "", variantName(state.table.variant)), el("span", "ct-stage", t("class.teacher.stage." + stage)));
      if (state.info && stage !== "lobby") facts.push(el("span", "", t("class.teacher.progress", { hand: state.info.hand_no, turn: state.info.turn })));
      if (state.table.timer) facts.push(el("span", "", t("class.facts.timer") + ": " + t("class.facts.seconds", { n: state.table.timer }, state.table.timer)));
    }
    p.facts.replaceChildren(...facts);
    p.tools.hidden = !state;
    if (!state) return;
    p.start.hidden = stage !== "lobby";
    for (const c of [p.label, p.set, p.off, p.end]) c.hidden = stage === "ended";
    p.save.hidden = stage === "lobby";
    if (!w.typed) p.input.value = String(state.table.timer || 60);
    // the seats: rebuilt when who sits where changes; who is awaited is marked in place
    const seen = JSON.stringify([stage, state.table.seats]);
    if (seen !== w.seatsSeen) {
      w.seatsSeen = seen;
      p.seats.replaceChildren(...state.table.seats.map(s => {
        const li = el("li", "");
        li.append(el("span", "name", t("class.lobby.seat", { n: s.seat + 1 }) + " — " +
          (s.name || s.bot ? seatName(state, s.seat) : t("class.lobby.free"))), el("span", "ct-wait", ""));
        if (stage === "playing" && s.taken && !s.bot) {
          const b = button(t("class.teacher.to_bot"), () => act(w, { action: "bot", seat: s.seat }));
          b.setAttribute("aria-label", t("class.teacher.to_bot.label", { name: seatName(state, s.seat) }));
          b.dataset.key = "bot" + s.seat;
          li.append(" ", b);
        }
        return li;
      }));
    }
    const waiting = state.info && stage === "playing" ? state.info.waiting : [];
    [...p.seats.children].forEach((li, i) => { li.querySelector(".ct-wait").textContent = waiting.includes(i) ? " ⏳" : ""; });
  }
  function variantName(v) { return t("variant." + v + ".name"); }

  // ---- start: is this the class server? ----------------------------------------------------------------
  fetch(api("alive"), { cache: "no-store" })
    .then(r => r.ok ? r.json() : null).catch(() => null)
    .then(async alive => {
      if (alive && alive.class_tables === true) {
        try { WORDS = await (await fetch(new URL(S.words, location.href))).json(); } catch (e) { alive = null; }
      }
      $("ct-checking").hidden = true;
      if (!alive || alive.class_tables !== true) { $("ct-static").hidden = false; return; }
      $("ct-live").hidden = false;
      drawList();
    });
})();
