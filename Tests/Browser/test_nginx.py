"""The README's nginx example (docs/nginx-parley.conf, shown in the README byte for byte) in front
of a real `parley serve`: Debian's nginx runs unprivileged on 127.0.0.1 on a free port, with its
prefix, pid file, logs and temporary folders in a temporary folder. Pages load through it, the
`Host` a viewer sent reaches parley's check (`--allowed-hosts`), and a post through nginx reaches
an event stream through nginx within 2 s while the stream stays open — in headless Chromium too.
(nginx 1.22 passes the stream's small writes on at once even with `proxy_buffering on` and the
`X-Accel-Buffering` header ignored, so timing cannot show what that header adds; the Swift
tests check that streams send it.)

Without nginx the tests skip, unless CI=true: then they fail. The binary is
`browser.parley_binary()`."""

import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

import browser

CONFIG = browser.ROOT / 'docs' / 'nginx-parley.conf'
README = browser.ROOT / 'README.md'
SAMPLE = browser.ROOT / 'Samples' / 'sample.json'
CHANNEL = '900000000000000001'
HOST = 'chat.example.org'
TOKEN = 'nginx-test-token-0123456789'
PROMPT = 2.0  # seconds a batch may take from the post's reply to the viewer, through nginx

# What the test changes in the README's file: where parley and nginx listen. Each must occur once.
UPSTREAM = 'server 127.0.0.1:8080;'
LISTEN = 'listen 80;'
# The wrapper of the included file: everything nginx writes goes to the temporary prefix.
MAIN_CONFIG = """daemon off;
worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log info;
events {{ worker_connections 64; }}
http {{
    access_log {prefix}/access.log;
    client_body_temp_path {prefix}/client_body;
    proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi;
    uwsgi_temp_path {prefix}/uwsgi;
    scgi_temp_path {prefix}/scgi;
    include {prefix}/parley.conf;
}}
"""


def nginx_binary():
    for candidate in (shutil.which('nginx'), '/usr/sbin/nginx'):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    message = 'nginx is not installed (Debian: apt-get install nginx; ./scripts/test installs it)'
    if os.environ.get('CI') == 'true':
        pytest.fail(f'{message}, and CI=true: the proxy tests must run')
    pytest.skip(message)


def free_port():
    with socket.socket() as probe:
        probe.bind(('127.0.0.1', 0))
        return probe.getsockname()[1]


def wait_for_port(port, process, what, log=None):
    deadline = time.monotonic() + 10
    while True:
        try:
            socket.create_connection(('127.0.0.1', port), timeout=1).close()
            return
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            detail = log.read_text() if log and log.exists() else ''
            raise AssertionError(f'{what} did not listen on {port} (exit {process.poll()}): {detail}')
        time.sleep(0.05)


def readme_config():
    """The README's first ```nginx block (the second shows several servers, test_nginx_cluster.py)."""
    blocks = re.findall(r'```nginx\n(.*?)```', README.read_text(encoding='utf-8'), re.S)
    assert len(blocks) == 2, f'expected two ```nginx blocks in README.md, found {len(blocks)}'
    return blocks[0]


def proxy_config(parley_port, nginx_port, change=lambda text: text):
    """docs/nginx-parley.conf with parley's and nginx's ports, changed by `change`."""
    text = CONFIG.read_text(encoding='utf-8')
    for old in (UPSTREAM, LISTEN):
        assert text.count(old) == 1, f'{CONFIG.name} should have {old!r} once'
    text = text.replace(UPSTREAM, f'server 127.0.0.1:{parley_port};').replace(LISTEN, f'listen 127.0.0.1:{nginx_port};')
    return change(text)


class Nginx:
    """nginx in the foreground (`daemon off`) with the prefix `folder`."""

    def __init__(self, config_text):
        self.binary = nginx_binary()
        self.folder = Path(tempfile.mkdtemp(prefix='parley-nginx-'))
        # Run as root, nginx's worker is `nobody`: it must reach the temporary folders inside.
        self.folder.chmod(0o755)
        self.port = int(re.search(r'listen 127\.0\.0\.1:(\d+);', config_text).group(1))
        (self.folder / 'parley.conf').write_text(config_text, encoding='utf-8')
        (self.folder / 'nginx.conf').write_text(MAIN_CONFIG.format(prefix=self.folder), encoding='utf-8')
        self.error_log = self.folder / 'error.log'
        self.process = subprocess.Popen(
            [self.binary, '-p', f'{self.folder}/', '-c', str(self.folder / 'nginx.conf'), '-e', str(self.error_log)],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        try:
            wait_for_port(self.port, self.process, 'nginx', self.error_log)
        except BaseException:
            self.stop()
            raise

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGQUIT)  # graceful: the master waits for its worker
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


