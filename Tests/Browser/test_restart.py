"""A browser left open across a restart of a real `parley serve` on the same port ends with the
server's exact page: after a restart on a fresh database, on a restored older copy of the
database, and on the same database. Every start takes a new epoch, so the page (which named the
old one) gets a reset; posts reach the server through `POST /c/{channel}/events`.

The page stays the same document throughout (no reload). Where a restart brings other content,
the browser's event streams are blocked (DevTools) while the new server takes posts, so the
page reconnects only then: on the fresh database its reset comes at a version below the page's,
on the restored copy above it — the cases a check by version alone gets wrong.
A watcher records any moment the transcript shows text of the history that is gone together with
text of the new one. Timers run `SPEED` times faster (the slow retry after a `stop` event too);
Math.random returns 1, so every back-off delay is its ceiling.

The binary is `browser.parley_binary()`: PARLEY_BIN when set, else scripts/test's build."""

import json
import re
import shutil
import signal
import urllib.request
from urllib.parse import urlsplit

import pytest

import browser
from test_connection import probe_on_new_documents, state_is, until  # noqa: F401 (probe_on_new_documents is a fixture)

SAMPLE = browser.ROOT / 'Samples' / 'sample.json'
CHANNEL = '900000000000000001'
TOKEN = 'restart-ingest-token-0123456789'
SPEED = 10
# A text of the sample's first message: the channel's history read from INPUT at every start.
SAMPLE_TEXT = 'Two things on the agenda this week'
DATABASE_FILES = ['', '-wal', '-shm']

# Remembers that the document is the one first opened, records the epochs parley.js adopts, and
# records the transcript's text whenever it shows one of `gone` together with one of `arrived`.
WATCH = """
const [gone, arrived] = arguments;
window.leftOpen = true;
window.epochs = [];
window.mixed = [];
const main = document.getElementById('transcript');
main.addEventListener('parley:epoch', (event) => epochs.push(event.detail.epoch));
new MutationObserver(() => {
  const text = main.textContent;
  if (gone.some((each) => text.includes(each)) && arrived.some((each) => text.includes(each))) mixed.push(text);
}).observe(main, {subtree: true, childList: true, characterData: true});
"""
PAGE_STATE = """const main = document.getElementById('transcript');
return [window.leftOpen, main.dataset.version, main.dataset.epoch, epochs, mixed, document.title];"""
TEXT = "return document.getElementById('transcript').textContent"


class Server:
    """`parley serve` of the sample with an ingest token and a database, started again on the
    port of its first start."""

    def __init__(self):
        self.process = None
        self.port = 0

    def start(self, database):
        self.process, url = browser.start_serving(SAMPLE, '--db', database, '--token', TOKEN, port=self.port)
        self.port = urlsplit(url).port
        self.page = f'{url}c/{CHANNEL}'
        page = urllib.request.urlopen(self.page, timeout=10).read().decode()
        self.title = re.search(r'<title>([^<]*)</title>', page).group(1)
        self.epoch = re.search(r'data-epoch="([0-9a-f]{16})"', page).group(1)
        self.version = int(re.search(r'data-version="(\d+)"', page).group(1))

    def stop(self, sig):
        self.process.send_signal(sig)
        assert self.process.wait(timeout=15) == (0 if sig == signal.SIGTERM else -sig)

    def post(self, records):
        """Posts each record in a request of its own (one batch each)."""
        for record in records:
            request = urllib.request.Request(f'{self.page}/events', data=json.dumps(record).encode(), method='POST',
                                             headers={'Authorization': f'Bearer {TOKEN}'})
            reply = json.loads(urllib.request.urlopen(request, timeout=10).read())
            assert reply == {'channel': CHANNEL, 'events': 1, 'version': self.version + 1}
            self.version += 1


@pytest.fixture
def server():
    started = Server()
    yield started
    if started.process and started.process.poll() is None:
        started.process.kill()
        started.process.wait()


@pytest.fixture
def streams(driver):
    """`block()` makes the browser's event-stream requests fail (DevTools), `unblock()` lets them through."""
    driver.execute_cdp_cmd('Network.enable', {})

    class Streams:
        @staticmethod
        def block():
            driver.execute_cdp_cmd('Network.setBlockedURLs', {'urls': ['*/events*']})

        @staticmethod
        def unblock():
            driver.execute_cdp_cmd('Network.setBlockedURLs', {'urls': []})

    yield Streams
    Streams.unblock()
    driver.execute_cdp_cmd('Network.disable', {})


def texts(label, count):
    return [f'{label} number {index}' for index in range(1, count + 1)]


def message_id(text):
    return 'm' + re.sub(r'\W', '-', text)


def messages(texts):
    """A message record for each text, without `channel` (the address names it)."""
    return [{'type': 'message', 'id': message_id(text), 'timestamp': '2024-03-10T12:00:00.000Z', 'author': {'id': 'bot', 'name': 'bot'},
             'content': text} for text in texts]


def edit(text, corrected):
    """An edit that gives the message `messages` made of `text` the text `corrected`."""
    return {'type': 'edit', 'id': message_id(text), 'content': corrected, 'edited': '2024-03-10T12:30:00.000Z'}


def open_page(driver, server, gone=(), arrived=()):
    driver.get(f'{server.page}?speed={SPEED}')
    state_is(driver, 'Live')
    driver.execute_script(WATCH, list(gone), list(arrived))


def sees_version(driver, server):
    until(driver, "return document.getElementById('transcript').dataset.version", str(server.version))


def history_length(driver):
    return len(driver.execute_script('return states'))


