// The board: draws the whole table from one view model (tablekit/widgets/boardmodel.py)
// and sends back only ids. An anywidget ES module (board.py puts cardview.js, the card
// drawing it shares with the card shelf, in front of it): nothing is fetched from the network.
// The hooks tests outside the project use stay: .tk-app on the root, .tk-decision on the
// open decision, data-zone="<seat>/hand" on a hand, data-uid on a card.

const CONTROLS = [
  ["step", "Step", "Apply the next rule"],
  ["run:phase", "End of phase", "Run to the end of this phase"],
  ["run:round", "End of round", "Run to the end of this round"],
  ["run:end", "End of game", "Run to the end of the game"],
  ["undo", "Undo", "Go back one record"],
  ["redo", "Redo", "Replay the record undone"],
  ["restart", "Restart", "Back to the start"],
];

// the rules outline, from the flow tree sent once: the nodes on the way to where the game
// stands are open and "▶ now" marks it; a search hit's node is opened and marked "◆ found"
function outlineEl(tree, at, found, opened) {
  const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
  const walk = (node, path) => {
    const here = [...path, node.name];
    const key = here.join("\u0000");
    const onPath = same(at.slice(0, here.length), here);
    const toFound = found && same(found.slice(0, here.length), here);
    const now = same(at, here);
    const isFound = found && same(found, here);
    const kids = node.children.map((c) => walk(c, here));
    const d = h("details", { class: "tk-node" + (now ? " tk-current" : "") + (isFound ? " tk-found" : ""),
      open: opened.has(key) || onPath || toFound, dataset: { path: here.join(" › ") } },
      h("summary", {}, now ? h("span", { class: "tk-now", text: "▶ now: " }) : null,
        isFound ? h("span", { class: "tk-found-mark", text: "◆ found: " }) : null,
        node.name, h("span", { class: "tk-node-kind", text: ` (${node.kind})` })),
      h("div", { class: "tk-node-text" }, node.text, node.rule ? h("span", { class: "tk-node-rule", text: ` [${node.rule}]` }) : null),
      kids);
    // a details element made open fires "toggle" once by itself: only a person's toggles count
    const made = d.open;
    let touched = false;
    d.addEventListener("toggle", () => {
      if (!touched && d.open === made) return;
      touched = true;
      if (d.open) opened.add(key); else opened.delete(key);
    });
    return d;
  };
  return h("div", { class: "tk-outline-tree" }, tree && tree.name ? walk(tree, []) : null);
}

// a zone drawn as one stack (its top card and its count): a pile, or face-down cards
// what clicking a card does, said on the card: its option's label with "it" for the
// card's name (the card shows it) and without a closing aside (the card shows its numbers);
// the whole label is in the zoom, the tooltip and the card's accessible name
function onCardWords(label, name) {
  const words = label.replace(name, "it").replace(/\s*\([^()]*\)\s*$/, "").replace(/\s+/g, " ").trim();
  return words.length >= 2 && words !== "it" ? words : "choose";
}

const SLIDE_MS = 250; // how long a card takes to slide to its new zone
const SIDE_WIDE = 1500; // a board at least this wide opens with the side panel beside the table

const HINT_SHOWN = 160; // a longer hint is folded after its first part

// a zone that takes little room: a stack, or at most one card
function small(z) {
  return stacked(z) || z.count <= 1;
}

function stacked(z) {
  return z.count > 1 && (z.pile || z.cards.every((u) => u === null));
}

// the rules diagram in a box of its own: the whole diagram fits the box at first; it zooms
// (wheel, pinch, + and −, the keys + and -) and pans (drag, one finger, the arrow keys),
// and centres on ▶ now whenever the game moves (at a scale where its words can be read,
// or the person's own scale once they zoomed). Zooming and panning change the SVG's
// viewBox: nothing is redrawn and nothing is sent to the kernel.
const READABLE = 1; // diagram units per screen pixel when it centres on ▶ now
const PAN_STEP = 60; // screen pixels an arrow key moves the diagram
const STAGE_LOW = 240; // the diagram box's height in pixels, at least
const STAGE_HIGH = 480; // and at most

