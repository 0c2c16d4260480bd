// The class page's widget manager (issue 38): the few widget models tablekit's pages use,
// drawn straight over the kernel's websocket, without JupyterLab's bundle. A class of twenty
// on two cores cannot afford twenty JupyterLab front ends; this is about 1/100 of one.
//
// It speaks the Jupyter widget protocol 2 (ipywidgets 8): it asks the kernel for every
// widget's state on the `jupyter.widget.control` comm, draws the outputs Voilà put in the
// page, and follows the models the kernel opens, updates and closes. An anywidget (the
// board) gets the model interface anywidget documents (get, set, save_changes, on, off,
// send) and its own ES module. A model this page cannot draw says so in its place.

const ENCODER = new TextEncoder();
const DECODER = new TextDecoder();
const WIDGET_VIEW = "application/vnd.jupyter.widget-view+json";
const OUTPUT_SCRIPT = 'script[type="application/vnd.voila.cell-output+json"]';

function uuid() {  // crypto.randomUUID needs a secure context; a class's LAN address is not one
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

// -- the kernel's websocket ----------------------------------------------------------
//
// The page asks for jupyter_server's "v1.kernel.websocket.jupyter.org" framing, as
// JupyterLab does: every frame is binary, [count, offsets..., channel, header,
// parent_header, metadata, content, buffers...] with 64-bit little-endian numbers.
// The legacy framing (JSON text, or a big-endian binary frame when there are buffers)
// must not be used with Voilà: its websocket handler reads every binary frame as v1 to
// drop execute_input, and a legacy frame makes it loop for ever (Voilà 0.5), stalling
// the whole server. The legacy framing stays only for a server that refuses v1.

const WS_PROTOCOL = "v1.kernel.websocket.jupyter.org";
const MESSAGE_PARTS = ["header", "parent_header", "metadata", "content"];

function asBytes(b) {
  return b instanceof ArrayBuffer ? new Uint8Array(b)
    : new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
}

function serializeV1(msg, buffers) {
  const parts = [ENCODER.encode(msg.channel),
    ...MESSAGE_PARTS.map((key) => ENCODER.encode(JSON.stringify(msg[key]))),
    ...buffers.map(asBytes)];
  const count = parts.length + 1;  // the channel's start, then each part's end
  const head = new DataView(new ArrayBuffer(8 * (count + 1)));
  head.setBigUint64(0, BigInt(count), true);
  let offset = 8 * (count + 1);
  head.setBigUint64(8, BigInt(offset), true);
  parts.forEach((p, i) => { offset += p.byteLength; head.setBigUint64(8 * (i + 2), BigInt(offset), true); });
  return new Blob([head, ...parts]);
}

function deserializeV1(data) {
  const view = new DataView(data);
  const count = Number(view.getBigUint64(0, true));
  const offsets = [];
  for (let i = 0; i < count; i++) offsets.push(Number(view.getBigUint64(8 * (i + 1), true)));
  const part = (i) => new DataView(data, offsets[i], offsets[i + 1] - offsets[i]);
  const msg = { channel: DECODER.decode(part(0)), buffers: [] };
  MESSAGE_PARTS.forEach((key, i) => { msg[key] = JSON.parse(DECODER.decode(part(i + 1))); });
  for (let i = MESSAGE_PARTS.length + 1; i < count - 1; i++) msg.buffers.push(part(i));
  return msg;
}

function serializeLegacy(msg, buffers) {
  // big-endian 32-bit count and offsets, the JSON message, then each buffer
  const parts = [ENCODER.encode(JSON.stringify(msg)), ...buffers.map(asBytes)];
  const head = new DataView(new ArrayBuffer(4 * (parts.length + 1)));
  head.setUint32(0, parts.length);
  let offset = 4 * (parts.length + 1);
  parts.forEach((p, i) => { head.setUint32(4 * (i + 1), offset); offset += p.byteLength; });
  return new Blob([head, ...parts]);
}

function deserializeLegacy(data) {
  if (typeof data === "string") return JSON.parse(data);
  const view = new DataView(data);
  const count = view.getUint32(0);
  const offsets = [];
  for (let i = 0; i < count; i++) offsets.push(view.getUint32(4 * (i + 1)));
  offsets.push(data.byteLength);
  const parts = offsets.slice(0, -1).map((start, i) => new DataView(data, start, offsets[i + 1] - start));
  const msg = JSON.parse(DECODER.decode(parts[0]));
  msg.buffers = parts.slice(1);
  return msg;
}

class Kernel {
  constructor(baseUrl, kernelId, onMessage, onClose) {
    this.session = uuid();
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const url = `${scheme}://${location.host}${baseUrl}api/kernels/${kernelId}/channels?session_id=${this.session}`;
    this.ws = new WebSocket(url, [WS_PROTOCOL]);
    this.ws.binaryType = "arraybuffer";
    this.ws.onmessage = (e) => onMessage(this.v1() ? deserializeV1(e.data) : deserializeLegacy(e.data));
    this.ws.onclose = onClose;
    this.opened = new Promise((resolve, reject) => {
      this.ws.onopen = resolve;
      this.ws.onerror = reject;
    });
  }

  v1() {
    return this.ws.protocol === WS_PROTOCOL;
  }

  send(msgType, content, buffers = [], metadata = {}) {
    const msg = {
      header: { msg_id: uuid(), username: "", session: this.session, msg_type: msgType,
        version: "5.3", date: new Date().toISOString() },
      parent_header: {}, metadata, content, channel: "shell", buffers: [],
    };
    if (this.v1()) this.ws.send(serializeV1(msg, buffers));
    else this.ws.send(buffers.length ? serializeLegacy(msg, buffers) : JSON.stringify(msg));
  }
}

// -- models ------------------------------------------------------------------------

function putBuffers(state, paths, buffers) {
  (paths || []).forEach((path, i) => {
    let obj = state;
    for (const key of path.slice(0, -1)) obj = obj[key];
    obj[path[path.length - 1]] = buffers[i];
  });
}

function takeBuffers(state) {
  // the FileUpload's contents travel as buffers: [{..., content: ArrayBuffer}]
  const paths = [];
  const buffers = [];
  const walk = (value, path) => {
    if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
      paths.push(path);
      buffers.push(value);
      return null;
    }
    if (Array.isArray(value)) return value.map((v, i) => walk(v, [...path, i]));
    if (value && typeof value === "object") {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, [...path, k])]));
    }
    return value;
  };
  return { state: walk(state, []), paths, buffers };
}

