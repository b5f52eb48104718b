"""Named cases of parley.js in headless Chromium: identity, focus, caret and selection, versions,
the animation-frame queue, text safety, errors and resyncs, scrolling, the live region and transient classes.

Cases marked with `mode` run twice: with the browser's `Element.moveBefore` and with it deleted
(the `insertBefore` fallback)."""

import re
import tempfile
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

import browser

MODES = ['moveBefore', 'insertBefore']

# Helpers defined on the page: the container, resync events, frames and text selection.
PRELUDE = """
window.main = document.getElementById('transcript');
window.resyncs = [];
main.addEventListener('parley:resync', (event) => resyncs.push(event.detail));
window.reloads = [];
main.addEventListener('parley:reload', (event) => { reloads.push(event.detail); event.preventDefault(); });
window.snapshot = () => harness.canonical(main, {skip: ['data-version']});
window.frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
window.selectText = (element, start, end) => {
  const text = element.firstChild;
  getSelection().setBaseAndExtent(text, start, text, end);
  return text;
};
"""


def open_case(driver, name, mode='moveBefore'):
    """Opens the first page of a named case; returns its batches."""
    browser.open_page(driver, browser.FIXTURES / name / 'initial.html')
    driver.execute_script(PRELUDE)
    if mode == 'insertBefore':
        driver.execute_script('delete Element.prototype.moveBefore')
    assert driver.execute_script("return typeof main.moveBefore") == ('function' if mode == 'moveBefore' else 'undefined')
    return browser.read_batches(browser.FIXTURES / name)


def apply(driver, *batches):
    return driver.execute_script('return arguments[0].map((batch) => parley.applyBatch(main, batch))', list(batches))


def assert_final(driver, name):
    final = (browser.FIXTURES / name / 'final.html').read_text(encoding='utf-8')
    live, expected = driver.execute_script(
        'return [snapshot(), harness.canonical(harness.parsedTranscript(arguments[0]), {skip: ["data-version"]})]', final)
    assert live == expected, browser.first_difference(live, expected)


@pytest.mark.parametrize('mode', MODES)
def test_swap_first_and_last_message_keeps_both_elements(driver, mode):
    batches = open_case(driver, 'swap-first-last', mode)
    driver.execute_script("window.kept = [...main.querySelectorAll('article')].filter((a, i, all) => i === 0 || i === all.length - 1)")
    assert apply(driver, *batches) == [True]
    assert_final(driver, 'swap-first-last')
    assert driver.execute_script('return kept.map((a) => a.isConnected && document.getElementById(a.id) === a)') == [True, True]
    assert driver.execute_script("return [...main.querySelectorAll('article')].map((a) => a.id)")[0] == \
        driver.execute_script('return kept[1].id')


@pytest.mark.parametrize('mode', MODES)
def test_move_earlier_keeps_focus_and_selection_in_the_moved_message(driver, mode):
    batches = open_case(driver, 'move-earlier', mode)
    moved = batches[0]['ops'][0][1]
    driver.execute_script("""
        const message = document.getElementById(arguments[0]);
        window.link = message.querySelector('.msg-time');
        link.focus();
        window.text = selectText(message.querySelector('.msg-author'), 1, 4);
        window.before = getSelection().toString();""", moved)
    assert apply(driver, *batches) == [True]
    assert_final(driver, 'move-earlier')
    state = driver.execute_script("""
        const selection = getSelection();
        return [document.activeElement === link, selection.toString() === before, selection.anchorNode === text,
                selection.anchorOffset, selection.focusOffset, before.length]""")
    assert state == [True, True, True, 1, 4, 3]


