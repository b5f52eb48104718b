"""Archives fit the window: opened from file:// the way a reader opens them (no relaxed flags), at
390 px (a phone) and 1280 px (a laptop), no page of the shared corpus (../shared/corpus, read in
place), of the built-in sample or of our hard cases (Tests/ParleyTestSupport/Fixtures/layout-fit:
a long unbroken URL, long file names, a wide code block, a GFM table, link previews with
thumbnails, Arabic and Hebrew text, long words) is wider than the window, and no element sticks
out of the transcript or, outside it, of the window (Tests/Browser/layout_check.js names each
one). The document's scrollWidth must not exceed its clientWidth (the window less a scroll bar, so
never more than innerWidth). Code blocks and tables scroll inside their own box. The corpus pages
take their app's theme (public/theme-NAME.css); the hard cases are also checked in every built-in
theme, light and dark.

Every image is loaded before measuring; a remote one (https:) is shown as a 1600 × 1200 picture,
as if the network had brought a large one, so the check does not depend on the network."""

import base64
import shutil
import struct
import subprocess
import zlib

import pytest

import browser

CORPUS = browser.ROOT.parent / 'shared' / 'corpus'
HARD_CASES = browser.ROOT / 'Tests' / 'ParleyTestSupport' / 'Fixtures' / 'layout-fit' / 'hard-cases.jsonl'
CHECK = (browser.HERE / 'layout_check.js').read_text(encoding='utf-8')
WIDTHS = [390, 1280]

# The corpus inputs scripts/validate-html renders, in its order; the importers refuse one of them.
CORPUS_INPUTS = ['discord/*.json', 'slack/*', 'whatsapp/*.txt', 'telegram/*.json', 'chatgpt/*.json', 'sms-xml/*.xml']
CORPUS_REFUSED = ['sbrp-malformed.xml']
CORPUS_RENDERED = 49
CORPUS_PAGES = 249
SAMPLE_PAGES = 3
HARD_CASE_PAGES = [
    'c/hard-cases/2024-03.html', 'c/hard-cases/index.html', 'c/long-name/2024-03.html', 'c/long-name/index.html',
    'c/thread-1/2024-03.html', 'c/thread-1/index.html', 'index.html',
]
HARD_CASE_PAGE = 'c/hard-cases/2024-03.html'
LIVE_PAGES = ['', 'c/hard-cases', 'c/thread-1', 'c/long-name']


def png(width, height, rgb):
    """A PNG of one colour, `width` × `height` pixels."""
    row = b'\x00' + bytes(rgb) * width

    def chunk(kind, data):
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data))

    header = struct.pack('>IIBBBBB', width, height, 8, 2, 0, 0, 0)
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', header) + chunk(b'IDAT', zlib.compress(row * height, 9))
            + chunk(b'IEND', b''))


REMOTE_PICTURE = 'data:image/png;base64,' + base64.b64encode(png(1600, 1200, (90, 120, 200))).decode()

# The files the hard cases reference that are in their export (the others are missing on purpose).
HARD_CASE_MEDIA = {
    'link-preview-thumbnail.png': png(1200, 630, (200, 90, 60)),
    'embed-image-panorama.png': png(2400, 600, (60, 160, 90)),
    'IMG_20240308_091502_HDR_panorama_from_the_top_of_the_hill_looking_over_the_river_towards_the_old_town.png':
        png(2400, 1600, (120, 120, 40)),
    'sticker.png': png(320, 320, (230, 180, 40)),
    'quarterly-report-final-final-v7-reviewed-by-everyone-including-legal-and-finance-2024-03-08T091502-with-appendices.pdf':
        b'%PDF-1.4\n%%EOF\n',
    'voice-note-recorded-on-the-train-between-two-stations-with-a-lot-of-background-noise-2024-03-08.ogg':
        b'OggS' + bytes(60),
    'saved-page-from-the-company-intranet-with-the-meeting-notes-and-the-action-items-for-everyone.html':
        b'<!DOCTYPE html><title>notes</title>',
}


