// Play with the class (class.html): a pupil plays their own seat at a class table, or, with
// ?view=projector, the projector shows the table to the room (never a hand). Plain JavaScript: the
// page works as soon as it is shown, without Python. It speaks to the class server (`make serve`,
// sixnimmt_core/server) over one WebSocket, /class/ws (docs/class-tables.md lists the messages); on a
// static host, where /class/api/alive is missing, it says that the class tables need that server.
//
// Words: i18n.js (inlined before this file) and the words embedded in the page (t(key, values, n)).
// Whatever a person typed (a name) is only ever written as text (textContent), never as markup.
// The cards are the edition's one drawing, drawn at build time (tools/site/classpage.py): the page
// gives each its name in the reader's language and lays them out as render.row_html does.
"use strict";
(() => {
  const Q = new URLSearchParams(location.search);
  const PROJECTOR = Q.get("view") === "projector";
  const SHEET = JSON.parse(document.getElementById("class-cards").textContent);
  const SEATS = "sixnimmt-class-seats";  // {CODE: the seat's token}, kept in this browser
  const FULL_ROW = 5;  // the sixth card takes the row
  const $ = (id) => document.getElementById(id);

  let code = normal(Q.get("code") || "");
  let table = null, info = null, seat = null, events = [], count = 0;
  let ws = null, tries = 0, joining = null, greeted = false, sent = false, selection = [];
  let timerLeft = {}, timerAt = 0;  // the turn timer: the seconds each asked seat had left, when told
  let lastAsk = "", advice = null;  // the Coach's advice for the decision asked now: null, "asked" or its list

  // ---- words and names ------------------------------------------------------------------------
  function normal(text) { return String(text).toUpperCase().replace(/[\s-]+/g, "").slice(0, 12); }
  function headsWords(n) { return t("count.heads", { n }, n); }
  function cardName(card) { return t("render.card", { card, heads: headsWords(SHEET.heads[card] || 0) }); }
  function seatName(i) {
    const s = table && table.seats[i];
    const base = s && s.name ? s.name : t("seat.name", { letter: String.fromCharCode(65 + i) });
    return s && s.bot ? t("class.bot_name", { name: base }) : base;
  }
  function names(seats) { return seats.map(seatName).join(", "); }
  function rowNumber(r) { return r + 1; }  // people count rows from 1
  function variantName(v) { return t("variant." + v + ".name"); }

  // ---- the drawing: the cards as render.card_svg draws them, rows as render.row_html lays them out --
  $("card-defs").innerHTML = SHEET.head;
  const drawn = {};
  function cardSvg(card, faceDown) {
    const key = faceDown ? "back" : String(card);
    if (!drawn[key]) {
      const tpl = document.createElement("template");
      tpl.innerHTML = faceDown ? SHEET.back : SHEET.cards[key];
      drawn[key] = tpl.content.firstElementChild;
    }
    const svg = drawn[key].cloneNode(true);
    const label = faceDown ? t("render.face_down") : cardName(card);
    svg.setAttribute("aria-label", label);
    svg.querySelector("title").textContent = label;
    return svg;
  }
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function slot(kind, inner) {
    const s = el("div", "snt-slot" + (kind ? " " + kind : ""));
    if (inner) s.append(inner); else s.setAttribute("aria-hidden", "true");
    return s;
  }
  function rowName(cards, index) {
    const total = cards.reduce((sum, c) => sum + (SHEET.heads[c] || 0), 0);
    return t("render.row", { index, cards: cards.length ? cards.join(", ") : t("render.empty"), heads: headsWords(total) });
  }
  // One row (index from 1): its cards, the free places dashed, the sixth place marked "6 takes";
  // a Professional row (two sides) has a sixth place at each end. ``placed``: the card just put there.
  function rowEl(cards, index, twoSided, placed) {
    const row = el("div", "snt snt-row" + (twoSided ? " snt-two" : ""));
    const name = rowName(cards, index);
    row.setAttribute("role", "group");
    row.setAttribute("aria-label", name);
    row.title = name;
    row.dataset.row = String(index);
    const slots = el("div", "snt-slots"), head = el("div", "snt-rowhead");
    const free = Math.max(0, FULL_ROW - cards.length);
    head.setAttribute("aria-hidden", "true");
    head.append(el("span", "snt-rowno", String(index)),
      el("span", "snt-free", free ? t("render.status.left", { n: free }, free) : t("render.status.full")));
    const danger = () => {
      const d = slot("snt-danger");
      d.append(el("span", "snt-six", "6"), el("span", "snt-takes", t("render.six")));
      return d;
    };
    const drawnCards = cards.map(c => { const s = slot("", cardSvg(c)); if (c === placed) s.classList.add("placed"); return s; });
    const empties = n => Array.from({ length: n }, () => slot("snt-empty"));
    if (twoSided) {
      const left = Math.floor(free / 2);
      slots.append(head, danger(), ...empties(left), ...drawnCards, ...empties(free - left), danger());
    } else {
      slots.append(head, ...drawnCards, ...empties(free), ...(cards.length <= FULL_ROW ? [danger()] : []));
    }
    row.append(slots);
    return row;
  }

  // ---- what the browser keeps: each table's seat token --------------------------------------------
  function tokens() {
    let kept;
    try { kept = JSON.parse(localStorage.getItem(SEATS)); } catch (e) { kept = null; }
    if (!kept || typeof kept !== "object" || Array.isArray(kept)) kept = {};
    for (const k of Object.keys(kept)) if (typeof kept[k] !== "string") delete kept[k];
    return kept;
  }
  function keepToken(c, token) {
    const kept = tokens();
    if (token) kept[c] = token; else delete kept[c];
    try { localStorage.setItem(SEATS, JSON.stringify(kept)); } catch (e) { /* private mode: no memory */ }
  }

  // ---- the connection: one WebSocket, back by itself (waiting longer each time) ---------------------
  function send(msg) {
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(msg));
    return true;
  }
  function connect() {
    const url = new URL("class/ws", location.href);
    url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    url.search = url.hash = "";
    greeted = false;
    ws = new WebSocket(url.href);
    ws.addEventListener("open", () => { tries = 0; say("conn", ""); greet(); });
    ws.addEventListener("message", (e) => {
      let m;
      try { m = JSON.parse(e.data); } catch (err) { return; }
      if (m && typeof m === "object") receive(m);
    });
    ws.addEventListener("close", () => {
      ws = null;
      const wait = Math.min(10000, 500 * 2 ** tries) * (0.8 + 0.4 * Math.random());
      tries += 1;
      say("conn", t("class.conn.lost"));
      setTimeout(connect, wait);
    });
  }
  // What this page says first on each connection: the projector watches; a seat comes back with its
  // token and the events it has (since); a pupil who asked to join joins.
  function greet() {
    if (PROJECTOR) {
      events = []; count = 0;
      send({ type: "watch", code, lang });
    } else if (tokens()[code]) {
      send({ type: "hello", code, token: tokens()[code], since: count, lang });
    } else if (joining) {
      send({ type: "join", code, name: joining, lang });
    }
    greeted = true;
  }
  function receive(m) {
    if (m.type === "joined") {
      code = normal(m.code);
      keepToken(code, m.token);
      joining = null;
      history.replaceState(null, "", "?code=" + encodeURIComponent(code) + location.hash);
    } else if (m.type === "state") {
      table = m.table; info = m.info; seat = m.seat;
      timerLeft = m.timer_left && typeof m.timer_left === "object" ? m.timer_left : {};
      timerAt = Date.now();
      if (Array.isArray(m.events)) events.push(...m.events);
      count = typeof m.count === "number" ? m.count : events.length;
      sent = false;
      say("refusal", "");
      draw();
    } else if (m.type === "coach") {
      if (m.count === count && Array.isArray(m.advice)) { advice = m.advice; draw(); }
    } else if (m.type === "error") {
      if (advice === "asked") advice = null;
      sent = false;
      say("refusal", typeof m.words === "string" ? m.words : String(m.code));
      if (!table && (m.code === "bad_token" || m.code === "no_table") && tokens()[code]) {
        keepToken(code, null);  // a seat this browser no longer has: join again
        showJoin();
      } else if (!table) {
        joining = null;
        $("join-button").disabled = false;
      }
      if (table) draw();
    }
  }

  // ---- the page's parts ---------------------------------------------------------------------------
  // A part with controls is drawn again only when what it shows changes: a state about another seat
  // never rebuilds a button under the pointer (a press would be lost between its down and its up).
  const drawnAs = {};
  function changed(part, ...what) {
    const key = JSON.stringify([lang, sent, ...what]);
    if (drawnAs[part] === key) return false;
    drawnAs[part] = key;
    return true;
  }
  function say(id, text) { $(id).textContent = text; }
  function show(id, yes) { $(id).hidden = !yes; }
  function showJoin() {
    show("join", true); show("table", false);
    $("name-input").closest("label").hidden = PROJECTOR;
    $("code-input").value = code;
    $("join-button").disabled = false;
    ($("code-input").value ? $("name-input") : $("code-input")).focus();
  }
  $("join-form").addEventListener("submit", (e) => {
    e.preventDefault();
    code = normal($("code-input").value);
    if (PROJECTOR && code) {  // the projector takes no seat: it watches the table of that code
      location.search = "?code=" + encodeURIComponent(code) + "&view=projector";
      return;
    }
    const name = $("name-input").value;
    say("refusal", "");
    if (!code) { say("refusal", t("class.join.no_code")); $("code-input").focus(); return; }
    joining = name;
    $("join-button").disabled = true;
    if (tokens()[code]) { joining = null; }  // this browser already has a seat there: take it again
    if (!ws) connect(); else greet();
  });

  function draw() {
    if (!table) return;
    show("join", false); show("table", true); show("checking", false);
    document.title = t("class.page_title", { code: table.code });
    drawFacts();
    const lobby = table.stage === "lobby";
    show("lobby", lobby);
    show("board", !lobby);
    if (lobby) drawLobby(); else { drawRows(); drawLaid(); drawScores(); drawStory(); }
    drawDraft();
    drawAsk();
    drawHand();
    drawTimer();
  }
  // The turn timer (a table where the teacher set one): the seconds left, counted down by the page each
  // second from what the server last said. A pupil sees their own; the projector every seat asked.
  function drawTimer() {
    const box = $("timer");
    const left = (s) => Math.max(0, Number(timerLeft[s]) - Math.floor((Date.now() - timerAt) / 1000));
    const asked = table && table.stage === "playing" ? Object.keys(timerLeft).filter(s => Number.isFinite(Number(timerLeft[s]))) : [];
    let said = "";
    if (PROJECTOR) {
      said = asked.map(s => t("class.timer.seat", { name: seatName(Number(s)), seconds: t("class.facts.seconds", { n: left(s) }, left(s)) })).join("\n");  // a line each
    } else if (seat !== null && asked.includes(String(seat)) && myDecision()) {
      said = t("class.timer.mine", { n: left(seat) }, left(seat));
    }
    box.hidden = !said;
    box.setAttribute("aria-label", t("class.timer.label"));
    if (box.textContent !== said) box.textContent = said;
  }
  setInterval(() => { if (table) drawTimer(); }, 1000);
  // A draft (Logic, Tournament): the cards laid out face up, who takes one now, and what each seat has
  // taken so far — all of it public by the rules (every card is face up, taken one at a time).
  function drawDraft() {
    const box = $("draft");
    const on = !!info && table.stage === "playing" && info.draft_table.length > 0;
    box.hidden = !on;
    if (!on || !changed("draft", info.draft_table, info.hands, info.waiting, table.seats, myDecision())) return;
    const parts = [el("h2", "", t("class.draft.title"))];
    if (PROJECTOR || !myDecision()) {  // a pupil asked takes from the same cards, drawn as buttons above
      const cards = el("div", "cards snt");
      info.draft_table.forEach(c => cards.append(cardSvg(c)));
      parts.push(cards);
    }
    if (info.waiting.length) parts.push(el("p", "", t("class.waiting", { names: names(info.waiting) })));
    parts.push(el("h3", "", t("class.draft.picks")));
    const list = el("ul", "plain picks");
    for (let s = 0; s < info.players; s++) {
      const taken = info.hands[s];
      list.append(el("li", s === seat ? "me name" : "name", t("class.draft.seat",
        { name: seatName(s), cards: taken && taken.length ? taken.join(", ") : t("class.draft.nothing") })));
    }
    parts.push(list);
    box.replaceChildren(...parts);
  }
  function drawFacts() {
    const parts = [[t("class.facts.code"), table.code], [t("class.facts.variant"), variantName(table.variant)]];
    if (info && table.stage !== "lobby") parts.push([t("class.facts.hand"), String(info.hand_no)], [t("class.facts.turn"), String(info.turn)]);
    if (table.timer) parts.push([t("class.facts.timer"), t("class.facts.seconds", { n: table.timer }, table.timer)]);
    if (seat !== null && seat !== undefined) parts.push([t("class.facts.you"), seatName(seat)]);
    $("table-title").replaceChildren(...parts.map(([k, v]) => { const s = el("span", "", k + " "); s.append(el("b", "name", v)); return s; }));
  }
  function drawLobby() {
    const box = $("lobby"), list = el("ul", "plain lobby");
    for (const s of table.seats) {
      const li = el("li", s.seat === seat ? "me" : "");
      const who = s.name ? s.name : s.bot ? seatName(s.seat) : t("class.lobby.free");
      li.append(el("span", "name", t("class.lobby.seat", { n: s.seat + 1 }) + " — " + who));
      if (s.seat === seat) li.append(" " + t("class.lobby.you"));
      list.append(li);
    }
    const parts = [];
    if (PROJECTOR) {
      const address = new URL("class.html", location.href).href;
      parts.push(el("p", "", t("class.projector.join", { address })), el("p", "bigcode", table.code));
    }
    parts.push(el("p", "", t("class.lobby.wait")), list);
    box.replaceChildren(...parts);
  }
  function twoSided() { return table.variant === "professional"; }
  // The card placed last (after the turn's reveal) is outlined in its row.
  function lastPlaced() {
    for (let i = events.length - 1; i >= 0; i--) {
      const e = events[i];
      if (e.kind === "placed") return e.card;
      if (e.kind === "revealed" || e.kind === "hand_started") return null;
    }
    return null;
  }
  function drawRows() {
    const box = $("rows"), rows = info ? info.rows : [];
    const d = myDecision(), placed = lastPlaced();
    if (!changed("rows", rows, d, placed, table.variant)) return;
    if (!rows.length) { box.replaceChildren(); return; }  // a draft: no row has started yet
    const figure = el("figure", "snt snt-table");
    figure.setAttribute("role", "group");
    figure.setAttribute("aria-label", t("class.rows.title"));
    const list = el("div", "snt-rows");
    rows.forEach((cards, r) => {
      const row = rowEl(cards, rowNumber(r), twoSided(), placed);
      if (d && d.kind === "take_row" && d.options.includes(r)) {
        const b = el("button", "rowpick");
        b.type = "button";
        b.setAttribute("aria-label", t("class.take_row.button", { row: rowNumber(r), name: rowName(cards, rowNumber(r)) }));
        b.disabled = sent;
        row.setAttribute("aria-hidden", "true");
        b.append(row);
        b.addEventListener("click", () => answer(r));
        list.append(b);
      } else list.append(row);
    });
    figure.append(list);
    box.replaceChildren(figure);
  }
  // The cards laid this turn: face down until the reveal; after it, each seat's cards and where they went.
  function drawLaid() {
    const box = $("laid"), parts = [];
    const now = info && (info.laid.some(c => c) || info.laid_hidden.some(h => h));
    if (now) {
      const list = el("ul", "plain laid");
      info.laid.forEach((cards, s) => {
        if (!cards && !info.laid_hidden[s]) return;
        const li = el("li"), shown = el("span", "cards snt");
        if (cards) cards.forEach(c => shown.append(cardSvg(c))); else shown.append(cardSvg(0, true));
        li.append(el("span", "name", seatName(s)), shown);
        list.append(li);
      });
      parts.push(list);
    }
    // the turn before, revealed: each seat's cards and where they went (while the next is being laid)
    const last = lastTurn(now);
    if (last.length) {
      if (now) parts.push(el("h3", "", t("class.laid.last")));
      const list = el("ul", "plain laid");
      list.append(...last);
      parts.push(list);
    }
    if (!parts.length) parts.push(el("p", "", t("class.laid.none")));
    if (info && info.waiting.length) parts.push(el("p", "", t("class.waiting", { names: names(info.waiting) })));
    box.replaceChildren(...parts);
  }
  function lastTurn(laying) {
    let at = -1;
    for (let i = events.length - 1; i >= 0; i--) {
      if (events[i].kind === "revealed") { at = i; break; }
      if (events[i].kind === "hand_started") break;
    }
    if (laying && at >= 0 && info && info.laid.some(c => c) && !info.laid_hidden.some(h => h) &&
        !events.slice(at + 1).some(e => e.kind === "placed")) return [];  // the turn revealed now: shown above
    const played = [];
    if (at < 0) {  // the Hand variant lays and places at once: each seat's last play this round
      for (let i = events.length - 1; i >= 0 && events[i].kind !== "hand_started"; i--) {
        const e = events[i];
        if (e.kind === "played" && !played.some(p => p.seat === e.seat)) played.unshift({ seat: e.seat, cards: e.cards, from: i });
        if (played.length === (table ? table.players : 0)) break;
      }
    } else {
      (events[at].cards || []).forEach((cards, s) => { if (cards && cards.length) played.push({ seat: s, cards, from: at }); });
    }
    const to = {}, took = {};
    const start = played.length ? Math.min(...played.map(p => p.from)) : events.length;
    for (let i = start + 1; i < events.length; i++) {
      const e = events[i];
      if (e.kind === "revealed" || e.kind === "hand_started") break;
      if (e.kind === "placed") to[e.card] = e.row;
      if (e.kind === "took") took[e.seat] = (took[e.seat] || 0) + (e.heads || 0);
    }
    return played.map(p => {
      const li = el("li"), shown = el("span", "cards snt");
      p.cards.forEach(c => shown.append(cardSvg(c)));
      const where = p.cards.filter(c => c in to).map(c => t("class.laid.to_row", { card: c, row: rowNumber(to[c]) })).join(", ");
      li.append(el("span", "name", seatName(p.seat)), shown, el("span", "where", where));
      if (took[p.seat]) li.append(el("span", "took", t("class.laid.took", { heads: headsWords(took[p.seat]) })));
      return li;
    });
  }
  function drawScores() {
    const tbl = el("table", "scores"), head = el("tr");
    for (const [key, cls] of [["class.scores.name", ""], ["class.scores.hand", "n"], ["class.scores.total", "n"], ["class.scores.cards", "n"]]) {
      const th = el("th", cls, t(key)); th.scope = "col"; head.append(th);
    }
    const thead = el("thead"); thead.append(head);
    const body = el("tbody");
    if (info) for (let s = 0; s < info.players; s++) {
      const tr = el("tr", (s === seat ? "me" : "") + (info.waiting.includes(s) ? " waiting" : ""));
      const th = el("th", "name", seatName(s)); th.scope = "row";
      tr.append(th, el("td", "n", String(info.penalty[s])), el("td", "n", String(info.totals[s])), el("td", "n", String(info.hand_sizes[s])));
      body.append(tr);
    }
    tbl.append(thead, body);
    const parts = [tbl];
    const end = [...events].reverse().find(e => e.kind === "match_ended");
    if (end) parts.unshift(el("p", "result", t("class.result", { names: names(end.winners || []) })));
    else if (table.stage === "ended") parts.unshift(el("p", "result", t("class.ended")));
    $("scores").replaceChildren(...parts);
  }
  // The story: each event in the narrator's sentence, as the app tells it — the server says it for this
  // seat, in its language, from what this seat saw (never a hidden card). Shown as text, never markup.
  function line(e) { return typeof e.said === "string" && e.said ? e.said : null; }
  function drawStory() {
    const lines = events.map(line).filter(Boolean).slice(PROJECTOR ? -6 : -12);  // a projector does not scroll
    $("story").replaceChildren(...lines.map(s => el("li", "", s)));
  }

  // ---- answering: every kind of decision, by tap, click or keyboard (each answer is a button) ------
  function myDecision() { return !PROJECTOR && info && info.decision && info.decision.seat === seat ? info.decision : null; }
  function answer(a) {
    if (sent) return;
    if (send({ type: "answer", answer: a })) { sent = true; selection = []; draw(); }
  }
  function pickButton(card, label, pressed, onClick) {
    const b = el("button", "pick");
    b.type = "button";
    b.append(cardSvg(card));
    b.setAttribute("aria-label", label);
    b.dataset.card = String(card);
    if (pressed !== null) b.setAttribute("aria-pressed", String(pressed));
    b.disabled = sent;
    b.addEventListener("click", onClick);
    return b;
  }
  function toggle(card, most) {
    const i = selection.indexOf(card);
    if (i >= 0) selection.splice(i, 1);
    else if (selection.length < most) selection.push(card);
    draw();
    const again = document.querySelector('#main button.pick[data-card="' + card + '"]');
    if (again) again.focus();
  }
  function drawAsk() {
    const box = $("ask"), d = myDecision();
    const key = d ? JSON.stringify(d) : "";
    if (key !== lastAsk) { selection = []; advice = null; }
    const fresh = key !== lastAsk && !!d;
    lastAsk = key;
    if (PROJECTOR || !table || table.stage !== "playing") { box.hidden = true; return; }
    box.hidden = false;
    if (!changed("ask", d, selection, advice, table.coach, !d && info ? [info.laid[seat], info.waiting, table.seats] : null)) return;
    box.classList.toggle("idle", !d);
    const parts = [];
    const prompt = el("h2", "");
    parts.push(prompt);
    if (!d) {
      const mine = info && info.laid[seat];
      const botted = seat !== null && table.seats[seat] && table.seats[seat].bot;
      prompt.textContent = botted ? t("class.ask.bot") : mine ? t("class.ask.laid", { cards: mine.join(", ") }) : t("class.ask.none");
      if (info && info.waiting.length) parts.push(el("p", "", t("class.waiting", { names: names(info.waiting) })));
    } else if (d.kind === "play") {
      prompt.textContent = d.max === 1 ? t("class.ask.play") : t("class.ask.play.many", { least: d.min, most: d.max });
      if (d.max > 1) {
        const go = el("button", "btn main answer", t("class.ask.play.button", { n: selection.length }, selection.length));
        go.type = "button";
        go.disabled = sent || selection.length < d.min || selection.length > d.max;
        go.addEventListener("click", () => answer(selection.slice()));
        const row = el("div", "choices"); row.append(go); parts.push(row);
      }
    } else if (d.kind === "draft") {
      prompt.textContent = t("class.ask.draft");
      const row = el("div", "choices snt");
      for (const c of d.options) row.append(pickButton(c, t("class.draft.button", { card: cardName(c) }), null, () => answer(c)));
      parts.push(row);
    } else if (d.kind === "order") {
      prompt.textContent = t("class.ask.order");
      const row = el("div", "choices");
      for (const [first, second] of d.options) {
        const b = el("button", "btn answer", t("class.order.button", { first, second }));
        b.type = "button"; b.disabled = sent;
        b.addEventListener("click", () => answer([first, second]));
        row.append(b);
      }
      parts.push(row);
    } else if (d.kind === "take_row") {
      prompt.textContent = t("class.ask.take_row", { card: d.card });
      const row = el("div", "choices");
      for (const r of d.options) {
        const b = el("button", "btn answer", t("class.take_row.short", { row: rowNumber(r) }));
        b.type = "button"; b.disabled = sent;
        b.addEventListener("click", () => answer(r));
        row.append(b);
      }
      parts.push(row);
    } else if (d.kind === "spot") {
      prompt.textContent = t("class.ask.spot", { card: d.card });
      const row = el("div", "choices");
      for (const s of d.options) {
        const b = el("button", "btn answer", t(s.side === "left" ? "class.spot.left" : "class.spot.right", { row: rowNumber(s.row), end: s.end }));
        b.type = "button"; b.disabled = sent;
        b.addEventListener("click", () => answer([s.row, s.side]));
        row.append(b);
      }
      parts.push(row);
    } else if (d.kind === "split") {
      const room = Math.min(d.room, d.options.length);
      prompt.textContent = t("class.ask.split", { room }, room);
      const row = el("div", "choices snt");
      d.options.forEach(c => row.append(pickButton(c, cardName(c), selection.includes(c), () => toggle(c, room))));
      const done = el("button", "btn main answer", t("class.split.button", { n: selection.length }, selection.length));
      done.type = "button"; done.disabled = sent;
      done.addEventListener("click", () => answer(selection.slice()));
      row.append(done);
      parts.push(row);
    }
    if (fresh) say("said", prompt.textContent);  // a new question, said once to a screen reader
    if (d && table.coach) parts.push(...coachParts(d));
    if (sent) parts.push(el("p", "", t("class.ask.sent")));
    box.replaceChildren(...parts);
  }
  // The Coach, where the teacher allowed it: every answer's expected heads, the advice first (the
  // server computes them from what this seat sees).
  function said(d, a) {
    if (d.kind === "take_row") return t("class.take_row.short", { row: rowNumber(a) });
    if (d.kind === "spot" && Array.isArray(a)) {
      const s = d.options.find(o => o.row === a[0] && o.side === a[1]) || { end: "" };
      return t(a[1] === "left" ? "class.spot.left" : "class.spot.right", { row: rowNumber(a[0]), end: s.end });
    }
    if (d.kind === "order" && Array.isArray(a)) return t("class.order.button", { first: a[0], second: a[1] });
    return Array.isArray(a) ? (a.length ? a.join(" + ") : "—") : String(a);
  }
  function coachParts(d) {
    const ask = el("button", "btn coach-ask", t("class.coach.button"));
    ask.type = "button";
    ask.disabled = sent || advice !== null;
    ask.addEventListener("click", () => { if (send({ type: "coach" })) { advice = "asked"; draw(); } });
    const out = [el("div", "choices")];
    out[0].append(ask);
    if (advice === "asked") out.push(el("p", "", t("class.coach.thinking")));
    else if (Array.isArray(advice)) {
      const list = el("ol", "coach");
      advice.forEach((e, i) => {
        const expected = Number(e.expected).toLocaleString(lang, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
        list.append(el("li", i === 0 ? "best" : "", t("class.coach.line", { answer: said(d, e.answer), expected })));
      });
      out.push(list);
    }
    return out;
  }
  function drawHand() {
    const box = $("hand"), d = myDecision();
    if (PROJECTOR || !info || seat === null || table.stage === "lobby") { show("hand-box", false); return; }
    show("hand-box", true);
    if (!changed("hand", info.hand, d, selection)) return;
    const hand = el("div", "hand snt");
    hand.setAttribute("role", "group");
    hand.setAttribute("aria-label", info.hand.length ? t("render.hand", { cards: info.hand.join(", "), heads: headsWords(info.hand.reduce((s, c) => s + (SHEET.heads[c] || 0), 0)) }) : t("render.hand.none"));
    const playing = d && d.kind === "play";
    for (const c of info.hand) {
      if (playing && d.options.includes(c)) {
        if (d.max === 1) hand.append(pickButton(c, t("class.play.button", { card: cardName(c) }), null, () => answer(c)));
        else hand.append(pickButton(c, cardName(c), selection.includes(c), () => toggle(c, d.max)));
      } else {
        const s = el("div", "snt-hcard"); s.append(cardSvg(c)); hand.append(s);
      }
    }
    if (!info.hand.length) hand.append(el("span", "snt-none", t("render.hand.none")));
    box.replaceChildren(hand);
  }

  // ---- the language: the page's words at once, the server's from the next message on ---------------
  function changeLang(l) {
    showLang(l);
    langLinks($("lang-list"), k => location.pathname + location.search + "#lang=" + k);
    $("home").href = "index.html#lang=" + l;
    if (ws && ws.readyState === WebSocket.OPEN && greeted && table) {  // the story told again, in this language
      events = []; count = 0;
      greet();
    } else send({ type: "ping", lang: l });
    draw();
  }
  window.addEventListener("hashchange", () => { const l = langOf(location.hash); if (l && l !== lang) changeLang(l); });
  changeLang(chosenLang(location.hash));
  if (PROJECTOR) {
    document.body.classList.add("projector");
    $("side").prepend($("timer"));  // beside the rows, which keep the whole height of the screen
  }

  // ---- start: is this the class server? ------------------------------------------------------------
  fetch(new URL("class/api/alive", location.href), { cache: "no-store" })
    .then(r => r.ok ? r.json() : null).catch(() => null)
    .then(alive => {
      show("checking", false);
      if (!alive || alive.class_tables !== true) { show("static", true); return; }
      if (PROJECTOR && code) connect();
      else if (code && tokens()[code]) connect();
      else showJoin();
    });
  // for the browser tests and the curious: where the page is
  window.sixnimmtClass = () => ({ code, seat, stage: table && table.stage, count, sent, asked: !!myDecision(), decision: myDecision(),
    connected: !!ws && ws.readyState === 1 && greeted, handsEnded: events.filter(e => e.kind === "hand_ended").length });
})();
