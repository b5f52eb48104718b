"""The live client's connection state and resync rules in headless Chromium: the status element
and the title prefix through connecting, live, reconnecting (with back-off delays), offline and a
server that stopped; a slow network (DevTools network emulation); a server killed and started
again on the same port; `reset` batches that always apply and bring their epoch; batches of
another epoch; an insert of an id already on the page.

Scripted pages load probe.js before parley.js: Math.random returns 1 (every delay is its
ceiling), setTimeout records delays of a second or more and waits them `?speed=N` times faster,
and every change of the status element or the title is recorded in `window.states`."""

import re
import signal
import threading
import time
import urllib.request
from http.server import ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

import pytest

import browser
from test_stream import CASE, Handler, ScriptedStream, event, live_page, serve  # noqa: F401 (serve is a fixture)

TITLE = 'general · March 2024 · Parley Sample'
STOP = b'event: stop\ndata: {}\n\n'
# Math.random returns 1, and every change of the status element or title goes to `states`
# ([text, data-state, title, time]) once parley.js shows a state.
RECORD_STATES = """
Math.random = () => 1;
window.states = [];
const record = () => {
  const status = document.getElementById('live-status');
  if (!status?.dataset.state) return;
  const state = [status.textContent, status.dataset.state, document.title];
  const last = states.at(-1);
  if (!last || state.some((value, index) => value !== last[index])) states.push([...state, performance.now()]);
};
new MutationObserver(record).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
"""
# setTimeout records delays of a second or more in `delays` and waits them `?speed=N` times faster.
FAST_TIMERS = """
const speed = Number(new URLSearchParams(location.search).get('speed') ?? 1);
window.delays = [];
const wait = window.setTimeout.bind(window);
window.setTimeout = (callback, delay = 0, ...rest) => {
  if (delay >= 1000) window.delays.push(delay);
  return wait(callback, delay >= 1000 ? delay / speed : delay, ...rest);
};
"""
PROBE_JS = RECORD_STATES + FAST_TIMERS + """
window.events = [];
const main = document.getElementById('transcript');
for (const name of ['parley:resync', 'parley:epoch']) {
  main?.addEventListener(name, (event) => events.push([name, event.detail.reason ?? event.detail.epoch]));
}
"""
SKIP = ['data-version', 'data-stream', 'data-protocol', 'data-epoch', 'aria-relevant']


class ProbeHandler(Handler):
    """The scripted server's handler, which also serves probe.js and records each stream
    request's query (`since`, `epoch`)."""

    def do_GET(self):
        url = urlsplit(self.path)
        if url.path == '/probe.js':
            return self.reply('text/javascript', PROBE_JS.encode())
        if url.path == '/events':
            self.server.queries.append({key: values[0] for key, values in parse_qs(url.query).items()})
        super().do_GET()


@pytest.fixture
def scripted(serve):  # noqa: F811
    def start(pages, scripts, port=0):
        server = serve(pages, scripts) if port == 0 else started(ScriptedOn(port, pages, scripts))
        server.RequestHandlerClass = ProbeHandler
        server.queries = []
        return server

    return start


class ScriptedOn(ScriptedStream):
    """A scripted server on a given port (another one's, after that one died)."""

    def __init__(self, port, pages, scripts):
        ThreadingHTTPServer.__init__(self, ('127.0.0.1', port), ProbeHandler)
        self.pages, self.scripts = pages, scripts
        self.requests = []
        self.page_requests = 0
        self.stop = threading.Event()


def started(server):
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def kill(server):
    """Ends every held stream and closes the listening socket: the server is gone."""
    server.stop.set()
    server.shutdown()
    server.server_close()


def page(name='initial.html', epoch=None, version=None, extra=''):
    html = live_page(name).replace('<script type="module" src="/watch.js">',
                                   '<script type="module" src="/probe.js"></script><script type="module" src="/watch.js">', 1)
    if epoch:
        html = html.replace('<main id="transcript"', f'<main id="transcript" data-epoch="{epoch}"', 1)
    if version:
        html = re.sub(r'data-version="\d+"', f'data-version="{version}"', html, count=1)
    return html.replace('</main>', extra + '</main>', 1)


def transcript_inner(name):
    html = (CASE / name).read_text(encoding='utf-8')
    return re.search(r'<main id="transcript"[^>]*>(.*)</main>', html, re.S).group(1)


