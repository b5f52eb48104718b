/**
 * Parley live view client: applies DOM patch batches (docs/PATCH-PROTOCOL.md, version 2) to a
 * transcript and keeps the reader's place, focus and selection. No dependencies, no build step;
 * runs under a Content-Security-Policy without 'unsafe-inline' or 'unsafe-eval'.
 * @module parley
 */

/**
 * One batch: the version after it (`v`), the version it applies to (`base`), the protocol
 * version of its operations (`p`), the channel's epoch (`e`), its operations.
 * @typedef {{v: number, base: number, p?: number, e?: string, ops: Array<Array<*>>}} Batch
 */

/** The patch protocol version this client speaks: batches' `p` and the live page's `data-protocol`. */
export const PROTOCOL_VERSION = 2;

/**
 * Dispatched on the container when it needs a resync; `detail`: {reason (`gap`, `epoch`,
 * `invalid` or `error`), version, v, base, error}.
 */
export const RESYNC_EVENT = 'parley:resync';

/**
 * Dispatched (cancelable) on the container before the page reloads because the server speaks
 * another protocol version; `detail`: {protocol, client}. Cancelling it keeps the page as is.
 */
export const RELOAD_EVENT = 'parley:reload';

/**
 * Dispatched on the container when a `reset` batch gave it another epoch (`data-epoch`);
 * `detail`: {epoch, previous}. A connected client reopens its stream with the new epoch.
 */
export const EPOCH_EVENT = 'parley:epoch';

/**
 * Reconnect delays in milliseconds. After a stream fails, attempt n (from 0) waits between half
 * and all of min(`cap`, `first` × 2ⁿ), at random; an opened stream starts again from 0. After the
 * server's `stop` event every attempt waits between half and all of `stopped`.
 */
export const RECONNECT = Object.freeze({ first: 1000, cap: 30000, stopped: 30000 });

/** How close to the end, in CSS pixels, still counts as "at the bottom". */
const BOTTOM_SLACK = 2;
/** Batches waiting for the next animation frame, per container. */
const queues = new WeakMap();
/** The latest `f` of each transient class, per element: only its end removes the class. */
const transients = new WeakMap();
/** Each document's title without the connection's prefix. */
const titles = new WeakMap();
/** The title's prefix in each connection state (none when live). */
const TITLE_PREFIXES = { connecting: 'Connecting', live: null, reconnecting: 'Reconnecting', offline: 'Offline', stopped: 'Stopped' };
/** Each followed container's state (see {@link followNewest}). */
const followers = new WeakMap();
/** Each container's region of older messages (see {@link enableLoadOlder}). */
const olderRegions = new WeakMap();
/** Each container's place held after older messages arrived (see {@link holdPlace}). */
const holds = new WeakMap();
/** How many characters on each side of a selection are quoted to find it again after a change. */
const QUOTE_CONTEXT = 32;
/** The container's open stream, shared by every copy of this module on the page. */
const STREAM = Symbol.for('parley.stream');

/** An operation that does not fit the DOM; its message names the operation and what was expected. */
export class PatchError extends Error {
  /** @param {string} expected @param {*} op */
  constructor(expected, op) {
    super(`${expected} in ${JSON.stringify(op).slice(0, 200)}`);
    this.name = 'PatchError';
  }
}

/**
 * The container's version: its `data-version`, or null when it has none (its DOM is unknown;
 * only a batch that starts with `reset` applies then).
 * @param {Element} container
 * @returns {number | null}
 */
export function currentVersion(container) {
  const value = container.getAttribute('data-version');
  return value !== null && /^\d+$/.test(value) ? Number(value) : null;
}

/**
 * Applies a batch now. A batch of another protocol version (its `p`; 1 when absent, unless its
 * only operation is `reset`) is not applied: the page reloads (see {@link RELOAD_EVENT}). A batch
 * whose first operation is `reset` always applies, and the container takes its `v` and its epoch
 * `e` (`data-epoch`; see {@link EPOCH_EVENT}). Any other batch: one of another epoch (its `e` is
 * not the container's `data-epoch`, when both are there) is not applied and makes the container
 * dispatch {@link RESYNC_EVENT}; then a stale one (`v` ≤ version) is ignored; one whose `base` is
 * not the version (a gap) resyncs. A malformed batch, or an operation that does not fit the DOM,
 * resyncs too. Focus, selection and scroll position are kept.
 * Complexity: O(operations + bytes of HTML parsed); elements are found by `getElementById`.
 * @param {Element} container the `#transcript` element
 * @param {Batch} batch
 * @returns {boolean} whether the batch was applied
 */
export function applyBatch(container, batch) {
  return keepingView(container, () => applyOne(container, batch) === 'applied');
}

/**
 * Applies a batch in the next animation frame, after the batches queued before it; a batch that
 * asks for a resync or a reload drops the rest of that frame's batches.
 * @param {Element} container
 * @param {Batch} batch
 */
export function queueBatch(container, batch) {
  if (queues.has(container)) return void queues.get(container).push(batch);
  queues.set(container, [batch]);
  requestAnimationFrame(() => {
    const batches = queues.get(container);
    queues.delete(container);
    keepingView(container, () => batches.every((each) => ['applied', 'stale'].includes(applyOne(container, each))));
  });
}