@pytest.fixture(scope='module')
def parley():
    nginx_binary()
    folder = Path(tempfile.mkdtemp(prefix='parley-nginx-serve-'))
    process = subprocess.Popen(
        [str(browser.parley_binary()), 'serve', str(SAMPLE), '--port', '0', '--db', str(folder / 'events.sqlite'),
         '--token', TOKEN, '--allowed-hosts', HOST, '--max-connections-per-ip', '0'],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        match = re.fullmatch(r'Serving \d+ channels? at http://127\.0\.0\.1:(\d+)/ \(Ctrl-C stops\)\n', line)
        assert match, f'no URL line: {line!r}; stderr: {process.stderr.read() if process.poll() is not None else ""}'
        process.port = int(match.group(1))
        yield process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope='module')
def proxy(parley):
    nginx = Nginx(proxy_config(parley.port, free_port()))
    yield nginx
    nginx.stop()


def request(port, method, path, host=HOST, body=None, headers=None):
    connection = http.client.HTTPConnection('127.0.0.1', port, timeout=10)
    try:
        connection.request(method, path, body=body, headers={'Host': host, **(headers or {})})
        response = connection.getresponse()
        return response.status, dict(response.getheaders()), response.read().decode()
    finally:
        connection.close()


def post(port, body):
    return request(port, 'POST', f'/c/{CHANNEL}/events', body=body.encode(),
                   headers={'Authorization': f'Bearer {TOKEN}', 'Content-Type': 'application/x-ndjson'})


def message(message_id, text):
    """A message record that leaves `channel` out, as the README's post does."""
    return json.dumps({'type': 'message', 'id': message_id, 'timestamp': '2024-03-10T12:00:00.000Z',
                       'author': {'id': 'bot', 'name': 'bot'}, 'content': text})


def page_version(port):
    status, _, page = request(port, 'GET', f'/c/{CHANNEL}')
    assert status == 200
    return int(re.search(r'data-version="(\d+)"', page).group(1))