def until(driver, script, expected, timeout=15, message=''):
    deadline = time.monotonic() + timeout
    while (value := driver.execute_script(script)) != expected:
        assert time.monotonic() < deadline, f'{message or script}: {value!r}, not {expected!r}'
        time.sleep(0.05)


def state_is(driver, text, timeout=15):
    until(driver, "return document.getElementById('live-status')?.textContent", text, timeout)


def states(driver):
    return [state[:3] for state in driver.execute_script('return states')]


def assert_final(driver, name='final.html'):
    final = (CASE / name).read_text(encoding='utf-8')
    live, expected = driver.execute_async_script("""
        const [final, skip, done] = arguments;
        import('/canonical.js').then(({canonical, parsedTranscript}) =>
          done([canonical(document.getElementById('transcript'), {skip}), canonical(parsedTranscript(final), {skip})]));""",
                                                 final, SKIP)
    assert live == expected, browser.first_difference(live, expected)


def live():
    return ['Live', 'live', TITLE]


def reconnecting(seconds=None):
    text = f'Reconnecting in {seconds} s…' if seconds else 'Reconnecting…'
    return [text, 'reconnecting', f'Reconnecting · {TITLE}']


CONNECTING = ['Connecting…', 'connecting', f'Connecting · {TITLE}']
OFFLINE = ['Offline: waiting for the network…', 'offline', f'Offline · {TITLE}']


def stopped(seconds=None):
    text = f'The server has stopped. Trying again in {seconds} s…' if seconds else 'The server has stopped. Trying again…'
    return [text, 'stopped', f'Stopped · {TITLE}']


def test_the_status_and_title_follow_failed_streams_with_growing_delays_reset_when_a_stream_opens(driver, scripted):
    batches = browser.read_batches(CASE)
    server = scripted([page()], [[event(batches[0])], 503, [event(batches[1])], [event(batches[2]), event(batches[3]), 'hold']])
    driver.get(server.origin + '/page.html?speed=4')
    until(driver, "return document.getElementById('transcript').dataset.version", '5')
    state_is(driver, 'Live')
    assert states(driver) == [CONNECTING, live(), reconnecting(1), reconnecting(), reconnecting(2), reconnecting(), live(),
                              reconnecting(1), reconnecting(), live()]
    assert driver.execute_script('return delays') == [1000, 2000, 1000]
    assert server.queries == [{'since': '1'}, {'since': '2'}, {'since': '2'}, {'since': '3'}]
    assert driver.execute_script("""const status = document.getElementById('live-status');
        return [status.getAttribute('role'), status.getAttribute('aria-live'), status.nextElementSibling.id]""") == \
        ['status', 'polite', 'transcript']
    assert_final(driver)


def test_the_servers_stop_event_shows_it_stopped_and_retries_every_30_seconds_until_it_is_back(driver, scripted):
    batches = browser.read_batches(CASE)
    server = scripted([page()], [[event(batches[0]), STOP, 'hold'], 503, [event(batches[1]), event(batches[2]), event(batches[3]), 'hold']])
    driver.get(server.origin + '/page.html?speed=20')
    state_is(driver, 'The server has stopped. Trying again in 30 s…')
    until(driver, "return document.getElementById('transcript').dataset.version", '5')
    state_is(driver, 'Live')
    assert states(driver) == [CONNECTING, live(), stopped(30), stopped(), stopped(30), stopped(), live()]
    assert driver.execute_script('return delays') == [30000, 30000], 'no faster retries after a stop'
    assert server.queries == [{'since': '1'}, {'since': '2'}, {'since': '2'}]
    assert_final(driver)


@pytest.fixture
def network(driver):
    """DevTools network emulation on the session's Chromium, back to normal afterwards."""
    driver.execute_cdp_cmd('Network.enable', {})

    def emulate(offline=False, latency=0, throughput=-1):
        driver.execute_cdp_cmd('Network.emulateNetworkConditions', {
            'offline': offline, 'latency': latency, 'downloadThroughput': throughput, 'uploadThroughput': throughput})

    yield emulate
    emulate()
    driver.execute_cdp_cmd('Network.disable', {})