/**
 * Streams batches from `url` (Server-Sent Events, `event: patch`, JSON data) into the container.
 * Each request carries `?since=V` (`since` the first time, then the container's version) and
 * `&epoch=E` (the container's `data-epoch`). A reset that brings another epoch
 * ({@link EPOCH_EVENT}) reopens the stream with it. On a resync the stream reopens from the
 * current version, after a failed operation from a fresh copy of the page: at once, then after
 * 0.25 s doubling to 30 s while the version does not move. A stream that fails or ends is
 * reopened by the client itself after a back-off with jitter (see {@link RECONNECT}), reset when
 * a stream opens; while the browser is offline it waits for the network; after the server's
 * `stop` event it retries slowly. The connection's state is shown in the page (see
 * {@link showConnection}). A reload for another protocol version ({@link RELOAD_EVENT}) closes
 * the stream. Sets `aria-relevant="additions"`: new messages are announced, slot edits and
 * streamed text are not.
 * @param {Element} container
 * @param {string} url the stream's URL, relative to the page
 * @param {{since?: number, timing?: Partial<typeof RECONNECT>}} [options] `timing` overrides
 *   {@link RECONNECT}'s delays
 * @returns {{close: () => void}} ends the stream (connecting the container again does too)
 */
export function connect(container, url, { since, timing: overrides } = {}) {
  container[STREAM]?.close();
  if (!container.hasAttribute('aria-relevant')) container.setAttribute('aria-relevant', 'additions');
  const timing = { ...RECONNECT, ...overrides };
  const window = container.ownerDocument.defaultView;
  let source = null;
  let timer = 0;
  let retry = 0;
  let progress = null;
  let failures = 0;
  let stopped = false;
  let closed = false;
  const open = (version) => {
    if (closed) return;
    const opened = (source = new EventSource(streamURL(container, url, version)));
    opened.addEventListener('open', () => {
      if (opened !== source) return;
      failures = 0;
      stopped = false;
      showConnection(container, 'live');
    });
    opened.addEventListener('patch', (event) => queueBatch(container, parseJSON(event.data)));
    opened.addEventListener('stop', () => {
      if (opened !== source) return;
      stopped = true;
      lost();
    });
    opened.addEventListener('error', () => {
      if (opened === source) lost();
    });
  };
  const halt = () => {
    source?.close();
    source = null;
    clearTimeout(timer);
  };
  // `announce`: a resync reopens without showing "Reconnecting…" (it is over at once).
  const attempt = (announce = true) => {
    if (closed) return;
    if (!isOnline(window)) return void showConnection(container, 'offline');
    if (announce) showConnection(container, stopped ? 'stopped' : 'reconnecting');
    const ready = currentVersion(container) === null ? refetchTranscript(container) : Promise.resolve();
    ready.then(() => open(currentVersion(container)), () => lost());
  };
  // The stream failed, ended or was stopped by the server: wait (back-off with jitter, or the
  // slow retry after a stop), then open it again. EventSource's own reconnects are not used.
  const lost = () => {
    if (closed) return;
    halt();
    if (!isOnline(window)) return void showConnection(container, 'offline');
    const ceiling = stopped ? timing.stopped : Math.min(timing.cap, timing.first * 2 ** Math.min(failures++, 30));
    const delay = jitter(ceiling);
    showConnection(container, stopped ? 'stopped' : 'reconnecting', delay);
    timer = setTimeout(() => attempt(), delay);
  };
  const onResync = () => {
    if (closed) return;
    halt();
    if (currentVersion(container) !== progress) retry = 0;
    progress = currentVersion(container);
    timer = setTimeout(() => attempt(false), retry);
    retry = Math.min(Math.max(250, retry * 2), timing.cap);
  };
  // After the batches of the frame that brought the new epoch (so `since` is their version).
  const onEpoch = () => queueMicrotask(() => {
    if (closed || !source) return;
    halt();
    open(currentVersion(container));
  });
  const onOffline = () => {
    if (closed) return;
    halt();
    showConnection(container, 'offline');
  };
  const onOnline = () => {
    if (closed || source) return;
    clearTimeout(timer);
    attempt();
  };
  const onReload = () => stream.close();
  container.addEventListener(RESYNC_EVENT, onResync);
  container.addEventListener(EPOCH_EVENT, onEpoch);
  container.addEventListener(RELOAD_EVENT, onReload);
  window?.addEventListener('offline', onOffline);
  window?.addEventListener('online', onOnline);
  const stream = {
    close() {
      closed = true;
      container.removeEventListener(RESYNC_EVENT, onResync);
      container.removeEventListener(EPOCH_EVENT, onEpoch);
      container.removeEventListener(RELOAD_EVENT, onReload);
      window?.removeEventListener('offline', onOffline);
      window?.removeEventListener('online', onOnline);
      halt();
      if (container[STREAM] === stream) delete container[STREAM];
    },
  };
  container[STREAM] = stream;
  if (isOnline(window)) {
    showConnection(container, 'connecting');
    open(since ?? currentVersion(container));
  } else {
    showConnection(container, 'offline');
  }
  return stream;
}