function diagramViewer() {
  const stage = h("div", {
    class: "tk-diagram-stage", tabindex: "0", role: "img",
    "aria-label": "The rules diagram; ▶ now marks where the game stands. Arrow keys move it, + and - zoom, 0 shows it whole, N finds ▶ now",
  });
  let svg = null;
  let base = null; // the whole diagram's viewBox
  let vb = null; // the part shown
  let scale = READABLE; // units per pixel the person chose (kept as the game moves)
  let pending = false; // centre on ▶ now once the box is on the page
  const apply = () => svg && svg.setAttribute("viewBox", `${vb.x} ${vb.y} ${vb.w} ${vb.h}`);
  const size = () => ({ w: stage.clientWidth || 1, h: stage.clientHeight || 1 });
  // units per screen pixel of what is shown (the SVG keeps its aspect, so the larger one)
  const unitsPerPx = () => { const s = size(); return Math.max(vb.w / s.w, vb.h / s.h); };
  function toUnits(clientX, clientY) {
    const m = svg.getScreenCTM();
    if (!m) return null;
    const p = svg.createSVGPoint();
    p.x = clientX; p.y = clientY;
    return p.matrixTransform(m.inverse());
  }
  let shownAt = null; // the box's size when the view was last laid out
  const seen = () => stage.isConnected && stage.clientWidth > 0 && !stage.closest("details:not([open])");
  function show(cx, cy, k) { // centre (cx, cy) at k units per pixel
    const s = size();
    shownAt = s;
    vb = { x: cx - (s.w * k) / 2, y: cy - (s.h * k) / 2, w: s.w * k, h: s.h * k };
    apply();
  }
  function fit() { if (!svg) return; vb = { ...base }; shownAt = size(); apply(); }
  function zoom(factor, clientX, clientY) {
    if (!svg) return;
    const s = size();
    const r = stage.getBoundingClientRect();
    const at = toUnits(clientX ?? r.left + s.w / 2, clientY ?? r.top + s.h / 2);
    if (!at) return;
    const k = Math.min(Math.max(unitsPerPx() / factor, 0.2), Math.max(base.w / s.w, base.h / s.h) * 1.5);
    const c = toUnits(r.left + s.w / 2, r.top + s.h / 2);
    // keep the point under the pointer where it is
    const kOld = unitsPerPx();
    show(at.x + ((c.x - at.x) * k) / kOld, at.y + ((c.y - at.y) * k) / kOld, k);
    scale = k;
  }
  function pan(dx, dy) {
    if (!svg) return;
    const k = unitsPerPx();
    vb = { ...vb, x: vb.x - dx * k, y: vb.y - dy * k };
    apply();
  }
  function centreOnNow() {
    const now = svg && svg.querySelector(".tk-flow-now");
    if (!now || !seen()) { pending = true; return; }
    pending = false;
    if (!vb) vb = { ...base };
    apply();
    const r = now.getBoundingClientRect();
    const c = toUnits(r.left + r.width / 2, r.top + r.height / 2);
    if (c) show(c.x, c.y, scale);
  }
  function setSvg(text) {
    stage.innerHTML = text; // our own SVG (tablekit/diagram.py)
    svg = stage.querySelector("svg");
    if (!svg) { base = vb = null; return; }
    const box = (svg.getAttribute("viewBox") || "").split(/[\s,]+/).map(Number);
    base = box.length === 4 && box.every(Number.isFinite)
      ? { x: box[0], y: box[1], w: box[2], h: box[3] }
      : { x: 0, y: 0, w: parseFloat(svg.getAttribute("width")) || 1000, h: parseFloat(svg.getAttribute("height")) || 1000 };
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("preserveAspectRatio", "xMidYMid meet");
    vb = null;
    centreOnNow();
  }
  // the pointer: a drag pans, two fingers pinch; the wheel zooms round the pointer
  const pointers = new Map();
  let pinch = null;
  stage.addEventListener("pointerdown", (e) => {
    pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    stage.setPointerCapture(e.pointerId);
    if (pointers.size === 2) { const [a, b] = [...pointers.values()]; pinch = Math.hypot(a.x - b.x, a.y - b.y); }
  });
  stage.addEventListener("pointermove", (e) => {
    const was = pointers.get(e.pointerId);
    if (!was) return;
    const now = { x: e.clientX, y: e.clientY };
    pointers.set(e.pointerId, now);
    if (pointers.size === 1) pan(now.x - was.x, now.y - was.y);
    else if (pointers.size === 2 && pinch) {
      const [a, b] = [...pointers.values()];
      const d = Math.hypot(a.x - b.x, a.y - b.y);
      if (d > 0) zoom(d / pinch, (a.x + b.x) / 2, (a.y + b.y) / 2);
      pinch = d;
    }
  });
  const lift = (e) => { pointers.delete(e.pointerId); if (pointers.size < 2) pinch = null; };
  stage.addEventListener("pointerup", lift);
  stage.addEventListener("pointercancel", lift);
  stage.addEventListener("wheel", (e) => { e.preventDefault(); zoom(Math.pow(1.2, -Math.sign(e.deltaY)), e.clientX, e.clientY); }, { passive: false });
  stage.addEventListener("keydown", (e) => {
    const keys = {
      ArrowLeft: () => pan(PAN_STEP, 0), ArrowRight: () => pan(-PAN_STEP, 0),
      ArrowUp: () => pan(0, PAN_STEP), ArrowDown: () => pan(0, -PAN_STEP),
      "+": () => zoom(1.25), "=": () => zoom(1.25), "-": () => zoom(0.8), "0": fit,
      n: () => centreOnNow(), N: () => centreOnNow(),
    };
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  });
  const tool = (label, tip, act) => h("button", { type: "button", class: "tk-diagram-tool", title: tip, "aria-label": tip, onclick: act }, label);
  const tools = h("div", { class: "tk-diagram-tools", role: "toolbar", "aria-label": "Diagram" },
    tool("−", "Zoom out", () => zoom(0.8)), tool("+", "Zoom in", () => zoom(1.25)),
    tool("Whole", "Show the whole diagram", fit), tool("▶ now", "Centre on ▶ now", () => { scale = READABLE; centreOnNow(); }));
  const box = h("div", { class: "tk-diagram" }, tools, stage);
  // after a redraw: a diagram that came while it could not be seen is centred now; a box
  // that changed size (the side panel moved) keeps its centre and its scale
  function settle(board) {
    if (!svg || !seen()) return;
    // the box ends at the screen's bottom (the board's top at the top of the screen),
    // between STAGE_LOW and STAGE_HIGH pixels tall, so that ▶ now at its centre is seen
    const room = window.innerHeight - (stage.getBoundingClientRect().top - board.getBoundingClientRect().top) - 8;
    stage.style.height = `${Math.round(Math.min(Math.max(room, STAGE_LOW), STAGE_HIGH))}px`;
    if (pending) { centreOnNow(); return; }
    const s = size();
    if (vb && shownAt && (s.w !== shownAt.w || s.h !== shownAt.h)) {
      show(vb.x + vb.w / 2, vb.y + vb.h / 2, Math.max(vb.w / shownAt.w, vb.h / shownAt.h));
    }
  }
  return { box, setSvg, settle };
}

