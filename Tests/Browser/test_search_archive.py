"""Search in an archive `parley render` wrote (its pages, its search index) from a small Parley
JSON Lines export, opened from file:// the way users do: Chromium without relaxed flags."""

import datetime
import json
import subprocess

import pytest
from selenium.webdriver.common.by import By

import browser
from search_box import loaded, open_page, search, settled, shown, wait
from search_fixture import chunks_of

HEADER = {'type': 'header', 'format': 'parley', 'version': 1, 'title': 'Search',
          'channels': [{'id': 'general', 'name': 'general'}, {'id': 'random', 'name': 'random chat'}]}
ALICE = {'id': 'u1', 'name': 'alice_w', 'displayName': 'Alice Wong'}
BOB = {'id': 'u3', 'name': 'bobby', 'displayName': 'Bob'}
CAROL = {'id': 'u2', 'name': 'carol'}
BUSY = 9000
MESSAGES = [
    ('general', '1', '2024-01-05T09:00:00Z', ALICE, 'Hello world, the deployment is ready', {}),
    ('general', '2', '2024-02-01T09:00:00Z', CAROL, 'Deployment failed: see https://example.com/logs', {}),
    ('general', '3', '2024-02-14T09:00:00Z', BOB, 'photo attached', {
        'attachments': [{'id': 'a1', 'url': 'https://example.org/sunset.png', 'fileName': 'sunset.png',
                         'contentType': 'image/png'}],
        'reactions': [{'emoji': '🎉', 'count': 2}]}),
    ('general', '5', '2024-03-02T10:00:00Z', ALICE, 'the release notes are ready 🎉', {}),
    ('random', '4', '2024-02-02T09:00:00Z', BOB, 'random thoughts about deployment, 東京都に行きました', {}),
    ('random', '6', '2024-03-01T09:00:00Z', CAROL, 'a release of tension', {}),
]


def render(parent, messages, *options):
    """The archive `parley render` writes from a JSON Lines file of HEADER and `messages`."""
    source = parent / 'chat.jsonl'
    lines = [HEADER] + [{'type': 'message', 'channel': channel, 'id': id, 'timestamp': when, 'author': author,
                         'content': content, **extra} for channel, id, when, author, content, extra in messages]
    source.write_text(''.join(json.dumps(line, ensure_ascii=False) + '\n' for line in lines), encoding='utf-8')
    output = parent / 'archive'
    subprocess.run([str(browser.parley_binary()), 'render', str(source), '-o', str(output), '-q', *options], check=True)
    return output


@pytest.fixture(scope='module')
def archive(tmp_path_factory):
    return render(tmp_path_factory.mktemp('search-archive'), MESSAGES, '--messages-per-page', '2')


@pytest.fixture(scope='module')
def busy(tmp_path_factory):
    """9,000 messages in general, ten a day from 2023-01-01, and 500 in random at the times of
    general's last 500, each with "common": the term's postings are chunked (two chunks in general,
    one in random: a chunk never spans two channels)."""
    start = datetime.datetime(2023, 1, 1, tzinfo=datetime.timezone.utc)
    messages = [(channel, f'{channel}-{i}', (start + datetime.timedelta(minutes=144 * i + offset)).isoformat(),
                 ALICE if i % 3 else BOB, f'common {i}' + (' even' if i % 2 == 0 else ''), {})
                for channel, offset, first in (('general', 0, 0), ('random', 1, BUSY - 500)) for i in range(first, BUSY)]
    return render(tmp_path_factory.mktemp('search-busy'), messages)


@pytest.fixture
def driver(strict_driver):
    return strict_driver


@pytest.mark.parametrize('query, ids', [
    ('deployment ', ['m-4', 'm-2', 'm-1']),
    ('deploy', ['m-4', 'm-2', 'm-1']),
    ('sunset ', ['m-3']),
    ('京都 ', ['m-4']),
    ('🎉 ', ['m-5']),
    ('"release notes" ', ['m-5']),
    ('release -notes ', ['m-6']),
    ('from:alice ', ['m-5', 'm-1']),
    ('from:bobby ', ['m-3', 'm-4']),
    ('in:random ', ['m-6', 'm-4']),
    ('has:image ', ['m-3']),
    ('has:file ', ['m-3']),
    ('has:link ', ['m-2']),
    ('has:reaction ', ['m-3']),
    ('before:2024-02-02 ', ['m-2', 'm-1']),
    ('after:2024-02-14 ', ['m-5', 'm-6']),
    ('during:2024-02 in:general ', ['m-3', 'm-2']),
])
def test_finds_in_a_rendered_archive(archive, driver, query, ids):
    open_page(driver, archive / 'index.html')
    expected = '1 result' if len(ids) == 1 else f'{len(ids)} results'
    assert search(driver, query) == [ids, expected]


