"""The README's example of several `parley serve` behind nginx (docs/nginx-parley-cluster.conf,
shown in the README byte for byte): two servers on one PostgreSQL database (a throw-away one on
the cluster `./scripts/test-browser` starts with pg_virtualenv) behind Debian's nginx. Streams
opened through nginx spread over both servers, a post through nginx reaches every one of them in
the same batch, and when one server is killed nginx sends pages, posts and reconnecting streams to
the other, where a stream resumes from its Last-Event-ID.

Without nginx or PostgreSQL (PGHOST unset) the tests skip, unless CI=true: then they fail."""

import json
import os
import re
import signal
import subprocess
import time
import uuid

import pytest

import browser
from test_nginx import (CHANNEL, HOST, PROMPT, TOKEN, EventStream, Nginx, free_port, message, next_event, post,
                        request)

CONFIG = browser.ROOT / 'docs' / 'nginx-parley-cluster.conf'
SAMPLE = browser.ROOT / 'Samples' / 'sample.json'
# What the test changes in the README's file: where the servers and nginx listen. Each occurs once.
UPSTREAMS = ('server 127.0.0.1:8080 ', 'server 127.0.0.1:8081 ')
LISTEN = 'listen 80;'


def postgres_database():
    """A new database on the server the PG* variables name, or a skip (a failure under CI=true)."""
    if not os.environ.get('PGHOST'):
        message_text = 'no PostgreSQL server: PGHOST is unset (./scripts/test-browser runs the tests under pg_virtualenv)'
        if os.environ.get('CI') == 'true':
            pytest.fail(f'{message_text}, and CI=true: the cluster tests must run')
        pytest.skip(message_text)
    name = f'parley_nginx_{uuid.uuid4().hex}'
    subprocess.run(['createdb', name], check=True)
    return name


class Server:
    """`parley serve` on `port` with the PostgreSQL database `database`."""

    def __init__(self, database, port):
        self.port = port
        self.process = subprocess.Popen(
            [str(browser.parley_binary()), 'serve', str(SAMPLE), '--port', str(port), '--db', f'postgresql:///{database}',
             '--token', TOKEN, '--allowed-hosts', HOST, '--max-connections-per-ip', '0'],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        assert line.startswith('Serving '), f'no URL line: {line!r}; stderr: {self.process.stderr.read() if self.process.poll() is not None else ""}'

    def viewers(self):
        metrics = request(self.port, 'GET', '/metrics', host='127.0.0.1')[2]
        return int(re.search(r'^parley_viewers (\d+)$', metrics, re.M).group(1))

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def cluster_config(ports, nginx_port):
    """docs/nginx-parley-cluster.conf with the servers' and nginx's ports."""
    text = CONFIG.read_text(encoding='utf-8')
    for old in (*UPSTREAMS, LISTEN):
        assert text.count(old) == 1, f'{CONFIG.name} should have {old!r} once'
    for old, port in zip(UPSTREAMS, ports):
        text = text.replace(old, f'server 127.0.0.1:{port} ')
    return text.replace(LISTEN, f'listen 127.0.0.1:{nginx_port};')


@pytest.fixture
def cluster():
    database = postgres_database()
    servers = []
    nginx = None
    try:
        servers = [Server(database, free_port()) for _ in range(2)]
        nginx = Nginx(cluster_config([server.port for server in servers], free_port()))
        yield servers, nginx
    finally:
        if nginx:
            nginx.stop()
        for server in servers:
            server.stop()
        subprocess.run(['dropdb', '--force', database], check=False)


def page(port):
    status, _, text = request(port, 'GET', f'/c/{CHANNEL}')
    assert status == 200
    return (int(re.search(r'data-version="(\d+)"', text).group(1)), re.search(r'data-epoch="([0-9a-f]+)"', text).group(1))


def open_stream(port, version, epoch):
    stream = EventStream(port, f'/c/{CHANNEL}/events?since={version}&epoch={epoch}')
    assert stream.status == 200
    assert stream.next_block(PROMPT) == ['retry: 2000']
    return stream


def wait(condition, what, timeout=10):
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def test_the_readme_shows_the_tested_cluster_config_exactly():
    blocks = re.findall(r'```nginx\n(.*?)```', (browser.ROOT / 'README.md').read_text(encoding='utf-8'), re.S)
    assert CONFIG.read_text(encoding='utf-8') in blocks


def test_streams_spread_over_both_servers_and_a_post_reaches_them_all(cluster):
    servers, nginx = cluster
    version, epoch = page(nginx.port)
    assert [page(server.port) for server in servers] == [(version, epoch)] * 2
    streams = [open_stream(nginx.port, version, epoch) for _ in range(2)]
    try:
        wait(lambda: [server.viewers() for server in servers] == [1, 1], 'least_conn to give each server one stream')
        status, _, text = post(nginx.port, message('cluster-1', 'through nginx to both'))
        assert (status, json.loads(text)['version']) == (200, version + 1)
        blocks = [next_event(stream, PROMPT) for stream in streams]
        assert blocks[0] is not None and blocks[0] == blocks[1], 'the same batch from both servers'
        assert blocks[0][0] == f'id: {version + 1}' and 'through nginx to both' in blocks[0][2]
    finally:
        for stream in streams:
            stream.close()


def test_when_a_server_dies_nginx_sends_everything_to_the_other_and_streams_resume(cluster):
    servers, nginx = cluster
    version, epoch = page(nginx.port)
    streams = [open_stream(nginx.port, version, epoch) for _ in range(2)]
    wait(lambda: [server.viewers() for server in servers] == [1, 1], 'least_conn to give each server one stream')
    assert post(nginx.port, message('before', 'before the loss'))[0] == 200
    assert [next_event(stream, PROMPT)[0] for stream in streams] == [f'id: {version + 1}'] * 2
    for stream in streams:
        stream.close()
    servers[0].process.kill()
    servers[0].process.wait()
    for attempt in range(4):
        assert page(nginx.port)[0] == version + 1, f'a page through nginx, attempt {attempt}'
    resumed = open_stream(nginx.port, version + 1, epoch)
    try:
        status, _, text = post(nginx.port, message('after', 'after the loss'))
        assert (status, json.loads(text)['version']) == (200, version + 2)
        block = next_event(resumed, PROMPT)
        assert block is not None and block[0] == f'id: {version + 2}', block
        assert '"reset"' not in block[2] and 'after the loss' in block[2]
    finally:
        resumed.close()