class EventStream:
    """An event stream read from a raw socket: the response head, then the chunked body split
    into blocks at blank lines."""

    def __init__(self, port, path, host=HOST):
        self.socket = socket.create_connection(('127.0.0.1', port), timeout=10)
        self.socket.sendall(f'GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n'.encode())
        self.raw = b''
        while b'\r\n\r\n' not in self.raw:
            self.receive()
        head, self.raw = self.raw.split(b'\r\n\r\n', 1)
        lines = head.decode().split('\r\n')
        self.status = int(lines[0].split()[1])
        self.headers = {name.lower(): value for name, value in (line.split(': ', 1) for line in lines[1:])}
        self.text = ''

    def receive(self):
        data = self.socket.recv(65536)
        if not data:
            raise AssertionError('the stream was closed')
        self.raw += data

    def next_block(self, timeout):
        """The next block, or None when none arrives within `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while '\n\n' not in self.text:
            while (end := self.raw.find(b'\r\n')) >= 0 and len(self.raw) >= end + 2 + int(self.raw[:end], 16) + 2:
                size = int(self.raw[:end], 16)
                self.text += self.raw[end + 2:end + 2 + size].decode()
                self.raw = self.raw[end + 2 + size + 2:]
                assert size > 0, 'the stream ended'
            if '\n\n' in self.text:
                break
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            self.socket.settimeout(left)
            try:
                self.receive()
            except TimeoutError:
                return None
        block, self.text = self.text.split('\n\n', 1)
        return block.split('\n')

    def close(self):
        self.socket.close()


def next_event(stream, timeout):
    """The next block with an `id:` (heartbeats and hints skipped), or None within `timeout`."""
    deadline = time.monotonic() + timeout
    while (block := stream.next_block(max(0.0, deadline - time.monotonic()))) is not None:
        if any(line.startswith('id: ') for line in block):
            return block
    return None


def test_the_readme_shows_the_tested_config_file_exactly():
    assert readme_config() == CONFIG.read_text(encoding='utf-8')


def test_pages_load_through_nginx_and_parley_checks_the_forwarded_host(parley, proxy):
    for path in ['/', f'/c/{CHANNEL}', '/public/parley.js']:
        direct = request(parley.port, 'GET', path, host='127.0.0.1')
        proxied = request(proxy.port, 'GET', path)
        assert proxied[0] == direct[0] == 200, path
        assert proxied[2] == direct[2], path
        assert proxied[1]['Content-Type'] == direct[1]['Content-Type'], path
    status, _, text = request(proxy.port, 'GET', f'/c/{CHANNEL}', host='evil.example')
    assert (status, text) == request(parley.port, 'GET', f'/c/{CHANNEL}', host='evil.example')[::2]
    assert status == 403


def test_a_post_through_nginx_reaches_a_stream_through_nginx_at_once(parley, proxy):
    assert_prompt_streams(proxy.port)


def assert_prompt_streams(port):
    version = page_version(port)
    stream = EventStream(port, f'/c/{CHANNEL}/events?since={version}')
    try:
        assert stream.status == 200
        assert stream.headers['content-type'] == 'text/event-stream; charset=utf-8'
        assert stream.headers['cache-control'] == 'no-store, no-transform'
        assert stream.headers['transfer-encoding'] == 'chunked'
        assert 'x-accel-buffering' not in stream.headers, 'nginx takes the header for itself'
        assert stream.next_block(PROMPT) == ['retry: 2000']
        for step in (1, 2):
            expected = version + step
            status, _, text = post(port, message(f'proxied-{expected}', f'through nginx {expected}'))
            posted = time.monotonic()
            assert (status, text) == (200, json.dumps({'channel': CHANNEL, 'events': 1, 'version': expected},
                                                      separators=(',', ':')) + '\n')
            block = next_event(stream, PROMPT)
            elapsed = time.monotonic() - posted
            assert block is not None, f'batch {expected} did not come through nginx within {PROMPT} s'
            assert block[:2] == [f'id: {expected}', 'event: patch'], block
            assert json.loads(block[2].removeprefix('data: '))['v'] == expected
            assert f'through nginx {expected}' in block[2]
            assert elapsed < PROMPT
    finally:
        stream.close()


def viewers(parley):
    metrics = request(parley.port, 'GET', '/metrics', host='127.0.0.1')[2]
    return int(re.search(r'^parley_viewers (\d+)$', metrics, re.M).group(1)), metrics


def wait_for_viewers(parley, proxy, count, what):
    """Waits until parley counts `count` open streams; posts meanwhile, since a stream closed
    through nginx ends when parley next writes to it."""
    deadline = time.monotonic() + 10
    while (current := viewers(parley))[0] != count:
        assert time.monotonic() < deadline, f'{what}: {current[0]} streams open, expected {count}'
        post(proxy.port, message(f'flush-{time.time_ns()}', 'flush'))
        time.sleep(0.05)
    return current[1]


def test_the_live_page_through_nginx_shows_a_post_at_once(driver, parley, proxy):
    wait_for_viewers(parley, proxy, 0, 'the earlier tests\' streams')
    driver.get(f'http://127.0.0.1:{proxy.port}/c/{CHANNEL}')
    deadline = time.monotonic() + 10
    while viewers(parley)[0] != 1:
        assert time.monotonic() < deadline, 'the page did not open its stream through nginx'
        time.sleep(0.05)
    text = f'seen through nginx {time.time_ns()}'
    status, _, _ = post(proxy.port, message(f'browser-{time.time_ns()}', text))
    assert status == 200
    posted = time.monotonic()
    while text not in driver.execute_script("return document.getElementById('transcript').textContent;"):
        assert time.monotonic() - posted < PROMPT, f'the post did not reach the page through nginx within {PROMPT} s'
        time.sleep(0.02)
    driver.get('about:blank')


def test_viewers_leaving_through_nginx_leave_no_log_lines(parley, proxy):
    """Streams closed through nginx (the tests above) end without libmicrohttpd's
    `Failed to send …` lines on parley's standard error."""
    version = page_version(proxy.port)
    stream = EventStream(proxy.port, f'/c/{CHANNEL}/events?since={version}')
    assert stream.next_block(PROMPT) == ['retry: 2000']
    stream.close()
    metrics = wait_for_viewers(parley, proxy, 0, 'the closed streams')
    parley.send_signal(signal.SIGINT)
    assert parley.wait(timeout=10) == 0
    errors = parley.stderr.read()
    assert 'Failed to send' not in errors
    assert 'libmicrohttpd' not in errors, errors
    assert int(re.search(r'^parley_sends_cut_off_total (\d+)$', metrics, re.M).group(1)) >= 1
