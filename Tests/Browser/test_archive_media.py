"""Archives opened from file:// the way a reader opens them (no relaxed flags): every image loads,
a file the export lacks shows as a card naming it — not a broken image — clear of the reactions,
and the built-in sample's archive shows its own photo, sticker and custom emoji."""

import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

import browser

MISSING = browser.ROOT / 'Tests' / 'ParleyTestSupport' / 'Fixtures' / 'media-missing' / 'missing-media.json'
SAMPLE_PAGE = 'c/900000000000000001/2024-03.html'

# Scrolls each image into view (they load lazily), waits until it has loaded or failed, and
# returns [src, naturalWidth] for every `img` of the page.
LOAD_EVERY_IMAGE = """
const done = arguments[arguments.length - 1];
(async () => {
  const images = [...document.images];
  for (const image of images) {
    image.scrollIntoView({block: 'center'});
    if (!image.complete) {
      await new Promise(resolve => {
        image.addEventListener('load', resolve, {once: true});
        image.addEventListener('error', resolve, {once: true});
        setTimeout(resolve, 5000);
      });
    }
  }
  done(images.map(image => [image.getAttribute('src'), image.naturalWidth]));
})();
"""

# Each placeholder card's text, box, whether its content is clipped, and its message's reactions' box.
CARDS = """
const box = element => { const r = element.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
return [...document.querySelectorAll('.attachment-missing')].map(card => {
  const reactions = card.closest('article').querySelector('.msg-reactions');
  return {
    text: card.textContent, box: box(card), clipped: card.scrollWidth > card.clientWidth || card.scrollHeight > card.clientHeight,
    reactions: reactions ? box(reactions) : null, viewport: document.documentElement.clientWidth,
  };
});
"""


def render(*arguments):
    parent = Path(tempfile.mkdtemp(prefix='parley-media-'))
    output = parent / 'archive'
    subprocess.run([str(browser.parley_binary()), 'render', *arguments, '-o', str(output), '-q'], check=True,
                   capture_output=True)
    return parent, output


@pytest.fixture(scope='module')
def missing_archive():
    """The fixture whose folder lacks three of its five files, media copied into the archive."""
    parent, output = render(str(MISSING), '--media', 'copy')
    yield output
    shutil.rmtree(parent, ignore_errors=True)


@pytest.fixture(scope='module')
def sample_archive():
    """The built-in sample rendered as `./scripts/run` renders it (no --media: the sample copies)."""
    parent, output = render('--sample')
    yield output
    shutil.rmtree(parent, ignore_errors=True)


def overlaps(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@pytest.mark.parametrize('width', [1000, 390])
def test_missing_files_show_as_cards_clear_of_the_reactions(strict_driver, missing_archive, width):
    strict_driver.set_window_size(width, 800)
    try:
        strict_driver.get((missing_archive / 'c' / 'c1' / '2024-03.html').as_uri())
        images = strict_driver.execute_async_script(LOAD_EVERY_IMAGE)
        assert len(images) == 2, images
        assert all(src.startswith('../../media/') and natural > 0 for src, natural in images), images
        cards = strict_driver.execute_script(CARDS)
        assert [card['text'] for card in cards] == [
            'picnic.jpg — not in this export JPG image · 2.2 MiB',
            'river walk.mp4 — not in this export MP4 video · 1.0 MiB',
            'plan — not in this export ',
        ]
        for card in cards:
            left, top, right, bottom = card['box']
            assert right - left > 100 and bottom - top >= 40, card
            assert right <= card['viewport'], card
            assert not card['clipped'], card
            assert card['reactions'] is not None and not overlaps(card['box'], card['reactions']), card
            assert bottom <= card['reactions'][1], card
    finally:
        strict_driver.set_window_size(1000, 700)


def test_every_image_of_the_sample_archive_loads(strict_driver, sample_archive):
    pages = sorted(path.relative_to(sample_archive).as_posix() for path in sample_archive.rglob('*.html'))
    loaded = {}
    for page in pages:
        strict_driver.get((sample_archive / page).as_uri())
        images = strict_driver.execute_async_script(LOAD_EVERY_IMAGE)
        broken = [src for src, natural in images if natural == 0]
        assert broken == [], f'{page}: broken images {broken}'
        assert strict_driver.execute_script("return document.querySelectorAll('.attachment-missing').length") == 0
        if images:
            loaded[page] = images
    assert list(loaded) == [SAMPLE_PAGE]
    sources = [src for src, _ in loaded[SAMPLE_PAGE]]
    assert len(sources) == 11, 'the photo, the sticker and nine custom emoji'
    assert all(src.startswith('../../media/') for src in sources)
    assert len(set(sources)) == 4, 'photo, sticker, shipit, partyblob'
    sizes = {src: natural for src, natural in loaded[SAMPLE_PAGE]}
    assert sorted(sizes.values()) == [64, 64, 160, 360]
