// The card shelf: card definitions laid out side by side, each drawn as the board draws a
// card in a hand (cardview.js, joined in front of this file by board.py), with its whole
// text under it. The model's `cards` are card view models (cardwords.definition_view);
// the shelf sends nothing back.

function render({ model, el }) {
  const root = h("div", { class: "tk-app tk-board tk-shelf" });
  el.append(root);
  function draw() {
    const cards = model.get("cards") || [];
    const empty = model.get("empty") || "No card matches.";
    root.replaceChildren(cards.length
      ? h("ul", { class: "tk-shelf-cards", "aria-label": "Cards" }, cards.map((c) => h("li", { class: "tk-shelf-item" },
          h("div", { class: `tk-card tk-kind-${c.kind}`, dataset: { uid: c.uid }, role: "group",
            "aria-label": `${c.name}. ${c.words}${c.state.length ? ". " + c.state.join(", ") : ""}` }, cardFace(c)),
          h("div", { class: "tk-shelf-words" },
            h("code", { class: "tk-shelf-id", text: c.uid }),
            c.traits && c.traits.length ? h("div", { class: "tk-shelf-traits", text: `Traits: ${c.traits.join(", ")}` }) : null,
            h("div", { class: "tk-shelf-text", text: c.text })))))
      : h("div", { class: "tk-zone-empty", role: "status", text: empty }));
  }
  model.on("change:cards", draw);
  draw();
  return () => root.remove();
}

export default { render };