@pytest.mark.parametrize('mode', MODES)
def test_inserts_and_a_move_while_an_input_has_focus_keep_its_focus_caret_and_text(driver, mode):
    batches = open_case(driver, 'new-day', mode)
    driver.execute_script("""
        const input = document.createElement('input');
        input.id = 'composer';
        document.querySelector('.page-header').append(input);""")
    composer = driver.find_element(By.ID, 'composer')
    composer.click()
    composer.send_keys('hello world')
    driver.execute_script("document.getElementById('composer').setSelectionRange(2, 7)")
    assert apply(driver, batches[0]) == [True]
    driver.execute_async_script('const [batch, done] = arguments; parley.queueBatch(main, batch); frame().then(done)', batches[1])
    assert_final(driver, 'new-day')
    first = driver.execute_script("return main.querySelector('article').id")
    assert apply(driver, {'p': 2, 'v': 4, 'base': 3, 'ops': [['m', first, 'd-2024-03-12', 'm-9000002']]}) == [True]
    assert driver.execute_script("return [...main.querySelectorAll('article')].at(-1).id") == first
    state = driver.execute_script('const c = document.activeElement; return [c.id, c.value, c.selectionStart, c.selectionEnd]')
    assert state == ['composer', 'hello world', 2, 7]
    composer.send_keys('!')
    assert composer.get_attribute('value') == 'he!orld'


@pytest.mark.parametrize('mode', MODES)
def test_caret_in_a_field_inside_a_moved_message_survives(driver, mode):
    batches = open_case(driver, 'swap-first-last', mode)
    driver.execute_script("""
        const field = document.createElement('textarea');
        field.id = 'note';
        [...main.querySelectorAll('article')].at(-1).querySelector('.msg-body').append(field);
        field.value = 'draft reply';
        field.focus();
        field.setSelectionRange(3, 3);""")
    assert apply(driver, *batches) == [True]
    state = driver.execute_script("""const f = document.activeElement;
        return [f.id, f.value, f.selectionStart, f.selectionEnd, f.closest('article') === main.querySelector('article')]""")
    assert state == ['note', 'draft reply', 3, 3, True]


def test_selection_inside_a_replaced_message_is_restored_on_the_new_text(driver):
    batches = open_case(driver, 'replace')
    replaced = batches[0]['ops'][0][1]
    driver.execute_script("selectText(document.getElementById(arguments[0]).querySelector('.msg-author'), 0, 3)", replaced)
    before = driver.execute_script('return getSelection().toString()')
    assert apply(driver, *batches) == [True]
    after = driver.execute_script("""const s = getSelection();
        return [s.toString(), document.getElementById(arguments[0]).contains(s.anchorNode)]""", replaced)
    assert after == [before, True] and len(before) == 3


def test_the_same_insert_received_twice_keeps_one_element_the_new_one(driver):
    batches = open_case(driver, 'duplicate-insert')
    inserted = batches[0]['ops'][0][1]
    assert apply(driver, batches[0]) == [True]
    driver.execute_script("window.first = document.getElementById(arguments[0]); first.dataset.probe = 'old'", inserted)
    assert apply(driver, batches[1]) == [True]
    state = driver.execute_script("""const element = document.getElementById(arguments[0]);
        return [main.querySelectorAll('#' + CSS.escape(arguments[0])).length, element === first, first.isConnected,
                element.dataset.probe ?? null]""", inserted)
    assert state == [1, False, False, None]
    assert_final(driver, 'duplicate-insert')


def test_a_stale_batch_after_a_newer_one_is_discarded(driver):
    batches = open_case(driver, 'edit-and-stream')
    assert apply(driver, *batches[:3]) == [True, True, True]
    before = driver.execute_script('return snapshot()')
    assert apply(driver, batches[1], batches[0]) == [False, False]
    assert driver.execute_script('return [snapshot() === arguments[0], main.dataset.version, resyncs]', before) == [True, '4', []]


def test_a_gap_fires_a_resync_and_is_not_applied(driver):
    batches = open_case(driver, 'edit-and-stream')
    before = driver.execute_script('return snapshot()')
    assert apply(driver, batches[2]) == [False]
    state = driver.execute_script('return [snapshot() === arguments[0], main.dataset.version, resyncs]', before)
    assert state == [True, '1', [{'reason': 'gap', 'version': 1, 'v': 4, 'base': 3, 'error': None}]]


def test_queued_batches_apply_in_order_within_one_frame(driver):
    batches = open_case(driver, 'edit-and-stream')
    seen = driver.execute_async_script("""
        const [batches, done] = arguments;
        const seen = [];
        requestAnimationFrame(() => seen.push(['before', main.dataset.version]));
        batches.forEach((batch) => parley.queueBatch(main, batch));
        seen.push(['queued', main.dataset.version]);
        requestAnimationFrame(() => { seen.push(['after', main.dataset.version]); done(seen); });""", batches)
    assert seen == [['queued', '1'], ['before', '1'], ['after', '5']]
    assert_final(driver, 'edit-and-stream')