/** The stream's URL: `url` with `since` (when there is a version) and `epoch` (when the container has one). */
function streamURL(container, url, version) {
  const target = new URL(url, container.ownerDocument.baseURI);
  if (version !== null && version !== undefined) target.searchParams.set('since', String(version));
  const epoch = container.getAttribute('data-epoch');
  if (epoch !== null) target.searchParams.set('epoch', epoch);
  return target;
}

function isOnline(window) {
  return window?.navigator.onLine !== false;
}

/** A delay between half of `ceiling` and `ceiling` ("equal jitter"), in whole milliseconds. */
function jitter(ceiling) {
  return Math.round(ceiling * (0.5 + Math.random() / 2));
}

/**
 * Shows the connection's state in the page's status element (`#live-status`, created before the
 * container when the page has none) and, while not live, as a prefix of the page's title
 * (`Reconnecting · general · Site`). The element gets `data-state` and one of the texts:
 * `Connecting…`, `Live`, `Reconnecting in N s…` (then `Reconnecting…` while trying), `Offline:
 * waiting for the network…`, `The server has stopped. Trying again in N s…` (then `The server
 * has stopped. Trying again…`). N is the delay rounded up to whole seconds.
 * @param {Element} container
 * @param {'connecting' | 'live' | 'reconnecting' | 'offline' | 'stopped'} state
 * @param {number} [delay] milliseconds until the next attempt
 */
export function showConnection(container, state, delay) {
  const document = container.ownerDocument;
  let status = document.getElementById('live-status');
  if (!status) {
    status = document.createElement('p');
    status.id = 'live-status';
    status.className = 'live-status';
    status.setAttribute('role', 'status');
    status.setAttribute('aria-live', 'polite');
    container.before(status);
  }
  const seconds = delay === undefined ? null : Math.max(1, Math.ceil(delay / 1000));
  const texts = {
    connecting: 'Connecting…',
    live: 'Live',
    reconnecting: seconds === null ? 'Reconnecting…' : `Reconnecting in ${seconds} s…`,
    offline: 'Offline: waiting for the network…',
    stopped: `The server has stopped. Trying again${seconds === null ? '' : ` in ${seconds} s`}…`,
  };
  if (status.textContent !== texts[state]) status.textContent = texts[state];
  status.setAttribute('data-state', state);
  if (!titles.has(document)) titles.set(document, document.title);
  const title = TITLE_PREFIXES[state] ? `${TITLE_PREFIXES[state]} · ${titles.get(document)}` : titles.get(document);
  if (document.title !== title) document.title = title;
}

