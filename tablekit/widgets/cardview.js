// What the board and the card shelf share: making elements, counters as tokens, and a
// card drawn from its view model (boardmodel.card_view: name, type line, numbers as
// icons, words, counters, state, text). board.py joins this file in front of board.js
// and of shelf.js, so each widget is one ES module that loads nothing from the network.

function h(tag, attrs = {}, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "class") el.className = v;
    else if (k === "text") el.textContent = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "dataset") Object.assign(el.dataset, v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const kid of kids.flat()) {
    if (kid === null || kid === undefined || kid === false) continue;
    el.append(kid instanceof Node ? kid : document.createTextNode(String(kid)));
  }
  return el;
}

// counters as tokens: sign, name and value; `signs` are signs the card's numbers already
// use, so a token with one of them keeps its name even on a chip (board.css)
function tokens(list, cls = "tk-tokens", signs = new Set()) {
  if (!list || !list.length) return null;
  return h("div", { class: cls },
    list.map((t) => h("span", { class: "tk-token" + (t.icon && !signs.has(t.icon) ? " tk-has-icon" : ""), title: `${t.name}: ${t.meaning}`,
      "aria-label": `${t.name} ${t.value}`, dataset: { counter: t.key } },
      t.icon ? h("span", { class: "tk-token-icon", "aria-hidden": "true", text: t.icon }) : null,
      h("span", { class: "tk-token-name", text: t.name }),
      h("b", { class: "tk-token-value", text: String(t.value) }))));
}

// a card's state in words: the game's words, and "exhausted" when it is turned
function cardState(c) {
  const state = [...(c.state || [])];
  if (c.exhausted && !state.some((s) => s.includes("exhausted"))) state.push("exhausted");
  return state;
}

// the face of a card: on a chip (`mini`) a card counter at 0 is left off (no tokens
// on a card means none; the zoom has them all); `changed` puts the ✱ mark before its name
function cardFace(c, { mini = false, changed = false } = {}) {
  const state = cardState(c);
  return [
    h("div", { class: "tk-card-name" }, changed
      ? h("span", { class: "tk-changed-mark", title: "just changed", "aria-label": "just changed: ", text: "✱ " }) : null, c.name),
    c.line && c.line.length ? h("div", { class: "tk-card-line", text: c.line.join(" · ") }) : null,
    c.stats && c.stats.length ? h("div", { class: "tk-card-stats" }, c.stats.map((s) =>
      h("span", { class: "tk-stat", title: `${s.name}: ${s.value}`, "aria-label": `${s.name} ${s.value}` },
        s.icon ? h("span", { "aria-hidden": "true", text: s.icon }) : `${s.name} `, h("b", { text: String(s.value) })))) : null,
    // the words of the card (its kind, its numbers) when its template gives no type line
    c.line && c.line.length ? null : h("div", { class: "tk-card-words", text: c.words }),
    tokens(mini ? (c.counters || []).filter((t) => t.value !== 0) : c.counters, "tk-tokens tk-card-tokens",
      new Set((c.stats || []).map((st) => st.icon))),
    state.length ? h("div", { class: "tk-card-state", text: state.join(" · ") }) : null,
  ];
}

// the whole card in words, for its zoom
function cardZoom(c) {
  const state = cardState(c);
  return [
    h("b", { text: c.name }), h("div", { text: c.words }),
    c.stats && c.stats.length ? h("div", { text: c.stats.map((s) => `${s.name} ${s.value}`).join(" · ") }) : null,
    state.length ? h("div", { text: state.join(" · ") }) : null,
    c.counters && c.counters.length ? h("div", { text: c.counters.map((t) => `${t.name} ${t.value}`).join(" · ") }) : null,
    h("div", { text: c.text }),
  ];
}

