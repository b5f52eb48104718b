"""Archives opened from file:// the way a reader opens them (no relaxed flags): every image loads,
a file the export lacks shows as a card naming it — not a broken image — clear of the reactions,
the built-in sample's archive shows its own photo, sticker, custom emoji and avatars, and an
avatar is a circle showing the export's picture, or the author's initials where the export has
none."""

import contextlib
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

import browser

MISSING = browser.ROOT / 'Tests' / 'ParleyTestSupport' / 'Fixtures' / 'media-missing' / 'missing-media.json'
AVATARS = browser.ROOT / 'Tests' / 'ParleyTestSupport' / 'Fixtures' / 'media-avatars' / 'avatars.json'
SAMPLE_PAGE = 'c/900000000000000001/2024-03.html'

# Scrolls each image the page shows into view (they load lazily), waits until it has loaded or
# failed, and returns [src, naturalWidth, shown] for every `img` of the page. An image the page
# does not show (the avatar of a message in the middle of a group: its header is hidden) is not
# waited for.
LOAD_EVERY_IMAGE = """
const done = arguments[arguments.length - 1];
(async () => {
  const images = [...document.images];
  const shown = image => image.getClientRects().length > 0;
  for (const image of images.filter(shown)) {
    image.scrollIntoView({block: 'center'});
    if (!image.complete) {
      await new Promise(resolve => {
        image.addEventListener('load', resolve, {once: true});
        image.addEventListener('error', resolve, {once: true});
        setTimeout(resolve, 5000);
      });
    }
  }
  done(images.map(image => [image.getAttribute('src'), image.naturalWidth, shown(image)]));
})();
"""

