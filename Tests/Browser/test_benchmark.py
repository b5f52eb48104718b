"""How long parley.js takes to apply one 1,000-operation batch in Chromium (printed, not
asserted; the result is still checked against the final page)."""

import random
import statistics

import browser
from page_model import Page
from sequences import BASE, FRAGMENTS, TOKENS, Writer

RUNS = 5


def thousand_operation_batch():
    """200 inserts, then 200 moves, slot sets, text appends and class changes over the result."""
    rng = random.Random(1000)
    w = Writer(Page(BASE.read_text(encoding='utf-8')))
    p, ops = w.page, []
    for _ in range(200):
        section = rng.choice(p.sections)
        after = rng.choice([None] + [m.id for m in section.messages])
        ops.append(p.insert(w.new_message(rng.choice(FRAGMENTS['text']), rng.randrange(12)), section.id, after))
    for _ in range(200):
        message, section = rng.choice(p.messages()), rng.choice(p.sections)
        after = rng.choice([None] + [m.id for m in section.messages if m is not message])
        ops.append(p.move(message.id, section.id, after))
    for _ in range(200):
        ops.append(p.set_slot(rng.choice(p.messages()).id, 'text', rng.choice(FRAGMENTS['text'])))
    for _ in range(200):
        ops.append(p.append_text(rng.choice(p.messages()).id, 'text', rng.choice(TOKENS)))
    for _ in range(200):
        ops.append(p.set_attribute(rng.choice(p.messages()).id, 'class', 'msg pos-only kind-default'))
    w.batch(*ops)
    return w


def test_apply_time_of_a_1000_operation_batch(driver, tmp_path, capsys):
    w = thousand_operation_batch()
    assert len(w.batches[0]['ops']) == 1000
    (tmp_path / 'initial.html').write_text(w.initial, encoding='utf-8')
    final = w.page.render()
    times = []
    for _ in range(RUNS):
        browser.open_page(driver, tmp_path / 'initial.html')
        elapsed, applied = driver.execute_script("""const main = document.getElementById('transcript');
            const start = performance.now();
            const applied = parley.applyBatch(main, arguments[0]);
            return [performance.now() - start, applied]""", w.batches[0])
        assert applied
        times.append(elapsed)
    result = driver.execute_script('return window.harness.converge([], arguments[0])', final)
    assert result['live'] == result['expected'], browser.first_difference(result['live'], result['expected'])
    with capsys.disabled():
        print(f'\nparley.js applies a 1,000-operation batch (200 each of i, m, s, t, a; 212 messages) in '
              f'{statistics.median(times):.1f} ms median, {min(times):.1f} ms best of {RUNS} (Chromium, headless)')