def test_a_result_opens_its_message_on_another_page(archive, driver):
    open_page(driver, archive / 'c' / 'random' / '2024-02.html')
    assert search(driver, 'hello ') == [['m-1'], '1 result']
    driver.find_element(By.CSS_SELECTOR, '.search-link').click()
    wait(driver, 'return location.hash === "#m-1"')
    assert driver.current_url == (archive / 'c' / 'general' / '2024-01.html').as_uri() + '#m-1'
    assert driver.execute_script('return document.querySelector(":target").id') == 'm-1'


def newest(count, step=1):
    """The busy archive's newest messages with a number divisible by `step`: days newest first;
    within a day the higher document numbers first, so random's (the later range), then general's."""
    ids = [f'm-{channel}-{i}' for day in range(BUSY // 10 - 1, -1, -1) for channel in ('random', 'general')
           for i in range(10 * day + 9, 10 * day - 1, -1)
           if i % step == 0 and (channel == 'general' or i >= BUSY - 500)]
    return ids[:count]


def test_a_frequent_word_in_a_rendered_archive(busy, driver):
    open_page(driver, busy / 'index.html')
    assert search(driver, 'common ') == [newest(20), '9500 results']
    entry = json.loads((busy / 'search' / 'index.js').read_text(encoding='utf-8')[len('ParleySearch.entry('):-3])
    general, random = entry['channels']
    assert [(general['name'], general['count']), (random['name'], random['count'])] == \
        [('general', BUSY), ('random chat', 500)]
    older, newer, other = chunks_of(busy / 'search', 'common')
    g, r = general['base'], random['base']
    assert [older[:3], newer[:3], other[:3]] == [[g, g + 8191, 8192], [g + 8192, g + BUSY - 1, 808], [r, r + 499, 500]]
    # random's chunk and general's newer: the first screen does not need general's older one.
    assert [path for path in loaded(driver) if path.startswith('p/')] == [other[3], newer[3]]
    driver.find_element(By.CSS_SELECTOR, '.search-more').click()
    settled(driver)
    assert shown(driver) == [newest(40), '9500 results']
    assert search(driver, 'common even ') == [newest(20, step=2), 'More than 20 results']
    open_page(driver, busy / 'c' / 'general' / 'index.html')  # nothing loaded yet: the chunks are not all known
    assert search(driver, 'even from:bob in:random ') == [[f'm-random-{i}' for i in range(8994, 8499, -6)][:20],
                                                          'More than 20 results']
    assert search(driver, 'during:2023-01-01 in:general ') == [[f'm-general-{i}' for i in range(9, -1, -1)],
                                                               '10 results']
    assert search(driver, 'common ', sort='relevance') == [newest(20), '9500 results']
    assert driver.execute_script('return window.pageErrors || []') == []


PAYLOADS = [
    '<img src=x onerror="document.documentElement.dataset.pwned=1"> marker one',
    '<script>document.documentElement.dataset.pwned=1</script> marker two',
    '"><svg onload="document.documentElement.dataset.pwned=1"> marker three &amp; &lt;b&gt;',
]
HOSTILE = {'id': 'u9', 'name': 'x', 'displayName': '<img src=x onerror="document.documentElement.dataset.pwned=1">'}


def test_results_show_markup_from_messages_as_text(tmp_path, driver):
    """Message texts and an author name full of markup come back in the results as the very
    characters written: no element, handler or script of theirs reaches the page."""
    messages = [('general', str(10 + i), f'2024-04-0{i + 1}T09:00:00Z', HOSTILE, text, {}) for i, text in enumerate(PAYLOADS)]
    output = render(tmp_path, messages)
    open_page(driver, output / 'index.html')
    ids, status = search(driver, 'marker ')
    assert ids == ['m-12', 'm-11', 'm-10']
    assert status == '3 results'
    texts = driver.execute_script(
        'return Array.from(document.querySelectorAll(".search-results li"), (li) => li.textContent)')
    for text, payload in zip(texts, reversed(PAYLOADS)):
        assert payload in text
        assert HOSTILE['displayName'] in text
    tags = driver.execute_script(
        'return Array.from(document.querySelectorAll(".search-results *"), (e) => e.localName)')
    assert not {'img', 'script', 'svg'} & set(tags)
    assert driver.execute_script('return document.documentElement.dataset.pwned') is None
