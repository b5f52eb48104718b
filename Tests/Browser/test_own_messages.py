"""The exporter's own messages sit on the end side, as in the phone apps — the right of a
left-to-right page, the left of a right-to-left one — with the avatar at the end and the text in
a tinted bubble; deleted messages are set apart; nothing is wider than a 390 px screen. Archives
opened from file:// without relaxed flags."""

import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

import browser

# Bo deletes a message of their own ("You deleted this message"): the export names Bo as the
# exporter, so Bo's messages are outgoing without --me.
CHAT = """13/02/2024, 10:00 - Ana: Morning! Are we still on for the picnic?
13/02/2024, 10:01 - Bo: Yes, bringing the blanket, the thermos and a message long enough to wrap over more than one line on a phone
13/02/2024, 10:02 - Bo: You deleted this message
13/02/2024, 10:03 - Ana: This message was deleted
13/02/2024, 10:04 - Ana added Cy
13/02/2024, 10:05 - Ana: See you at noon
"""

# Per message: its classes, and the boxes of the message, its avatar (null when hidden) and its text.
GEOMETRY = """
const box = element => {
  if (!element || element.getClientRects().length === 0) return null;
  const r = element.getBoundingClientRect();
  return {left: r.left, right: r.right, top: r.top, bottom: r.bottom};
};
return [...document.querySelectorAll('article.msg')].map(article => {
  const text = article.querySelector('.msg-text');
  return {
    id: article.id, classes: article.className, message: box(article), avatar: box(article.querySelector('.msg-avatar')),
    text: box(text), background: text ? getComputedStyle(text).backgroundColor : null,
    italic: text ? getComputedStyle(text).fontStyle === 'italic' : false,
    marker: text ? getComputedStyle(text, '::before').content : null,
  };
});
"""

TRANSPARENT = 'rgba(0, 0, 0, 0)'


@pytest.fixture(scope='module')
def page():
    parent = Path(tempfile.mkdtemp(prefix='parley-own-'))
    chat = parent / 'WhatsApp Chat with Ana.txt'
    chat.write_text(CHAT, encoding='utf-8')
    output = parent / 'archive'
    # Parley's own look (the bubbles theme this chat takes by default is test_themes.py's).
    subprocess.run([str(browser.parley_binary()), 'render', str(chat), '-o', str(output), '-q', '--theme', 'parley'], check=True,
                   capture_output=True)
    pages = sorted(output.glob('c/*/2024-02.html'))
    assert len(pages) == 1, pages
    yield pages[0]
    shutil.rmtree(parent, ignore_errors=True)


def geometry(driver, page, width, direction):
    driver.set_window_size(width, 900)
    driver.get(page.as_uri())
    if direction == 'rtl':
        driver.execute_script("document.documentElement.dir = 'rtl'")
    messages = driver.execute_script(GEOMETRY)
    overflow = driver.execute_script('return document.documentElement.scrollWidth - document.documentElement.clientWidth')
    return messages, overflow


@pytest.mark.parametrize('width', [1000, 390])
@pytest.mark.parametrize('direction', ['ltr', 'rtl'])
def test_own_messages_sit_on_the_end_side_in_a_bubble(strict_driver, page, width, direction):
    try:
        messages, overflow = geometry(strict_driver, page, width, direction)
        assert overflow <= 0, f'the page is {overflow} px wider than the window'
        assert [m['classes'] for m in messages] == [
            'msg pos-only',
            'msg pos-first msg-outgoing',
            'msg pos-last kind-deleted msg-outgoing',
            'msg pos-only kind-deleted',
            'msg pos-only kind-memberJoined msg-system',
            'msg pos-only',
        ]
        ana, bo, bo_deleted, ana_deleted, _, ana_again = messages
        end_is_right = direction == 'ltr'
        for own in (bo, bo_deleted):
            box, text = own['message'], own['text']
            assert text['right'] <= box['right'] and text['left'] >= box['left'], own
            if end_is_right:
                assert box['right'] - text['right'] < 64 and text['left'] - box['left'] >= 48 - 0.5, own
            else:
                assert text['left'] - box['left'] < 64 and box['right'] - text['right'] >= 48 - 0.5, own
            assert own['background'] != TRANSPARENT, own
        avatar = bo['avatar']
        assert avatar is not None and bo_deleted['avatar'] is None, 'the avatar shows on the group first message only'
        if end_is_right:
            assert avatar['left'] >= bo['text']['right'], bo
        else:
            assert avatar['right'] <= bo['text']['left'], bo
        for theirs in (ana, ana_again):
            box, text, avatar = theirs['message'], theirs['text'], theirs['avatar']
            assert theirs['background'] == TRANSPARENT, theirs
            if end_is_right:
                assert avatar['right'] <= text['left'] and text['left'] - box['left'] >= 48 - 0.5, theirs
            else:
                assert avatar['left'] >= text['right'] and box['right'] - text['right'] >= 48 - 0.5, theirs
        for deleted in (bo_deleted, ana_deleted):
            assert deleted['italic'] and deleted['marker'] == '"⊘ "', deleted
        assert not ana['italic'] and ana['marker'] in ('none', 'normal'), ana
    finally:
        strict_driver.set_window_size(1000, 700)
