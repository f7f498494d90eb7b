/// The spectators' page as its files hold it: the page, its style and its script. No inline
/// script or style (the page's Content Security Policy forbids them), nothing from outside
/// (no CDN, no web fonts). The script builds the page from the data with createElement and
/// textContent only.
public enum LiveSiteAssets {
    public static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'">
<meta name="color-scheme" content="light dark">
<meta name="referrer" content="no-referrer">
<title>Live scores</title>
<link rel="stylesheet" href="live.css">
<script src="live.js" defer></script>
</head>
<body>
<header class="top">
<h1 id="title">Live scores</h1>
<p id="status" class="status">Loading the hall…</p>
</header>
<main>
<section aria-labelledby="courts-heading">
<h2 id="courts-heading" class="visually-hidden">Courts</h2>
<ul id="courts" class="courts"></ul>
</section>
<section aria-labelledby="results-heading" class="results">
<h2 id="results-heading">Today’s results</h2>
<p id="no-results" class="muted">No match finished yet today.</p>
<table id="results" hidden>
<thead><tr><th scope="col">Court</th><th scope="col">Match</th><th scope="col">Games</th></tr></thead>
<tbody id="results-body"></tbody>
</table>
</section>
</main>
<div id="announce" class="visually-hidden" aria-live="polite"></div>
<noscript><p class="status">This page needs JavaScript to follow the hall live.</p></noscript>
</body>
</html>
"""#

    public static let css = #"""
/* The spectators' page: a phone in portrait (360 px) to a hall TV (1920x1080, read from
   5 m); light, dark, and high contrast (the high-contrast theme's colours); no web fonts. */
:root {
  --bg: #eef1f5; --card: #ffffff; --text: #10141a; --muted: #4a5361; --line: #d3d9e2;
  --team1: #c4161c; --team2: #0a5fb4; --accent: #8a5a00; --serve: #e8a000;
  --good: #1d7a35; --warn-bg: #ffe1a8; --warn-text: #3d2800; --bad-bg: #b3131b; --bad-text: #ffffff;
  --yellow: #f5c400; --red: #d0101a; --black: #111111;
  color-scheme: light dark;
  font-size: 16px;
}
@media (prefers-color-scheme: dark) {
  :root {
    --bg: #0d1117; --card: #161b23; --text: #f0f3f6; --muted: #a3adba; --line: #2c3440;
    --team1: #ff6b6b; --team2: #5cc8ff; --accent: #ffc857; --serve: #ffc400;
    --good: #5ad17a; --warn-bg: #5a3d00; --warn-text: #ffe3a3; --bad-bg: #c4161c; --bad-text: #ffffff;
    --black: #000000;
  }
}
:root.theme-light {
  --bg: #eef1f5; --card: #ffffff; --text: #10141a; --muted: #4a5361; --line: #d3d9e2;
  --team1: #c4161c; --team2: #0a5fb4; --accent: #8a5a00; --serve: #e8a000;
  --good: #1d7a35; --warn-bg: #ffe1a8; --warn-text: #3d2800; --black: #111111;
}
:root.theme-dark {
  --bg: #0d1117; --card: #161b23; --text: #f0f3f6; --muted: #a3adba; --line: #2c3440;
  --team1: #ff6b6b; --team2: #5cc8ff; --accent: #ffc857; --serve: #ffc400;
  --good: #5ad17a; --warn-bg: #5a3d00; --warn-text: #ffe3a3; --black: #000000;
}
/* The high-contrast theme: white and strong colours on black, no greys. */
@media (prefers-contrast: more) {
  :root {
    --bg: #000000; --card: #000000; --text: #ffffff; --muted: #ffffff; --line: #ffffff;
    --team1: #ff2020; --team2: #00e0ff; --accent: #ffff00; --serve: #ffff00;
    --good: #00ff00; --warn-bg: #ff8700; --warn-text: #000000; --bad-bg: #ff0000; --bad-text: #ffffff; --black: #000000;
  }
}
:root.contrast-high {
  --bg: #000000; --card: #000000; --text: #ffffff; --muted: #ffffff; --line: #ffffff;
  --team1: #ff2020; --team2: #00e0ff; --accent: #ffff00; --serve: #ffff00;
  --good: #00ff00; --warn-bg: #ff8700; --warn-text: #000000; --bad-bg: #ff0000; --bad-text: #ffffff; --black: #000000;
}

* { box-sizing: border-box; }
html { background: var(--bg); color: var(--text); -webkit-text-size-adjust: 100%; }
body {
  margin: 0; min-height: 100vh;
  font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", "Helvetica Neue", Arial, sans-serif;
  line-height: 1.35; overflow-wrap: anywhere;
}
.visually-hidden {
  position: absolute !important; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; border: 0;
}
.muted { color: var(--muted); }

.top {
  display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between;
  gap: 0.25rem 1rem; padding: 0.75rem 1rem 0.5rem;
}
.top h1 { margin: 0; font-size: 1.35rem; letter-spacing: 0.01em; }
.status { margin: 0; font-size: 0.95rem; color: var(--muted); }
:root[data-state="live"] .status::before {
  content: ""; display: inline-block; width: 0.6em; height: 0.6em; margin-right: 0.45em;
  border-radius: 50%; background: var(--good); vertical-align: 0.05em;
}
:root[data-state="stale"] .status, :root[data-state="stopped"] .status,
:root[data-state="link-down"] .status, :root[data-state="unreachable"] .status {
  color: var(--warn-text); background: var(--warn-bg); padding: 0.3rem 0.6rem; border-radius: 0.4rem; font-weight: 600;
}
:root[data-state="stale"] .courts, :root[data-state="stopped"] .courts, :root[data-state="link-down"] .courts { opacity: 0.72; }

.courts {
  list-style: none; margin: 0; padding: 0 0.75rem;
  display: grid; gap: 0.75rem; grid-template-columns: repeat(auto-fit, minmax(min(100%, 20rem), 1fr));
}
.court article {
  background: var(--card); border: 1px solid var(--line); border-radius: 0.8rem;
  padding: 0.7rem 0.9rem 0.8rem; height: 100%;
}
.court.empty { color: var(--muted); padding: 1rem; }
.court-head { display: flex; align-items: baseline; justify-content: space-between; gap: 0.5rem; flex-wrap: wrap; }
.court-head h3 { margin: 0; font-size: 1.1rem; text-transform: uppercase; letter-spacing: 0.06em; color: var(--accent); }
.presence { font-size: 0.85rem; color: var(--warn-text); background: var(--warn-bg); padding: 0 0.4rem; border-radius: 0.3rem; }
.match-head { margin: 0.15rem 0 0.35rem; color: var(--muted); font-size: 0.95rem; }

.score { width: 100%; border-collapse: collapse; }
.score td, .score th { padding: 0.15rem 0; vertical-align: middle; }
.score tr + tr td, .score tr + tr th { border-top: 1px solid var(--line); }
.who { text-align: left; font-weight: 650; font-size: 1.15rem; width: auto; }
.team1 .who { border-left: 0.3rem solid var(--team1); padding-left: 0.5rem; }
.team2 .who { border-left: 0.3rem solid var(--team2); padding-left: 0.5rem; }
.player { display: inline-block; max-width: 100%; }
.country {
  display: inline-block; margin-left: 0.35em; padding: 0 0.3em; font-size: 0.72em; font-weight: 600;
  border: 1px solid var(--line); border-radius: 0.25em; color: var(--muted); vertical-align: 0.1em;
}
.pair { color: var(--muted); }
.serve {
  display: inline-block; margin-left: 0.5em; padding: 0.05em 0.45em; border-radius: 1em; font-size: 0.62em;
  font-weight: 800; text-transform: uppercase; letter-spacing: 0.06em; vertical-align: 0.15em;
  background: var(--serve); color: #000000;
}
.card { display: inline-block; width: 0.5em; height: 0.72em; margin-left: 0.35em; border-radius: 0.1em; vertical-align: -0.02em; border: 1px solid var(--line); }
.card-yellow { background: var(--yellow); }
.card-red { background: var(--red); }
.card-black { background: var(--black); border-color: var(--text); }
.games { width: 1%; padding-left: 0.5rem !important; text-align: right; white-space: nowrap; color: var(--muted); font-variant-numeric: tabular-nums; }
.game { display: inline-block; min-width: 1.6em; margin-left: 0.35em; text-align: right; font-size: 1rem; }
.game.won { color: var(--text); font-weight: 700; }
.points {
  width: 1%; min-width: 1.3em; padding-left: 0.4rem !important; white-space: nowrap;
  text-align: right; font-weight: 800; font-size: 3.5rem; line-height: 1.05;
  font-variant-numeric: tabular-nums; letter-spacing: -0.02em;
}
.team1 .points { color: var(--team1); }
.team2 .points { color: var(--team2); }
.winner .who::after { content: " ✓"; color: var(--good); }

.moment { margin: 0.45rem 0 0; font-weight: 700; font-size: 1.05rem; min-height: 1.4em; }
.moment-play, .moment-service { color: var(--muted); font-weight: 600; }
.moment-game-point, .moment-match-point, .moment-warm-up { color: var(--accent); }
.moment-match-point { text-transform: uppercase; letter-spacing: 0.04em; }
.moment-interval, .moment-card { display: inline-block; color: var(--warn-text); background: var(--warn-bg); padding: 0.05rem 0.5rem; border-radius: 0.35rem; }
.moment-injury, .moment-suspension { display: inline-block; color: var(--bad-text); background: var(--bad-bg); padding: 0.05rem 0.5rem; border-radius: 0.35rem; }
.moment-match-won, .moment-game-won { color: var(--good); }
.next { margin: 0.5rem 0 0; padding-top: 0.45rem; border-top: 1px dashed var(--line); font-size: 0.95rem; }
.next .label { font-weight: 700; color: var(--accent); }
.next-head { color: var(--muted); }

.results { padding: 0.5rem 0.75rem 2rem; }
.results h2 { font-size: 1.15rem; margin: 1.2rem 0.25rem 0.5rem; }
.results table { width: 100%; border-collapse: collapse; background: var(--card); border: 1px solid var(--line); border-radius: 0.6rem; }
.results th, .results td { text-align: left; padding: 0.45rem 0.6rem; vertical-align: top; border-top: 1px solid var(--line); }
.results thead th { border-top: 0; color: var(--muted); font-size: 0.85rem; font-weight: 600; }
.results th:first-child, .result-court { width: 1%; white-space: nowrap; }
.result-court { font-weight: 700; text-align: center !important; }
.result-head { display: block; color: var(--muted); font-size: 0.85rem; }
.result-games { width: 1%; white-space: nowrap; font-variant-numeric: tabular-nums; }
.result-game { display: block; }
.result-ending { display: block; color: var(--muted); font-size: 0.85rem; }

@media (min-width: 700px) {
  .result-game { display: inline-block; margin-right: 0.9em; }
  .result-ending { display: inline-block; }
}
/* A hall TV: read from 5 m. Scores in digits a tenth of the screen's height. */
@media (min-width: 1200px) {
  :root { font-size: 22px; }
  .courts { grid-template-columns: repeat(auto-fit, minmax(27rem, 1fr)); gap: 1rem; padding: 0 1rem; }
  .who { font-size: 1.5rem; }
  .game { font-size: 1.3rem; }
  .top h1 { font-size: 1.6rem; }
  .points { font-size: max(96px, 13vh); }
  .moment { font-size: 1.4rem; }
}
@media (forced-colors: active) {
  .serve, .card { forced-color-adjust: none; }
  .status::before { forced-color-adjust: none; }
}
"""#

    public static let js = #"""
// The spectators' page: reads hall.json (and results.json when its version changes) every
// second and draws it. Everything from the network is put in as text (textContent), never
// as markup: a player named <img src=x onerror=alert(1)> is shown as those characters.
"use strict";
(function () {
  const POLL_MS = 1000, HIDDEN_POLL_MS = 10000;
  const doc = document.documentElement;
  const state = {
    data: null,          // the last hall.json
    courtsText: null,    // its courts as text, without the clocks: a change is a change of these
    heartbeat: null,     // the writer's last heartbeat seen
    heartbeatSeenAt: 0,  // this page's clock when it was first seen
    changeSeenAt: null,  // this page's clock when the courts last changed (after the first load)
    receivedAt: 0,       // this page's clock when data last came
    failingSince: null,  // this page's clock since fetches fail
    resultsVersion: null,
    scores: new Map(),   // court -> what was last announced of it
    renders: 0,
  };

  const params = new URLSearchParams(location.search);
  for (const [key, cls] of [["theme", "theme-"], ["contrast", "contrast-"]]) {
    const v = params.get(key);
    if (v && /^[a-z-]{1,16}$/.test(v)) doc.classList.add(cls + v);
  }

  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function hidden(text) { return el("span", "visually-hidden", text); }

  function ago(seconds) {
    const s = Math.max(0, Math.floor(seconds));
    if (s < 120) return s + " s";
    if (s < 7200) return Math.floor(s / 60) + " min";
    return Math.floor(s / 3600) + " h";
  }

  function clockText(seconds) {
    const s = Math.max(0, Math.floor(seconds));
    return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0");
  }

  function timeOfDay(t) {
    const d = new Date(t * 1000);
    return isNaN(d) ? "" : d.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  }

  function player(p) {
    const span = el("span", "player");
    span.appendChild(el("span", "name", p.name));
    if (p.country) span.appendChild(el("span", "country", p.country));
    return span;
  }

  function side(team) {
    const names = team.players.map((p) => p.name + (p.country ? " (" + p.country + ")" : ""));
    return names.join(" / ");
  }

  function teamCell(team, match, t) {
    const th = el("th", "who");
    th.scope = "row";
    const players = el("span", "players");
    // The badge beside the player who serves (in doubles, one of the pair).
    const server = team.serving && match.server ? match.server.index : -1;
    team.players.forEach((p, i) => {
      if (i > 0) players.appendChild(el("span", "pair", " / "));
      const span = player(p);
      if (i === server) {
        span.appendChild(hidden(" "));
        span.appendChild(el("span", "serve", "serving"));
      }
      players.appendChild(span);
    });
    th.appendChild(players);
    for (const c of team.cards) {
      const card = el("span", "card card-" + c.colour);
      card.title = c.colour + " card: " + c.player;
      card.setAttribute("aria-hidden", "true");
      th.appendChild(card);
      th.appendChild(hidden(" (" + c.colour + " card to " + c.player + ")"));
    }
    return th;
  }

  function scoreTable(c, m) {
    const table = el("table", "score");
    const caption = el("caption", "visually-hidden", "Score on court " + c.court);
    table.appendChild(caption);
    const head = el("thead", "visually-hidden");
    const hr = el("tr");
    for (const h of ["Players", "Games", "Points"]) { const th = el("th", null, h); th.scope = "col"; hr.appendChild(th); }
    head.appendChild(hr);
    table.appendChild(head);
    const body = el("tbody");
    m.teams.forEach((team, t) => {
      const tr = el("tr", "side team" + (t + 1));
      if (team.serving) tr.classList.add("serving");
      if (m.finished && m.moment.team === t) tr.classList.add("winner");
      tr.appendChild(teamCell(team, m, t));
      const games = el("td", "games");
      games.appendChild(hidden("Games won: " + team.games + ". "));
      for (const g of m.games) {
        const won = g[t] > g[1 - t];
        games.appendChild(el("span", won ? "game won" : "game", g[t]));
      }
      tr.appendChild(games);
      tr.appendChild(el("td", "points", m.finished && m.games.length > 0 ? "" : team.score));
      body.appendChild(tr);
    });
    table.appendChild(body);
    return table;
  }

  function momentText(m, now) {
    let text = m.moment.text;
    const clock = m.moment.clock;
    if (clock) {
      const passed = (now - state.receivedAt) / 1000;
      if (clock.runs === "down") {
        const left = clock.seconds - passed;
        text += " " + (left > 0 ? clockText(left) : "+" + clockText(-left));
      } else if (clock.runs === "over") {
        text += " +" + clockText(clock.seconds + passed);
      } else {
        text += " " + clockText(clock.seconds + passed);
      }
    }
    return text;
  }

  function courtItem(c, now) {
    const li = el("li", "court");
    li.dataset.court = c.court;
    const article = el("article");
    const headingId = "court-" + c.court;
    article.setAttribute("aria-labelledby", headingId);
    const head = el("header", "court-head");
    // A final is shown as the final, with no court's number (as a final's TV has none).
    const h = el("h3", null, c.match && c.match.final ? "Final" : "Court " + c.court);
    h.id = headingId;
    head.appendChild(h);
    if (c.presence && c.presence !== "online") {
      head.appendChild(el("span", "presence presence-" + c.presence,
        c.presence === "offline" ? "court offline" : c.presence === "stale" ? "court not heard" : "court not heard yet"));
    }
    article.appendChild(head);
    const m = c.match;
    if (!m) {
      article.appendChild(el("p", "muted", "No match on this court yet."));
    } else {
      const line = [m.heading, m.format].filter(Boolean).join(" · ");
      if (line) article.appendChild(el("p", "match-head", line));
      article.appendChild(scoreTable(c, m));
      const moment = el("p", "moment moment-" + m.moment.kind, momentText(m, now));
      moment.dataset.kind = m.moment.kind;
      article.appendChild(moment);
    }
    if (c.next) {
      const next = el("p", "next");
      next.appendChild(el("span", "label", "Next: "));
      const bits = [c.next.number ? "Match " + c.next.number : "", [c.next.event, c.next.round].filter(Boolean).join(" ")].filter(Boolean);
      if (bits.length) next.appendChild(el("span", "next-head", bits.join(" · ") + " · "));
      next.appendChild(el("span", "next-players",
        c.next.teams.map((s) => s.map((p) => p.name + (p.country ? " (" + p.country + ")" : "")).join(" / ")).join(" v ")));
      article.appendChild(next);
    }
    li.appendChild(article);
    return li;
  }

  function announceChanges(courts, first) {
    const said = [];
    for (const c of courts) {
      const m = c.match;
      if (!m) continue;
      const text = "Court " + c.court + ": " + m.teams.map((t) => t.name + " " + t.score).join(", ") +
        (m.moment.kind !== "play" ? ". " + m.moment.text : "");
      if (!first && state.scores.get(c.court) !== text) said.push(text);
      state.scores.set(c.court, text);
    }
    if (said.length) document.getElementById("announce").textContent = said.join(". ");
  }

  function renderCourts(now) {
    const list = document.getElementById("courts");
    const courts = state.data.courts;
    const items = courts.map((c) => courtItem(c, now));
    if (items.length === 0) items.push(el("li", "court empty", "No court has been heard from yet."));
    list.replaceChildren(...items);
    state.renders += 1;
    doc.dataset.renders = String(state.renders);
  }

  function renderResults(results) {
    const body = document.getElementById("results-body");
    const rows = results.results.map((r) => {
      const tr = el("tr");
      tr.appendChild(el("td", "result-court", r.court));
      const match = el("td", "result-match");
      const head = [r.heading, timeOfDay(r.ended)].filter(Boolean).join(" · ");
      if (head) match.appendChild(el("span", "result-head", head));
      const teams = el("span", "result-teams");
      r.teams.forEach((team, t) => {
        if (t > 0) teams.appendChild(el("span", "versus", " v "));
        const s = el(t === r.winner ? "strong" : "span", "result-side", side(team));
        teams.appendChild(s);
      });
      if (r.winner !== null && r.winner !== undefined) teams.appendChild(hidden(". Won by " + side(r.teams[r.winner])));
      match.appendChild(teams);
      tr.appendChild(match);
      const games = el("td", "result-games");
      for (const g of r.games) games.appendChild(el("span", "result-game", g[0] + "–" + g[1]));
      if (r.ending !== "played") games.appendChild(el("span", "result-ending", r.ending));
      tr.appendChild(games);
      return tr;
    });
    body.replaceChildren(...rows);
    document.getElementById("results").hidden = rows.length === 0;
    document.getElementById("no-results").hidden = rows.length > 0;
  }

  // What the page says of its own freshness. The writer's clock and this one may differ:
  // ages are this page's own observations (when the heartbeat or the courts last changed),
  // plus spans measured on the writer's clock alone.
  function renderStatus(now) {
    const status = document.getElementById("status");
    const d = state.data;
    let kind, text;
    if (!d) {
      kind = state.failingSince ? "unreachable" : "loading";
      text = state.failingSince ? "Cannot reach the scores: trying again." : "Loading the hall…";
    } else {
      const sinceBeat = (now - state.heartbeatSeenAt) / 1000;
      const changed = state.changeSeenAt !== null ? (now - state.changeSeenAt) / 1000 : (d.heartbeat - d.changed) + sinceBeat;
      const staleAfter = 3 * d.every + 2;
      if (d.writer === "stopped") {
        kind = "stopped";
        text = "Not live: the scores’ writer was stopped at " + timeOfDay(d.heartbeat) + ". Scores as they were " + ago(sinceBeat) + " ago.";
      } else if (sinceBeat > staleAfter) {
        kind = "stale";
        text = "Not live: no news for " + ago(sinceBeat) + (state.failingSince ? " (this page cannot reach the site)." : " (the scores’ writer may have stopped).");
      } else if (!d.link.up) {
        kind = "link-down";
        const down = (d.heartbeat - d.link.since) + sinceBeat;
        text = "Not live: the link to the hall is down (" + ago(down) + ")" + (d.link.problem ? ": " + d.link.problem : "") +
          ". Scores as they were " + ago(down) + " ago.";
      } else {
        kind = "live";
        text = "Live · last change " + ago(changed) + " ago";
      }
    }
    if (status.textContent !== text) status.textContent = text;
    if (doc.dataset.state !== kind) {
      if (doc.dataset.state && kind !== "live" && kind !== "loading") document.getElementById("announce").textContent = text;
      doc.dataset.state = kind;
    }
    document.querySelectorAll(".court .moment").forEach((p) => {
      const court = state.data && state.data.courts.find((c) => c.court === p.closest(".court").dataset.court);
      if (court && court.match && court.match.moment.clock) p.textContent = momentText(court.match, now);
    });
  }

  async function fetchJSON(name) {
    const r = await fetch(name, { cache: "no-store" });
    if (!r.ok) throw new Error(name + ": " + r.status);
    const j = await r.json();
    if (!j || j.v !== 1) throw new Error(name + ": not a version this page reads");
    return j;
  }

  async function poll() {
    const now = Date.now();
    try {
      const d = await fetchJSON("hall.json");
      const first = state.data === null;
      state.failingSince = null;
      // A new heartbeat: the clocks in it are as of now.
      if (d.heartbeat !== state.heartbeat) { state.heartbeat = d.heartbeat; state.heartbeatSeenAt = now; state.receivedAt = now; }
      // The courts compared without the clocks: a countdown is not a change of the hall.
      const courtsText = JSON.stringify(d.courts, (k, v) => (k === "clock" ? undefined : v));
      state.data = d;
      if (courtsText !== state.courtsText) {
        if (!first) state.changeSeenAt = now;
        state.courtsText = courtsText;
        if (d.hall) document.title = "Live scores · " + d.hall;
        renderCourts(now);
        announceChanges(d.courts, first);
      }
      if (d.results !== state.resultsVersion) {
        try {
          renderResults(await fetchJSON("results.json"));
          state.resultsVersion = d.results;
        } catch (e) { /* read again at the next poll */ }
      }
    } catch (e) {
      if (state.failingSince === null) state.failingSince = now;
    }
    renderStatus(Date.now());
  }

  let timer = null;
  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(async () => { await poll(); schedule(); }, document.hidden ? HIDDEN_POLL_MS : POLL_MS);
  }
  document.addEventListener("visibilitychange", () => { if (!document.hidden) { poll(); schedule(); } });
  setInterval(() => renderStatus(Date.now()), 1000);
  poll().then(schedule);
})();
"""#
}