def test_offline_shows_it_makes_no_attempt_and_reconnects_from_its_version_when_online(driver, scripted, network):
    batches = browser.read_batches(CASE)
    server = scripted([page()], [[event(batches[0]), 'hold'], [event(batches[1]), event(batches[2]), event(batches[3]), 'hold']])
    driver.get(server.origin + '/page.html')
    until(driver, "return document.getElementById('transcript').dataset.version", '2')
    state_is(driver, 'Live')
    network(offline=True)
    state_is(driver, 'Offline: waiting for the network…')
    assert driver.execute_script('return navigator.onLine') is False
    time.sleep(2.5)
    assert len(server.queries) == 1, f'no attempt while offline: {server.queries}'
    network(offline=False)
    until(driver, "return document.getElementById('transcript').dataset.version", '5')
    state_is(driver, 'Live')
    history = states(driver)
    assert history[:2] == [CONNECTING, live()]
    assert history[history.index(OFFLINE):] == [OFFLINE, reconnecting(), live()]
    assert server.queries == [{'since': '1'}, {'since': '2'}]
    assert_final(driver)


def test_on_a_slow_network_the_status_waits_for_the_stream_and_the_page_converges(driver, scripted, network):
    batches = browser.read_batches(CASE)
    server = scripted([page()], [[event(batches[0])], [event(batches[1]), event(batches[2]), event(batches[3]), 'hold']])
    network(latency=1500, throughput=20_000)
    driver.get(server.origin + '/page.html')
    until(driver, "return document.getElementById('transcript').dataset.version", '5', timeout=30)
    state_is(driver, 'Live')
    recorded = driver.execute_script('return states')
    assert [state[:3] for state in recorded] == [CONNECTING, live(), reconnecting(1), reconnecting(), live()]
    connecting_ms = recorded[1][3] - recorded[0][3]
    attempt_ms = recorded[4][3] - recorded[3][3]
    assert connecting_ms >= 1400 and attempt_ms >= 1400, f'the emulated latency: {connecting_ms:.0f} ms, {attempt_ms:.0f} ms'
    assert server.queries == [{'since': '1'}, {'since': '2'}]
    assert_final(driver)


def test_a_killed_scripted_server_started_again_on_its_port_is_picked_up_and_the_page_converges(driver, scripted):
    batches = browser.read_batches(CASE)
    first = scripted([page()], [[event(batches[0]), 'hold']])
    driver.get(first.origin + '/page.html?speed=4')
    until(driver, "return document.getElementById('transcript').dataset.version", '2')
    state_is(driver, 'Live')
    kill(first)
    state_is(driver, 'Reconnecting in 2 s…')  # the first attempt failed: nobody listens
    second = scripted([page()], [[event(batches[1]), event(batches[2]), event(batches[3]), 'hold']], port=first.server_address[1])
    until(driver, "return document.getElementById('transcript').dataset.version", '5')
    state_is(driver, 'Live')
    history = states(driver)
    assert history[:6] == [CONNECTING, live(), reconnecting(1), reconnecting(), reconnecting(2), reconnecting()]
    assert history[-1] == live()
    assert second.queries == [{'since': '2'}]
    assert_final(driver)


def test_a_reset_applies_whatever_its_version_and_the_stream_reopens_with_its_epoch(driver, scripted):
    batches = [dict(batch, e='bbbb') for batch in browser.read_batches(CASE)]
    reset = {'v': 1, 'base': 0, 'p': 2, 'e': 'bbbb', 'ops': [['reset', transcript_inner('initial.html')]]}
    stale = '<section class="day" id="d-stale"><h2 class="day-label">Stale</h2></section>'
    server = scripted([page(epoch='aaaa', version='9', extra=stale)], [[event(reset), 'hold'], [b''.join(map(event, batches)), 'hold']])
    driver.get(server.origin + '/page.html')
    until(driver, "return document.getElementById('transcript').dataset.version", '5')
    assert server.queries == [{'since': '9', 'epoch': 'aaaa'}, {'since': '1', 'epoch': 'bbbb'}]
    assert driver.execute_script("return [document.getElementById('transcript').dataset.epoch, events]") == \
        ['bbbb', [['parley:epoch', 'bbbb']]]
    assert_final(driver)


