"""Themes in Chromium, opened from file:// without relaxed flags: each channel's pages take its
app's theme (public/theme-NAME.css after parley.css) in light and in dark (prefers-color-scheme
emulated over CDP), print black on white with no background wasted, keep text at a contrast of
4.5:1 or more in both palettes, and show what evokes their app — Discord's dark page and
coloured embed bars, bubbles with your own messages at the end, ChatGPT's prompts in a bubble
and dark code blocks, Slack's header band. `--theme NAME` and `--theme FILE.css` apply to every
page, and `parley serve` links the same stylesheets under its Content-Security-Policy."""

import json
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

import browser

FIXTURES = browser.ROOT / 'Tests' / 'ParleyTestSupport' / 'Fixtures'
SAMPLE = browser.ROOT / 'Sources' / 'ParleyAssets' / 'Samples' / 'sample.json'

# Bo deleted a message of theirs, so the export names Bo as the exporter: Bo's messages are yours.
CHAT = """13/02/2024, 10:00 - Ana: Morning! Are we still on for the picnic?
13/02/2024, 10:01 - Bo: Yes, bringing the blanket
13/02/2024, 10:02 - Bo: You deleted this message
13/02/2024, 10:04 - Ana added Cy
13/02/2024, 10:05 - Ana: See you at noon
"""


def chatgpt_export():
    """One conversation: a prompt, and an answer holding a fenced code block."""
    def node(id, parent, children, role, text, time):
        return {'id': id, 'parent': parent, 'children': children, 'message': {
            'id': id, 'author': {'role': role, 'name': None, 'metadata': {}}, 'create_time': time,
            'content': {'content_type': 'text', 'parts': [text]}, 'metadata': {}, 'recipient': 'all'}}
    mapping = {
        'root': {'id': 'root', 'message': None, 'parent': None, 'children': ['u1']},
        'u1': node('u1', 'root', ['a1'], 'user', 'How do I print in Python?', 1700000001.0),
        'a1': node('a1', 'u1', [], 'assistant', 'Like this:\n\n```python\nprint("hello")\n```', 1700000002.0),
    }
    return [{'title': 'Printing', 'create_time': 1700000000.0, 'update_time': 1700000002.0, 'conversation_id': 'conv-print',
             'current_node': 'a1', 'mapping': mapping}]


# A page of each theme in the archive rendered by default.
PAGES = {
    'discord': 'c/900000000000000001/2024-03.html',
    'slack': 'c/C01GEN/2024-01.html',
    'bubbles': 'c/whatsapp.3AAna/2024-02.html',
    'chatgpt': 'c/conv-print/2023-11.html',
    'parley': 'c/~.21room.3Aexample.2Eorg/2024-03.html',
}

# Each theme's page background and text colour, light and dark.
PALETTES = {
    ('discord', 'light'): ('rgb(255, 255, 255)', 'rgb(46, 51, 56)'),
    ('discord', 'dark'): ('rgb(48, 50, 58)', 'rgb(219, 222, 225)'),
    ('slack', 'light'): ('rgb(255, 255, 255)', 'rgb(31, 29, 32)'),
    ('slack', 'dark'): ('rgb(26, 29, 33)', 'rgb(209, 210, 211)'),
    ('bubbles', 'light'): ('rgb(235, 228, 218)', 'rgb(20, 26, 29)'),
    ('bubbles', 'dark'): ('rgb(12, 20, 25)', 'rgb(228, 233, 236)'),
    ('chatgpt', 'light'): ('rgb(255, 255, 255)', 'rgb(15, 15, 15)'),
    ('chatgpt', 'dark'): ('rgb(33, 33, 33)', 'rgb(236, 236, 236)'),
    ('parley', 'light'): ('rgb(255, 255, 255)', 'rgb(31, 35, 40)'),
    ('parley', 'dark'): ('rgb(13, 17, 23)', 'rgb(230, 237, 243)'),
}

# Text on a background, by custom property: every pair a theme shows, at 4.5:1 or more. (Links in
# your own messages are --accent on --outgoing, but in the bubbles theme, whose own bubble sets
# --outgoing-muted and --outgoing-accent for what it holds.)
PAIRS = [('fg', 'bg'), ('muted', 'bg'), ('accent', 'bg'), ('fg', 'chip'), ('muted', 'chip'), ('fg', 'code'),
         ('fg', 'system'), ('muted', 'system'), ('fg', 'outgoing'), ('mention-fg', 'mention'),
         ('fg', 'hover'), ('muted', 'hover'), ('fg', 'target')]
THEME_PAIRS = {
    'discord': [('muted', 'outgoing'), ('accent', 'outgoing')],
    'slack': [('muted', 'outgoing'), ('accent', 'outgoing'), ('band-fg', 'band'), ('band-muted', 'band')],
    'bubbles': [('fg', 'bubble'), ('muted', 'bubble'), ('accent', 'bubble'), ('mention-fg', 'bubble'),
                ('outgoing-muted', 'outgoing'), ('outgoing-accent', 'outgoing')],
    'chatgpt': [('accent', 'outgoing'), ('code-block-fg', 'code-block')],
    'parley': [('accent', 'outgoing')],
}