def test_a_gap_in_the_queue_stops_the_frame_and_asks_once(driver):
    batches = open_case(driver, 'edit-and-stream')
    driver.execute_async_script("""const [batches, done] = arguments;
        batches.forEach((batch) => parley.queueBatch(main, batch)); frame().then(done)""",
                                [batches[0], batches[2], batches[3]])
    assert driver.execute_script('return [main.dataset.version, resyncs.map((r) => r.reason)]') == ['2', ['gap']]


def test_text_is_set_as_text_and_fragments_run_no_script(driver):
    page = (browser.FIXTURES / 'base.html').read_text(encoding='utf-8')
    without_csp = re.sub(r'<meta http-equiv="Content-Security-Policy"[^>]*>', '', page)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / 'page.html'
        path.write_text(without_csp, encoding='utf-8')
        browser.open_page(driver, path)
        driver.execute_script(PRELUDE)
        message = driver.execute_script("return main.querySelector('article').id")
        batch = {'p': 2, 'v': 2, 'base': 1, 'ops': [
            ['t', message, 'text', '<img src=x onerror="window.ran = 1"><b>bold?</b>'],
            ['s', message, 'reactions', '<b>x</b><script>window.ran = 2</script>']]}
        assert apply(driver, batch) == [True]
        driver.execute_async_script('frame().then(arguments[0])')
        state = driver.execute_script("""const slot = document.getElementById(arguments[0]).querySelector('[data-slot=text]');
            return [slot.querySelector('img, b') === null, slot.textContent.endsWith(arguments[1]),
                    typeof window.ran, document.querySelectorAll('[data-slot=reactions] script').length]""",
                                      message, batch['ops'][0][3])
    assert state == [True, True, 'undefined', 1]


def test_an_operation_on_a_missing_element_asks_for_a_reset_and_a_reset_recovers(driver):
    open_case(driver, 'reset')
    initial = driver.execute_script('return [snapshot(), main.innerHTML]')
    assert apply(driver, {'p': 2, 'v': 2, 'base': 1, 'ops': [['a', 'm-404', 'class', 'x']]}) == [False]
    state = driver.execute_script("return [main.hasAttribute('data-version'), resyncs.map((r) => [r.reason, r.error])]")
    assert state == [False, [['error', 'no element with id "m-404" in ["a","m-404","class","x"]']]]
    assert apply(driver, {'p': 2, 'v': 3, 'base': 2, 'ops': [['s', 'x', 'text', '']]}) == [False]
    assert apply(driver, {'p': 2, 'v': 7, 'base': 1, 'ops': [['reset', initial[1]]]}) == [True]
    assert driver.execute_script('return [snapshot(), main.dataset.version]') == [initial[0], '7']


def test_slots_are_created_before_the_next_slot_or_last_and_removed(driver):
    open_case(driver, 'reset')
    message = driver.execute_script("return main.querySelector('article').id")
    order = "return [...document.getElementById(arguments[0]).querySelectorAll('[data-slot]')].map((slot) => slot.dataset.slot)"
    assert apply(driver, {'p': 2, 'v': 2, 'base': 1, 'ops': [
        ['d', message, 'embeds'], ['d', message, 'reactions'], ['d', message, 'reactions'],
        ['c', message, 'embeds', 'stickers', '<div class="msg-embeds" data-slot="embeds"><b>e</b></div>'],
        ['c', message, 'reactions', None, '<div class="msg-reactions" data-slot="reactions">r</div>']]}) == [True]
    assert driver.execute_script(order, message) == ['reply', 'text', 'edited', 'attachments', 'embeds', 'stickers', 'reactions']
    contents = driver.execute_script("""const element = document.getElementById(arguments[0]);
        return [element.lastElementChild.textContent, element.querySelector('[data-slot=embeds] b').textContent]""", message)
    assert contents == ['r', 'e']
    assert apply(driver, {'p': 2, 'v': 3, 'base': 2, 'ops': [['c', message, 'text', None, '<div data-slot="text">x</div>']]}) == [False]
    assert driver.execute_script('return resyncs.map((r) => r.reason)') == ['error']


