"""The reader's view in the live page, in headless Chromium: it opens at the newest message and
stays pinned there; a reader who scrolled up keeps their place and gets a "N new messages ↓"
button; "Load older messages" keeps the reader's place without the browser's scroll anchoring
and shows one heading per day; a selection whose text was replaced is found again by its text or
dropped. Fixture pages (file://, parley.js imported) for exact counts and offsets; the real
`parley serve --demo` (PARLEY_BIN, else scripts/test's build) for the page as served, also over
a slow network (Chromium's DevTools network emulation)."""

import re
import time
import urllib.request

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import browser
from test_client import open_case
from test_live_demo import ASK, TIMEOUT, demo, wait_for_text  # noqa: F401 (demo is a fixture)

# Helpers on a fixture page: batches against the container's version, a copy of the last
# message under a new id, and the view: distance to the bottom, scroll position and the button.
VIEW = """
window.batch = (...ops) => { const v = parley.currentVersion(main); return {p: 2, v: v + 1, base: v, ops}; };
window.copyOfLast = (id) => {
  const last = [...main.querySelectorAll('article')].at(-1);
  return ['i', id, last.parentElement.id, last.id, last.outerHTML.replaceAll(last.id, id)];
};
window.view = (anchor) => {
  const s = document.scrollingElement;
  const button = document.querySelector('.new-messages-button');
  return {gap: s.scrollHeight - s.clientHeight - s.scrollTop, top: s.scrollTop, hidden: button?.hidden ?? null,
          text: button?.textContent ?? null,
          anchorTop: anchor ? document.getElementById(anchor).getBoundingClientRect().top : null};
};
window.firstInView = () => [...document.querySelectorAll('article[id]')].find((a) => a.getBoundingClientRect().bottom > 0).id;
"""
SLOW = {'offline': False, 'latency': 1500, 'downloadThroughput': 64 * 1024, 'uploadThroughput': 64 * 1024}


@pytest.fixture
def page(driver):
    """A fixture page 900 × 420 px (it scrolls), followed: `parley.followNewest(main)`."""
    driver.set_window_size(900, 420)
    open_case(driver, 'insert-at-end')
    driver.execute_script(VIEW + 'window.follow = parley.followNewest(main);')
    yield driver
    driver.execute_script('follow.close()')
    driver.set_window_size(1000, 700)


@pytest.fixture
def network(driver, request):
    """`fast` (no emulation) or `slow` (1.5 s latency, 64 KiB/s each way) for the test's requests."""
    if request.param == 'slow':
        driver.execute_cdp_cmd('Network.enable', {})
        driver.execute_cdp_cmd('Network.emulateNetworkConditions', SLOW)
    yield request.param
    if request.param == 'slow':
        driver.execute_cdp_cmd('Network.emulateNetworkConditions',
                               {'offline': False, 'latency': 0, 'downloadThroughput': -1, 'uploadThroughput': -1})
        driver.execute_cdp_cmd('Network.disable', {})


def apply(driver, *ops):
    assert driver.execute_script('return parley.applyBatch(main, batch(...arguments))', *ops) is True


def next_frames(driver, count=2):
    """Waits until `count` frames have been rendered."""
    driver.execute_async_script("""const [count, done] = arguments;
        const step = (left) => left ? requestAnimationFrame(() => step(left - 1)) : done();
        step(count);""", count)


def arrive(driver, *ids):
    """Each id a new message at the end, in a batch of its own."""
    for id in ids:
        apply(driver, driver.execute_script('return copyOfLast(arguments[0])', id))


def scroll(driver, how):
    """Scrolls the page (`how`: the right-hand side of `scrollTop = `) and lets the page see it."""
    driver.execute_script(f'const s = document.scrollingElement; s.scrollTop = {how}')
    next_frames(driver)


def view(driver, anchor=None):
    return driver.execute_script('return view(arguments[0])', anchor)