# Each avatar the page shows: its message's id, text, box, border radius, and its picture's src,
# natural width, box, border radius and object-fit (null without a picture).
AVATARS_SHOWN = """
const box = element => { const r = element.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; };
return [...document.querySelectorAll('.msg-avatar')].filter(avatar => avatar.getClientRects().length > 0).map(avatar => {
  const image = avatar.querySelector('img');
  return {
    id: avatar.closest('article').id, text: avatar.textContent, box: box(avatar), radius: getComputedStyle(avatar).borderRadius,
    image: image && {
      src: image.getAttribute('src'), natural: image.naturalWidth, box: box(image), radius: getComputedStyle(image).borderRadius,
      fit: getComputedStyle(image).objectFit,
    },
  };
});
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
def avatar_archive():
    """The avatars fixture, linked where it is: two local avatars, a remote one, a missing one."""
    parent, output = render(str(AVATARS), '--media', 'link')
    yield output
    shutil.rmtree(parent, ignore_errors=True)


@pytest.fixture(scope='module')
def broken_avatar_archive():
    """The avatars fixture with Ada's avatar cut to its PNG signature and a few bytes (passive
    media, so it is copied, but no image a browser can decode), media copied."""
    parent = Path(tempfile.mkdtemp(prefix='parley-media-'))
    shutil.copytree(AVATARS.parent, parent / 'input')
    picture = parent / 'input' / 'avatars.json_Files' / 'avatar-8B00F.png'
    picture.write_bytes(picture.read_bytes()[:20])
    output = parent / 'archive'
    subprocess.run([str(browser.parley_binary()), 'render', str(parent / 'input' / AVATARS.name), '-o', str(output), '-q',
                    '--media', 'copy'], check=True, capture_output=True)
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


@contextlib.contextmanager
def opened(driver, page, width):
    """Opens `page` in a window `width` pixels wide; yields its images once every image it shows
    has loaded or failed (LOAD_EVERY_IMAGE), and sets the window back afterwards."""
    driver.set_window_size(width, 800)
    try:
        driver.get(page.as_uri())
        yield driver.execute_async_script(LOAD_EVERY_IMAGE)
    finally:
        driver.set_window_size(1000, 700)


def assert_circle(avatar, natural):
    """`avatar` (from AVATARS_SHOWN) is a 40 px circle, covered by a picture `natural` pixels wide,
    or showing its initials alone when `natural` is None."""
    assert avatar['box'][2:] == [40, 40] and avatar['radius'] == '50%', avatar
    image = avatar['image']
    if natural is None:
        assert image is None, avatar
    else:
        assert image is not None and image['natural'] == natural, avatar
        assert image['box'] == avatar['box'] and image['radius'] == '50%' and image['fit'] == 'cover', avatar


@pytest.mark.parametrize('width', [1000, 390])
def test_missing_files_show_as_cards_clear_of_the_reactions(strict_driver, missing_archive, width):
    with opened(strict_driver, missing_archive / 'c' / 'c1' / '2024-03.html', width) as images:
        assert len(images) == 2, images
        assert all(src.startswith('../../media/') and natural > 0 and shown for src, natural, shown in images), images
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


def test_every_image_of_the_sample_archive_loads(strict_driver, sample_archive):
    pages = sorted(path.relative_to(sample_archive).as_posix() for path in sample_archive.rglob('*.html'))
    loaded = {}
    for page in pages:
        strict_driver.get((sample_archive / page).as_uri())
        images = strict_driver.execute_async_script(LOAD_EVERY_IMAGE)
        broken = [src for src, natural, shown in images if shown and natural == 0]
        assert broken == [], f'{page}: broken images {broken}'
        assert strict_driver.execute_script("return document.querySelectorAll('.attachment-missing').length") == 0
        if images:
            avatars = strict_driver.execute_script(
                "return [...document.querySelectorAll('.msg-avatar img')].map(image => image.getAttribute('src'))")
            loaded[page] = (images, avatars)
    assert list(loaded) == [SAMPLE_PAGE]
    images, avatars = loaded[SAMPLE_PAGE]
    assert all(src.startswith('../../media/') for src, _, _ in images)
    assert len(images) == 78, 'the photo, the sticker, nine custom emoji and an avatar in each of the 67 messages'
    assert len(avatars) == 67 and len(set(avatars)) == 6, 'six authors, each with the avatar the sample ships'
    others = [(src, natural) for src, natural, _ in images if src not in avatars]
    assert len(others) == 11 and len({src for src, _ in others}) == 4, 'photo, sticker, shipit, partyblob'
    assert sorted(dict(others).values()) == [64, 64, 160, 360]
    shown = [(src, natural) for src, natural, shown in images if shown and src in avatars]
    assert len(shown) == 54, 'the avatars of messages that start a group; those in a group and of system messages are hidden'
    assert {natural for _, natural in shown} == {128} and {src for src, _ in shown} == set(avatars)


@pytest.mark.parametrize('width', [1000, 390])
def test_the_sample_avatars_are_circles_with_their_picture(strict_driver, sample_archive, width):
    with opened(strict_driver, sample_archive / SAMPLE_PAGE, width):
        avatars = strict_driver.execute_script(AVATARS_SHOWN)
        assert len(avatars) == 54, avatars
        for avatar in avatars:
            assert_circle(avatar, 128)


@pytest.mark.parametrize('width', [1000, 390])
def test_an_avatar_the_export_lacks_shows_the_initials(strict_driver, avatar_archive, width):
    with opened(strict_driver, avatar_archive / 'c' / 'c1' / '2024-03.html', width) as images:
        assert [(Path(src).name, natural, shown) for src, natural, shown in images] == [
            ('avatar-8B00F.png', 8, True), ('avatar%20dee-1A2B3.png', 8, True), ('avatar%20dee-1A2B3.png', 8, False),
        ]
        avatars = strict_driver.execute_script(AVATARS_SHOWN)
        assert [(avatar['id'], avatar['text']) for avatar in avatars] == [('m-1', 'AL'), ('m-2', 'B'), ('m-3', 'CW'), ('m-4', 'D')]
        for avatar, natural in zip(avatars, [8, None, None, 8]):
            assert_circle(avatar, natural)


@pytest.mark.parametrize('width', [1000, 390])
def test_an_avatar_that_does_not_load_leaves_the_initials_as_they_are(strict_driver, broken_avatar_archive, width):
    with opened(strict_driver, broken_avatar_archive / 'c' / 'c1' / '2024-03.html', width) as images:
        assert [natural for _, natural, shown in images if shown] == [0, 8], images
        avatar = strict_driver.find_element('css selector', '#m-1 .msg-avatar')
        failed = avatar.screenshot_as_png
        strict_driver.execute_script("document.querySelector('#m-1 .msg-avatar img').remove()")
        assert avatar.screenshot_as_png == failed, 'no broken-image icon over the initials'
        assert_circle(strict_driver.execute_script(AVATARS_SHOWN)[0], None)
