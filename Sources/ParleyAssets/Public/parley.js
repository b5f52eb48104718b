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
 * Runs `change`, then restores what it disturbed: focus, a text field's caret, the selection,
 * and the scroll position — at the bottom if the reader was there, else with the first message
 * in view where it was.
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
  const range = inside && [
    savePoint(container, selection.anchorNode, selection.anchorOffset),
    savePoint(container, selection.focusNode, selection.focusOffset),
  ];
  const scroll = saveScroll(container);

  const result = change();

  if (focusPoint && document.activeElement !== focused) {
    revive(container, focusPoint)[0]?.focus({ preventScroll: true });
  }
  const caretMoved = field && (field.selectionStart !== caret[0] || field.selectionEnd !== caret[1]);
  if (caretMoved && document.activeElement === field) field.setSelectionRange(...caret);
  if (range) {
    const [[anchorNode, anchorOffset], [focusNode, focusOffset]] = range.map((point) => revive(container, point));
    const moved = selection.anchorNode !== anchorNode || selection.anchorOffset !== anchorOffset ||
      selection.focusNode !== focusNode || selection.focusOffset !== focusOffset;
    if (anchorNode && focusNode && moved) selection.setBaseAndExtent(anchorNode, anchorOffset, focusNode, focusOffset);
  }
  restoreScroll(scroll);
  return result;
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

/** Whether the reader is at the bottom; if not, the first message in view and its top (binary search). */
function saveScroll(container) {
  const element = scroller(container);
  const atBottom = element.scrollHeight - element.clientHeight - element.scrollTop <= BOTTOM_SLACK;
  if (atBottom) return { element, atBottom };
  const viewTop = element === container.ownerDocument.scrollingElement ? 0 : element.getBoundingClientRect().top;
  const messages = container.querySelectorAll('article[id]');
  let low = 0;
  for (let high = messages.length; low < high;) {
    const middle = (low + high) >> 1;
    if (messages[middle].getBoundingClientRect().bottom <= viewTop) low = middle + 1;
    else high = middle;
  }
  return { element, atBottom: false, id: messages[low]?.id, top: messages[low]?.getBoundingClientRect().top };
}

function restoreScroll({ element, atBottom, id, top }) {
  if (atBottom) return void (element.scrollTop = element.scrollHeight);
  const anchor = id ? element.ownerDocument.getElementById(id) : null;
  const delta = anchor ? anchor.getBoundingClientRect().top - top : 0;
  if (Math.abs(delta) >= 1) element.scrollTop += delta;
}

/**
 * Adds a "Load older messages" button above the live region. Each click fetches, as static HTML,
 * the messages before the oldest one shown (`GET data-older + messageID`) and puts them in a
 * region of their own above `#transcript`, so patches never touch them. Their day sections lose
 * their ids, which stay unique to the live region.
 * @param {HTMLElement} container the live region, with `data-older`.
 */
export function enableLoadOlder(container) {
  const document = container.ownerDocument;
  const region = document.createElement('section');
  region.className = 'older';
  region.setAttribute('aria-label', 'Older messages');
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'load-older';
  button.textContent = 'Load older messages';
  const list = document.createElement('div');
  list.className = 'older-messages';
  region.append(button, list);
  container.before(region);
  button.addEventListener('click', async () => {
    const oldest = list.querySelector('article[id]') ?? container.querySelector('article[id]');
    if (!oldest) return;
    button.disabled = true;
    try {
      const response = await fetch(container.dataset.older + encodeURIComponent(messageID(oldest.id)));
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const template = document.createElement('template');
      template.innerHTML = await response.text();
      template.content.querySelectorAll('section[id]').forEach((section) => section.removeAttribute('id'));
      if (!template.content.querySelector('article')) {
        button.textContent = 'No older messages';
        return;
      }
      list.prepend(template.content);
      button.disabled = false;
    } catch {
      button.disabled = false;
    }
  });
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
    connect(transcript, transcript.dataset.stream);
    if (transcript.dataset.older) enableLoadOlder(transcript);
  }
}
