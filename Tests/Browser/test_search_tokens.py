"""public/search.js tokenizes the shared vectors exactly as SearchTokenizer does in Swift
(Tests/ParleySearchTests run the same file), loaded as an archive page loads it: a classic
script from file://, Chromium without relaxed flags."""

import json
import shutil
import tempfile
from pathlib import Path

import pytest

import browser

VECTORS = browser.ROOT / 'Tests' / 'ParleyTestSupport' / 'Fixtures' / 'search-tokens.json'


@pytest.fixture(scope='module')
def page():
    folder = Path(tempfile.mkdtemp(prefix='parley-search-'))
    shutil.copy(browser.PUBLIC / 'search.js', folder / 'search.js')
    (folder / 'index.html').write_text(
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" '
        'content="default-src \'none\'; script-src \'self\'"><title>t</title><script src="search.js"></script>'
        '</head><body></body></html>', encoding='utf-8')
    driver = browser.start(relaxed=False)
    driver.get((folder / 'index.html').as_uri())
    yield driver
    driver.quit()
    shutil.rmtree(folder, ignore_errors=True)


def test_the_shared_vectors(page):
    vectors = json.loads(VECTORS.read_text(encoding='utf-8'))
    assert len(vectors) == 28
    got = page.execute_script('return arguments[0].map((v) => window.ParleySearch.tokenize(v.text))', vectors)
    for vector, terms in zip(vectors, got):
        assert terms == vector['terms'], vector['note']