WHITE, BLACK, TRANSPARENT = 'rgb(255, 255, 255)', 'rgb(0, 0, 0)', 'rgba(0, 0, 0, 0)'

COLOURS = """
const probe = document.createElement('span');
document.body.append(probe);
const colours = {};
for (const name of arguments[0]) {
  probe.style.color = '';
  probe.style.color = `var(--${name})`;
  colours[name] = probe.style.color ? getComputedStyle(probe).color : null;
}
probe.remove();
return colours;
"""

STYLE = """
const [selector, pseudo] = arguments;
return [...document.querySelectorAll(selector)].map(element => {
  const style = getComputedStyle(element, pseudo || null), box = element.getBoundingClientRect();
  return {background: style.backgroundColor, color: style.color, left: box.left, right: box.right,
          borderLeft: style.borderLeftColor, borderLeftWidth: style.borderLeftWidth, borderTopWidth: style.borderTopWidth,
          classes: element.className};
});
"""


def render(output, *arguments):
    result = subprocess.run([str(browser.parley_binary()), 'render', *map(str, arguments), '-o', str(output), '-q'],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return output


@pytest.fixture(scope='module')
def workspace():
    folder = Path(tempfile.mkdtemp(prefix='parley-themes-'))
    (folder / 'WhatsApp Chat with Ana.txt').write_text(CHAT, encoding='utf-8')
    (folder / 'conversations.json').write_text(json.dumps(chatgpt_export()), encoding='utf-8')
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope='module')
def archive(workspace):
    """An archive of five apps' exports, each channel in its app's theme."""
    return render(workspace / 'archive', SAMPLE, FIXTURES / 'slack-export.zip', workspace / 'WhatsApp Chat with Ana.txt',
                  workspace / 'conversations.json', FIXTURES / 'matrix-element-export.json')


@pytest.fixture
def window(strict_driver):
    yield strict_driver
    strict_driver.execute_cdp_cmd('Emulation.setEmulatedMedia', {'media': '', 'features': []})
    strict_driver.set_window_size(1000, 700)


def emulate(driver, scheme, media=''):
    driver.execute_cdp_cmd('Emulation.setEmulatedMedia', {
        'media': media, 'features': [{'name': 'prefers-color-scheme', 'value': scheme}]})


def style(driver, selector, pseudo=None):
    return driver.execute_script(STYLE, selector, pseudo)