def accessible(driver, selector, role):
    """The accessibility node of role `role` among `selector`'s node and its relatives."""
    driver.execute_cdp_cmd('Accessibility.enable', {})
    try:
        root = driver.execute_cdp_cmd('DOM.getDocument', {'depth': 0})['root']['nodeId']
        node = driver.execute_cdp_cmd('DOM.querySelector', {'nodeId': root, 'selector': selector})['nodeId']
        tree = driver.execute_cdp_cmd('Accessibility.getPartialAXTree', {'nodeId': node, 'fetchRelatives': True})['nodes']
        return next(n for n in tree if n.get('role', {}).get('value') == role)
    finally:
        driver.execute_cdp_cmd('Accessibility.disable', {})


# --- Open at the newest message; the "N new messages" button -----------------------------------

def test_a_followed_page_opens_at_the_bottom_and_stays_pinned_while_messages_arrive(page):
    driver = page
    state = driver.execute_script('const s = document.scrollingElement; return [s.scrollHeight, s.clientHeight]')
    assert state[0] > state[1] + 300, f'the page must scroll to prove anything: {state}'
    assert abs(view(driver)['gap']) <= 1
    assert (view(driver)['hidden'], view(driver)['text']) == (True, '0 new messages ↓')
    arrive(driver, 'm-new-1', 'm-new-2')
    after = view(driver)
    assert abs(after['gap']) <= 1 and after['hidden'] is True


def test_a_reader_who_scrolled_up_keeps_their_place_and_counts_new_messages_below(page):
    driver = page
    scroll(driver, 's.scrollTop - 300')
    anchor = driver.execute_script('return firstInView()')
    before = view(driver, anchor)
    assert before['gap'] > 250 and before['hidden'] is True
    texts = []
    for number in range(1, 4):
        arrive(driver, f'm-new-{number}')
        now = view(driver, anchor)
        texts.append(now['text'])
        assert (now['top'], now['hidden']) == (before['top'], False)
        assert abs(now['anchorTop'] - before['anchorTop']) <= 1
    assert texts == ['1 new message ↓', '2 new messages ↓', '3 new messages ↓']
    button = accessible(driver, '.new-messages-button', 'button')
    status = accessible(driver, '.new-messages', 'status')
    assert button['name']['value'] == '3 new messages'
    assert {p['name']: p['value'].get('value') for p in status['properties']}['live'] == 'polite'

    # A message inserted above the view is not below it: the count stays, the view too.
    first = driver.execute_script("return main.querySelector('section.day').id")
    html = driver.execute_script("return main.querySelector('article').outerHTML.replaceAll(main.querySelector('article').id, 'm-above')")
    apply(driver, ['i', 'm-above', first, None, html])
    now = view(driver, anchor)
    assert now['text'] == '3 new messages ↓' and abs(now['anchorTop'] - before['anchorTop']) <= 1
    assert now['top'] > before['top'], 'the content above grew, so the page scrolled to keep the anchor'
    # A counted message that is deleted is no longer new.
    apply(driver, ['r', 'm-new-2'])
    assert view(driver, anchor)['text'] == '2 new messages ↓'

    driver.find_element(By.CSS_SELECTOR, '.new-messages-button').click()
    clicked = view(driver)
    assert abs(clicked['gap']) <= 1 and clicked['hidden'] is True
    arrive(driver, 'm-new-4')
    assert abs(view(driver)['gap']) <= 1 and view(driver)['hidden'] is True
    assert driver.execute_script('return window.violations') == []


def test_the_button_is_next_in_the_tab_order_after_the_transcript_and_enter_jumps_down(page):
    driver = page
    scroll(driver, '0')
    arrive(driver, 'm-new-1')
    assert view(driver)['text'] == '1 new message ↓'
    driver.execute_script("[...main.querySelectorAll('a[href], button')].at(-1).focus({preventScroll: true})")
    ActionChains(driver).send_keys(Keys.TAB).perform()
    focused = driver.execute_script('return [document.activeElement.className, document.activeElement.tagName]')
    assert focused == ['new-messages-button', 'BUTTON']
    assert view(driver)['top'] == 0, 'focusing the fixed button does not scroll'
    ActionChains(driver).send_keys(Keys.ENTER).perform()
    after = view(driver)
    assert abs(after['gap']) <= 1 and after['hidden'] is True