def test_a_batch_of_another_epoch_is_not_applied_and_resyncs_with_the_pages_epoch(driver, scripted):
    batches = [dict(batch, e='cccc') for batch in browser.read_batches(CASE)]
    reset = {'v': 1, 'base': 0, 'p': 2, 'e': 'cccc', 'ops': [['reset', transcript_inner('initial.html')]]}
    server = scripted([page(epoch='aaaa')], [[event(batches[0]), 'hold'], [b''.join(map(event, [reset, *batches])), 'hold']])
    driver.get(server.origin + '/page.html')
    until(driver, "return document.getElementById('transcript').dataset.version", '5')
    assert driver.execute_script("return [document.getElementById('transcript').dataset.epoch, events]") == \
        ['cccc', [['parley:resync', 'epoch'], ['parley:epoch', 'cccc']]]
    deadline = time.monotonic() + 10
    while len(server.queries) < 3:
        assert time.monotonic() < deadline, f'no reconnect with the new epoch: {server.queries}'
        time.sleep(0.05)
    assert server.queries == [{'since': '1', 'epoch': 'aaaa'}, {'since': '1', 'epoch': 'aaaa'}, {'since': '5', 'epoch': 'cccc'}]
    assert states(driver) == [CONNECTING, live()], 'a resync is not shown as a reconnect'
    assert_final(driver)


def test_a_fresh_copy_of_the_page_after_a_failed_operation_brings_its_epoch(driver, scripted):
    batches = [dict(batch, e='aaaa') for batch in browser.read_batches(CASE)]
    broken = {'p': 2, 'v': 3, 'base': 2, 'e': 'aaaa', 'ops': [['a', 'm-404', 'class', 'x']]}
    server = scripted([page(epoch='aaaa'), page('final.html', epoch='dddd')], [[event(batches[0]), event(broken), 'hold'], ['hold']])
    driver.get(server.origin + '/page.html')
    until(driver, 'return window.events.length', 2)
    until(driver, 'return document.getElementById("transcript").dataset.version', '5')
    deadline = time.monotonic() + 10
    while len(server.queries) < 2:
        assert time.monotonic() < deadline, f'no reconnect: {server.queries}'
        time.sleep(0.05)
    assert server.queries == [{'since': '1', 'epoch': 'aaaa'}, {'since': '5', 'epoch': 'dddd'}]
    assert driver.execute_script("return [document.getElementById('transcript').dataset.epoch, events]") == \
        ['dddd', [['parley:resync', 'error'], ['parley:epoch', 'dddd']]]
    assert_final(driver)


APPLY = """
const [batches] = arguments;
const main = document.getElementById('transcript');
window.resyncs = [];
main.addEventListener('parley:resync', (event) => resyncs.push(event.detail.reason));
return batches.map((batch) => parley.applyBatch(main, batch));
"""


def test_reset_and_epoch_rules_of_apply_batch(driver):
    browser.open_page(driver, CASE / 'initial.html')
    driver.execute_script("document.getElementById('transcript').dataset.epoch = 'aaaa'")
    batches = browser.read_batches(CASE)
    stale_other = dict(batches[0], v=1, base=0, e='bbbb')
    assert driver.execute_script(APPLY, [stale_other]) == [False]
    assert driver.execute_script('return resyncs') == ['epoch'], 'another epoch resyncs even when its version is stale'
    assert driver.execute_script(APPLY, [dict(batches[0], e='aaaa'), dict(batches[1])]) == [True, True]
    reset = {'v': 2, 'base': 7, 'p': 2, 'e': 'bbbb', 'ops': [['reset', transcript_inner('final.html')]]}
    assert driver.execute_script(APPLY, [reset]) == [True]
    assert driver.execute_script("""const main = document.getElementById('transcript');
        return [main.dataset.version, main.dataset.epoch, resyncs]""") == ['2', 'bbbb', []]
    assert driver.execute_script(APPLY, [dict(batches[0], e='bbbb')]) == [False], 'stale within the new epoch'
    assert driver.execute_script('return resyncs') == []