# The hard cases on their page: how many of each, whether the wide boxes scroll, and where the first
# link preview's thumbnail sits against its text.
CASES = """
const selectors = ['.embed', '.embed-thumbnail img', '.embed-images img', 'pre.code-block', '.table-scroll > table.md-table',
  '.attachment', '.attachment-image img', '.attachment-audio audio', '.attachment-missing', '.sticker-image', '.sticker',
  '.thread-link', '.reaction', '.forwarded', '.reply-ref', '.mention', '.msg-text:dir(rtl)'];
const counts = Object.fromEntries(selectors.map(selector => [selector, document.querySelectorAll(selector).length]));
const scrolls = Object.fromEntries(['pre.code-block', '.table-scroll'].map(selector => {
  const box = document.querySelector(selector);
  return [selector, box.scrollWidth > box.clientWidth];
}));
const text = document.querySelector('.embed-body').getBoundingClientRect();
const thumbnail = document.querySelector('.embed-thumbnail').getBoundingClientRect();
const where = thumbnail.top >= text.bottom ? 'below' : thumbnail.left >= text.right ? 'beside' : 'overlapping';
return {counts, scrolls, thumbnail: where};
"""


def render(output, *arguments):
    result = subprocess.run([str(browser.parley_binary()), 'render', *map(str, arguments), '-o', str(output), '-q'],
                            capture_output=True, text=True)
    return result.returncode == 0


def pages(archive):
    return sorted(path.relative_to(archive).as_posix() for path in archive.rglob('*.html'))


@pytest.fixture(scope='module')
def hard_cases(workspace):
    """The hard cases, their media beside them, rendered with --media copy and --allow-remote-media (the
    link previews' remote thumbnails are shown, as the layout must fit them)."""
    source = workspace / 'hard-cases'
    (source / 'media').mkdir(parents=True)
    shutil.copy(HARD_CASES, source)
    for name, data in HARD_CASE_MEDIA.items():
        (source / 'media' / name).write_bytes(data)
    output = workspace / 'hard-cases-archive'
    assert render(output, source / HARD_CASES.name, '--media', 'copy', '--allow-remote-media', '--strict')
    return output


THEMES = ['parley', 'discord', 'slack', 'bubbles', 'chatgpt']


@pytest.fixture(scope='module')
def themed_hard_cases(workspace, hard_cases):
    """The hard cases in each built-in theme (--theme NAME), by theme."""
    source = workspace / 'hard-cases' / HARD_CASES.name
    archives = {}
    for theme in THEMES:
        output = workspace / f'hard-cases-{theme}'
        assert render(output, source, '--media', 'copy', '--allow-remote-media', '--strict', '--theme', theme)
        archives[theme] = output
    return archives


@pytest.fixture(scope='module')
def sample(workspace):
    output = workspace / 'sample'
    assert render(output, '--sample')
    return output


@pytest.fixture(scope='module')
def corpus(workspace):
    """Every corpus input scripts/validate-html renders, each into an archive of its own."""
    if not (CORPUS / 'discord').is_dir():
        pytest.skip(f'no shared corpus at {CORPUS}')
    archives, refused = [], []
    for pattern in CORPUS_INPUTS:
        for path in sorted(CORPUS.glob(pattern)):
            output = workspace / 'corpus' / path.name
            if render(output, path):
                archives.append(output)
            else:
                refused.append(path.name)
    assert refused == CORPUS_REFUSED
    assert len(archives) == CORPUS_RENDERED
    return archives


def misfits(driver, width, archive, page):
    """What does not fit on the archive's `page` at `width`: the document wider than the window,
    elements sticking out, images that did not load."""
    return misfits_at(driver, width, (archive / page).as_uri(), f'{archive.name}/{page}')


def misfits_at(driver, width, url, name):
    driver.get(url)
    result = driver.execute_async_script(CHECK, REMOTE_PICTURE)
    assert result['innerWidth'] == width, f'the window is {result["innerWidth"]} px wide, not {width}'
    problems = []
    if result['scrollWidth'] > result['clientWidth']:
        problems.append(f'the document is {result["scrollWidth"]} px wide in a {result["clientWidth"]} px window')
    problems += result['offenders']
    problems += [f'image did not load: {src}' for src in result['broken']]
    return [f'{name} at {width} px: {problem}' for problem in problems]


