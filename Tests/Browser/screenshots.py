"""Pictures of rendered archives, taken as test_format_pages.py looks at them (format_pages.show:
headless Chromium through Selenium, a viewport and `prefers-color-scheme` set through the DevTools
protocol, every image loaded first), with the scroll bars hidden.

usage: screenshots.py DOCS [CORPUS_OUT]

DOCS gets the README's pictures (SHOTS), each named INPUT-WIDTH-SCHEME.png and cropped to its
viewport; they come only from license-clean inputs: the built-in sample and the repository's
fixtures. CORPUS_OUT, when given and ../shared/corpus is present, gets a 1000 × 1600 picture of
every month page of the corpus inputs in CORPUS_INPUTS (not for committing: some corpus files are
GPL or AGPL). Run by scripts/screenshots (`make screenshots`), which builds `parley` first."""

import shutil
import sys
import tempfile
from pathlib import Path

import browser
from format_pages import CASES, CORPUS, render, show

# (case, width, height, scheme): the built-in sample in both schemes, a channel of each of seven
# other formats, at a laptop's width or a phone's.
SHOTS = [
    ('sample', 1280, 800, 'light'),
    ('sample', 1280, 800, 'dark'),
    ('discord-missing-media', 1280, 800, 'light'),
    ('whatsapp-zip', 390, 844, 'light'),
    ('telegram', 1280, 800, 'dark'),
    ('slack-zip', 1280, 800, 'light'),
    ('sms-mms', 390, 844, 'light'),
    ('matrix', 390, 844, 'dark'),
    ('chatgpt-branches', 1280, 800, 'light'),
]

# Every Discord file, and one or two of each other format (RTL Arabic, media, threads, markdown).
CORPUS_INPUTS = ['discord/*.json', 'slack/sev-testarchive', 'slack/slackdump-export', 'whatsapp/whats_json-ios-arabic-rlm.txt',
                 'whatsapp/whats_json-android-en-with-media.txt', 'telegram/chat-analytics-MultiChat_2C_6M.json',
                 'chatgpt/pulsar-conversation-cases.json', 'sms-xml/sbr2-sms_and_mms.xml']


def picture(driver, url, width, height, scheme, path):
    show(driver, url, width, height, scheme)
    path.write_bytes(driver.get_screenshot_as_png())
    print(path, file=sys.stderr)


def rendered(source, output):
    """`output`, with `source` rendered into it unless an earlier picture did so."""
    if not output.exists():
        result = render(source, output)
        if result.returncode != 0:
            raise SystemExit(f'parley render {source} failed:\n{result.stderr}')
    return output


def main(docs, corpus_out=None):
    cases = {case.name: case for case in CASES}
    workspace = Path(tempfile.mkdtemp(prefix='parley-screenshots-'))
    driver = browser.start(relaxed=False)
    try:
        driver.execute_cdp_cmd('Emulation.setScrollbarsHidden', {'hidden': True})
        docs.mkdir(parents=True, exist_ok=True)
        for old in docs.glob('*.png'):
            old.unlink()
        for name, width, height, scheme in SHOTS:
            case = cases[name]
            assert not case.in_corpus, f'{name}: pictures for the repository come from license-clean inputs only'
            page = rendered(case.input, workspace / name) / case.page
            picture(driver, page.as_uri(), width, height, scheme, docs / f'{name}-{width}-{scheme}.png')
        if corpus_out is not None and CORPUS.is_dir():
            corpus_out.mkdir(parents=True, exist_ok=True)
            for pattern in CORPUS_INPUTS:
                for path in sorted(CORPUS.glob(pattern)):
                    name = path.name.removesuffix('.json')
                    archive = rendered(path, workspace / 'corpus' / name)
                    for page in sorted(archive.glob('c/*/[0-9]*.html')):
                        shot = corpus_out / f'{name}-{page.parent.name}-{page.stem}.png'
                        picture(driver, page.as_uri(), 1000, 1600, 'light', shot)
    finally:
        driver.quit()
        shutil.rmtree(workspace, ignore_errors=True)


if __name__ == '__main__':
    if len(sys.argv) not in (2, 3):
        raise SystemExit(__doc__)
    main(Path(sys.argv[1]), Path(sys.argv[2]) if len(sys.argv) == 3 else None)
