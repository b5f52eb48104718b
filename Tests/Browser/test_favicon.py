"""Every page links Parley's icon, and Chromium loads it under the page's own Content-Security-Policy:
archive pages opened from file:// (no relaxed flags) in any folder reach the archive root's
favicon.ico, and `parley serve` pages /favicon.ico. The ICO holds 16, 32 and 48 px images;
Chromium decodes the largest."""

import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

import browser

# The page's icon link: its href as written, where it leads, and the size Chromium decodes there.
ICON = """
const done = arguments[arguments.length - 1];
const links = [...document.querySelectorAll('link[rel="icon"]')];
const image = new Image();
image.addEventListener('load', () => done([links.length, links[0].getAttribute('href'), links[0].href, image.naturalWidth, image.naturalHeight]));
image.addEventListener('error', () => done([links.length, links[0].getAttribute('href'), links[0].href, 'not loaded']));
image.src = links[0].href;
"""


@pytest.fixture(scope='module')
def sample_archive():
    parent = Path(tempfile.mkdtemp(prefix='parley-icon-'))
    output = parent / 'archive'
    subprocess.run([str(browser.parley_binary()), 'render', '--sample', '-o', str(output), '-q'], check=True)
    yield output
    shutil.rmtree(parent, ignore_errors=True)


def test_every_archive_page_shows_the_icon_from_the_archive_root(strict_driver, sample_archive):
    pages = sorted(path.relative_to(sample_archive).as_posix() for path in sample_archive.rglob('*.html'))
    assert pages == ['c/900000000000000001/2024-03.html', 'c/900000000000000001/index.html', 'index.html']
    icon = (sample_archive / 'favicon.ico').as_uri()
    for page in pages:
        strict_driver.get((sample_archive / page).as_uri())
        href = 'favicon.ico' if page == 'index.html' else '../../favicon.ico'
        assert strict_driver.execute_async_script(ICON) == [1, href, icon, 48, 48], page


def test_the_live_pages_show_the_served_icon(strict_driver):
    with browser.serving('--demo') as address:
        for path in ['', 'c/900000000000000001']:
            strict_driver.get(address + path)
            assert strict_driver.execute_async_script(ICON) == [1, '/favicon.ico', address + 'favicon.ico', 48, 48], path
