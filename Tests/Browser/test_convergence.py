"""The convergence invariant in a real browser: the page at the first state plus every batch,
applied by parley.js, gives the browser's own parse of the page at the final state."""

import browser
import sequences


def test_converges(driver, sequence):
    batches = browser.read_batches(sequence)
    final = (sequence / 'final.html').read_text(encoding='utf-8')
    result = browser.open_page(driver, sequence / 'initial.html', 'converge', batches, final, styled=False)
    assert result['applied'] == [True] * len(batches)
    assert result['live'] == result['expected'], browser.first_difference(result['live'], result['expected'])
    if batches:
        assert result['version'] == str(batches[-1]['v'])
    assert result['expectedVersion'] in (None, result['version'])
    assert result['violations'] == []


def test_the_named_fixtures_are_what_sequences_py_writes(tmp_path):
    sequences.write_named(tmp_path)
    written = sorted(path.relative_to(tmp_path) for path in tmp_path.rglob('*.*'))
    stored = sorted(path.relative_to(browser.FIXTURES) for path in browser.FIXTURES.glob('*/*.*'))
    assert written == stored
    for path in written:
        assert (tmp_path / path).read_bytes() == (browser.FIXTURES / path).read_bytes(), path
