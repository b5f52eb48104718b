"""The real `parley serve --demo` in headless Chromium: the simulated conversation reaches the
live page over Server-Sent Events (a new message, then a bot reply streamed word by word), a
reader at the bottom stays pinned there, and SIGINT stops the server with exit code 0.

The binary is `browser.parley_binary()`: PARLEY_BIN when set, else scripts/test's build."""

import re
import signal
import subprocess
import time
import urllib.error
import urllib.request

import pytest

import browser

ASK = "Who's joining the picnic tomorrow?"
REPLY = 'Reminder: the picnic starts at noon'
# The demo posts ASK after 1.5 s and starts the reply about 9.3 s later; leave room for a busy machine.
TIMEOUT = 40

# How far the page's scroller is from its bottom, found as parley.js finds it (the transcript's
# nearest scrollable ancestor, else the document's scrolling element).
GAP_TO_BOTTOM = """
let node = document.getElementById('transcript');
for (; node && node !== document.body; node = node.parentElement) {
  const overflow = getComputedStyle(node).overflowY;
  if ((overflow === 'auto' || overflow === 'scroll') && node.scrollHeight > node.clientHeight) break;
}
const element = node && node !== document.body ? node : document.scrollingElement;
return [element.scrollHeight - element.clientHeight - element.scrollTop, element.scrollHeight, element.clientHeight];
"""
TO_BOTTOM = 'document.scrollingElement.scrollTop = document.scrollingElement.scrollHeight;'
TRANSCRIPT_TEXT = "return document.getElementById('transcript').textContent;"


@pytest.fixture
def demo(request):
    extra = getattr(request, 'param', [])
    process = subprocess.Popen([str(browser.parley_binary()), 'serve', '--demo', '--port', '0', *extra],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        lines = []  # the URL line; other lines (e.g. an ingest token) may come first
        while len(lines) < 5 and (line := process.stdout.readline()) and not line.startswith('Serving '):
            lines.append(line)
        match = re.fullmatch(r'Serving 1 channel at (http://127\.0\.0\.1:\d+/(?:\?token=\S+)?) \(Ctrl-C stops\)\n', line)
        assert match, f'no URL line in {lines + [line]!r}; stderr: {process.stderr.read() if process.poll() is not None else ""}'
        yield process, match.group(1)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def wait_for_text(driver, text, timeout=TIMEOUT):
    deadline = time.monotonic() + timeout
    while text not in driver.execute_script(TRANSCRIPT_TEXT):
        assert time.monotonic() < deadline, f'{text!r} did not appear within {timeout} s'
        time.sleep(0.05)


def assert_pinned(driver, when):
    gap, height, client = driver.execute_script(GAP_TO_BOTTOM)
    assert height > client, f'the page does not scroll ({height} ≤ {client}), so pinning proves nothing'
    assert abs(gap) <= 2, f'{when}: {gap}px from the bottom (scrollHeight {height}, clientHeight {client})'


def test_demo_conversation_arrives_live_and_stays_pinned_to_the_bottom(driver, demo):
    process, url = demo
    index = urllib.request.urlopen(url, timeout=10).read().decode()
    channel = re.search(r'href="(/c/[^"]+)"', index).group(1)
    driver.get(url.rstrip('/') + channel)
    loaded = driver.execute_script(TRANSCRIPT_TEXT)
    assert REPLY not in loaded, 'the page loaded before the demo streams its reply (about 11 s in)'
    driver.execute_script(TO_BOTTOM)
    assert_pinned(driver, 'after scrolling to the bottom')

    wait_for_text(driver, ASK)
    assert_pinned(driver, 'after the new message')
    wait_for_text(driver, 'Reminder:')
    wait_for_text(driver, REPLY)
    assert_pinned(driver, 'after the streamed reply')
    articles = driver.execute_script("return [...document.querySelectorAll('#transcript article')].map((a) => a.id);")
    assert articles[-1] == 'm-demo-0-bot', articles[-3:]

    process.send_signal(signal.SIGINT)
    assert process.wait(timeout=10) == 0
    assert process.stdout.read() == 'Stopped.\n'


OLDER = """
return [[...document.querySelectorAll('.older-messages article')].map((a) => a.id),
        [...document.querySelectorAll('#transcript article')].map((a) => a.id),
        document.querySelectorAll('.older-messages section[id]').length,
        document.querySelector('.load-older').textContent];
"""


@pytest.mark.parametrize('demo', [['--window', '20']], indirect=True)
def test_load_older_fetches_static_messages_above_the_live_region(driver, demo):
    process, url = demo
    index = urllib.request.urlopen(url, timeout=10).read().decode()
    channel = re.search(r'href="(/c/[^"]+)"', index).group(1)
    driver.get(url.rstrip('/') + channel)
    live = driver.execute_script("return [...document.querySelectorAll('#transcript article')].map((a) => a.id);")
    # --window 20 holds 20 or 21 messages: its start moves an eighth of the window (2) at a time.
    assert len(live) in (20, 21)
    older_total = 67 - len(live)
    for clicks in range(1, 5):
        driver.execute_script("document.querySelector('.load-older').click();")
        deadline = time.monotonic() + TIMEOUT
        while True:
            older, current, sections_with_ids, label = driver.execute_script(OLDER)
            if len(older) >= min(20 * clicks, older_total) or label == 'No older messages':
                break
            assert time.monotonic() < deadline, f'older messages did not arrive: {older}'
            time.sleep(0.05)
        assert sections_with_ids == 0, 'older day sections keep no id (ids belong to the live region)'
        assert not set(older) & set(current), 'an older message is also in the live region'
    assert len(older) == older_total, f'all {older_total} older messages of the sample, got {len(older)}'
    process.send_signal(signal.SIGINT)
    assert process.wait(timeout=10) == 0


VIEWER_TOKEN = 'viewer-secret-0123456789'


@pytest.mark.parametrize('demo', [['--viewer-token', VIEWER_TOKEN, '--window', '20']], indirect=True)
def test_a_viewer_token_in_the_address_becomes_an_http_only_cookie_that_opens_the_stream(driver, demo):
    process, url = demo
    assert url.endswith('/?token=' + VIEWER_TOKEN)
    base = url.split('?')[0]
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(base, timeout=10)
    assert refused.value.code == 401
    driver.get(url)
    assert driver.current_url == base, 'the token left the address bar'
    assert driver.execute_script('return document.cookie;') == '', 'the cookie is HttpOnly'
    channel = driver.execute_script("return document.querySelector('.channel-list a').getAttribute('href');")
    driver.get(base.rstrip('/') + channel)
    wait_for_text(driver, ASK)
    driver.find_element('css selector', '.load-older').click()
    deadline = time.monotonic() + TIMEOUT
    while not driver.execute_script("return document.querySelectorAll('.older-messages article').length;"):
        assert time.monotonic() < deadline, 'older messages did not load with the cookie'
        time.sleep(0.05)