INSERT_AGAIN = """
const [id, anchor, html] = arguments;
const main = document.getElementById('transcript');
const old = document.getElementById(id);
const section = old.closest('section').id;
const expected = main.cloneNode(true);
expected.querySelector('#' + CSS.escape(id)).remove();
const template = document.createElement('template');
template.innerHTML = html;
expected.querySelector('#' + CSS.escape(anchor)).after(template.content);
const version = Number(main.dataset.version);
const applied = parley.applyBatch(main, {v: version + 1, base: version, p: 2, ops: [['i', id, section, anchor, html]]});
const skip = ['data-version'];
const element = document.getElementById(id);
return [applied, main.querySelectorAll('#' + CSS.escape(id)).length, old.isConnected, element.previousElementSibling.id,
        element.outerHTML, harness.canonical(main, {skip}) === harness.canonical(expected, {skip})];
"""


def test_an_insert_of_an_id_on_the_page_replaces_it_at_the_anchor_with_the_new_content(driver):
    browser.open_page(driver, CASE / 'initial.html')
    ids = driver.execute_script("return [...document.querySelectorAll('#transcript article')].map((a) => a.id)")
    first, last = ids[0], ids[-1]
    html = f'<article class="msg pos-only" id="{first}"><div class="msg-text" data-slot="text" dir="auto">Corrected</div></article>'
    assert driver.execute_script(INSERT_AGAIN, first, last, html) == [True, 1, False, last, html, True]


def test_an_insert_whose_anchor_is_the_element_it_replaces_fails_and_keeps_it(driver):
    browser.open_page(driver, CASE / 'initial.html')
    first = driver.execute_script("return document.querySelector('#transcript article').id")
    html = f'<article class="msg" id="{first}">new</article>'
    result = driver.execute_script("""
        const [id, html] = arguments;
        const main = document.getElementById('transcript');
        const old = document.getElementById(id);
        const resyncs = [];
        main.addEventListener('parley:resync', (event) => resyncs.push(event.detail.reason));
        const section = old.closest('section').id;
        const applied = parley.applyBatch(main, {v: 2, base: 1, p: 2, ops: [['i', id, section, id, html]]});
        return [applied, old.isConnected, document.getElementById(id) === old, resyncs];""", first, html)
    assert result == [False, True, True, ['error']]


def start_demo(port=0):
    process, url = browser.start_serving('--demo', port=port)
    return process, url, urlsplit(url).port


@pytest.fixture
def probe_on_new_documents(driver):
    """States recorded (and timers `?speed=N` times faster) on every page the driver opens."""
    driver.execute_cdp_cmd('Page.enable', {})
    identifier = driver.execute_cdp_cmd('Page.addScriptToEvaluateOnNewDocument', {'source': RECORD_STATES + FAST_TIMERS})['identifier']
    yield
    driver.execute_cdp_cmd('Page.removeScriptToEvaluateOnNewDocument', {'identifier': identifier})


def test_parley_serve_killed_then_started_again_on_its_port(driver, probe_on_new_documents):
    processes = []
    try:
        process, url, port = start_demo()
        processes.append(process)
        channel = re.search(r'href="(/c/[^"]+)"', urllib.request.urlopen(url, timeout=10).read().decode()).group(1)
        driver.get(url.rstrip('/') + channel)
        title = driver.execute_script('return document.title')
        until(driver, "return document.getElementById('live-status').textContent", 'Live')
        assert driver.execute_script("""const status = document.getElementById('live-status');
            return [status.parentElement.className, status.getAttribute('role'), status.getAttribute('aria-live'), document.title]""") == \
            ['page-header', 'status', 'polite', title]
        assert not title.startswith('Connecting')
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=10)
        until(driver, "return document.getElementById('live-status').textContent", 'Reconnecting in 2 s…')
        assert driver.execute_script('return document.title') == f'Reconnecting · {title}'
        process, _, _ = start_demo(port)
        processes.append(process)
        until(driver, "return document.getElementById('live-status').textContent", 'Live', timeout=20)
        assert driver.execute_script('return document.title') == title
        history = [state[:3] for state in driver.execute_script('return states')]
        base = [['Connecting…', 'connecting', f'Connecting · {title}'], ['Live', 'live', title],
                ['Reconnecting in 1 s…', 'reconnecting', f'Reconnecting · {title}'], ['Reconnecting…', 'reconnecting', f'Reconnecting · {title}'],
                ['Reconnecting in 2 s…', 'reconnecting', f'Reconnecting · {title}']]
        assert history[:5] == base and history[-1] == ['Live', 'live', title]
        browser.until_server_page(driver)
    finally:
        for each in processes:
            if each.poll() is None:
                each.kill()
                each.wait()