@pytest.mark.parametrize('protocol', [1, 3, None], ids=['older', 'newer', 'absent'])
def test_a_batch_of_another_protocol_version_asks_for_a_reload_and_is_not_applied(driver, protocol):
    open_case(driver, 'reset')
    before = driver.execute_script('return snapshot()')
    batch = {'v': 2, 'base': 1, 'ops': [['a', driver.execute_script("return main.querySelector('article').id"), 'class', 'x']]}
    if protocol is not None:
        batch['p'] = protocol
    assert apply(driver, batch) == [False]
    state = driver.execute_script('return [snapshot() === arguments[0], main.dataset.version, reloads, resyncs]', before)
    assert state == [True, '1', [{'protocol': protocol or 1, 'client': 2}], []]


def test_a_reset_without_a_protocol_version_applies(driver):
    open_case(driver, 'reset')
    initial = driver.execute_script('return [snapshot(), main.innerHTML]')
    assert apply(driver, {'v': 4, 'base': 1, 'ops': [['reset', initial[1]]]}) == [True]
    assert driver.execute_script('return [snapshot() === arguments[0], main.dataset.version, reloads]', initial[0]) == [True, '4', []]


@pytest.mark.parametrize('batch, reason', [
    ({'p': 2, 'v': 'two', 'base': 1, 'ops': []}, 'invalid'),
    ({'p': 2, 'v': 2, 'base': 1, 'ops': [['?', 'm-1']]}, 'error'),
    ({'p': 2, 'v': 2, 'base': 1, 'ops': [['i', 'm-1', 'd-2024-03-08', None, '<p id="m-2">wrong id</p>']]}, 'error'),
    ({'p': 2, 'v': 2, 'base': 1, 'ops': [['s', None, 'text', '']]}, 'error'),
], ids=['version-not-a-number', 'unknown-tag', 'html-with-another-id', 'id-not-a-string'])
def test_malformed_batches_ask_for_a_resync(driver, batch, reason):
    open_case(driver, 'reset')
    assert apply(driver, batch) == [False]
    assert driver.execute_script('return resyncs.map((r) => r.reason)') == [reason]


# Applies batches[0] and, when `again` is set, that batch 500 ms later; returns, after the last
# one, which elements carry `flash` and the element's animations, and how long the class stayed.
FLASH = """const [batches, id, again, done] = arguments;
const element = document.getElementById(id);
const seen = {};
new MutationObserver((records, observer) => {
  if (element.classList.contains('flash')) return;
  observer.disconnect();
  seen.lasted = performance.now() - seen.applied;
  done(seen);
}).observe(element, {attributes: true, attributeFilter: ['class']});
const flash = (batch) => {
  seen.applied = performance.now();
  seen.result = parley.applyBatch(main, batch);
  seen.flashing = [...main.querySelectorAll('.flash')].map((flashing) => flashing.id);
  seen.animations = element.getAnimations().map((animation) => [animation.animationName, animation.playState]);
};
flash(batches[0]);
if (again) setTimeout(() => flash(again), 500);
"""


def test_a_transient_class_stays_while_its_animation_runs(driver):
    batches = open_case(driver, 'flash')
    flashed = batches[0]['ops'][1][1]
    seen = driver.execute_async_script(FLASH, batches, flashed, None)
    assert [seen['result'], seen['flashing'], seen['animations']] == [True, [flashed], [['parley-flash', 'running']]]
    assert 900 <= seen['lasted'] < 5000, seen
    assert_final(driver, 'flash')


def test_a_repeated_transient_class_restarts_its_animation(driver):
    batches = open_case(driver, 'flash')
    flashed = batches[0]['ops'][1][1]
    again = {'p': 2, 'v': 3, 'base': 2, 'ops': [['f', flashed, 'flash']]}
    seen = driver.execute_async_script(FLASH, batches, flashed, again)
    assert [seen['result'], seen['flashing'], seen['animations']] == [True, [flashed], [['parley-flash', 'running']]]
    assert 900 <= seen['lasted'] < 5000, f'the class went {seen["lasted"]} ms after the second flash: {seen}'
    assert_final(driver, 'flash')