def test_reaching_the_bottom_by_scrolling_hides_the_button(page):
    driver = page
    scroll(driver, 's.scrollTop - 200')
    arrive(driver, 'm-new-1', 'm-new-2')
    assert view(driver)['text'] == '2 new messages ↓'
    scroll(driver, 's.scrollHeight')
    assert view(driver)['hidden'] is True
    scroll(driver, 's.scrollTop - 200')
    arrive(driver, 'm-new-3')
    assert view(driver)['text'] == '1 new message ↓', 'the count starts again when the reader leaves the bottom'


def test_a_pinned_reader_stays_at_the_bottom_when_the_page_grows_without_a_batch(page):
    driver = page
    driver.execute_script("[...main.querySelectorAll('article')].at(-1).style.paddingBottom = '250px'")
    next_frames(driver)
    assert abs(view(driver)['gap']) <= 1
    scroll(driver, 's.scrollTop - 100')
    top = view(driver)['top']
    driver.execute_script("[...main.querySelectorAll('article')].at(-1).style.paddingBottom = '500px'")
    next_frames(driver)
    assert view(driver)['top'] == top, 'a reader who scrolled up is not pulled down'


def test_an_address_naming_a_message_opens_there_not_at_the_bottom(driver):
    driver.set_window_size(900, 420)
    try:
        open_case(driver, 'insert-at-end')
        target = driver.execute_script("const id = main.querySelectorAll('article')[3].id; location.hash = id; return id")
        driver.execute_script(VIEW + 'window.follow = parley.followNewest(main);')
        state = view(driver, target)
        assert abs(state['anchorTop']) <= 1 and state['gap'] > 100
        arrive(driver, 'm-new-1')
        assert view(driver, target)['anchorTop'] == state['anchorTop']
        assert view(driver)['text'] == '1 new message ↓'
        driver.execute_script('follow.close(); history.replaceState(null, "", location.pathname)')
    finally:
        driver.set_window_size(1000, 700)


def channel_page(url):
    index = urllib.request.urlopen(url, timeout=10).read().decode()
    return url.rstrip('/') + re.search(r'href="(/c/[^"]+)"', index).group(1)


def wait_until(driver, script, timeout=TIMEOUT, *arguments):
    deadline = time.monotonic() + timeout
    while not (value := driver.execute_script(script, *arguments)):
        assert time.monotonic() < deadline, f'not within {timeout} s: {script}'
        time.sleep(0.05)
    return value


@pytest.mark.parametrize('network', ['fast', 'slow'], indirect=True)
def test_the_demo_opens_at_its_newest_message_and_stays_pinned(driver, demo, network):
    _, url = demo
    page = channel_page(url)
    driver.get(page)
    wait_until(driver, "return document.querySelector('.new-messages') !== null")
    assert driver.execute_script("return document.querySelectorAll('#transcript article').length") >= 67
    opened = driver.execute_script(
        'const s = document.scrollingElement; return [s.scrollHeight - s.clientHeight - s.scrollTop, s.scrollTop, s.clientHeight]')
    gap, top, screen = opened
    assert abs(gap) <= 1 and top > 3 * screen, f'not at the newest message, several screens down: {opened}'
    wait_for_text(driver, "Me! I'll bring the cooler.")
    state = driver.execute_script("""const s = document.scrollingElement;
        return [s.scrollHeight - s.clientHeight - s.scrollTop, document.querySelector('.new-messages-button').hidden,
                [...document.querySelectorAll('#transcript article')].at(-1).getBoundingClientRect().bottom <= s.clientHeight]""")
    assert abs(state[0]) <= 1 and state[1:] == [True, True]


IDS = "return [...document.querySelectorAll('#transcript article')].map((a) => a.id);"


