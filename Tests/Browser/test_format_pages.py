"""One channel page per input format (format_pages.CASES: the built-in sample, the repository's
fixtures and, when ../shared/corpus is present, a corpus file of each format), rendered as a user
renders it and opened from file:// without relaxed flags, in light and dark mode
(`prefers-color-scheme` emulated through the DevTools protocol) at 390 × 844 (a phone) and
1280 × 800 (a laptop): no element is wider than the viewport or sticks out of the transcript
(layout_check.js), every `img` has loaded with a natural width (a file the export lacks is a card,
never a broken image; an `img` inside such a card would be a placeholder and is not counted as
broken), the page holds the exact number of images and cards its input gives it, and dark mode
gives the page another, darker background. The checks read whatever stylesheet the page links, so
they hold for any theme."""

import re

import pytest

import browser
from format_pages import CASES, CORPUS, show

CHECK = (browser.HERE / 'layout_check.js').read_text(encoding='utf-8')
VIEWPORTS = [(390, 844), (1280, 800)]
SCHEMES = ['light', 'dark']
# layout_check.js shows a remote image as the picture it is given; these pages have none (asserted
# before it runs).
NO_PICTURE = 'data:,'


def luminance(colour):
    """The relative luminance (WCAG) of a computed `rgb(…)`/`rgba(…)` colour."""
    red, green, blue = (int(part) / 255 for part in re.findall(r'\d+', colour)[:3])
    linear = [value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4 for value in (red, green, blue)]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


@pytest.fixture(scope='module')
def archives(workspace):
    """Renders a case's input the first time a test asks for it; returns its page's path."""
    rendered = {}

    def page(case):
        if case.in_corpus and not CORPUS.is_dir():
            pytest.skip(f'no shared corpus at {CORPUS}')
        if case.name not in rendered:
            output = workspace / case.name
            result = case.render(output)
            assert result.returncode == 0, result.stderr
            rendered[case.name] = output
        path = rendered[case.name] / case.page
        assert path.is_file(), f'{case.page} not in {sorted(p.relative_to(rendered[case.name]).as_posix() for p in rendered[case.name].rglob("*.html"))}'
        return path

    return page


@pytest.fixture(scope='module')
def window():
    """A Chromium of its own: the emulated viewport and scheme would otherwise stay for other tests."""
    chromium = browser.start(relaxed=False)
    yield chromium
    chromium.quit()


@pytest.mark.parametrize('scheme', SCHEMES)
@pytest.mark.parametrize('viewport', VIEWPORTS, ids=[str(width) for width, _ in VIEWPORTS])
@pytest.mark.parametrize('case', CASES, ids=[case.name for case in CASES])
def test_the_page_fits_and_every_image_loads(window, archives, case, viewport, scheme):
    width, height = viewport
    state = show(window, archives(case).as_uri(), width, height, scheme)
    broken = [image for image in state['images'] if not (image['complete'] and image['width'] > 0) and not image['placeholder']]
    assert broken == [], f'{case.name}: broken images {broken}'
    assert [image['src'] for image in state['images'] if re.match(r'(?i)https?:', image['src'] or '')] == []
    assert (len(state['images']), state['cards'], state['remote']) == (case.images, case.cards, case.remote)
    result = window.execute_async_script(CHECK, NO_PICTURE)
    problems = list(result['offenders'])
    if result['scrollWidth'] > result['clientWidth']:
        problems.append(f'the document is {result["scrollWidth"]} px wide in a {result["clientWidth"]} px window')
    assert problems == [], f'{case.name} at {width} px, {scheme}:\n' + '\n'.join(problems)


@pytest.mark.parametrize('case', CASES, ids=[case.name for case in CASES])
def test_dark_mode_darkens_the_background(window, archives, case):
    url = archives(case).as_uri()
    light, dark = (show(window, url, 1280, 800, scheme)['background'] for scheme in SCHEMES)
    assert light != dark, f'{case.name}: the background is {light} in light and dark mode'
    assert luminance(dark) < luminance(light), f'{case.name}: dark {dark} is not darker than light {light}'