SCROLL_STATE = """const s = document.scrollingElement;
    return {bottomGap: s.scrollHeight - s.clientHeight - s.scrollTop, top: s.scrollTop,
            anchorTop: document.getElementById(arguments[0]).getBoundingClientRect().top}"""


@pytest.fixture
def short_window(driver):
    driver.set_window_size(900, 420)
    yield driver
    driver.set_window_size(1000, 700)


@pytest.mark.parametrize('through', ['applyBatch', 'queueBatch'])
def test_the_view_stays_pinned_to_the_bottom(short_window, through):
    driver = short_window
    batches = open_case(driver, 'insert-at-end')
    last = driver.execute_script("document.scrollingElement.scrollTop = 1e6; return main.querySelector('article:last-of-type').id")
    assert driver.execute_script(SCROLL_STATE, last)['bottomGap'] < 1
    for batch in batches:
        driver.execute_async_script(f'const done = arguments[1]; parley.{through}(main, arguments[0]); frame().then(done)', batch)
    assert driver.execute_script(SCROLL_STATE, last)['bottomGap'] < 1


@pytest.mark.parametrize('through', ['applyBatch', 'queueBatch'])
@pytest.mark.parametrize('native', ['auto', 'none'], ids=['css-anchoring', 'no-css-anchoring'])
def test_content_inserted_above_does_not_move_what_the_reader_sees(short_window, through, native):
    driver = short_window
    batches = open_case(driver, 'insert-above')
    driver.execute_script('document.scrollingElement.style.overflowAnchor = arguments[0]', native)
    anchor = driver.execute_script("""document.scrollingElement.scrollTop = 700;
        return [...main.querySelectorAll('article')].find((a) => a.getBoundingClientRect().bottom > 0).id""")
    before = driver.execute_script(SCROLL_STATE, anchor)
    driver.execute_async_script(f'const done = arguments[1]; parley.{through}(main, arguments[0]); frame().then(done)', batches[0])
    after = driver.execute_script(SCROLL_STATE, anchor)
    assert abs(after['anchorTop'] - before['anchorTop']) < 1
    assert after['top'] > before['top'] + 20


def test_content_inserted_below_leaves_a_reader_in_the_middle_where_they_were(short_window):
    driver = short_window
    batches = open_case(driver, 'insert-at-end')
    anchor = driver.execute_script("document.scrollingElement.scrollTop = 300; return main.querySelector('article').id")
    before = driver.execute_script(SCROLL_STATE, anchor)
    assert apply(driver, *batches) == [True, True]
    after = driver.execute_script(SCROLL_STATE, anchor)
    assert (after['top'], after['anchorTop']) == (before['top'], before['anchorTop'])
    assert after['bottomGap'] > before['bottomGap']


def test_inserted_messages_are_exposed_inside_the_polite_log(driver):
    batches = open_case(driver, 'insert-at-end')
    driver.execute_script("parley.connect(main, 'data:text/event-stream,').close()")
    assert driver.execute_script("return main.getAttribute('aria-relevant')") == 'additions'
    assert apply(driver, batches[0]) == [True]
    inserted = batches[0]['ops'][0][1]
    driver.execute_cdp_cmd('Accessibility.enable', {})
    root = driver.execute_cdp_cmd('DOM.getDocument', {'depth': 0})['root']['nodeId']
    node = driver.execute_cdp_cmd('DOM.querySelector', {'nodeId': root, 'selector': f'#{inserted}'})['nodeId']
    tree = driver.execute_cdp_cmd('Accessibility.getPartialAXTree', {'nodeId': node, 'fetchRelatives': True})['nodes']
    article = next(n for n in tree if n.get('role', {}).get('value') == 'article')
    log = next(n for n in tree if n.get('role', {}).get('value') == 'log')
    properties = {p['name']: p['value'].get('value') for p in log['properties']}
    assert article['ignored'] is False
    assert (properties['live'], properties['relevant']) == ('polite', 'additions')
    driver.execute_cdp_cmd('Accessibility.disable', {})