class Model {
  constructor(manager, id, state) {
    this.manager = manager;
    this.id = id;
    this.model_id = id;
    this.state = state;
    this.pending = {};
    this.listeners = new Map();
    this.widget_manager = manager;
  }

  get(key) { return this.state[key]; }

  set(key, value) {
    const changes = typeof key === "object" ? key : { [key]: value };
    for (const [k, v] of Object.entries(changes)) {
      this.state[k] = v;
      this.pending[k] = v;
      this.trigger(`change:${k}`, v);
    }
    this.trigger("change");
  }

  save_changes() {
    if (!Object.keys(this.pending).length) return;
    const { state, paths, buffers } = takeBuffers(this.pending);
    this.pending = {};
    this.manager.commMsg(this.id, { method: "update", state, buffer_paths: paths }, buffers);
  }

  send(content, _callbacks, buffers = []) {
    this.manager.commMsg(this.id, { method: "custom", content }, buffers);
  }

  on(event, callback) {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event).add(callback);
  }

  off(event, callback) {
    if (!event) this.listeners.clear();
    else if (!callback) this.listeners.delete(event);
    else this.listeners.get(event)?.delete(callback);
  }

  trigger(event, ...args) {
    for (const cb of [...(this.listeners.get(event) || [])]) {
      try { cb(...args); } catch (err) { console.error(err); }
    }
  }

  update(state, paths, buffers) {
    putBuffers(state, paths, buffers);
    Object.assign(this.state, state);
    for (const [k, v] of Object.entries(state)) this.trigger(`change:${k}`, v);
    this.trigger("change");
  }
}

// -- drawing -----------------------------------------------------------------------

function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") el.className = v;
    else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) el.setAttribute(k, v === true ? "" : v);
  }
  el.append(...children.filter((c) => c !== null && c !== undefined));
  return el;
}

const LAYOUT_KEYS = ["width", "height", "min_width", "max_width", "min_height", "max_height", "margin",
  "padding", "border", "border_top", "border_right", "border_bottom", "border_left", "display", "flex",
  "flex_flow", "align_content", "align_items", "align_self", "justify_content", "justify_items",
  "overflow", "order", "visibility", "object_fit", "object_position", "top", "left", "right", "bottom",
  "grid_auto_columns", "grid_auto_flow", "grid_auto_rows", "grid_gap", "grid_template_rows",
  "grid_template_columns", "grid_template_areas", "grid_row", "grid_column", "grid_area"];