def assert_lost_and_back(driver, server, since, first):
    """After the `since` first recorded states, the page showed `first`, then only states of its
    kind, and is live again with the page's own title."""
    state_is(driver, 'Live', timeout=30)
    recorded = [state[:3] for state in driver.execute_script('return states')][since:]
    kind = first[1]
    assert recorded[0] == first
    assert [state[1] for state in recorded[:-1]] == [kind] * (len(recorded) - 1), recorded
    assert recorded[-1] == ['Live', 'live', server.title]


def assert_servers_page(driver, server, epochs, kept, gone):
    """The page is the server's exact page (version and epoch included), in the same document,
    never showed gone and new text at once, shows `kept` and none of `gone`."""
    canonical = browser.until_server_page(driver)
    assert f'data-version="{server.version}"' in canonical and f'data-epoch="{server.epoch}"' in canonical
    left_open, version, epoch, adopted, mixed, title = driver.execute_script(PAGE_STATE)
    assert mixed == [], 'the page showed text of a history that is gone beside text of the new one'
    assert [left_open, version, epoch, adopted, title] == [True, str(server.version), server.epoch, epochs, server.title]
    text = driver.execute_script(TEXT)
    assert [each for each in kept if each not in text] == []
    assert [each for each in gone if each in text] == []


def copy_database(source, target):
    """Copies the database file and its -wal and -shm files, those that exist; a target file the
    source lacks is removed."""
    for suffix in DATABASE_FILES:
        origin, copy = source.with_name(source.name + suffix), target.with_name(target.name + suffix)
        copy.unlink(missing_ok=True)
        if origin.exists():
            shutil.copyfile(origin, copy)


def test_a_restart_on_a_fresh_database_resets_the_open_page_to_a_lower_version_and_follows_it(driver, probe_on_new_documents, server,
                                                                                             streams, tmp_path):
    before, after = texts('before the fresh start', 4), texts('on the fresh database', 2)
    server.start(tmp_path / 'first.sqlite')
    open_page(driver, server, gone=before, arrived=after)
    server.post(messages(before))
    sees_version(driver, server)
    since, first_epoch = history_length(driver), server.epoch
    streams.block()
    server.stop(signal.SIGKILL)
    server.start(tmp_path / 'fresh.sqlite')
    assert (server.version, server.epoch != first_epoch) == (0, True)
    server.post(messages(after[:1]))
    streams.unblock()
    assert_lost_and_back(driver, server, since, ['Reconnecting in 1 s…', 'reconnecting', f'Reconnecting · {server.title}'])
    until(driver, "return document.getElementById('transcript').dataset.epoch", server.epoch)
    server.post(messages(after[1:]))
    assert server.version < len(before), 'the reset and the batch after it are below the version the page showed'
    assert_servers_page(driver, server, [server.epoch], kept=[SAMPLE_TEXT, *after], gone=before)


def test_a_restart_on_a_restored_older_copy_never_mixes_its_history_with_the_lost_one(driver, probe_on_new_documents, server, streams,
                                                                                      tmp_path):
    """The copy is taken at version N (3); the page then sees N+1..M (6) of the lost history. On
    the restored copy, three other messages take the channel to M again and an edit of a message
    the page has takes it past M: applied to the page's content, that edit would make a mix."""
    database, saved = tmp_path / 'events.sqlite', tmp_path / 'saved' / 'events.sqlite'
    saved.parent.mkdir()
    restored, lost, after = texts('in the saved copy', 3), texts('lost with the restore', 3), texts('after the restore', 3)
    corrected = 'corrected after the restore'
    server.start(database)
    open_page(driver, server, gone=lost, arrived=[*after, corrected])
    server.post(messages(restored))
    sees_version(driver, server)
    saved_version, epochs = server.version, []
    since = history_length(driver)
    server.stop(signal.SIGKILL)
    assert database.with_name('events.sqlite-wal').exists(), 'a killed server leaves its write-ahead log'
    copy_database(database, saved)
    server.start(database)
    epochs.append(server.epoch)
    assert server.version == saved_version
    server.post(messages(lost))
    sees_version(driver, server)
    assert_lost_and_back(driver, server, since, ['Reconnecting in 1 s…', 'reconnecting', f'Reconnecting · {server.title}'])
    lost_version, since = server.version, history_length(driver)
    streams.block()
    server.stop(signal.SIGTERM)
    copy_database(saved, database)
    server.start(database)
    epochs.append(server.epoch)
    assert (server.version, len(set(epochs))) == (saved_version, 2)
    server.post([*messages(after), edit(restored[0], corrected)])
    assert server.version == lost_version + 1
    streams.unblock()
    assert_lost_and_back(driver, server, since, ['The server has stopped. Trying again in 30 s…', 'stopped', f'Stopped · {server.title}'])
    assert_servers_page(driver, server, epochs, kept=[SAMPLE_TEXT, *restored[1:], *after, corrected], gone=[*lost, restored[0]])


def test_a_restart_on_the_same_database_resets_the_open_page_to_the_same_history_and_follows_it(driver, probe_on_new_documents, server,
                                                                                                 tmp_path):
    before, after = texts('before the restart', 2), texts('after the restart', 2)
    server.start(tmp_path / 'events.sqlite')
    open_page(driver, server)
    server.post(messages(before))
    sees_version(driver, server)
    since, first_epoch = history_length(driver), server.epoch
    server.stop(signal.SIGTERM)
    server.start(tmp_path / 'events.sqlite')
    assert (server.version, server.epoch != first_epoch) == (len(before), True)
    assert_lost_and_back(driver, server, since, ['The server has stopped. Trying again in 30 s…', 'stopped', f'Stopped · {server.title}'])
    server.post(messages(after))
    assert_servers_page(driver, server, [server.epoch], kept=[SAMPLE_TEXT, *before, *after], gone=[])