def test_a_demo_reader_who_scrolled_up_counts_what_arrives_and_jumps_down(driver, demo):
    _, url = demo
    driver.get(channel_page(url))
    wait_until(driver, "return document.querySelector('.new-messages') !== null")
    driver.execute_script(VIEW + 'document.scrollingElement.scrollTop -= 600')
    next_frames(driver)
    seen = set(driver.execute_script(IDS))
    anchor = driver.execute_script('return firstInView()')
    before = view(driver, anchor)
    # Wait for three new messages, then read the ids and the button in one go.
    deadline = time.monotonic() + TIMEOUT
    while True:
        ids, now = driver.execute_script(
            "return [[...document.querySelectorAll('#transcript article')].map((a) => a.id), view(arguments[0])];", anchor)
        new = [id for id in ids if id not in seen]
        if len(new) >= 3:
            break
        assert time.monotonic() < deadline, f'new messages did not arrive: {new}'
        time.sleep(0.05)
    assert now['text'] == f'{len(new)} new messages ↓' and now['hidden'] is False
    assert now['top'] == before['top'] and abs(now['anchorTop'] - before['anchorTop']) <= 1
    driver.find_element(By.CSS_SELECTOR, '.new-messages-button').click()
    after = view(driver)
    assert abs(after['gap']) <= 1 and after['hidden'] is True


# --- Load older: the reader's place without scroll anchoring, one heading per day -----------------

OLDER = """
window.older = (anchor) => {
  const s = document.scrollingElement;
  const headings = [...document.querySelectorAll('.day-label')].map((h) => [h.querySelector('time').getAttribute('datetime'),
    h.getClientRects().length > 0, h.getBoundingClientRect().top, h.closest('#transcript') !== null]);
  const messages = [...document.querySelectorAll('article[id]')].map((a) => [a.closest('section').dataset.day ?? a.closest('section').id,
    a.getBoundingClientRect().top]);
  return {top: s.scrollTop, anchorTop: document.getElementById(anchor).getBoundingClientRect().top,
    days: [...document.querySelectorAll('.older-messages > section')].map((d) => d.dataset.day),
    firstLive: document.querySelector('#transcript > section').id,
    continues: document.querySelector('.older').classList.contains('continues-live'),
    older: document.querySelectorAll('.older-messages article').length, headings, messages,
    busy: document.querySelector('.load-older').disabled};
};
"""


@pytest.fixture
def sample():
    """`parley serve` of the sample export with a window of 20 messages: no message arrives, so
    the live window never moves while older messages load."""
    with browser.serving(browser.ROOT / 'Samples' / 'sample.json', '--window', '20') as address:
        yield address


def assert_one_heading_per_day(state):
    """Every day has one rendered heading, above each of its messages."""
    rendered = [(day, top) for day, shown, top, _ in state['headings'] if shown]
    days = [day for day, _ in rendered]
    assert len(days) == len(set(days)), f'a day shows two headings: {days}'
    assert set(days) == {f'{section[2:]}' for section, _ in state['messages']}
    tops = dict(rendered)
    for section, top in state['messages']:
        assert tops[section[2:]] < top, f'a message of {section} is above its heading'


@pytest.mark.parametrize('network', ['fast', 'slow'], indirect=True)
def test_load_older_keeps_the_reader_in_place_without_scroll_anchoring(driver, sample, network):
    driver.get(channel_page(sample))
    wait_until(driver, "return document.querySelector('.load-older') !== null")
    driver.execute_script("document.scrollingElement.style.overflowAnchor = 'none'")
    assert driver.execute_script('return getComputedStyle(document.scrollingElement).overflowAnchor') == 'none'
    driver.execute_script(VIEW + OLDER + 'document.scrollingElement.scrollTop = 0')
    live = driver.execute_script("return [...document.querySelectorAll('#transcript article')].map((a) => a.id)")
    assert len(live) in (20, 21)

    for click in range(1, 4):
        if network == 'slow':
            driver.execute_script("document.querySelector('.load-older').click()")
            # The reader scrolls while the answer is on its way: their place is where they are then.
            driver.execute_script('document.scrollingElement.scrollTop += 40')
            anchor = driver.execute_script('return firstInView()')
            before = driver.execute_script('return older(arguments[0])', anchor)
            assert before['busy'] is True, 'the answer came before the reader was measured'
        else:
            anchor, before = driver.execute_script("""const anchor = firstInView(), before = older(anchor);
                document.querySelector('.load-older').click();
                return [anchor, before];""")
        wait_until(driver, "return !document.querySelector('.load-older').disabled")
        # What the reader sees once the images in view have loaded or failed (their boxes change
        # size then, and the place is held again before the next frame is painted).
        next_frames(driver, 30)
        after = driver.execute_script('return older(arguments[0])', anchor)
        assert after['older'] == min(20 * click, 67 - len(live))
        assert abs(after['anchorTop'] - before['anchorTop']) <= 1, (click, anchor, before['top'], after['top'], before['anchorTop'], after['anchorTop'])
        assert after['top'] - before['top'] > 500, 'the older messages are tall: without the fix the reader would jump'
        assert after['days'] == sorted(set(after['days'])), f'one section per day in the older region: {after["days"]}'
        assert after['continues'] is (after['days'][-1] == after['firstLive'])
        assert_one_heading_per_day(after)
        if click == 1:
            # The live window starts within a day, so that day is in both regions: its heading is the older one's.
            assert after['continues'] is True
            shown = [live for day, visible, _, live in after['headings'] if visible and day == after['firstLive'][2:]]
            assert shown == [False]
        # The next time the reader is among the older messages: one of those is the anchor.
        driver.execute_script('document.scrollingElement.scrollTop = 130')
    assert driver.execute_script("return [...document.querySelectorAll('#transcript article')].map((a) => a.id)") == live
    assert driver.execute_script("return document.querySelectorAll('.older-messages section[id]').length") == 0