const STYLE_KEYS = {  // a style model's key: the CSS property it sets on the widget's element
  button_color: "background-color", font_weight: "font-weight", font_family: "font-family",
  font_size: "font-size", font_style: "font-style", font_variant: "font-variant",
  text_color: "color", text_decoration: "text-decoration", background: "background",
};

function reference(value) {
  return typeof value === "string" && value.startsWith("IPY_MODEL_") ? value.slice(10) : null;
}

class View {
  // one drawn widget: its element, and the model listeners to drop when it goes
  constructor(manager, model) {
    this.manager = manager;
    this.model = model;
    this.bound = [];
    this.children = new Map();
  }

  listen(model, event, callback) {
    model.on(event, callback);
    this.bound.push([model, event, callback]);
  }

  dispose() {
    for (const [model, event, callback] of this.bound) model.off(event, callback);
    this.bound = [];
    for (const child of this.children.values()) child.dispose();
    this.children.clear();
    if (this.cleanup) {
      try { this.cleanup(); } catch (err) { console.error(err); }
    }
  }

  // the traits every DOM widget has: layout, style, _dom_classes, tooltip
  dress(el, styleTarget = el) {
    this.el = el;
    el.classList.add("jupyter-widgets");
    let classes = [];
    const domClasses = () => {
      el.classList.remove(...classes);
      classes = this.model.get("_dom_classes") || [];
      el.classList.add(...classes);
    };
    domClasses();
    this.listen(this.model, "change:_dom_classes", domClasses);
    const tooltip = () => {
      const t = this.model.get("tooltip") ?? this.model.get("description_tooltip");
      if (t) el.title = t; else el.removeAttribute("title");
    };
    tooltip();
    this.listen(this.model, "change:tooltip", tooltip);
    this.follow("layout", (layout) => {
      for (const key of LAYOUT_KEYS) {
        const prop = key.replace(/_/g, "-");
        const v = layout.get(key);
        if (v === null || v === undefined || v === "") el.style.removeProperty(prop);
        else el.style.setProperty(prop, v);
      }
    });
    this.follow("style", (style) => {
      for (const [key, prop] of Object.entries(STYLE_KEYS)) {
        const v = style.get(key);
        if (v === null || v === undefined || v === "") styleTarget.style.removeProperty(prop);
        else styleTarget.style.setProperty(prop, v);
      }
      const width = style.get("description_width");
      const label = el.querySelector(":scope > .widget-label");
      if (label) label.style.width = width || "";
    });
    return el;
  }

  follow(trait, apply) {
    // apply(model) now and whenever the referenced model (a layout, a style) changes
    let current = null;
    const onChange = () => apply(current);
    const attach = () => {
      if (current) current.off("change", onChange);
      current = this.manager.models.get(reference(this.model.get(trait)));
      if (current) {
        current.on("change", onChange);
        this.bound.push([current, "change", onChange]);
        apply(current);
      }
    };
    attach();
    this.listen(this.model, `change:${trait}`, attach);
  }

  label(control) {
    // the description, named as the control's accessible name (a screen reader, a test)
    const text = this.model.get("description") || "";
    const el = h("label", { class: "widget-label", title: text, id: `tk-label-${uuid()}` });
    if (control) control.setAttribute("aria-labelledby", el.id);
    if (this.model.get("description_allow_html")) el.innerHTML = text; else el.textContent = text;
    el.hidden = !text;
    this.listen(this.model, "change:description", () => {
      const t = this.model.get("description") || "";
      el.textContent = t;
      el.hidden = !t;
    });
    return el;
  }

  // the child views of a container, kept across changes of its list
  childViews(ids) {
    const keep = new Map();
    const els = [];
    for (const id of ids) {
      let view = this.children.get(id) || keep.get(id);
      if (!view) view = this.manager.view(id);
      keep.set(id, view);
      els.push(view.el);
    }
    for (const [id, view] of this.children) if (!keep.has(id)) view.dispose();
    this.children = keep;
    return els;
  }
}

function ids(list) { return (list || []).map(reference).filter(Boolean); }

