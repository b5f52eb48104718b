"""One channel page per input format, rendered as a user renders it (`parley render INPUT -o DIR`,
media copied by default), and how to show a page in a viewport of a given size and colour scheme.
Used by test_format_pages.py and by the screenshots (screenshots.py, `make screenshots`).

The inputs are the built-in sample and the repository's fixtures (license-clean: drawn or written
for Parley) and, when the shared corpus (../shared/corpus, read in place, never copied) is present,
a file of each format from it."""

import subprocess
from dataclasses import dataclass
from pathlib import Path

import browser

FIXTURES = browser.ROOT / 'Tests' / 'ParleyTestSupport' / 'Fixtures'
CORPUS = browser.ROOT.parent / 'shared' / 'corpus'
SAMPLE = Path('--sample')


@dataclass(frozen=True)
class Case:
    """An input, the channel page of its archive to open, and what that page holds: `images` `img`
    elements (every one must load), `cards` missing-file cards, `remote` link cards to remote media."""
    name: str
    input: Path
    page: str
    images: int
    cards: int
    remote: int = 0

    @property
    def in_corpus(self):
        return self.input.is_relative_to(CORPUS)

    def render(self, output):
        return render(self.input, output)


def render(source, output):
    """Renders `source` (an input's path, or SAMPLE) into `output`; returns the completed process
    (its stderr as text)."""
    arguments = [str(source)] if source != SAMPLE else ['--sample']
    return subprocess.run([str(browser.parley_binary()), 'render', *arguments, '-o', str(output), '-q'],
                          capture_output=True, text=True)


CASES = [
    Case('sample', SAMPLE, 'c/900000000000000001/2024-03.html', images=78, cards=0),
    # DiscordChatExporter JSON with the assets it downloaded beside it (avatars.json_Files/): two
    # authors' avatars (one in two messages); the others' are remote or missing, so initials.
    Case('discord-avatars', FIXTURES / 'media-avatars' / 'avatars.json', 'c/c1/2024-03.html', images=3, cards=0),
    # Two files of five in the export's folder: a photo and a custom emoji; three cards.
    Case('discord-missing-media', FIXTURES / 'media-missing' / 'missing-media.json', 'c/c1/2024-03.html', images=2, cards=3),
    # Its assets folder (…json_Files) is not in the corpus: seven cards.
    Case('discord-corpus', CORPUS / 'discord' / 'dcef-general.json', 'c/1012224565567721552/2023-01.html', images=0, cards=7),
    # Four photos and files the fixture names without their files.
    Case('telegram', FIXTURES / 'telegram-rich.json', 'c/1234567890/2023-11.html', images=0, cards=4),
    Case('telegram-corpus', CORPUS / 'telegram' / 'chat-analytics-DM_2A_7M.json', 'c/700000000/2019-07.html', images=0, cards=0),
    Case('slack-zip', FIXTURES / 'slack-export.zip', 'c/C01GEN/2024-01.html', images=0, cards=0),
    # Three files on Slack's servers: link cards naming the host.
    Case('slack-corpus', CORPUS / 'slack' / 'sev-testarchive', 'c/C0JGLMMNX/2016-03.html', images=0, cards=0, remote=3),
    # The photo and the voice note come out of the zip.
    Case('whatsapp-zip', FIXTURES / 'whatsapp-ios-with-media.zip', 'c/whatsapp.3Awhatsapp-ios-with-media/2024-03.html',
         images=1, cards=0),
    # The .txt of an export with media, without its media: thirteen cards.
    Case('whatsapp-corpus', CORPUS / 'whatsapp' / 'whats_json-ios-en-with-media-attached.txt',
         'c/whatsapp.3Awhats_json-ios-en-with-media-attached/2022-03.html', images=0, cards=13),
    Case('sms', FIXTURES / 'former-ids' / 'sms.xml', 'c/sms.3A.2B14155550199/2024-03.html', images=0, cards=0),
    # A photo sent by MMS, taken out of the backup; replies on the end side.
    Case('sms-mms', FIXTURES / 'sms-with-mms.xml', 'c/sms.3A.2B14155550123/2024-03.html', images=1, cards=0),
    # MMS with image, video, audio and PDF parts inside the backup, taken out of it: the 1×1 PNG shows.
    Case('sms-mms-corpus', CORPUS / 'sms-xml' / 'sbr2-sample_mms.xml', 'c/sms.3A.2B15550000003/2024-07.html', images=1, cards=0),
    Case('matrix', FIXTURES / 'matrix-element-export.json', 'c/~.21room.3Aexample.2Eorg/2024-03.html', images=0, cards=0),
    # An upload and a generated image, copied out of the export's zip, and a card for the file it lacks.
    Case('chatgpt-zip', FIXTURES / 'chatgpt-with-files.zip', 'c/c1/2023-11.html', images=2, cards=1),
    Case('chatgpt-branches', FIXTURES / 'chatgpt-branches.json', 'c/conv-1/2023-11.html', images=0, cards=0),
    Case('chatgpt-corpus', CORPUS / 'chatgpt' / 'pulsar-conversation-cases.json', 'c/attachment/1970-01.html', images=0, cards=0),
    Case('parley-jsonl', FIXTURES / 'parley-demo.jsonl', 'c/general/2024-03.html', images=0, cards=0),
]

# Makes every image load now (not when scrolled to), waits until each has loaded or failed, and
# returns each one's src, whether it is complete, its natural width and whether it stands inside a
# placeholder (a missing-file or remote-media card); then the cards, the scheme the page sees and
# its background: the first of body's and html's computed background colours that is not transparent.
IMAGES = """
const done = arguments[arguments.length - 1];
(async () => {
  const images = [...document.images];
  for (const image of images) image.loading = 'eager';
  await Promise.all(images.map(image => image.complete ? null : new Promise(resolve => {
    image.addEventListener('load', resolve, {once: true});
    image.addEventListener('error', resolve, {once: true});
    setTimeout(resolve, 5000);
  })));
  const transparent = colour => colour === 'transparent' || /^rgba\\(.*, 0\\)$/.test(colour);
  const background = [document.body, document.documentElement].map(element => getComputedStyle(element).backgroundColor)
    .find(colour => !transparent(colour)) ?? 'transparent';
  done({
    images: images.map(image => ({
      src: image.getAttribute('src'), complete: image.complete, width: image.naturalWidth,
      placeholder: image.closest('.attachment-missing, .remote-media') !== null,
    })),
    cards: document.querySelectorAll('.attachment-missing').length,
    remote: document.querySelectorAll('.remote-media').length,
    dark: matchMedia('(prefers-color-scheme: dark)').matches,
    size: [innerWidth, innerHeight],
    background,
  });
})();
"""


def show(driver, url, width, height, scheme):
    """Opens `url` in a viewport of `width` × `height` CSS pixels (one device pixel each) with
    `prefers-color-scheme: scheme` (light or dark), both set through the DevTools protocol; waits
    until every image has loaded or failed and returns what IMAGES reads."""
    driver.execute_cdp_cmd('Emulation.setDeviceMetricsOverride',
                           {'width': width, 'height': height, 'deviceScaleFactor': 1, 'mobile': False})
    driver.execute_cdp_cmd('Emulation.setEmulatedMedia', {'features': [{'name': 'prefers-color-scheme', 'value': scheme}]})
    driver.get(url)
    state = driver.execute_async_script(IMAGES)
    assert state['dark'] == (scheme == 'dark') and state['size'] == [width, height], state
    return state