# --- Selection after a text change -----------------------------------------------------------------

SELECT = """
const [id, text, start, end] = arguments;
const slot = document.getElementById(id).querySelector('[data-slot="text"]');
const node = slot.firstChild;
getSelection().setBaseAndExtent(node, start, node, end);
return [node.data, getSelection().toString()];
"""
SELECTION = """
const s = getSelection();
if (s.rangeCount === 0) return null;
const slot = document.getElementById(arguments[0]).querySelector('[data-slot="text"]');
return [s.toString(), slot.contains(s.anchorNode) && slot.contains(s.focusNode), s.anchorNode.parentElement.tagName,
        s.anchorNode.data, s.anchorOffset, s.focusNode.data, s.focusOffset];
"""
OLD = 'the picnic starts at noon'


@pytest.mark.parametrize('old, selected, new, expected', [
    # Text added before the selection: the same words, further on.
    (OLD, (4, 10), 'Reminder: the picnic starts at noon',
     ['picnic', True, 'DIV', 'Reminder: the picnic starts at noon', 14, 'Reminder: the picnic starts at noon', 20]),
    # Text changed after the selection: the same offsets still hold the same words.
    (OLD, (4, 10), 'the picnic starts at one', ['picnic', True, 'DIV', 'the picnic starts at one', 4, 'the picnic starts at one', 10]),
    # A backward selection stays backward.
    (OLD, (10, 4), 'Reminder: the picnic starts at noon',
     ['picnic', True, 'DIV', 'Reminder: the picnic starts at noon', 20, 'Reminder: the picnic starts at noon', 14]),
    # The word twice: the occurrence whose neighbourhood is the old one.
    (OLD, (4, 10), 'picnic? the picnic starts at noon',
     ['picnic', True, 'DIV', 'picnic? the picnic starts at noon', 12, 'picnic? the picnic starts at noon', 18]),
    # Across new markup: the selection spans the new text nodes.
    (OLD, (4, 17), 'Reminder: the <strong>picnic</strong> starts at noon',
     ['picnic starts', True, 'STRONG', 'picnic', 0, ' starts at noon', 7]),
    # The selected word is gone: the selection is dropped, not put on other words.
    (OLD, (4, 10), 'the party starts at noon', None),
    # The word is still there, but nothing around it is: not the reader's text any more.
    ('see you at noon', (11, 15), 'noon is too early for me', None),
])
def test_a_selection_in_a_replaced_text_slot_is_found_again_by_its_text_or_dropped(driver, old, selected, new, expected):
    open_case(driver, 'edit-and-stream')
    driver.execute_script(VIEW)
    message = driver.execute_script("return main.querySelector('[data-slot=\"text\"]').closest('article').id")
    apply(driver, ['s', message, 'text', old])
    start, end = selected
    assert driver.execute_script(SELECT, message, old, start, end) == [old, old[min(start, end):max(start, end)]]
    apply(driver, ['s', message, 'text', new])
    assert driver.execute_script(SELECTION, message) == expected
    assert driver.execute_script('return getSelection().rangeCount') == (0 if expected is None else 1)