function valueControl(view, el, input, { parse = (v) => v, format = (v) => v ?? "", event }) {
  const show = () => { input.value = format(view.model.get("value")); };
  show();
  view.listen(view.model, "change:value", show);
  const disabled = () => { input.disabled = Boolean(view.model.get("disabled")); };
  disabled();
  view.listen(view.model, "change:disabled", disabled);
  const commit = () => {
    const value = parse(input.value);
    if (value === undefined) { show(); return; }
    view.model.set("value", value);
    view.model.save_changes();
  };
  input.addEventListener(event || (view.model.get("continuous_update") ? "input" : "change"), commit);
  return el;
}

const VIEWS = {  // the models this page draws (tests/test_class_page.py checks tablekit uses no other)
  // containers
  BoxModel: (v) => box(v, "widget-box"),
  HBoxModel: (v) => box(v, "widget-box widget-hbox"),
  VBoxModel: (v) => box(v, "widget-box widget-vbox"),
  GridBoxModel: (v) => box(v, "widget-box widget-gridbox"),
  AccordionModel: accordion,
  // text and numbers
  HTMLModel: (v) => html(v, "widget-html", (el, t) => { el.innerHTML = t; }),
  HTMLMathModel: (v) => html(v, "widget-html widget-htmlmath", (el, t) => { el.innerHTML = t; }),
  LabelModel: (v) => html(v, "widget-label-basic", (el, t) => { el.textContent = t; }),
  TextModel: (v) => textInput(v, "widget-text", "input"),
  PasswordModel: (v) => textInput(v, "widget-text widget-password", "input", "password"),
  TextareaModel: (v) => textInput(v, "widget-textarea", "textarea"),
  ComboboxModel: combobox,
  IntTextModel: (v) => numberInput(v, (s) => (/^\s*-?\d+\s*$/.test(s) ? parseInt(s, 10) : undefined)),
  BoundedIntTextModel: (v) => numberInput(v, (s) => (/^\s*-?\d+\s*$/.test(s) ? parseInt(s, 10) : undefined)),
  FloatTextModel: (v) => numberInput(v, (s) => (s.trim() && !Number.isNaN(Number(s)) ? Number(s) : undefined)),
  IntProgressModel: progress,
  FloatProgressModel: progress,
  // choices and actions
  ButtonModel: button,
  CheckboxModel: checkbox,
  DropdownModel: dropdown,
  FileUploadModel: fileUpload,
  ImageModel: image,
  OutputModel: outputWidget,
  AnyModel: anywidget,
};

function box(view, classes) {
  const el = view.dress(h("div", { class: `widget-container ${classes}` }));
  const draw = () => el.replaceChildren(...view.childViews(ids(view.model.get("children"))));
  draw();
  view.listen(view.model, "change:children", draw);
  return el;
}

function accordion(view) {
  const el = view.dress(h("div", { class: "widget-container widget-accordion jupyter-widget-Accordion" }));
  const draw = () => {
    const children = view.childViews(ids(view.model.get("children")));
    const titles = view.model.get("titles") || [];
    const selected = view.model.get("selected_index");
    el.replaceChildren(...children.map((child, i) => {
      const open = selected === i;
      const header = h("button", {
        class: `jupyter-widget-Collapse-header${open ? " mod-active" : ""}`, type: "button",
        "aria-expanded": String(open),
        onclick: () => { view.model.set("selected_index", open ? null : i); view.model.save_changes(); },
      }, h("span", { class: "tk-collapse-mark", "aria-hidden": "true" }, open ? "▾ " : "▸ "), titles[i] || "");
      const contents = h("div", { class: "jupyter-widget-Collapse-contents" }, child);
      contents.hidden = !open;
      return h("div", { class: `jupyter-widget-Collapse${open ? " jupyter-mod-active" : ""}` }, header, contents);
    }));
  };
  draw();
  for (const t of ["children", "titles", "selected_index"]) view.listen(view.model, `change:${t}`, draw);
  return el;
}

function html(view, classes, put) {
  const content = h("div", { class: "widget-html-content" });
  const el = view.dress(h("div", { class: `widget-inline-hbox ${classes}` }, view.label(), content), content);
  const draw = () => put(content, view.model.get("value") ?? "");
  draw();
  view.listen(view.model, "change:value", draw);
  return el;
}