function render({ model, el }) {
  const root = h("div", { class: "tk-app tk-board" });
  el.append(root);
  // the arrow keys move the keyboard focus between the cards of one zone (Home and End:
  // its first and last card); Tab goes on to the next zone or control
  root.addEventListener("keydown", (e) => {
    const card = e.target.closest && e.target.closest(".tk-card[tabindex]");
    const moves = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: -Infinity, End: Infinity };
    if (!card || !(e.key in moves) || e.altKey || e.ctrlKey || e.metaKey) return;
    const zone = card.closest(".tk-zone");
    if (!zone) return;
    const cards = [...zone.querySelectorAll(".tk-card[tabindex]")];
    const at = cards.indexOf(card);
    const to = Math.min(Math.max(at + moves[e.key], 0), cards.length - 1);
    e.preventDefault();
    if (to !== at) cards[to].focus();
  });
  let picked = new Set(); // a multi-pick's ticked options, kept across redraws of the same record
  let pickedAt = -1;
  let aiming = null; // a pair's first card, clicked: its targets are lit until one is clicked
  let editPick = null; // a position being built: the card picked, which a zone's "Put here" takes
  const folds = new Set(); // the folded parts (log, rules, diagram) a person opened: they stay open
  const opened = new Set(); // the outline's nodes a person opened
  const fold = (key, cls, summary, ...kids) => {
    const d = h("details", { class: cls, open: folds.has(key), dataset: { fold: key } }, h("summary", {}, summary), ...kids);
    d.addEventListener("toggle", () => {
      if (d.open) folds.add(key); else folds.delete(key);
      const view = model.get("view") || {};
      if (key === "diagram" && d.open !== Boolean((view.controls || {}).diagram)) model.send({ action: "diagram", on: d.open });
      if (key === "diagram" && d.open) diagram.settle(root); // a diagram that came while folded: centred now
    });
    return d;
  };
  // the rules search keeps its box across redraws, so typing is never interrupted
  let searchTimer = null;
  const searchBox = h("input", {
    type: "search", class: "tk-search-box", placeholder: "Search the rules, rulings and cards",
    "aria-label": "Search the rules, rulings and cards", maxlength: "200",
    oninput: (e) => {
      clearTimeout(searchTimer);
      const query = e.target.value;
      searchTimer = setTimeout(() => model.send({ action: "search", query }), 200);
    },
  });
  const diagram = diagramViewer();
  let diagramShown = null;
  // the side panel (the log, the rules and the diagram) beside the table on a wide board,
  // under it on a narrow one; the person's choice, once made, is kept
  let sidePref = null;
  const sideOpen = () => sidePref ?? root.clientWidth >= SIDE_WIDE;

  const send = (msg) => {
    const view = model.get("view") || {};
    model.send({ ...msg, record: view.record });
  };

  function cardEl(view, uid, plan, single, mini = false) {
    if (uid === null) {
      return h("div", { class: "tk-card tk-back" + (mini ? " tk-mini" : ""), title: "a face-down card", "aria-label": "a face-down card" },
        h("span", { class: "tk-card-back-mark", "aria-hidden": "true", text: "▦" }));
    }
    const c = view.cards[uid];
    const target = aiming ? (plan.pairs.get(aiming) || []).find((o) => o.pair[1] === uid) : null;
    const opt = target || (aiming ? null : plan.byCard.get(uid));
    const first = !aiming && !opt && plan.pairs.has(uid);
    // a card away from the hand is a small chip: its name, numbers, counters and, when it
    // is an option, what clicking it does; the rest is in its zoom
    const cls = ["tk-card", `tk-kind-${c.kind}`];
    if (mini) cls.push("tk-mini");
    if (first) cls.push("tk-option-card tk-pair-first");
    if (aiming === uid) cls.push("tk-aiming");
    if (target) cls.push("tk-target");
    if (c.exhausted) cls.push("tk-turned");
    if (opt) cls.push(opt.legal ? "tk-option-card" : "tk-option-card tk-illegal");
    if (opt && opt.suggested) cls.push("tk-suggested");
    if (opt && picked.has(opt.id)) cls.push("tk-picked");
    if (changed.has(uid)) cls.push("tk-changed");
    const state = cardState(c);
    const card = h("div", {
      class: cls.join(" "), dataset: opt && !target ? { uid, option: opt.id } : { uid }, tabindex: "0",
      role: opt || first ? "button" : "group",
      "aria-label": `${changed.has(uid) ? "just changed: " : ""}${opt && opt.legal ? opt.label + ": " : ""}${c.name}. ${c.words}${state.length ? ". " + state.join(", ") : ""}`,
      title: opt ? (opt.legal ? opt.label : `${opt.label}: ${opt.reason}`) : c.text,
    },
      cardFace(c, { mini, changed: changed.has(uid) }),
      opt && opt.legal ? h("div", { class: "tk-card-option", text: (opt.suggested ? "▶ suggested: " : "▶ ") + onCardWords(opt.label, c.name) }) : null,
      // why not: in the card's zoom and tooltip, and in the decision's folded list
      opt && !opt.legal ? h("div", { class: "tk-card-option tk-not-now", text: "✕ not now" }) : null,
      first ? h("div", { class: "tk-card-option", text: `▶ pick (${plan.pairs.get(uid).length} targets)` }) : null,
      aiming === uid ? h("div", { class: "tk-card-option", text: "◎ picked: now click its target" }) : null,
      h("div", { class: "tk-card-zoom", role: "tooltip" }, cardZoom(c),
        opt && opt.legal ? h("div", { class: "tk-zoom-option", text: `Click: ${opt.label}` }) : null,
        opt && !opt.legal ? h("div", { class: "tk-zoom-why", text: `Not now: ${opt.reason}${opt.rule && !opt.reason.includes(opt.rule) ? ` (ruling ${opt.rule})` : ""}` }) : null));
    if (view.edit) editable(card, c);
    else if (first) {
      const aim = () => { aiming = uid; draw(); };
      card.addEventListener("click", tapFirst(card, aim));
      card.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); aim(); } });
    } else if (opt && opt.legal) {
      const act = () => {
        if (single) { aiming = null; send({ action: "choose", ids: [opt.id] }); }
        else { picked.has(opt.id) ? picked.delete(opt.id) : picked.add(opt.id); draw(); }
      };
      card.addEventListener("click", tapFirst(card, act));
      card.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); act(); } });
    }
    card.addEventListener("mouseenter", () => showZoom(card));
    card.addEventListener("focus", () => showZoom(card));
    card.addEventListener("mouseleave", () => hideZoom(card));
    card.addEventListener("blur", () => hideZoom(card));
    return card;
  }

  // a position being built: a click (Enter, Space) picks the card, and a zone's "Put here"
  // puts it there; or the card is dragged onto a zone (before the card it is dropped on)
  function editable(card, c) {
    const pick = () => { editPick = editPick === c.uid ? null : c.uid; send({ action: "pick", uid: c.uid }); draw(); };
    card.setAttribute("role", "button");
    card.setAttribute("aria-pressed", String(editPick === c.uid));
    card.setAttribute("aria-label", `${c.name}, ${editPick === c.uid ? "picked" : "pick it to move it"}. ${c.words}`);
    card.draggable = true;
    if (editPick === c.uid) card.classList.add("tk-picked");
    card.addEventListener("click", tapFirst(card, pick));
    card.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(); } });
    card.addEventListener("dragstart", (e) => { e.dataTransfer.setData("text/plain", c.uid); e.dataTransfer.effectAllowed = "move"; });
  }
  function dropZone(section, z) {
    section.addEventListener("dragover", (e) => { e.preventDefault(); section.classList.add("tk-drop"); });
    section.addEventListener("dragleave", () => section.classList.remove("tk-drop"));
    section.addEventListener("drop", (e) => {
      e.preventDefault();
      section.classList.remove("tk-drop");
      const uid = e.dataTransfer.getData("text/plain");
      const on = e.target.closest && e.target.closest(".tk-card[data-uid]");
      const index = on ? z.cards.filter((u) => u !== uid).indexOf(on.dataset.uid) : -1;
      if (uid) { editPick = uid; send({ action: "move", uid, zone: z.id, index }); }
    });
  }
  // counters a person may type (the builder's board): the number in a box, checked on the
  // Python side against the counter's domain; the others stay tokens
  function counterEls(list, owner) {
    const typed = (list || []).filter((t) => t.edit);
    const shown = tokens((list || []).filter((t) => !t.edit));
    if (!typed.length) return shown;
    return h("div", { class: "tk-tokens tk-edit-counters" }, shown, typed.map((t) => h("label", { class: "tk-token", title: `${t.name}: ${t.meaning} (${t.domain})` },
      t.icon ? h("span", { class: "tk-token-icon", "aria-hidden": "true", text: t.icon }) : null, `${t.name} `,
      h("input", { type: "number", class: "tk-counter-input", value: String(t.value), min: t.low ?? null, max: t.high ?? null,
        "aria-label": `${t.name} (${t.domain})`, dataset: { counter: t.key },
        onchange: (e) => { if (e.target.value !== "") send({ action: "counter", ...owner, key: t.key, value: Number(e.target.value) }); } }))));
  }
  // the builder's right-hand column: what is picked, and its counters
  function editEl(view) {
    const c = editPick && view.cards[editPick];
    return h("div", { class: "tk-decision tk-edit", role: "group", "aria-label": "The card picked" },
      h("div", { class: "tk-prompt", text: c ? `${c.name} is picked: press Put here on a zone, or drag it there.`
        : "Click a card to pick it (or drag it onto a zone); type a counter's number to set it." }),
      // the card, its typed counters in boxes under it (not twice)
      c ? h("div", { class: `tk-card tk-kind-${c.kind}` }, cardFace({ ...c, counters: (c.counters || []).filter((t) => !t.edit) })) : null,
      c ? counterEls(c.counters, { uid: c.uid }) : null,
      c ? h("button", { class: "tk-cancel", type: "button", onclick: () => { editPick = null; draw(); } }, "Put it down") : null);
  }

  // on a touch screen the first tap on a card opens its zoom (what the card is, what
  // choosing it does); a second tap, with the zoom open, chooses it
  let touchTap = null; // {card, zoomed}: the card a finger went down on, and whether its zoom was open
  root.addEventListener("pointerdown", (e) => {
    const card = e.target.closest && e.target.closest(".tk-card[data-uid]");
    touchTap = e.pointerType === "touch" && card ? { card, zoomed: zoomOf === card } : null;
  }, true);
  const tapFirst = (card, act) => () => {
    const tap = touchTap;
    touchTap = null;
    if (tap && tap.card === card && !tap.zoomed) { showZoom(card); return; }
    act();
  };

  // a card's zoom: one box over the board, filled from the card's (hidden) zoom and laid
  // beside the card inside the board, below it or else above it, so no box clips it and
  // the page never scrolls sideways for it
  const zoomBox = h("div", { class: "tk-zoom-float", role: "tooltip", hidden: true });
  let zoomOf = null;
  function showZoom(card) {
    const src = card.querySelector(".tk-card-zoom");
    if (!src || !root.contains(card)) return;
    zoomOf = card;
    zoomBox.replaceChildren(...[...src.childNodes].map((n) => n.cloneNode(true)));
    zoomBox.hidden = false;
    if (zoomBox.parentNode !== root) root.append(zoomBox);
    const r = root.getBoundingClientRect();
    const c = card.getBoundingClientRect();
    const w = zoomBox.offsetWidth;
    const tall = zoomBox.offsetHeight;
    const below = c.bottom - r.top + 4;
    const above = c.top - r.top - tall - 4;
    const fitsBelow = below + tall <= r.height && c.bottom + 4 + tall <= window.innerHeight;
    const top = fitsBelow || above < 0 ? Math.max(0, Math.min(below, r.height - tall)) : above;
    zoomBox.style.left = `${Math.max(0, Math.min(c.left - r.left, r.width - w))}px`;
    zoomBox.style.top = `${top}px`;
  }
  function hideZoom(card) {
    if (card && zoomOf !== card) return;
    zoomOf = null;
    zoomBox.hidden = true;
  }

  function zoneEl(view, z, plan, single) {
    // the other seats and the shared zones: small cards (the whole card on hover or focus);
    // the viewing seat's own cards in full
    const mini = z.region !== "hand";
    const body = stacked(z)
      ? h("div", { class: "tk-pile" },
          z.top !== null ? cardEl(view, z.top, plan, single, mini) : cardEl(view, null, plan, single, mini),
          h("div", { class: "tk-pile-count", text: `${z.count} cards` }))
      : h("div", { class: "tk-zone-cards" + (!mini && z.cards.length > 6 ? " tk-long-hand" : "") }, z.cards.map((u) => cardEl(view, u, plan, single, mini)));
    const put = view.edit ? h("button", {
      class: "tk-put", type: "button", disabled: !editPick, dataset: { put: z.id },
      title: editPick ? `Put ${view.cards[editPick] ? view.cards[editPick].name : editPick} at the end of ${z.label}` : "Pick a card first",
      onclick: () => send({ action: "move", uid: editPick, zone: z.id, index: -1 }),
    }, "Put here") : null;
    const section = h("section", { class: `tk-zone tk-region-${z.region}`, dataset: { zone: z.id } },
      h("div", { class: "tk-zone-label" }, z.label, h("span", { class: "tk-zone-count", text: ` · ${z.count}${z.about ? " · " + z.about : ""}` }), put),
      z.count ? body : h("div", { class: "tk-zone-empty", text: "empty" }));
    if (view.edit) dropZone(section, z);
    return section;
  }

  function settingsEl(view) {
    const c = view.controls;
    if (!c) return null;
    const EVERYTHING = "*everything*";
    const viewAs = h("select", {
      class: "tk-view-as", "aria-label": "View as",
      onchange: (e) => send({ action: "view", seat: e.target.value || null }),
    },
      c.seats.map((p) => h("option", { value: p, selected: c.view === p, text: p })),
      h("option", { value: "", selected: c.view === null, text: "a spectator", title: "public cards only" }),
      c.view_all === false ? null : h("option", { value: EVERYTHING, selected: c.view === EVERYTHING, text: "everything" }));
    const who = fold("who", "tk-who-plays", "Who plays",
      c.seats.map((p) => h("label", { class: "tk-who" }, `${p} `,
        h("select", {
          "aria-label": `Who plays ${p}`, dataset: { seat: p },
          onchange: (e) => send({ action: "bot", seat: p, kind: e.target.value }),
        }, c.kinds.map((k) => h("option", { value: k, selected: (c.bots[p] || "person") === k,
          text: k === "person" ? "a person" : `a ${k} bot` }))))));
    const hot = h("label", { class: "tk-hot-seat" },
      h("input", { type: "checkbox", checked: c.hot_seat, onchange: (e) => send({ action: "hot_seat", on: e.target.checked }) }),
      " Hot seat");
    const file = h("input", {
      type: "file", accept: ".json,application/json", class: "tk-load-file", "aria-label": "Load game",
      onchange: async (e) => {
        const f = e.target.files[0];
        if (f) send({ action: "load", name: f.name, text: await f.text() });
        e.target.value = "";
      },
    });
    const save = h("button", {
      class: "tk-save-game", type: "button", title: "Download the whole game (View as everything)",
      onclick: () => send({ action: "save" }),
    }, "Save game");
    const load = h("button", { class: "tk-load-game", type: "button", title: "Play on from a saved game",
      onclick: () => file.click() }, "Load game");
    const readings = (c.readings || []).map((r) => h("label", { class: "tk-reading", title: r.readings[r.current] }, `${r.id} `,
      h("select", {
        "aria-label": `Reading of ${r.id}`, dataset: { ruling: r.id },
        onchange: (e) => send({ action: "reading", ruling: r.id, reading: e.target.value }),
      }, Object.keys(r.readings).map((k) => h("option", { value: k, selected: k === r.current, text: k })))));
    const empty = h("label", { class: "tk-show-empty" },
      h("input", { type: "checkbox", checked: c.show_empty, onchange: (e) => send({ action: "show_empty", on: e.target.checked }) }),
      " Show empty zones");
    // the coach: off unless a person turns it on; its odds show under the decision
    const coach = c.coach_offered ? h("label", { class: "tk-coach-switch",
      title: "Estimate each answer's odds by playing the game out many times from what the deciding seat knows" },
      h("input", { type: "checkbox", checked: c.coach, onchange: (e) => send({ action: "coach", on: e.target.checked }) }),
      " Coach") : null;
    const position = h("button", {
      class: "tk-save-position", type: "button", title: "Download this position as a scenario file (View as everything)",
      onclick: () => send({ action: "save_position" }),
    }, "Save position");
    const branch = c.branch ? h("button", {
      class: "tk-branch", type: "button", title: "What if: two copies of this position side by side, each played its own way",
      onclick: () => send({ action: "branch" }),
    }, "Branch here") : null;
    // the files and Branch here join the controls' bar; the settings make the second line
    return {
      // a save holds every card: not offered where the teacher locked the views
      files: [c.view_all === false ? null : position, c.view_all === false ? null : save, load, file, branch],
      settings: h("div", { class: "tk-board-settings" }, h("label", {}, "View as ", viewAs), who, hot, empty, coach,
        readings.length ? fold("readings", "tk-readings", `Readings (${readings.length})`, readings) : null,
        h("span", { class: "tk-board-title", text: `${view.game.title}${view.viewer ? " · seen by " + view.viewer : view.everything ? " · everything" : " · spectator"}` })),
    };
  }

  function decisionEl(view, plan) {
    const d = view.decision;
    if (view.handover) {
      const p = view.handover;
      return h("div", { class: "tk-decision tk-handover", role: "status" },
        h("div", { class: "tk-prompt", text: `Hands are hidden. Pass the screen to ${p}, then ${p} presses the button.` }),
        h("button", { class: "tk-i-am", type: "button", onclick: () => send({ action: "i_am", seat: p }) }, `I am ${p}`));
    }
    if (view.over) {
      const o = view.over;
      const scores = o.scores && Object.keys(o.scores).length
        ? h("table", { class: "tk-scores" },
            h("thead", {}, h("tr", {}, h("th", { scope: "col", text: "Seat" }), h("th", { scope: "col", text: "Score" }), h("th", { scope: "col", text: "Winner" }))),
            h("tbody", {}, Object.entries(o.scores).map(([p, s]) => h("tr", {},
              h("td", { text: p }), h("td", { text: s }), h("td", { text: o.winners.includes(p) ? "★ winner" : "no" })))))
        : null;
      return h("div", { class: "tk-decision tk-over", role: "status" },
        h("div", { class: "tk-prompt", text: `Game over. ${o.who}` }), h("div", { class: "tk-over-why", text: o.why }),
        o.how ? h("div", { class: "tk-ending", dataset: { ending: o.ending }, text: o.how }) : null, scores);
    }
    if (!d) return h("div", { class: "tk-decision tk-idle" }, h("div", { class: "tk-prompt", text: "Press Step to apply the next rule." }));
    if (d.waiting_for) {
      return h("div", { class: "tk-decision tk-waiting" },
        h("div", { class: "tk-prompt", text: d.bot ? `${d.waiting_for} (a ${d.bot} bot) decides: press Step.` : `Waiting for ${d.waiting_for} to choose.` }));
    }
    const single = d.min === 1 && d.max === 1;
    const legal = d.options.filter((o) => o.legal && !plan.onBoard.has(o.id));
    const button = (o) => h("button", {
      class: "tk-option" + (o.suggested ? " tk-suggested" : "") + (picked.has(o.id) ? " tk-picked" : ""),
      type: "button", dataset: { option: o.id }, "aria-pressed": single ? null : String(picked.has(o.id)),
      onclick: () => {
        if (single) send({ action: "choose", ids: [o.id] });
        else { picked.has(o.id) ? picked.delete(o.id) : picked.add(o.id); draw(); }
      },
    }, o.label, o.suggested ? h("span", { class: "tk-suggested-mark", text: " (suggested)" }) : null);
    const onCards = plan.onBoard.size;
    const parts = [h("div", { class: "tk-prompt", text: d.prompt })];
    if (d.hint) parts.push(hintEl(d.hint));
    if (aiming) {
      const name = view.cards[aiming] ? view.cards[aiming].name : aiming;
      parts.push(h("div", { class: "tk-on-cards", role: "status" }, `${name} is picked: click one of its lit targets, or `,
        h("button", { class: "tk-cancel", type: "button", onclick: () => { aiming = null; draw(); } }, "Cancel")));
    } else if (onCards) {
      parts.push(h("div", { class: "tk-on-cards", text: `${onCards} option${onCards > 1 ? "s are" : " is"} on the cards: click the card where it lies${plan.pairs.size ? " (for a pair, the first card, then its target)" : ""}.` }));
    }
    parts.push(h("div", { class: "tk-options" }, legal.map(button)));
    if (!single) {
      const want = d.min === d.max ? `exactly ${d.min}` : `${d.min} to ${d.max}`;
      const n = picked.size;
      parts.push(h("button", {
        class: "tk-confirm", type: "button", disabled: n < d.min || n > d.max,
        onclick: () => send({ action: "choose", ids: [...picked] }),
      }, `Confirm ${n} picked (${want})`));
    }
    const odds = coachEl(view);
    if (odds) parts.push(odds);
    const notNow = d.options.filter((o) => !o.legal);
    if (notNow.length) {
      parts.push(fold("not-now", "tk-folded", `Not possible now (${notNow.length}): why`,
        h("ul", {}, notNow.map((o) => h("li", {}, h("b", { text: o.label }), `: ${o.reason}`,
          o.rule && !o.reason.includes(o.rule) ? h("span", { class: "tk-rule", text: ` (ruling ${o.rule})` }) : null)))));
    }
    return h("div", { class: "tk-decision", role: "group", "aria-label": d.prompt }, parts);
  }

  // the coach's odds for the open decision (board.py sends them only to a view that sees the
  // deciding seat's cards): each answer's estimate, the best first, and why; never a choice
  function coachEl(view) {
    const c = model.get("coach") || {};
    if (!c.on) return null;
    const fresh = c.record === view.record && c.rows && c.rows.length;
    if (!fresh) {
      const note = c.note || "The coach is playing the first games out…";
      return h("div", { class: "tk-coach", role: "status", "aria-label": "Coach" }, h("div", { class: "tk-coach-note", text: note }));
    }
    const rows = c.rows.map((r) => h("li", { class: "tk-coach-row" + (r.best ? " tk-coach-best" : ""), dataset: { answer: r.ids.join(",") } },
      h("span", { class: "tk-coach-label", text: (r.best ? "★ " : "") + r.label }),
      h("span", { class: "tk-coach-odds", text: r.words }),
      h("span", { class: "tk-coach-meter", "aria-hidden": "true" },
        h("span", { class: "tk-coach-fill", style: `width: ${Math.round(Math.max(0, Math.min(1, r.mean)) * 100)}%` }))));
    return h("div", { class: "tk-coach", role: "status", "aria-label": "Coach" },
      h("div", { class: "tk-coach-head", text: `Coach: ${c.seat}'s odds with each answer${c.running ? " (still playing games out…)" : ""}` }),
      h("ol", { class: "tk-coach-rows" }, rows),
      h("div", { class: "tk-coach-why", text: c.why }),
      h("div", { class: "tk-coach-fine", text: "Estimates from games played out by bots; the choice stays yours." }));
  }

  // a guided first game (widgets/guide.py, docs/guides.md): one bubble, laid over the board
  // beside what the lesson points at (to its right, else its left, else under it), always
  // inside the board's width; a new lesson is scrolled into sight
  const guideBox = h("div", { class: "tk-guide", role: "dialog", "aria-label": "Learn to play", hidden: true });
  let guideShown = null;
  function guideTarget(t) {
    if (!t) return null;
    const q = t.card ? `.tk-card[data-uid="${CSS.escape(t.card)}"]`
      : t.zone ? `.tk-zone[data-zone="${CSS.escape(t.zone)}"]`
      : t.seat ? `.tk-seat[data-seat="${CSS.escape(t.seat)}"]`
      : t.control ? `.tk-board-bar button[data-action="${CSS.escape(t.control)}"]`
      : t.option ? `.tk-decision button[data-option="${CSS.escape(t.option)}"]`
      : t.log ? ".tk-board-log" : ".tk-decision";
    return root.querySelector(q) || root.querySelector(".tk-decision");
  }
  const GUIDE_BUTTONS = { next: "Next", undo: "Undo my answer", go_on: "Go on from here", restart: "Restart the guide",
    back: "Back to the guided game" };
  function guideParts(gd) {
    const press = (what, index = 0) => model.send({ action: "guide", do: what, lesson: gd.index, index });
    const head = gd.state === "done" ? `${gd.title}: the end`
      : `${gd.title} · lesson ${Math.min(gd.index + 1, gd.total)} of ${gd.total}`;
    const parts = [h("div", { class: "tk-guide-head", text: head })];
    if (gd.intro) parts.push(h("p", { class: "tk-guide-intro", text: gd.intro }));
    if (gd.state === "wrong") parts.push(h("div", { class: "tk-guide-wrong", text: "Not what this lesson asked." }));
    parts.push(h("p", { class: "tk-guide-say", text: gd.say }));
    if (gd.todo) parts.push(h("p", { class: "tk-guide-todo", text: gd.todo }));
    if (gd.why) parts.push(h("p", { class: "tk-guide-why", text: `Why: ${gd.why}` }));
    if (gd.teaches && gd.teaches.length) parts.push(h("div", { class: "tk-guide-rule", text: `Teaches: ${gd.teaches.join(", ")}` }));
    if (gd.state === "done") {
      parts.push(h("div", { class: "tk-guide-sub", text: "What you learned" }),
        h("ul", { class: "tk-guide-summary" }, (gd.summary || []).map((t) => h("li", { text: t }))));
      if ((gd.sections || []).length) {
        parts.push(h("div", { class: "tk-guide-sub", text: "Read more on this page" }),
          h("ul", { class: "tk-guide-sections" }, gd.sections.map((x) => h("li", {}, h("a", { href: x.href, text: x.title })))));
      }
      if ((gd.left || []).length) {
        parts.push(h("div", { class: "tk-guide-sub", text: "Decisions this game did not reach: each has a scenario" }),
          h("ul", { class: "tk-guide-left" }, gd.left.map((x, i) => h("li", {}, h("b", { text: x.kind }), `: ${x.say} (`,
            h("a", { href: x.href, text: x.scenario, title: "Open the ruling lab and pick this scenario" }), ") ",
            h("button", { class: "tk-guide-button", type: "button", dataset: { guide: `scenario:${i}` },
              onclick: () => press("scenario", i) }, "Open it here")))));
      }
    }
    const buttons = (gd.buttons || []).map((b) => h("button", {
      class: "tk-guide-button" + (b === "next" || b === "undo" ? " tk-guide-main" : ""), type: "button",
      dataset: { guide: b }, onclick: () => press(b) }, GUIDE_BUTTONS[b] || b));
    if (buttons.length) parts.push(h("div", { class: "tk-guide-buttons" }, buttons));
    return parts;
  }
  function placeGuide() {
    const gd = model.get("guide") || {};
    for (const el of root.querySelectorAll(".tk-guide-target")) el.classList.remove("tk-guide-target");
    if (!gd.on) { guideBox.hidden = true; guideShown = null; root.style.minHeight = ""; return; }
    guideBox.replaceChildren(...guideParts(gd));
    guideBox.hidden = false;
    guideBox.dataset.state = gd.state;
    guideBox.classList.toggle("tk-guide-wide", gd.state === "done");
    guideBox.dataset.lesson = gd.lesson || "";
    if (guideBox.parentNode !== root) root.append(guideBox);
    const target = gd.target ? guideTarget(gd.target) : null;
    if (target) target.classList.add("tk-guide-target");
    guideBox.dataset.answer = JSON.stringify(gd.answer || []);
    guideBox.dataset.pair = JSON.stringify(gd.pair || []);
    const r = root.getBoundingClientRect();
    if (!root.isConnected || r.width === 0) {  // not laid out yet (a board being shown): once it is
      requestAnimationFrame(() => { if (root.isConnected) { placeGuide(); showGuide(); } });
      return;
    }
    const w = guideBox.offsetWidth;
    const tall = guideBox.offsetHeight;
    // the places beside the target (right, left, below, above), each kept inside the board;
    // the one that covers least of the target, the decision and the controls is taken
    const clear = [target, root.querySelector(".tk-decision"), root.querySelector(".tk-board-bar"),
      root.querySelector(".tk-board-settings")]
      .filter(Boolean).map((el) => el.getBoundingClientRect());
    // (covering the target itself counts four times)
    const overlap = (x, y) => clear.reduce((sum, c, i) => sum + (i === 0 && target ? 4 : 1)
      * Math.max(0, Math.min(r.left + x + w, c.right) - Math.max(r.left + x, c.left))
      * Math.max(0, Math.min(r.top + y + tall, c.bottom) - Math.max(r.top + y, c.top)), 0);
    const fit = ([x, y]) => [Math.max(0, Math.min(x, r.width - w)), Math.max(0, y)];
    let places = [[r.width - w - 8, 40]];
    if (target) {
      const c = target.getBoundingClientRect();
      const x = c.left - r.left, y = c.top - r.top;
      // and, for a target among the controls, under the controls and the settings
      const under = Math.max(...clear.map((b) => b.bottom)) - r.top + 10;
      places = [[c.right - r.left + 14, y], [x - 14 - w, y], [x, c.bottom - r.top + 10], [x, y - tall - 10],
        [x, under]];
    }
    const [left, top] = places.map(fit).reduce((best, p) => (overlap(...p) < overlap(...best) ? p : best));
    guideBox.style.left = `${left}px`;
    guideBox.style.top = `${top}px`;
    // a bubble reaching below the board makes the board taller, so nothing round it clips the bubble
    // (measured from the board's own parts: setting the height back first would shrink the page
    // for a moment, and the page would lose its scroll)
    const natural = Math.max(0, ...[...root.children].filter((c) => c !== guideBox && c !== zoomBox)
      .map((c) => c.getBoundingClientRect().bottom - r.top)) + 8;
    root.style.minHeight = top + tall + 8 > natural ? `${top + tall + 8}px` : "";
  }
  // once the board is drawn for good (after any fold to fit), a new lesson is scrolled into sight
  function showGuide() {
    const gd = model.get("guide") || {};
    if (!gd.on || guideBox.hidden) return;
    const key = `${gd.index}:${gd.state}:${gd.lesson || ""}`;
    if (key === guideShown) return;
    guideShown = key;
    const target = root.querySelector(".tk-guide-target");
    if (target) target.scrollIntoView({ block: "nearest", inline: "nearest" });
    guideBox.scrollIntoView({ block: "nearest", inline: "nearest" });
  }

  // a long hint shows its first part; the rest is one click away (so the options stay in sight)
  function hintEl(hint) {
    const cut = hint.indexOf(";");
    if (hint.length <= HINT_SHOWN || cut < 0 || cut > HINT_SHOWN) return h("div", { class: "tk-hint", text: `Hint: ${hint}` });
    return fold("hint", "tk-hint", `Hint: ${hint.slice(0, cut)}; more`, h("div", { text: hint.slice(cut + 1).trim() }));
  }

  // a redraw puts the keyboard focus back where it was (the same control, option, card,
  // search box or hit), so typing and pressing Enter again go on where they were
  function focusOf(el) {
    if (!el || !root.contains(el)) return null;
    if (el === searchBox) return { box: true, start: el.selectionStart, end: el.selectionEnd };
    for (const key of ["action", "uid", "option", "seat", "ruling", "hit", "guide"]) {
      if (el.dataset && el.dataset[key] !== undefined) return { selector: `${el.tagName.toLowerCase()}[data-${key}="${CSS.escape(el.dataset[key])}"]` };
    }
    const cls = [...el.classList].find((c) => c.startsWith("tk-"));
    return cls ? { selector: `${el.tagName.toLowerCase()}.${cls}` } : null;
  }
  function refocus(focus) {
    if (!focus) return;
    if (focus.box) {
      searchBox.focus({ preventScroll: true });
      try { searchBox.setSelectionRange(focus.start, focus.end); } catch (e) { /* a search box may refuse */ }
      return;
    }
    const el = root.querySelector(focus.selector);
    if (el && !el.disabled) el.focus({ preventScroll: true });  // a redraw never scrolls the page
  }

  // the board is drawn in full; if then the seat at the bottom or the decision ends below
  // the screen (the board's top at the top), it is drawn again with the other seats
  // folded to one line each (a person opens one with a click; a seat holding an option
  // stays open)
  function draw() {
    const moving = noteChanges(model.get("view") || {});
    paint(false);
    if (tooTall()) paint(true);
    if (moving) slide(moving);
    showGuide();
  }

  // motion: what changed since the last record the board drew (a card that came into
  // sight, moved to another zone, or whose counters or state changed) is marked until
  // the next record; a card that moved between zones slides from where it was (SLIDE_MS,
  // at once under prefers-reduced-motion), a card that came into sight fades in
  let changed = new Set();
  let seenRecord = null;
  let signs = new Map(); // uid -> its zone and its look, at the last record drawn
  function noteChanges(view) {
    if (!view.zones) return null;
    const now = new Map();
    for (const z of view.zones) {
      for (const u of z.cards) {
        if (u === null || now.has(u)) continue;
        const c = view.cards[u] || {};
        now.set(u, { zone: z.id, look: JSON.stringify([c.counters, c.state, c.exhausted]) });
      }
    }
    // the same record seen another way (View as, Show empty zones): nothing changed
    if (view.record === seenRecord) { signs = now; return null; }
    const first = seenRecord === null;
    changed = new Set();
    const moved = new Set();
    const came = []; // cards that came into sight: they fade in
    if (!first) {
      for (const [u, sign] of now) {
        const was = signs.get(u);
        if (!was || was.zone !== sign.zone || was.look !== sign.look) changed.add(u);
        if (was && was.zone !== sign.zone) moved.add(u);
        if (!was) came.push(u);
      }
    }
    seenRecord = view.record;
    signs = now;
    if (first) return null;
    const from = new Map(); // where the moved cards lie on the screen now, before the redraw
    for (const el of root.querySelectorAll(".tk-card[data-uid]")) {
      if (moved.has(el.dataset.uid) && !from.has(el.dataset.uid)) from.set(el.dataset.uid, el.getBoundingClientRect());
    }
    return { from, fresh: came };
  }
  function slide({ from, fresh }) {
    if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    for (const [u, was] of from) {
      const el = root.querySelector(`.tk-card[data-uid="${CSS.escape(u)}"]`);
      if (!el || !el.animate) continue;
      const r = el.getBoundingClientRect();
      const dx = was.left - r.left;
      const dy = was.top - r.top;
      if (Math.abs(dx) < 2 && Math.abs(dy) < 2) continue;
      // a sliding card lets clicks through: one passing over another card never takes the
      // click a person (or a test's pointer) meant for the card under it
      el.classList.add("tk-sliding");
      const slid = el.animate([{ translate: `${dx}px ${dy}px` }, { translate: "0px 0px" }], { duration: SLIDE_MS, easing: "ease-out" });
      slid.onfinish = slid.oncancel = () => el.classList.remove("tk-sliding");
    }
    for (const u of fresh) {
      const el = root.querySelector(`.tk-card[data-uid="${CSS.escape(u)}"]`);
      if (el && el.animate && !from.has(u)) el.animate([{ opacity: 0 }, { opacity: 1 }], { duration: SLIDE_MS, easing: "ease-out" });
    }
  }
  function tooTall() {
    const box = root.getBoundingClientRect();
    if (!root.isConnected || box.height === 0) return false;
    return [...root.querySelectorAll(".tk-board-mine, .tk-decision")]
      .some((el) => el.getBoundingClientRect().bottom - box.top > window.innerHeight);
  }

  function paint(compact) {
    const view = model.get("view") || {};
    // where the keyboard focus is, before anything (the search box) moves
    const focus = focusOf(document.activeElement);
    if (!view.zones) { root.replaceChildren(h("div", { class: "tk-prompt", text: "…" })); return; }
    if (view.record !== pickedAt) {
      picked = new Set(); pickedAt = view.record; aiming = null;
      // a multi-pick starts with the suggested option ticked; nothing is sent until Confirm
      const open = view.decision && !view.decision.waiting_for ? view.decision : null;
      const hint = open && !(open.min === 1 && open.max === 1) ? open.options.find((o) => o.suggested && o.legal) : null;
      if (hint) picked.add(hint.id);
    }
    const d = view.decision && !view.decision.waiting_for ? view.decision : null;
    const single = !d || (d.min === 1 && d.max === 1);
    // which options are answered on the cards: the first legal option naming one card, and
    // (single picks) every legal option naming a pair, by its first card
    const plan = { byCard: new Map(), pairs: new Map(), onBoard: new Set() };
    // the cards drawn (a stack shows its top card only): an option on a card not drawn stays a button
    const drawn = new Set();
    for (const z of view.zones) {
      for (const u of (stacked(z) ? [z.top] : z.cards)) if (u !== null) drawn.add(u);
    }
    if (d) {
      for (const o of d.options) {
        if (o.card && !drawn.has(o.card)) continue;
        if (o.pair && !(drawn.has(o.pair[0]) && drawn.has(o.pair[1]))) continue;
        if (o.card && !plan.byCard.has(o.card)) { plan.byCard.set(o.card, o); if (o.legal) plan.onBoard.add(o.id); }
        else if (o.pair && o.legal && single) {
          if (!plan.pairs.has(o.pair[0])) plan.pairs.set(o.pair[0], []);
          plan.pairs.get(o.pair[0]).push(o);
          plan.onBoard.add(o.id);
        }
      }
      for (const first of plan.pairs.keys()) if (plan.byCard.has(first)) {  // a card with its own option: pairs listed
        for (const o of plan.pairs.get(first)) plan.onBoard.delete(o.id);
        plan.pairs.delete(first);
      }
    }
    if (aiming && !plan.pairs.has(aiming)) aiming = null;
    const can = view.can || {};
    const { files, settings } = view.edit ? { files: [], settings: null } : settingsEl(view);
    if (editPick && !view.cards[editPick]) editPick = null;
    const bar = view.edit ? null : h("div", { class: "tk-board-bar", role: "toolbar", "aria-label": "Controls" },
      CONTROLS.map(([action, label, tip]) => h("button", {
        class: "tk-control", type: "button", title: tip, dataset: { action },
        disabled: (action === "undo" || action === "restart") ? !can.undo : action === "redo" ? !can.redo
          : action === "step" ? !can.step : Boolean(view.over),
        onclick: () => send({ action }),
      }, label)),
      h("span", { class: "tk-bar-files" }, files));
    const notice = view.notice ? h("div", { class: "tk-notice", role: "status", text: view.notice }) : null;
    const banner = model.get("error")
      ? h("div", { class: "tk-banner", role: "alert" }, h("b", { text: "Not done: " }), model.get("error"))
      : null;
    const zones = view.zones;
    // the cards of the decision: a seat holding one is never folded
    const wanted = new Set([...plan.byCard.keys(), ...plan.pairs.keys(),
      ...[...plan.pairs.values()].flatMap((os) => os.map((o) => o.pair[1]))]);
    const seatPanel = (p) => {
      const mine = zones.filter((z) => z.region === "top" && z.seat === p.name);
      const body = h("div", { class: "tk-seat-zones" }, mine.map((z) => zoneEl(view, z, plan, single)));
      const folded = compact && mine.length && !mine.some((z) => z.cards.some((u) => wanted.has(u)));
      const counts = mine.map((z) => `${z.label.replace(`${p.name}'s `, "")} ${z.count}`).join(" · ");
      return h("div", { class: "tk-seat" + (p.turn ? " tk-turn" : ""), dataset: { seat: p.name } },
        h("div", { class: "tk-seat-name" }, p.name, p.turn ? h("span", { class: "tk-turn-mark", text: " ◀ turn" }) : null,
          p.bot ? h("span", { class: "tk-bot", text: ` (${p.bot} bot)` }) : null),
        counterEls(p.counters, { seat: p.name }),
        folded ? fold(`seat:${p.name}`, "tk-seat-fold", `Cards: ${counts}`, body) : body);
    };
    const viewer = view.players.find((p) => p.bottom || p.viewer);
    // the other seats round the table, starting after the bottom seat
    const at = view.players.indexOf(viewer);
    const others = at < 0 ? view.players : [...view.players.slice(at + 1), ...view.players.slice(0, at)];
    const top = h("div", { class: "tk-board-top" }, others.map(seatPanel));
    const middleZones = zones.filter((z) => z.region === "middle" || z.region === "side");
    const middle = h("div", { class: "tk-board-middle" },
      // the small zones (stacks, single cards) first, side by side; then the spread-out ones
      [...middleZones.filter(small), ...middleZones.filter((z) => !small(z))].map((z) => zoneEl(view, z, plan, single)),
      counterEls(view.table, {}));
    const mine = h("div", { class: "tk-board-mine" },
      viewer ? h("div", { class: "tk-seat-name" }, viewer.name, viewer.turn ? h("span", { class: "tk-turn-mark", text: " ◀ turn" }) : null) : null,
      viewer ? counterEls(viewer.counters, { seat: viewer.name }) : null,
      zones.filter((z) => z.region === "hand").map((z) => zoneEl(view, z, plan, single)),
      h("div", { class: "tk-seat-zones" },
        zones.filter((z) => z.region === "bottom").map((z) => zoneEl(view, z, plan, single))));
    const decision = view.edit ? editEl(view) : decisionEl(view, plan);
    const log = fold("log", "tk-board-log", view.log.length ? `Log: ${view.log[0].text}` : "Log: nothing yet, press Step.",
      h("ol", { reversed: true }, view.log.map((r) => h("li", { class: "tk-entry" },
        h("div", { class: "tk-entry-path", text: `#${r.index + 1} · ${r.path.join(" › ")}${r.player ? " · " + r.player + " chose" : ""}` }),
        h("div", { class: "tk-entry-text", text: r.text })))));
    const rules = view.edit ? [] : rulesEls(view);
    const beside = rules.length > 0 && sideOpen();
    // under the table the log comes first; beside it, in the narrow column under the
    // decision, the log (whose newest line can be long) comes after the rules and the
    // diagram, so the diagram's box stays on the screen
    const side = h("aside", { class: "tk-side", "aria-label": "The log, the rules and the diagram" },
      ...(beside ? [...rules, log] : [log, ...rules]));
    // the table: the other seats across the top; below, the shared zones and the viewing
    // seat on the left; on the right the open decision and, beside the table, the side
    // panel under it (board.css)
    const table = h("div", { class: "tk-board-table" }, top, middle, mine,
      h("div", { class: "tk-board-right" }, decision, beside ? side : null));
    // the table in a box of its own (a container: a narrow one puts the decision under it)
    const body = h("div", { class: "tk-board-body" + (beside ? " tk-side-beside" : "") },
      h("div", { class: "tk-board-main" }, table), beside || view.edit ? null : side);
    if (rules.length) {
      bar.append(h("button", {
        class: "tk-side-toggle", type: "button", "aria-pressed": String(beside),
        title: "The log, the rules and the diagram beside the table (pressed) or under it",
        onclick: () => { sidePref = !beside; draw(); },
      }, beside ? "Side panel ▸" : "◂ Side panel"));
    }
    hideZoom(null);
    root.replaceChildren(...[bar, settings, banner, notice, body, zoomBox].filter(Boolean));
    diagram.settle(root);
    placeGuide();
    refocus(focus);
  }

  function rulesEls(view) {
    if (!view.controls || !view.controls.rules) return [];
    const found = model.get("found") || {};
    const hits = (found.hits || []).map((hit, index) => h("li", { class: "tk-search-row" },
      h("button", { class: `tk-search-hit tk-search-hit-${hit.kind}`, type: "button", title: hit.snippet || hit.label, dataset: { hit: String(index) },
        onclick: () => model.send({ action: "hit", index }) }, hit.label),
      hit.snippet ? h("div", { class: "tk-search-snippet", text: hit.snippet }) : null));
    const result = h("div", { class: "tk-search-result" });
    result.innerHTML = found.result || ""; // made and escaped by the Python side (widgets/search.py)
    // a card found: drawn as the table draws it, before its words
    if (found.card) result.prepend(h("div", { class: `tk-card tk-kind-${found.card.kind} tk-search-face`, role: "group", "aria-label": found.card.name }, cardFace({ ...found.card, words: found.card.kind })));  // its words are beside it
    const rules = fold("rules", "tk-board-rules", "The rules: outline and search (▶ now marks the current rule)",
      h("div", { class: "tk-search" }, searchBox,
        found.count ? h("div", { class: "tk-search-count", role: "status", text: found.count }) : null,
        hits.length ? h("ol", { class: "tk-search-hits" }, hits) : null, result),
      outlineEl(model.get("rules_tree"), view.at || [], found.node || null, opened));
    // the game's words (its glossary.yaml), sent once
    const terms = model.get("glossary") || [];
    const words = terms.length ? fold("glossary", "tk-board-glossary", `The words of the game (${terms.length})`,
      h("dl", {}, ...terms.flatMap((t) => [h("dt", { text: t.term }),
        h("dd", { text: t.meaning + (t.see ? ` (ruling ${t.see})` : "") })]))) : null;
    const svg = model.get("diagram") || "";
    if (svg !== diagramShown) { diagram.setSvg(svg); diagramShown = svg; }
    const drawing = fold("diagram", "tk-board-diagram", "The rules diagram",
      svg ? diagram.box : h("div", { class: "tk-zone-empty", text: "Drawing the diagram…" }));
    return [rules, drawing, words].filter(Boolean);
  }

  // a file the Python side offers (Save game): downloaded, never shown in the page
  model.on("msg:custom", (msg) => {
    if (!msg || msg.kind !== "download") return;
    const url = URL.createObjectURL(new Blob([msg.text], { type: msg.mime || "application/json" }));
    const a = h("a", { href: url, download: msg.name, style: "display:none" });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  });
  // a window made smaller or larger: the seats fold or unfold to fit it
  let resizing = null;
  const onResize = () => { clearTimeout(resizing); resizing = setTimeout(draw, 150); };
  window.addEventListener("resize", onResize);
  model.on("change:view", draw);
  model.on("change:error", draw);
  model.on("change:found", draw);
  model.on("change:diagram", draw);
  model.on("change:coach", draw);
  model.on("change:guide", draw);
  draw();
  return () => { window.removeEventListener("resize", onResize); root.remove(); };
}

export default { render };