@pytest.fixture
def window(strict_driver):
    yield strict_driver
    strict_driver.set_window_size(1000, 700)


@pytest.mark.parametrize('width', WIDTHS)
def test_the_hard_cases_fit(window, hard_cases, width):
    window.set_window_size(width, 800)
    assert pages(hard_cases) == HARD_CASE_PAGES
    problems = [problem for page in HARD_CASE_PAGES for problem in misfits(window, width, hard_cases, page)]
    assert problems == [], '\n'.join(problems)


@pytest.mark.parametrize('theme', THEMES)
@pytest.mark.parametrize('width', WIDTHS)
def test_the_hard_cases_fit_in_every_theme(window, themed_hard_cases, width, theme):
    """Every theme keeps the layout's promise (bubbles as wide as their content, the Slack header
    band across the column, ChatGPT's narrower column), in its light and its dark palette."""
    window.set_window_size(width, 800)
    archive = themed_hard_cases[theme]
    link = f'<link rel="stylesheet" href="../../public/theme-{theme}.css">'
    assert link in (archive / HARD_CASE_PAGE).read_text(encoding='utf-8')
    problems = []
    for scheme in ['light', 'dark']:
        window.execute_cdp_cmd('Emulation.setEmulatedMedia', {'features': [{'name': 'prefers-color-scheme', 'value': scheme}]})
        problems += [f'{theme} {scheme}: {problem}' for page in HARD_CASE_PAGES for problem in misfits(window, width, archive, page)]
    window.execute_cdp_cmd('Emulation.setEmulatedMedia', {'features': []})
    assert problems == [], '\n'.join(problems)


@pytest.mark.parametrize('width', WIDTHS)
def test_the_hard_cases_are_there_and_scroll_in_their_own_box(window, hard_cases, width):
    """The page holds every hard case (so the check above measured them); the code block and the
    table are wider than the message and scroll in their box; the link preview's thumbnail sits
    beside its text at 1280 px and below it at 390 px, where the text would get less than 12rem."""
    window.set_window_size(width, 800)
    assert misfits(window, width, hard_cases, HARD_CASE_PAGE) == []
    cases = window.execute_script(CASES)
    assert cases['counts'] == {
        '.embed': 3, '.embed-thumbnail img': 3, '.embed-images img': 1, 'pre.code-block': 1, '.table-scroll > table.md-table': 1,
        '.attachment': 3, '.attachment-image img': 1, '.attachment-audio audio': 1, '.attachment-missing': 2,
        '.sticker-image': 1, '.sticker': 1, '.thread-link': 1, '.reaction': 30, '.forwarded': 1, '.reply-ref': 3,
        '.mention': 4, '.msg-text:dir(rtl)': 3,
    }
    assert cases['scrolls'] == {'pre.code-block': True, '.table-scroll': True}
    assert cases['thumbnail'] == ('below' if width == 390 else 'beside')


@pytest.mark.parametrize('width', WIDTHS)
def test_the_live_pages_of_the_hard_cases_fit(window, width):
    """`parley serve` sends the same markup with the same stylesheet (no media: the live view names
    files only)."""
    window.set_window_size(width, 800)
    with browser.serving(HARD_CASES) as address:
        problems = [problem for path in LIVE_PAGES for problem in misfits_at(window, width, address + path, f'live /{path}')]
    assert problems == [], '\n'.join(problems)


@pytest.mark.parametrize('width', WIDTHS)
def test_the_sample_fits(window, sample, width):
    window.set_window_size(width, 800)
    checked = pages(sample)
    assert len(checked) == SAMPLE_PAGES
    problems = [problem for page in checked for problem in misfits(window, width, sample, page)]
    assert problems == [], '\n'.join(problems)


@pytest.mark.parametrize('width', WIDTHS)
def test_every_corpus_page_fits(window, corpus, width):
    window.set_window_size(width, 800)
    checked = [(archive, page) for archive in corpus for page in pages(archive)]
    assert len(checked) == CORPUS_PAGES
    problems = [problem for archive, page in checked for problem in misfits(window, width, archive, page)]
    assert problems == [], '\n'.join(problems)