function textInput(view, classes, tag, type = "text") {
  const input = h(tag, { class: "widget-input", type: tag === "input" ? type : undefined });
  const placeholder = () => { input.placeholder = view.model.get("placeholder") || ""; };
  placeholder();
  view.listen(view.model, "change:placeholder", placeholder);
  const el = view.dress(h("div", { class: `widget-inline-hbox ${classes}` }, view.label(input), input), input);
  if (tag === "input") {
    input.addEventListener("keydown", (e) => {
      if (e.key === "Enter") {
        view.model.set("value", input.value);
        view.model.save_changes();
        view.model.send({ event: "submit" });
      }
    });
  }
  return valueControl(view, el, input, {});
}

function combobox(view) {
  const list = h("datalist", { id: `tk-list-${view.model.id}` });
  const el = textInput(view, "widget-text widget-combobox", "input");
  const input = el.querySelector("input");
  input.setAttribute("list", list.id);
  el.append(list);
  const options = () => list.replaceChildren(...(view.model.get("options") || []).map((o) => h("option", { value: o })));
  options();
  view.listen(view.model, "change:options", options);
  return el;
}

function numberInput(view, parse) {
  const input = h("input", { class: "widget-input", type: "text", inputmode: "numeric" });
  const el = view.dress(h("div", { class: "widget-inline-hbox widget-text" }, view.label(input), input), input);
  return valueControl(view, el, input, { parse, format: (v) => String(v ?? ""), event: "change" });
}

function progress(view) {
  const bar = h("div", { class: "progress-bar" });
  const track = h("div", { class: "progress", role: "progressbar" }, bar);
  const el = view.dress(h("div", { class: "widget-inline-hbox widget-progress" }, view.label(track), track));
  const draw = () => {
    const { value, min, max } = { value: view.model.get("value"), min: view.model.get("min"), max: view.model.get("max") };
    const share = max > min ? Math.min(1, Math.max(0, (value - min) / (max - min))) : 0;
    bar.style.width = `${100 * share}%`;
    track.setAttribute("aria-valuenow", value);
    bar.className = `progress-bar${view.model.get("bar_style") ? ` progress-bar-${view.model.get("bar_style")}` : ""}`;
  };
  draw();
  for (const t of ["value", "min", "max", "bar_style"]) view.listen(view.model, `change:${t}`, draw);
  return el;
}

function button(view) {
  const el = view.dress(h("button", { class: "jupyter-button widget-button", type: "button",
    onclick: () => view.model.send({ event: "click" }) }));
  let style = "";
  const draw = () => {
    el.textContent = view.model.get("description") || "";
    el.disabled = Boolean(view.model.get("disabled"));
    if (style) el.classList.remove(`mod-${style}`);
    style = view.model.get("button_style") || "";
    if (style) el.classList.add(`mod-${style}`);
  };
  draw();
  for (const t of ["description", "disabled", "button_style"]) view.listen(view.model, `change:${t}`, draw);
  return el;
}

function checkbox(view) {
  const input = h("input", { type: "checkbox", onchange: () => {
    view.model.set("value", input.checked);
    view.model.save_changes();
  } });
  const words = h("span");
  const el = view.dress(h("div", { class: "widget-inline-hbox widget-checkbox" },
    h("label", { class: "widget-label-basic" }, input, words)));
  const draw = () => {
    input.checked = Boolean(view.model.get("value"));
    input.disabled = Boolean(view.model.get("disabled"));
    words.textContent = view.model.get("description") || "";
  };
  draw();
  for (const t of ["value", "disabled", "description"]) view.listen(view.model, `change:${t}`, draw);
  return el;
}

function dropdown(view) {
  const select = h("select", { onchange: () => {
    view.model.set("index", select.selectedIndex < 0 ? null : select.selectedIndex);
    view.model.save_changes();
  } });
  const el = view.dress(h("div", { class: "widget-inline-hbox widget-dropdown" }, view.label(select), select), select);
  const draw = () => {
    select.replaceChildren(...(view.model.get("_options_labels") || []).map((label) => h("option", {}, label)));
    const index = view.model.get("index");
    select.selectedIndex = index === null || index === undefined ? -1 : index;
    select.disabled = Boolean(view.model.get("disabled"));
  };
  draw();
  for (const t of ["_options_labels", "index", "disabled"]) view.listen(view.model, `change:${t}`, draw);
  return el;
}

