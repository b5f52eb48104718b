"""An edit posted to a real `parley serve` reaches its live page in headless Chromium and lights
up exactly the edited message: the server sends the transient class `flash` (`f`) after the
message's update, parley.css animates it for 1 s and parley.js takes the class off when the
animation ends. With reduced motion (emulated through the DevTools protocol) nothing animates:
the class is taken off in the same batch that added it.

The binary is `browser.parley_binary()`: PARLEY_BIN when set, else scripts/test's build."""

import json
import time
import urllib.request

import pytest

import browser

CHANNEL = '900000000000000001'
# Maya's second message of the sample, in the middle of her group.
MESSAGE = '1215588741448597507'
TOKEN = 'flash-ingest-token-0123456789'
TIMEOUT = 20

# Records every change of a class below #transcript: [observer callback, time, element id,
# class before the change, class when the callback ran].
WATCH = """
window.classChanges = [];
let callback = 0;
new MutationObserver((records) => {
  callback += 1;
  const now = performance.now();
  for (const record of records) {
    classChanges.push([callback, now, record.target.id, record.oldValue, record.target.getAttribute('class')]);
  }
}).observe(document.getElementById('transcript'),
           {subtree: true, attributes: true, attributeFilter: ['class'], attributeOldValue: true});
const element = document.getElementById(arguments[0]);
element.scrollIntoView({block: 'center'});
return [element.getAttribute('class'), matchMedia('(prefers-reduced-motion: reduce)').matches];
"""
STATE = """const element = document.getElementById(arguments[0]);
return [element.querySelector('[data-slot=text]').textContent, classChanges];"""


@pytest.fixture
def served(tmp_path):
    """`parley serve` of the sample with an ingest token; yields its address."""
    with browser.serving(browser.ROOT / 'Samples' / 'sample.json', '--token', TOKEN,
                         '--db', tmp_path / 'events.sqlite') as address:
        yield address


@pytest.fixture
def motion(driver, request):
    """Emulates `prefers-reduced-motion: VALUE` in the session's Chromium for one test."""
    feature = {'name': 'prefers-reduced-motion', 'value': request.param}
    driver.execute_cdp_cmd('Emulation.setEmulatedMedia', {'features': [feature]})
    yield request.param
    driver.execute_cdp_cmd('Emulation.setEmulatedMedia', {'features': []})


def post_edit(url, text):
    event = {'type': 'edit', 'channel': CHANNEL, 'id': MESSAGE, 'content': text, 'edited': '2024-03-08T09:20:00.000Z'}
    request = urllib.request.Request(f'{url}c/{CHANNEL}/events', data=json.dumps(event).encode(), method='POST',
                                     headers={'Authorization': f'Bearer {TOKEN}'})
    assert json.loads(urllib.request.urlopen(request, timeout=10).read())['events'] == 1


def wait_for_changes(driver, text, count):
    """Waits until the message shows `text` and `count` class changes were seen; returns them."""
    deadline = time.monotonic() + TIMEOUT
    while True:
        shown, changes = driver.execute_script(STATE, f'm-{MESSAGE}')
        if shown == text and len(changes) >= count:
            return changes
        assert time.monotonic() < deadline, f'after {TIMEOUT} s the message shows {shown!r}, class changes {changes}'
        time.sleep(0.05)


@pytest.mark.parametrize('motion', ['no-preference', 'reduce'], indirect=True)
def test_an_edit_lights_up_exactly_the_edited_message(driver, served, motion):
    element = f'm-{MESSAGE}'
    driver.get(f'{served}c/{CHANNEL}')
    before, reduced = driver.execute_script(WATCH, element)
    assert reduced is (motion == 'reduce')
    post_edit(served, 'Edited while you watched')
    changes = wait_for_changes(driver, 'Edited while you watched', 2)
    flashed = f'{before} flash'
    # [observer callback, element, class before, class when the callback ran]: with motion the class
    # stays for the animation; with reduced motion it goes in the batch (the callback) that added it.
    expected = {
        'no-preference': [[1, element, before, flashed], [2, element, flashed, before]],
        'reduce': [[1, element, before, before], [1, element, flashed, before]],
    }
    assert [change[:1] + change[2:] for change in changes] == expected[motion]
    if motion == 'no-preference':
        lasted = changes[1][1] - changes[0][1]
        assert 900 <= lasted < 5000, f'the class stayed {lasted} ms for a 1 s animation'