function parseJSON(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Replaces the transcript, its version and its epoch with those of a fresh copy of the page it
 * is on; a copy of another protocol version reloads the page instead.
 */
async function refetchTranscript(container) {
  const { URL: page } = container.ownerDocument;
  const response = await fetch(page, { cache: 'no-store', headers: { Accept: 'text/html' } });
  if (!response.ok) throw new Error(`GET ${page}: HTTP ${response.status}`);
  const fresh = new DOMParser().parseFromString(await response.text(), 'text/html').getElementById('transcript');
  if (!fresh || currentVersion(fresh) === null) throw new Error(`GET ${page}: expected #transcript with data-version`);
  if (pageProtocol(fresh) !== PROTOCOL_VERSION) return void reload(container, pageProtocol(fresh));
  keepingView(container, () => {
    container.replaceChildren(...fresh.childNodes);
    container.setAttribute('data-version', fresh.getAttribute('data-version'));
  });
  adoptEpoch(container, fresh.getAttribute('data-epoch'));
}

/** @returns {'applied' | 'stale' | 'resync' | 'reload'} */
function applyOne(container, batch) {
  const version = currentVersion(container);
  const valid = Number.isInteger(batch?.v) && Number.isInteger(batch.base) && Array.isArray(batch.ops);
  if (!valid) return resync(container, 'invalid', version, batch);
  const reset = batch.ops[0]?.[0] === 'reset';
  const onlyReset = reset && batch.ops.length === 1;
  const protocol = batch.p ?? (onlyReset ? PROTOCOL_VERSION : 1);
  if (protocol !== PROTOCOL_VERSION) return reload(container, protocol);
  if (!reset) {
    const epoch = container.getAttribute('data-epoch');
    if (epoch !== null && typeof batch.e === 'string' && batch.e !== epoch) return resync(container, 'epoch', version, batch);
    if (version !== null && batch.v <= version) return 'stale';
    if (batch.base !== version) return resync(container, 'gap', version, batch);
  }
  try {
    for (const op of batch.ops) applyOperation(container, op);
  } catch (error) {
    container.removeAttribute('data-version');
    return resync(container, 'error', version, batch, error);
  }
  container.setAttribute('data-version', String(batch.v));
  if (reset && typeof batch.e === 'string') adoptEpoch(container, batch.e);
  return 'applied';
}

/**
 * Gives the container the epoch `epoch` (`data-epoch`; none when null); when that changes it,
 * the container dispatches {@link EPOCH_EVENT}.
 */
function adoptEpoch(container, epoch) {
  const previous = container.getAttribute('data-epoch');
  if (epoch === previous) return;
  if (epoch === null) container.removeAttribute('data-epoch');
  else container.setAttribute('data-epoch', epoch);
  container.dispatchEvent(new CustomEvent(EPOCH_EVENT, { detail: { epoch, previous } }));
}

/**
 * The protocol version a page's transcript element names in `data-protocol` (1 without it:
 * pages of version 1 did not carry it).
 */
function pageProtocol(element) {
  const value = element.getAttribute('data-protocol');
  return value !== null && /^\d+$/.test(value) ? Number(value) : 1;
}

/** Reloads the page for protocol version `protocol`, unless a {@link RELOAD_EVENT} listener cancels it. */
function reload(container, protocol) {
  const detail = { protocol, client: PROTOCOL_VERSION };
  if (container.dispatchEvent(new CustomEvent(RELOAD_EVENT, { detail, cancelable: true }))) {
    container.ownerDocument.defaultView?.location.reload();
  }
  return 'reload';
}

function resync(container, reason, version, batch, error) {
  const detail = { reason, version, v: batch?.v, base: batch?.base, error: error?.message };
  container.dispatchEvent(new CustomEvent(RESYNC_EVENT, { detail }));
  return 'resync';
}

/**
 * Applies one operation of the protocol's table.
 * @throws {PatchError} when it is malformed or names an element, anchor or slot that is absent
 */
function applyOperation(container, op) {
  if (!Array.isArray(op)) throw new PatchError('expected an operation array', op);
  const text = (index) => {
    if (typeof op[index] !== 'string') throw new PatchError(`expected a string at position ${index}`, op);
    return op[index];
  };
  const find = (index) => lookup(container, text(index));
  const need = (index) => find(index) ?? fail(`no element with id "${op[index]}"`, op);
  const after = (index) => (op[index] === null ? null : need(index));
  const fresh = (index) => parseElement(text(index), text(1), op);
  const slot = () => slotOf(need(1), text(2)) ?? fail(`no slot "${op[2]}" in "${op[1]}"`, op);
  switch (op[0]) {
    case 'i': return replaceAt(container, need(2), after(3), find(1), fresh(4), op);
    case 'S': return place(container, container, after(2), find(1) ?? fresh(3));
    case 'm': return place(container, need(2), after(3), need(1));
    case 'M': return place(container, container, after(2), need(1));
    case 'r':
    case 'X': return find(1)?.remove();
    case 'R': return need(1).replaceWith(fresh(2));
    case 's': return slot().replaceChildren(parseFragment(text(3)));
    case 'c': return createSlot(need(1), text(2), op[3] === null ? null : text(3), text(4), op);
    case 'd': return slotOf(need(1), text(2))?.remove();
    case 't': return slot().append(container.ownerDocument.createTextNode(text(3)));
    case 'a': return need(1).setAttribute(text(2), text(3));
    case 'A': return need(1).removeAttribute(text(2));
    case 'f': return flash(need(1), text(2));
    case 'reset': return container.replaceChildren(parseFragment(text(1)));
    default: throw new PatchError('unknown operation tag', op);
  }
}

function fail(expected, op) {
  throw new PatchError(expected, op);
}

/** The slot element `name` of `element` (`[data-slot="name"]`), or null. */
function slotOf(element, name) {
  return element.querySelector(`[data-slot="${CSS.escape(name)}"]`);
}

/**
 * Inserts the slot element `name` (`html`, one element with that `data-slot`) into `element`
 * before its slot `before`, or last when `before` is null.
 * @throws {PatchError} when the slot is already there, `before` is missing or `html` does not fit
 */
function createSlot(element, name, before, html, op) {
  if (slotOf(element, name)) throw new PatchError(`slot "${name}" already in "${op[1]}"`, op);
  const anchor = before === null ? null : (slotOf(element, before) ?? fail(`no slot "${before}" in "${op[1]}"`, op));
  const node = parseFragment(html).firstElementChild;
  if (!node || node.nextElementSibling || node.getAttribute('data-slot') !== name) {
    throw new PatchError(`expected one element with data-slot "${name}"`, op);
  }
  (anchor?.parentNode ?? element).insertBefore(node, anchor);
}

/** The element with `id` inside the container, or null. */
function lookup(container, id) {
  const element = container.isConnected
    ? container.ownerDocument.getElementById(id)
    : container.querySelector(`#${CSS.escape(id)}`);
  return element && container.contains(element) ? element : null;
}

/**
 * Puts `node` right after `after`, or first in `parent`: in the container, before every
 * section; in a section, right after its heading. A node already in the page moves with
 * `Element.moveBefore` where the browser has it (focus and other state survive), else with
 * `insertBefore`.
 */
function place(container, parent, after, node) {
  if (after === node) throw new PatchError('expected an anchor other than the element itself', [node.id]);
  const into = after ? after.parentNode : parent;
  const first = parent === container ? parent.firstChild : (parent.firstElementChild?.nextSibling ?? null);
  const before = after ? after.nextSibling : first;
  if (before === node) return;
  if (node.isConnected && typeof into.moveBefore === 'function') {
    try {
      return into.moveBefore(node, before);
    } catch {
      // moveBefore refuses some moves that insertBefore makes (e.g. across documents).
    }
  }
  into.insertBefore(node, before);
}

/**
 * Puts `node` where {@link place} puts it, in place of `old` (an element with the same id
 * already in the page, or null): one element with that id, at the anchor, with the new content.
 */
function replaceAt(container, parent, after, old, node, op) {
  if (old && (old === after || old.contains(parent))) throw new PatchError('expected an anchor outside the replaced element', op);
  old?.remove();
  place(container, parent, after, node);
}

/** Parses HTML through an inert `<template>`: nothing loads and no script runs while parsing. */
function parseFragment(html) {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

/** Parses HTML that must be exactly one element, whose id is `id`. */
function parseElement(html, id, op) {
  const element = parseFragment(html).firstElementChild;
  if (!element || element.nextElementSibling || element.id !== id) {
    throw new PatchError(`expected one element with id "${id}"`, op);
  }
  return element;
}

/**
 * Adds a transient class for as long as the CSS animations it starts run. A class already there
 * is taken off and styled away first, so its animation restarts. When it starts none (reduced
 * motion, no stylesheet, an element not rendered) it is removed at once.
 */
function flash(element, name) {
  const latest = transients.get(element) ?? new Map();
  transients.set(element, latest);
  const token = {};
  latest.set(name, token);
  if (element.classList.contains(name)) {
    element.classList.remove(name);
    element.getAnimations(); // flushes style: the animation ends here and starts anew below
  }
  element.classList.add(name);
  const done = () => {
    if (latest.get(name) !== token) return;
    latest.delete(name);
    element.classList.remove(name);
  };
  const running = element.getAnimations().filter((animation) => animation instanceof CSSAnimation);
  if (running.length === 0) return done();
  Promise.allSettled(running.map((animation) => animation.finished)).then(done);
}

/**
 * Runs `change`, then restores what it disturbed: focus, a text field's caret, the selection
 * (by its text, see {@link saveSelection}), and the scroll position — at the bottom if the reader
 * was there (or pinned there, see {@link followNewest}), else with the first message in view where
 * it was. Then counts the messages that arrived below a reader who is not at the bottom.
 * @template T
 * @param {Element} container
 * @param {() => T} change
 * @returns {T}
 */
function keepingView(container, change) {
  const document = container.ownerDocument;
  const focused = document.activeElement;
  const field = typeof focused?.selectionStart === 'number' ? focused : null;
  const caret = field && [field.selectionStart, field.selectionEnd, field.selectionDirection];
  const focusPoint = focused && container.contains(focused) ? savePoint(container, focused, 0) : null;
  const selection = document.getSelection();
  const inside = !field && selection?.rangeCount > 0 &&
    container.contains(selection.anchorNode) && container.contains(selection.focusNode);
  const saved = inside && saveSelection(container, selection);
  const scroll = saveScroll(container);
  const arrivals = watchArrivals(container, scroll.atBottom);

  const result = change();

  if (focusPoint && document.activeElement !== focused) {
    revive(container, focusPoint)[0]?.focus({ preventScroll: true });
  }
  const caretMoved = field && (field.selectionStart !== caret[0] || field.selectionEnd !== caret[1]);
  if (caretMoved && document.activeElement === field) field.setSelectionRange(...caret);
  if (saved) restoreSelection(container, selection, saved);
  markContinuedDay(container);
  restoreScroll(scroll);
  arrivals?.();
  return result;
}

/**
 * The selection kept two ways: its end points (nodes and offsets, which survive moves), and a
 * quote of its text — the selected text with up to {@link QUOTE_CONTEXT} characters on each side,
 * and where it starts — in the text of the nearest element with an id that holds both ends (or
 * the container), to find it again when an operation replaced its nodes (`s`, `R`, `reset`).
 */
function saveSelection(container, selection) {
  const range = selection.getRangeAt(0);
  let root = range.commonAncestorContainer;
  while (root !== container && !(root.nodeType === Node.ELEMENT_NODE && root.id)) root = root.parentNode;
  const head = container.ownerDocument.createRange();
  head.selectNodeContents(root);
  head.setEnd(range.startContainer, range.startOffset);
  const text = root.textContent;
  const start = head.toString().length;
  const exact = range.toString();
  const end = start + exact.length;
  const backward = !range.collapsed &&
    selection.anchorNode === range.endContainer && selection.anchorOffset === range.endOffset;
  return {
    ends: [selection.anchorNode, selection.anchorOffset, selection.focusNode, selection.focusOffset],
    id: root === container ? null : root.id,
    quote: { exact, start, prefix: text.slice(Math.max(0, start - QUOTE_CONTEXT), start), suffix: text.slice(end, end + QUOTE_CONTEXT) },
    backward,
  };
}

/**
 * Puts the selection back. Its nodes still in the container: on them, where an operation moved
 * them. A node replaced: on its quote found again in the new text of the same element
 * ({@link findQuote}); when the text is gone (or the element), the selection is removed rather
 * than put on other words.
 */
function restoreSelection(container, selection, { ends, id, quote, backward }) {
  const [anchorNode, anchorOffset, focusNode, focusOffset] = ends;
  if ([anchorNode, focusNode].every((node) => node.isConnected && container.contains(node))) {
    const moved = selection.anchorNode !== anchorNode || selection.anchorOffset !== anchorOffset ||
      selection.focusNode !== focusNode || selection.focusOffset !== focusOffset;
    if (moved) selection.setBaseAndExtent(anchorNode, anchorOffset, focusNode, focusOffset);
    return;
  }
  const root = id === null ? container : lookup(container, id);
  const at = root ? findQuote(root.textContent, quote) : null;
  if (at === null) return void selection.removeAllRanges();
  const start = textPoint(root, at, false);
  const end = textPoint(root, at + quote.exact.length, true);
  if (backward) selection.setBaseAndExtent(...end, ...start);
  else selection.setBaseAndExtent(...start, ...end);
}

/**
 * Where the quoted text is in `text`: of its occurrences, the one whose neighbourhood agrees
 * most with the quote's (characters in common right before it plus right after it); of equals,
 * the nearest to where it was. An occurrence that agrees on no character of a neighbourhood the
 * quote has is not the reader's text: null when there is no other.
 */
function findQuote(text, { exact, start, prefix, suffix }) {
  let best = null;
  for (let at = text.indexOf(exact); at !== -1 && at <= text.length; at = text.indexOf(exact, at + 1)) {
    const before = commonLength(prefix, text.slice(Math.max(0, at - prefix.length), at), true);
    const after = commonLength(suffix, text.slice(at + exact.length, at + exact.length + suffix.length), false);
    const score = before + after;
    if (score === 0 && (prefix || suffix)) continue;
    const better = !best || score > best.score || (score === best.score && Math.abs(at - start) < Math.abs(best.at - start));
    if (better) best = { at, score };
    if (at === text.length) break;
  }
  return best?.at ?? null;
}

/** How many characters `a` and `b` have in common at their ends (`fromEnd`) or their starts. */
function commonLength(a, b, fromEnd) {
  let count = 0;
  while (count < a.length && count < b.length &&
    (fromEnd ? a[a.length - 1 - count] === b[b.length - 1 - count] : a[count] === b[count])) count += 1;
  return count;
}

/**
 * The text node and offset at character `offset` of `root`'s text; a point between two text
 * nodes is the end of the first when `atEnd` (a selection's end), else the start of the next.
 */
function textPoint(root, offset, atEnd) {
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let last = null;
  for (let node = walker.nextNode(), passed = 0; node; node = walker.nextNode()) {
    if (offset < passed + node.length || (atEnd && offset === passed + node.length)) return [node, offset - passed];
    passed += node.length;
    last = node;
  }
  return last ? [last, last.length] : [root, 0];
}

/**
 * A node and offset kept two ways: the node itself (it survives moves) and its path of child
 * indexes below the nearest element with an id (to find its copy when an operation replaced it).
 */
function savePoint(container, node, offset) {
  const indexes = [];
  let current = node;
  while (current !== container && !(current.nodeType === Node.ELEMENT_NODE && current.id)) {
    indexes.unshift(Array.prototype.indexOf.call(current.parentNode.childNodes, current));
    current = current.parentNode;
  }
  return { node, offset, id: current === container ? null : current.id, indexes };
}

/** The saved point's node (or its copy) and its offset, clamped; `[null, 0]` when it is gone. */
function revive(container, { node, offset, id, indexes }) {
  let found = node.isConnected ? node : id === null ? container : lookup(container, id);
  if (!node.isConnected) for (const index of indexes) found = found?.childNodes[index] ?? null;
  if (!found) return [null, 0];
  return [found, Math.min(offset, found.nodeType === Node.TEXT_NODE ? found.length : found.childNodes.length)];
}

/** The element that scrolls the container: its nearest scrollable ancestor, or the document's. */
function scroller(container) {
  for (let node = container; node && node !== container.ownerDocument.body; node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && node.scrollHeight > node.clientHeight) return node;
  }
  return container.ownerDocument.scrollingElement;
}

/**
 * Whether the reader is at the bottom (within {@link BOTTOM_SLACK}, or where {@link followNewest}
 * last pinned them); if not, the first message in view and its top.
 */
function saveScroll(container) {
  const element = scroller(container);
  if (isPinned(container, element)) return { container, element, atBottom: true };
  return { container, element, atBottom: false, ...firstInView(element, container.querySelectorAll('article[id]')) };
}

/** The first of `messages` (in document order) not wholly above the view, and its top (binary search). */
function firstInView(element, messages) {
  const viewTop = element === element.ownerDocument.scrollingElement ? 0 : element.getBoundingClientRect().top;
  let low = 0;
  for (let high = messages.length; low < high;) {
    const middle = (low + high) >> 1;
    if (messages[middle].getBoundingClientRect().bottom <= viewTop) low = middle + 1;
    else high = middle;
  }
  return { anchor: messages[low] ?? null, top: messages[low]?.getBoundingClientRect().top };
}

function restoreScroll({ container, element, atBottom, anchor, top }) {
  if (atBottom) return void pinToBottom(container, element);
  const delta = anchor?.isConnected ? anchor.getBoundingClientRect().top - top : 0;
  if (Math.abs(delta) >= 1) element.scrollTop += delta;
}

/** Whether the scroller is at its bottom, within {@link BOTTOM_SLACK}. */
function atEnd(element) {
  return element.scrollHeight - element.clientHeight - element.scrollTop <= BOTTOM_SLACK;
}

/**
 * Keeps the live page at its newest message: scrolls to the bottom at once (unless the address
 * names an element: the browser shows that one) and keeps a reader who is there pinned while
 * messages arrive and the page grows (images loading, a narrower window). A reader who scrolled
 * up stays where they are; a "N new messages ↓" button (in a polite status region after the
 * container) counts the messages inserted below their view since they left the bottom, and
 * takes them there. Reaching the bottom, by scrolling or with the button, hides it.
 * @param {Element} container the `#transcript` element
 * @returns {{close: () => void}} removes the button and stops following
 */
export function followNewest(container) {
  followers.get(container)?.close();
  const document = container.ownerDocument;
  const window = document.defaultView;
  const label = document.createElement('span');
  const arrow = create(document, 'span', {}, ' ↓');
  arrow.setAttribute('aria-hidden', 'true');
  const button = create(document, 'button', { type: 'button', className: 'new-messages-button', hidden: true }, label, arrow);
  const status = create(document, 'div', { className: 'new-messages' }, button);
  status.setAttribute('role', 'status');
  container.after(status);
  const follower = { pinnedTop: null, known: null, unseen: new Set(), button, label };
  const element = () => scroller(container);
  let pending = 0;
  const onScroll = () => {
    if (pending) return;
    pending = requestAnimationFrame(() => {
      pending = 0;
      if (atEnd(element())) pinToBottom(container, element(), false);
    });
  };
  const onResize = () => {
    const scrolling = element();
    if (isPinned(container, scrolling) && !atEnd(scrolling)) pinToBottom(container, scrolling);
  };
  const resizes = new ResizeObserver(onResize);
  resizes.observe(container);
  button.addEventListener('click', () => pinToBottom(container, element()));
  document.addEventListener('scroll', onScroll, { capture: true, passive: true });
  window.addEventListener('resize', onResize);
  follower.close = () => {
    cancelAnimationFrame(pending);
    resizes.disconnect();
    document.removeEventListener('scroll', onScroll, { capture: true });
    window.removeEventListener('resize', onResize);
    status.remove();
    if (followers.get(container) === follower) followers.delete(container);
  };
  followers.set(container, follower);
  const target = decodeURIComponent(window.location.hash.slice(1));
  if (!target || !document.getElementById(target)) {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    pinToBottom(container, element());
  }
  return { close: follower.close };
}

/** Whether the reader is at the bottom, or still where {@link followNewest} last pinned them. */
function isPinned(container, element) {
  const pinnedTop = followers.get(container)?.pinnedTop ?? null;
  return atEnd(element) || (pinnedTop !== null && Math.abs(element.scrollTop - pinnedTop) < 1);
}

/**
 * Marks the reader as at the bottom (scrolling there when `scroll`): a followed container
 * remembers where, forgets the messages it counted and hides its button.
 */
function pinToBottom(container, element, scroll = true) {
  if (scroll) element.scrollTop = element.scrollHeight;
  const follower = followers.get(container);
  if (!follower) return;
  follower.pinnedTop = element.scrollTop;
  follower.known = null;
  follower.unseen.clear();
  showCount(follower);
}

/**
 * Before a change to a followed container whose reader is not at the bottom, notes which
 * messages were there (once, when the reader left it); returns what to do after the change and
 * its scroll restore: count each new message that landed below the view, forget counted ones that
 * are gone, and show the count. Null when there is nothing to count.
 */
function watchArrivals(container, atBottom) {
  const follower = followers.get(container);
  if (!follower || atBottom) return null;
  follower.pinnedTop = null;
  follower.known ??= new Set(Array.from(container.querySelectorAll('article[id]'), (article) => article.id));
  return () => {
    const element = scroller(container);
    const viewBottom = element === container.ownerDocument.scrollingElement
      ? element.clientHeight
      : element.getBoundingClientRect().top + element.clientHeight;
    for (const article of container.querySelectorAll('article[id]')) {
      if (follower.known.has(article.id)) continue;
      follower.known.add(article.id);
      if (article.getBoundingClientRect().top >= viewBottom) follower.unseen.add(article.id);
    }
    for (const id of follower.unseen) if (!lookup(container, id)) follower.unseen.delete(id);
    showCount(follower);
  };
}

function showCount({ button, label, unseen }) {
  button.hidden = unseen.size === 0;
  const text = unseen.size === 1 ? '1 new message' : `${unseen.size} new messages`;
  if (label.textContent !== text) label.textContent = text;
}

/**
 * Adds a "Load older messages" button above the live region. Each click fetches, as static HTML,
 * the messages before the oldest one shown (`GET data-older + messageID`) and puts them in a
 * region of their own above `#transcript`, so patches never touch them. Their day sections lose
 * their ids, which stay unique to the live region (`data-day` keeps the day). A day shows one
 * heading: fetched messages of the day at the top of the region join its section there, and
 * when the region's last day is the live region's first, the live section's heading is hidden
 * (class `continues-live` on the region; {@link markContinuedDay}). The reader keeps their place
 * without the browser's scroll anchoring: the first message in view is measured before and after
 * the insertion, and the scroll position is corrected by the difference in the same task.
 * @param {HTMLElement} container the live region, with `data-older`.
 */
export function enableLoadOlder(container) {
  const document = container.ownerDocument;
  const button = create(document, 'button', { type: 'button', className: 'load-older' }, 'Load older messages');
  const list = create(document, 'div', { className: 'older-messages' });
  const region = create(document, 'section', { className: 'older' }, button, list);
  region.setAttribute('aria-label', 'Older messages');
  container.before(region);
  olderRegions.set(container, region);
  button.addEventListener('click', async () => {
    const oldest = list.querySelector('article[id]') ?? container.querySelector('article[id]');
    if (!oldest) return;
    button.disabled = true;
    try {
      const response = await fetch(container.dataset.older + encodeURIComponent(messageID(oldest.id)));
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const template = document.createElement('template');
      template.innerHTML = await response.text();
      for (const section of template.content.querySelectorAll('section[id]')) {
        section.dataset.day = section.id;
        section.removeAttribute('id');
      }
      if (!template.content.querySelector('article')) {
        button.textContent = 'No older messages';
        return;
      }
      keepingPlace(container, [list, container], () => prependOlder(list, template.content));
      button.disabled = false;
    } catch {
      button.disabled = false;
    }
  });
}

/**
 * Puts fetched day sections first in the region's list; the last one, when it is the day the list
 * starts with, gives its messages to that section (after its heading) instead.
 */
function prependOlder(list, fragment) {
  const sections = fragment.querySelectorAll('section.day');
  const last = sections[sections.length - 1];
  const first = list.querySelector(':scope > section.day');
  if (last && first && last.dataset.day === first.dataset.day) {
    const heading = first.firstElementChild;
    heading.after(...Array.from(last.children).slice(1));
    last.remove();
  }
  list.prepend(fragment);
}

/**
 * Runs `change`, then scrolls so that the first message in view (of the messages in `roots`, in
 * document order) is where it was; whatever the browser's scroll anchoring did, in the same task.
 * The place is held while the first root changes size later (its images load) until the reader
 * scrolls.
 */
function keepingPlace(container, roots, change) {
  const element = scroller(container);
  const messages = roots.flatMap((root) => Array.from(root.querySelectorAll('article[id]')));
  const { anchor, top } = firstInView(element, messages);
  const pinned = isPinned(container, element);
  change();
  markContinuedDay(container);
  restoreScroll({ container, element, atBottom: false, anchor, top });
  const follower = followers.get(container);
  if (pinned && follower) follower.pinnedTop = element.scrollTop;
  if (anchor) holdPlace(container, element, roots[0], anchor, top);
}

/**
 * Keeps `anchor` at `top` (its top in the viewport) while `target` changes size, until the reader
 * (or another change) scrolls: the browser's scroll anchoring does that where it exists. The
 * correction runs in the resize observer, before the frame is painted.
 */
function holdPlace(container, element, target, anchor, top) {
  holds.get(container)?.disconnect();
  let expected = element.scrollTop;
  const observer = new ResizeObserver(() => {
    if (!anchor.isConnected || Math.abs(element.scrollTop - expected) >= 1) return void observer.disconnect();
    const delta = anchor.getBoundingClientRect().top - top;
    if (Math.abs(delta) < 0.5) return;
    element.scrollTop += delta;
    expected = element.scrollTop;
  });
  observer.observe(target);
  holds.set(container, observer);
}

/**
 * Marks the region of older messages `continues-live` when its last day is the live region's
 * first, so that day shows one heading (the region's, at the top of the day): the stylesheet
 * hides the live section's. Called after every change to either.
 */
function markContinuedDay(container) {
  const region = olderRegions.get(container);
  if (!region) return;
  const sections = region.querySelectorAll('.older-messages > section.day');
  const lastDay = sections[sections.length - 1]?.dataset.day;
  const firstLive = container.firstElementChild;
  region.classList.toggle('continues-live', lastDay !== undefined && lastDay === firstLive?.id);
}

/** A new element `tag` with the given properties and children (nodes or text). */
function create(document, tag, properties, ...children) {
  const element = Object.assign(document.createElement(tag), properties);
  element.append(...children);
  return element;
}

/** The message id behind a DOM id `m-…` (`.XX` stands for the UTF-8 byte 0xXX). */
function messageID(domID) {
  const bytes = [];
  const encoded = domID.slice(2);
  for (let index = 0; index < encoded.length; index += 1) {
    if (encoded[index] === '.') {
      bytes.push(parseInt(encoded.slice(index + 1, index + 3), 16));
      index += 2;
    } else {
      bytes.push(encoded.charCodeAt(index));
    }
  }
  return new TextDecoder().decode(new Uint8Array(bytes));
}

const transcript = document.getElementById('transcript');
if (transcript?.dataset.stream && transcript.dataset.version !== undefined && !transcript[STREAM]) {
  if (pageProtocol(transcript) !== PROTOCOL_VERSION) {
    reload(transcript, pageProtocol(transcript));
  } else {
    followNewest(transcript);
    connect(transcript, transcript.dataset.stream);
    if (transcript.dataset.older) enableLoadOlder(transcript);
  }
}