function fileUpload(view) {
  const input = h("input", { type: "file", hidden: true });
  const shown = h("button", { class: "jupyter-button widget-button widget-upload", type: "button",
    onclick: () => input.click() });
  const el = view.dress(h("div", { class: "widget-inline-hbox widget-upload-box" }, shown, input));
  const draw = () => {
    shown.textContent = `${view.model.get("description") || "Upload"} (${(view.model.get("value") || []).length})`;
    shown.disabled = Boolean(view.model.get("disabled"));
    input.accept = view.model.get("accept") || "";
    input.multiple = Boolean(view.model.get("multiple"));
  };
  draw();
  for (const t of ["description", "value", "disabled", "accept", "multiple"]) view.listen(view.model, `change:${t}`, draw);
  input.addEventListener("change", async () => {
    const files = await Promise.all([...input.files].map(async (f) => ({
      name: f.name, type: f.type, size: f.size, last_modified: f.lastModified, content: await f.arrayBuffer(),
    })));
    input.value = "";
    view.model.set("value", files);
    view.model.save_changes();
  });
  return el;
}

function image(view) {
  const img = h("img", { class: "widget-image" });
  const el = view.dress(img);
  let url = null;
  const draw = () => {
    if (url) URL.revokeObjectURL(url);
    const format = view.model.get("format") || "png";
    const type = format === "svg" ? "image/svg+xml" : `image/${format}`;
    url = URL.createObjectURL(new Blob([view.model.get("value") || new ArrayBuffer(0)], { type }));
    img.src = url;
    for (const t of ["width", "height"]) {
      if (view.model.get(t)) img.setAttribute(t, view.model.get(t)); else img.removeAttribute(t);
    }
  };
  draw();
  for (const t of ["value", "format", "width", "height"]) view.listen(view.model, `change:${t}`, draw);
  view.cleanup = () => url && URL.revokeObjectURL(url);
  return el;
}

function outputWidget(view) {
  const el = view.dress(h("div", { class: "widget-output" }));
  const draw = () => el.replaceChildren(...(view.model.get("outputs") || []).map((o) => view.manager.output(o, view)));
  draw();
  view.listen(view.model, "change:outputs", draw);
  return el;
}

const loadedModules = new Map();  // ES module text -> its module (each board shares one)
const loadedStyles = new Set();

function anywidget(view) {
  const el = view.dress(h("div", { class: "tk-anywidget" }));
  const css = view.model.get("_css");
  if (css && !loadedStyles.has(css)) {
    loadedStyles.add(css);
    document.head.append(h("style", {}, css));
  }
  const esm = view.model.get("_esm") || "";
  if (!loadedModules.has(esm)) {
    const url = URL.createObjectURL(new Blob([esm], { type: "text/javascript" }));
    loadedModules.set(esm, import(url));
  }
  loadedModules.get(esm).then(async (mod) => {
    let widget = mod.default ?? mod;
    if (typeof widget === "function") widget = await widget();
    if (!view.model.initialized && widget.initialize) {
      view.model.initialized = true;
      await widget.initialize({ model: view.model, experimental: {} });
    }
    const cleanup = await widget.render?.({ model: view.model, el, experimental: {} });
    if (typeof cleanup === "function") view.cleanup = cleanup;
  }).catch((err) => {
    console.error(err);
    el.replaceChildren(h("div", { class: "tk-classpage-error" }, `This widget could not be drawn: ${err}`));
  });
  return el;
}

// -- the manager ---------------------------------------------------------------------

class Manager {
  constructor(config) {
    this.models = new Map();
    this.control = uuid();
    this.statesArrived = null;
    this.kernel = new Kernel(config.baseUrl, config.kernelId, (msg) => this.receive(msg), () => this.lost());
  }

  async start() {
    await this.kernel.opened;
    this.statesArrived = new Promise((resolve) => { this.onStates = resolve; });
    this.kernel.send("comm_open", { comm_id: this.control, target_name: "jupyter.widget.control", data: {} },
      [], { version: "1.0.0" });
    // the kernel may take the request before it has opened the comm ("No such comm"):
    // ask again every half second until the states arrive
    const ask = () => this.kernel.send("comm_msg", { comm_id: this.control, data: { method: "request_states" } });
    ask();
    const again = setInterval(ask, 500);
    try {
      await this.statesArrived;
    } finally {
      clearInterval(again);
    }
  }

  commMsg(commId, data, buffers = []) {
    this.kernel.send("comm_msg", { comm_id: commId, data }, buffers);
  }