def contrast(foreground, background):
    def luminance(colour):
        channels = [int(part) / 255 for part in colour[colour.index('(') + 1:colour.index(')')].split(',')[:3]]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]
    high, low = sorted([luminance(foreground), luminance(background)], reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_the_archive_links_each_apps_theme(archive):
    for theme, page in PAGES.items():
        html = (archive / page).read_text(encoding='utf-8')
        assert f'<link rel="stylesheet" href="../../public/theme-{theme}.css">' in html, page
    # One channel of each app: the index takes the first channel's theme.
    assert '<link rel="stylesheet" href="public/theme-discord.css">' in (archive / 'index.html').read_text(encoding='utf-8')


@pytest.mark.parametrize('scheme', ['light', 'dark'])
def test_each_theme_has_its_palette_in_light_and_dark(window, archive, scheme):
    emulate(window, scheme)
    seen = {}
    for theme, page in PAGES.items():
        window.get((archive / page).as_uri())
        html = style(window, 'html')[0]
        seen[theme] = (html['background'], html['color'])
    assert seen == {theme: PALETTES[(theme, scheme)] for theme in PAGES}


@pytest.mark.parametrize('scheme', ['light', 'dark'])
def test_every_theme_keeps_text_readable(window, archive, scheme):
    emulate(window, scheme)
    low = []
    for theme, page in PAGES.items():
        window.get((archive / page).as_uri())
        pairs = PAIRS + THEME_PAIRS[theme]
        colours = window.execute_script(COLOURS, sorted({name for pair in pairs for name in pair}))
        assert None not in colours.values(), f'{theme}: a property is not set: {colours}'
        for text, background in pairs:
            ratio = contrast(colours[text], colours[background])
            if ratio < 4.5:
                low.append(f'{theme} {scheme}: --{text} {colours[text]} on --{background} {colours[background]}: {ratio:.2f}')
    assert low == []


@pytest.mark.parametrize('scheme', ['light', 'dark'])
def test_every_theme_prints_black_on_white(window, archive, scheme):
    emulate(window, scheme, media='print')
    wasted = []
    for theme, page in PAGES.items():
        window.get((archive / page).as_uri())
        html = style(window, 'html')[0]
        assert (html['background'], html['color']) == (WHITE, BLACK), theme
        for selector in ['body', '.page-header', 'article.msg', '.msg-text', '.day-label time', '.embed', '.reaction']:
            for element in style(window, selector):
                if element['background'] not in (WHITE, TRANSPARENT):
                    wasted.append(f'{theme}: {selector} ({element["classes"]}) on {element["background"]}')
        texts = {element['color'] for element in style(window, '.msg:not(.msg-system):not(.kind-deleted) .msg-text')}
        assert texts == {BLACK}, theme
    assert wasted == []


def test_discord_is_dark_with_coloured_embed_bars(window, archive):
    window.get((archive / PAGES['discord']).as_uri())
    for scheme, card in [('dark', 'rgb(42, 44, 50)'), ('light', 'rgb(242, 243, 245)')]:
        emulate(window, scheme)
        [embed] = style(window, '.embed')
        assert (embed['borderLeft'], embed['borderLeftWidth'], embed['borderTopWidth'], embed['background']) == (
            'rgb(88, 101, 242)', '4px', '0px', card), scheme


@pytest.mark.parametrize('width', [390, 1280])
def test_bubbles_put_your_messages_at_the_end(window, archive, width):
    window.set_window_size(width, 900)
    emulate(window, 'light')
    window.get((archive / PAGES['bubbles']).as_uri())
    [transcript] = style(window, '#transcript')
    messages = style(window, 'article.msg')
    assert [m['classes'] for m in messages] == [
        'msg pos-only', 'msg pos-first msg-outgoing', 'msg pos-last kind-deleted msg-outgoing',
        'msg pos-only kind-memberJoined msg-system', 'msg pos-only',
    ]
    theirs, yours, yours_deleted, system, theirs_again = messages
    for own in (yours, yours_deleted):
        assert own['background'] == 'rgb(215, 244, 204)', own
        assert abs(own['right'] - transcript['right']) < 1 and own['left'] - transcript['left'] > 48, own
    for other in (theirs, theirs_again):
        assert other['background'] == WHITE, other
        assert other['left'] - transcript['left'] >= 48 and transcript['right'] - other['right'] >= 32 - 0.5, other
    middle = (transcript['left'] + transcript['right']) / 2
    assert abs((system['left'] + system['right']) / 2 - middle) < 1, system
    assert window.execute_script('return document.documentElement.scrollWidth - document.documentElement.clientWidth') <= 0


def test_chatgpt_puts_prompts_in_a_bubble_and_code_in_a_dark_block(window, archive):
    window.get((archive / PAGES['chatgpt']).as_uri())
    for scheme, bubble, block in [('light', 'rgb(239, 239, 239)', 'rgb(23, 23, 23)'),
                                  ('dark', 'rgb(47, 47, 47)', 'rgb(13, 13, 13)')]:
        emulate(window, scheme)
        [transcript] = style(window, '#transcript')
        prompt, answer = style(window, 'article.msg .msg-text')
        assert prompt['background'] == bubble and transcript['right'] - prompt['right'] < 16, (scheme, prompt)
        assert answer['background'] == TRANSPARENT and answer['left'] - transcript['left'] <= 56, (scheme, answer)
        [code] = style(window, 'pre.code-block')
        assert (code['background'], code['color']) == (block, 'rgb(236, 236, 236)'), scheme
        # The answer names its role without a BOT badge.
        assert [b for b in style(window, '.msg-badge') if b['right'] > b['left']] == [], scheme


def test_slack_has_its_header_band(window, archive):
    window.get((archive / PAGES['slack']).as_uri())
    for scheme, band in [('light', 'rgb(61, 16, 64)'), ('dark', 'rgb(45, 14, 48)')]:
        emulate(window, scheme)
        [header] = style(window, '.page-header')
        assert (header['background'], header['color']) == (band, WHITE), scheme


def test_the_theme_option_and_a_file_of_yours_apply_to_every_page(window, workspace):
    chat = workspace / 'WhatsApp Chat with Ana.txt'
    named = render(workspace / 'named', chat, '--theme', 'discord')
    mine = workspace / 'mine.css'
    mine.write_text(':root { --bg: #123456; --fg: #fedcba; }\n', encoding='utf-8')
    yours = render(workspace / 'yours', chat, '--theme', mine)
    emulate(window, 'dark')
    for archive, expected in [(named, ('rgb(48, 50, 58)', 'rgb(219, 222, 225)')),
                              (yours, ('rgb(18, 52, 86)', 'rgb(254, 220, 186)'))]:
        for page in [PAGES['bubbles'], 'c/whatsapp.3AAna/index.html', 'index.html']:
            window.get((archive / page).as_uri())
            html = style(window, 'html')[0]
            assert (html['background'], html['color']) == expected, f'{archive.name}/{page}'


def test_the_live_view_takes_the_same_themes(window, workspace):
    chat = workspace / 'WhatsApp Chat with Ana.txt'
    mine = workspace / 'live.css'
    mine.write_text(':root { --bg: #204060; }\n', encoding='utf-8')
    emulate(window, 'light')
    for arguments, expected in [([], 'rgb(235, 228, 218)'), (['--theme', mine], 'rgb(32, 64, 96)')]:
        with browser.serving(chat, *arguments) as address:
            for path in ['c/whatsapp:Ana', '']:
                window.get(address + path)
                assert style(window, 'html')[0]['background'] == expected, (arguments, path)
