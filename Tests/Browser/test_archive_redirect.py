"""An archive page of a channel whose folder moved (a hidden `c/.21…` folder written before
folders were checked) sends a reader who opens it from disk on to the new folder, keeping the
permalink's #fragment; with scripts off, the meta refresh still lands on the right page."""

import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

import browser

MATRIX = browser.ROOT / 'Tests' / 'ParleyTestSupport' / 'Fixtures' / 'matrix-element-export.json'
LEGACY = 'c/.21room.3Aexample.2Eorg/'
FOLDER = 'c/~.21room.3Aexample.2Eorg/'


@pytest.fixture(scope='module')
def archive():
    """An archive rendered once, its channel moved back to the legacy folder as an earlier Parley
    wrote it, then rendered again: the legacy folder now holds redirect pages."""
    parent = Path(tempfile.mkdtemp(prefix='parley-redirect-'))
    output = parent / 'archive'
    parley = str(browser.parley_binary())
    subprocess.run([parley, 'render', str(MATRIX), '-o', str(output), '-q'], check=True)
    (output / FOLDER).rename(output / LEGACY)
    manifest = output / '.parley-manifest'
    manifest.write_text(manifest.read_text(encoding='utf-8').replace(FOLDER, LEGACY), encoding='utf-8')
    subprocess.run([parley, 'render', str(MATRIX), '-o', str(output), '-q'], check=True)
    yield output
    shutil.rmtree(parent, ignore_errors=True)


def first_message_id(page):
    text = page.read_text(encoding='utf-8')
    start = text.index('<article class="msg')
    start = text.index('id="', start) + 4
    return text[start:text.index('"', start)]


def wait_for_url(driver, ending):
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and not driver.current_url.endswith(ending):
        time.sleep(0.05)
    return driver.current_url


def test_a_permalink_into_the_legacy_folder_reaches_the_message(archive):
    fragment = '#' + first_message_id(archive / FOLDER / '2024-03.html')
    driver = browser.start(relaxed=False)
    try:
        driver.get((archive / LEGACY / '2024-03.html').as_uri() + fragment)
        url = wait_for_url(driver, FOLDER + '2024-03.html' + fragment)
        assert url == (archive / FOLDER / '2024-03.html').as_uri() + fragment
        assert driver.execute_script('return document.querySelector(":target")?.id') == fragment[1:]
    finally:
        driver.quit()


def test_without_scripts_the_refresh_reaches_the_page(archive):
    """The meta refresh cannot know the fragment: the reader lands at the top of the right page."""
    driver = browser.start(relaxed=False, javascript=False)
    try:
        driver.get((archive / LEGACY / '2024-03.html').as_uri() + '#m-x')
        url = wait_for_url(driver, FOLDER + '2024-03.html')
        assert url == (archive / FOLDER / '2024-03.html').as_uri()
    finally:
        driver.quit()