  receive(msg) {
    const { msg_type: type } = msg.header;
    const c = msg.content || {};
    if (type === "comm_open" && c.target_name === "jupyter.widget") {
      const state = c.data.state;
      putBuffers(state, c.data.buffer_paths, msg.buffers || []);
      this.models.set(c.comm_id, new Model(this, c.comm_id, state));
    } else if (type === "comm_msg" && c.comm_id === this.control) {
      if (c.data.method === "update_states") this.states(c.data, msg.buffers || []);
    } else if (type === "comm_msg") {
      const model = this.models.get(c.comm_id);
      if (!model) return;
      if (c.data.method === "update") model.update(c.data.state, c.data.buffer_paths, msg.buffers || []);
      else if (c.data.method === "custom") model.trigger("msg:custom", c.data.content, msg.buffers || []);
    } else if (type === "comm_close") {
      const model = this.models.get(c.comm_id);
      if (model) { model.trigger("destroy"); this.models.delete(c.comm_id); }
    }
  }

  states(data, buffers) {
    putBuffers(data.states, data.buffer_paths, buffers);
    for (const [id, entry] of Object.entries(data.states)) {
      const state = { ...entry.state, _model_name: entry.model_name };
      if (this.models.has(id)) this.models.get(id).update(state, [], []);
      else this.models.set(id, new Model(this, id, state));
    }
    this.onStates?.();
  }

  view(id) {
    const model = this.models.get(id);
    const view = new View(this, model);
    const draw = model && VIEWS[model.get("_model_name")];
    if (!draw) {
      const name = model ? model.get("_model_name") : `a widget this page does not have (${id})`;
      view.el = h("div", { class: "tk-classpage-error" }, `This page cannot draw ${name}.`);
      return view;
    }
    draw(view);
    return view;
  }

  output(output, owner) {
    // one output of a cell (or of an Output widget), as Jupyter would show it
    const data = output.data || {};
    if (data[WIDGET_VIEW]) {
      const view = this.view(data[WIDGET_VIEW].model_id);
      if (owner) owner.children.set(`${data[WIDGET_VIEW].model_id}:${owner.children.size}`, view);
      return view.el;
    }
    if (data["text/html"]) {
      const el = h("div", { class: "tk-output-html" });
      el.innerHTML = [].concat(data["text/html"]).join("");
      return el;
    }
    if (data["image/png"]) return h("img", { src: `data:image/png;base64,${data["image/png"]}` });
    if (output.output_type === "error") {
      return h("pre", { class: "tk-output-error" }, `${output.ename}: ${output.evalue}`);
    }
    const text = output.text ?? data["text/plain"];
    return text === undefined ? h("span") : h("pre", { class: "tk-output-text" }, [].concat(text).join(""));
  }

  lost() {
    document.body.classList.add("tk-classpage-lost");
    const note = document.getElementById("tk-classpage-status");
    if (note) {
      note.textContent = "The table lost its connection to the server. Reload the page to get a new table.";
      note.hidden = false;
    }
  }
}

function cookie(name) {
  const found = document.cookie.split("; ").find((c) => c.startsWith(`${name}=`));
  return found ? decodeURIComponent(found.slice(name.length + 1)) : "";
}

async function main() {
  const config = JSON.parse(document.getElementById("jupyter-config-data").textContent);
  const status = document.getElementById("tk-classpage-status");
  const manager = new Manager(config);
  window.tablekitClassPage = manager;
  try {
    await manager.start();
  } catch (err) {
    console.error(err);
    manager.lost();
    return;
  }
  for (const script of document.querySelectorAll(OUTPUT_SCRIPT)) {
    let el;
    try {
      el = manager.output(JSON.parse(script.textContent));
    } catch (err) {
      console.error(err);
      el = h("div", { class: "tk-classpage-error" }, `This output could not be drawn: ${err}`);
    }
    script.replaceWith(el);
  }
  if (status) status.hidden = true;
  document.body.classList.add("tk-classpage-ready");
  // the tab closes: Voilà frees its kernel at once (the server also frees it a few
  // seconds after its last connection closes, when this post never arrives)
  window.addEventListener("pagehide", () => {
    fetch(`${config.baseUrl}voila/api/shutdown/${config.kernelId}`, {
      method: "POST", keepalive: true, headers: { "X-XSRFToken": cookie("_xsrf") },
    }).catch(() => {});
  });
}

if (typeof document !== "undefined" && document.getElementById("jupyter-config-data")) main();
