"""parley.js against a scripted Server-Sent Events stream on 127.0.0.1: auto-start from the
page's data-stream and data-version, `?since=V` on the first request and on the client's own
reconnects (the version it reached; it does not leave reconnecting to the browser), a gap that makes the client reconnect with its own version, and a page
whose Content-Security-Policy allows only 'self' scripts and connections."""

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

import pytest

import browser

CASE = browser.FIXTURES / 'edit-and-stream'
WATCH_JS = """window.violations = [];
document.addEventListener('securitypolicyviolation', (event) => window.violations.push(event.violatedDirective));
"""


def event(batch, retry=None):
    prefix = f'retry: {retry}\n' if retry else ''
    return f'{prefix}id: {batch["v"]}\nevent: patch\ndata: {json.dumps(batch)}\n\n'.encode()


class ScriptedStream(ThreadingHTTPServer):
    """Serves the page (request n gets pages[n], the last one after that), the scripts and
    /events, whose connection n plays scripts[n] (or answers with that HTTP status)."""

    daemon_threads = True

    def __init__(self, pages, scripts):
        super().__init__(('127.0.0.1', 0), Handler)
        self.pages, self.scripts = pages, scripts
        self.requests = []
        self.page_requests = 0
        self.stop = threading.Event()

    @property
    def origin(self):
        return f'http://127.0.0.1:{self.server_address[1]}'


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *arguments):
        pass

    def reply(self, kind, body):
        self.send_response(200)
        self.send_header('Content-Type', kind)
        self.send_header('Content-Length', str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urlsplit(self.path)
        files = {'/public/parley.js': browser.PARLEY_JS, '/canonical.js': browser.HERE / 'canonical.js'}
        if url.path == '/page.html':
            pages = self.server.pages
            self.reply('text/html; charset=utf-8', pages[min(self.server.page_requests, len(pages) - 1)].encode())
            self.server.page_requests += 1
        elif url.path == '/watch.js':
            self.reply('text/javascript', WATCH_JS.encode())
        elif url.path in files:
            self.reply('text/javascript', files[url.path].read_bytes())
        elif url.path == '/events':
            since = parse_qs(url.query).get('since', [None])[0]
            self.server.requests.append((since, self.headers.get('Last-Event-ID')))
            number = len(self.server.requests) - 1
            script = self.server.scripts[number] if number < len(self.server.scripts) else ['hold']
            if isinstance(script, int):
                return self.send_error(script)
            self.send_response(200)
            self.send_header('Content-Type', 'text/event-stream')
            self.send_header('Cache-Control', 'no-store')
            self.end_headers()
            for chunk in script:
                if chunk == 'hold':
                    self.server.stop.wait(15)
                else:
                    self.wfile.write(chunk)
                    self.wfile.flush()
        else:
            self.send_error(404)


def live_page(name='initial.html'):
    """A page of the case as `parley serve` would send it: a stream URL, the client script, and
    a policy that allows connections to 'self'."""
    page = (CASE / name).read_text(encoding='utf-8')
    page = page.replace('<main id="transcript"', '<main id="transcript" data-stream="/events" data-protocol="2"', 1)
    page = page.replace("form-action &#39;none&#39;", "form-action &#39;none&#39;; connect-src &#39;self&#39;", 1)
    scripts = '<script type="module" src="/watch.js"></script><script type="module" src="/public/parley.js"></script>'
    return page.replace('</body>', scripts + '</body>', 1)


@pytest.fixture
def serve():
    servers = []

    def start(pages, scripts):
        server = ScriptedStream(pages, scripts)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        servers.append(server)
        return server

    yield start
    for server in servers:
        server.stop.set()
        server.shutdown()
        server.server_close()


def wait_for_version(driver, server, version):
    deadline = time.monotonic() + 10
    while driver.execute_script("return document.getElementById('transcript').dataset.version") != version:
        assert time.monotonic() < deadline, f'stuck; requests so far: {server.requests}'
        time.sleep(0.05)


def assert_final(driver):
    """The live transcript is the browser's parse of the case's final page."""
    final = (CASE / 'final.html').read_text(encoding='utf-8')
    live, expected, relevant, violations = driver.execute_async_script("""
        const [final, done] = arguments;
        import('/canonical.js').then(({canonical, parsedTranscript}) => {
          const main = document.getElementById('transcript');
          const skip = ['data-version', 'data-stream', 'data-protocol', 'aria-relevant'];
          done([canonical(main, {skip}), canonical(parsedTranscript(final), {skip}), main.getAttribute('aria-relevant'),
                window.violations]);
        });""", final)
    assert live == expected, browser.first_difference(live, expected)
    assert (relevant, violations) == ('additions', [])


def test_the_page_streams_resyncs_after_a_gap_and_converges(driver, serve):
    batches = browser.read_batches(CASE)
    gap = {'p': 2, 'v': 10, 'base': 9, 'ops': []}
    server = serve([live_page()], [
        [event(batches[0], retry=100)],  # then the server closes: the client reconnects from version 2
        [event(batches[1]), event(gap), 'hold'],  # the gap makes the client reconnect
        [event(batches[2]), event(batches[3]), 'hold'],
    ])
    driver.get(server.origin + '/page.html')
    wait_for_version(driver, server, '5')
    assert server.requests == [('1', None), ('2', None), ('3', None)]
    assert_final(driver)


def test_a_failed_operation_fetches_the_page_again_and_streams_from_its_version(driver, serve):
    batches = browser.read_batches(CASE)
    broken = {'p': 2, 'v': 3, 'base': 2, 'ops': [['a', 'm-404', 'class', 'x']]}
    server = serve([live_page(), live_page('final.html')], [[event(batches[0]), event(broken), 'hold'], ['hold']])
    driver.get(server.origin + '/page.html')
    wait_for_version(driver, server, '5')
    deadline = time.monotonic() + 10
    while len(server.requests) < 2:
        assert time.monotonic() < deadline, f'no reconnect; requests so far: {server.requests}'
        time.sleep(0.05)
    assert (server.requests, server.page_requests) == ([('1', None), ('5', None)], 2)
    assert_final(driver)


def test_a_batch_of_another_protocol_version_reloads_the_page_which_streams_on(driver, serve):
    batches = browser.read_batches(CASE)
    server = serve([live_page(), live_page()], [[event(dict(batches[0], p=3)), 'hold'], [event(batches[0]), 'hold']])
    driver.get(server.origin + '/page.html')
    wait_for_version(driver, server, '2')
    assert (server.requests, server.page_requests) == ([('1', None), ('1', None)], 2)


def test_a_page_of_another_protocol_version_reloads_before_it_streams(driver, serve):
    batches = browser.read_batches(CASE)
    stale = live_page().replace(' data-protocol="2"', ' data-protocol="1"', 1)
    server = serve([stale, live_page()], [[event(batches[0]), 'hold']])
    driver.get(server.origin + '/page.html')
    wait_for_version(driver, server, '2')
    assert (server.requests, server.page_requests) == ([('1', None)], 2)


def test_a_stream_refused_with_an_http_error_is_opened_again(driver, serve):
    batches = browser.read_batches(CASE)
    server = serve([live_page()], [503, [event(batches[0]), 'hold']])
    driver.get(server.origin + '/page.html')
    wait_for_version(driver, server, '2')
    assert server.requests == [('1', None), ('1', None)]
