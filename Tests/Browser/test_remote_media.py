"""An archive opened from file:// asks no other host for anything: remote images are links naming
their host, the page's policy allows images from the archive and data: only, and its own images
still load; with --allow-remote-media the remote image is an img the policy allows."""

import base64
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

import browser

# A 1×1 PNG, the local image beside the transcript.
PIXEL = base64.b64decode('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==')

HEADER = {'type': 'header', 'format': 'parley', 'version': 1, 'title': 'Remote', 'channels': [{'id': 'c1', 'name': 'general'}]}
MESSAGE = {
    'type': 'message', 'channel': 'c1', 'id': '1', 'timestamp': '2024-03-08T09:15:02.000Z',
    'author': {'id': 'u1', 'name': 'ann'}, 'content': 'look',
    'attachments': [
        {'id': 'a1', 'url': 'https://cdn.example.org/photos/picnic.jpg', 'fileName': 'picnic.jpg', 'contentType': 'image/jpeg'},
        {'id': 'a2', 'url': 'pixel.png', 'fileName': 'pixel.png'},
    ],
    'embeds': [{'title': 'A page', 'url': 'https://example.org/page', 'thumbnailURL': 'https://img.example.net/t.png',
                'imageURLs': [], 'fields': []}],
}

STATE = """
return {
  remote: [...document.querySelectorAll('a.remote-media')].map(a => [a.textContent, a.getAttribute('href')]),
  images: [...document.images].map(image => [image.getAttribute('src'), image.complete, image.naturalWidth]),
  requested: performance.getEntriesByType('resource').map(entry => entry.name).filter(name => !name.startsWith('file:')),
  policy: document.querySelector('meta[http-equiv="Content-Security-Policy"]').content,
};
"""


def render(folder, *flags):
    output = folder / ('archive' + '-'.join(flags))
    subprocess.run([str(browser.parley_binary()), 'render', str(folder / 'remote.jsonl'), '-o', str(output), '-q', *flags],
                   check=True, capture_output=True)
    return output / 'c' / 'c1' / '2024-03.html'


@pytest.fixture(scope='module')
def folder():
    folder = Path(tempfile.mkdtemp(prefix='parley-remote-'))
    (folder / 'pixel.png').write_bytes(PIXEL)
    (folder / 'remote.jsonl').write_text(json.dumps(HEADER) + '\n' + json.dumps(MESSAGE) + '\n', encoding='utf-8')
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


# Waits until every image has loaded or failed (at most 5 s each).
SETTLE = """
const done = arguments[arguments.length - 1];
Promise.all([...document.images].map(image => {
  image.loading = 'eager';
  return image.complete ? null : new Promise(resolve => {
    image.addEventListener('load', resolve, {once: true});
    image.addEventListener('error', resolve, {once: true});
    setTimeout(resolve, 5000);
  });
})).then(() => done());
"""


def state(driver, page):
    driver.get(page.as_uri())
    driver.execute_async_script(SETTLE)
    return driver.execute_script(STATE)


@pytest.mark.parametrize('mode', ['copy', 'link'])
def test_nothing_remote_is_requested_and_local_images_load(strict_driver, folder, mode):
    result = state(strict_driver, render(folder, '--media', mode))
    assert result['requested'] == []
    assert result['remote'] == [
        ['picnic.jpg cdn.example.org', 'https://cdn.example.org/photos/picnic.jpg'],
        ['A page img.example.net', 'https://img.example.net/t.png'],
    ]
    assert len(result['images']) == 1 and result['images'][0][2] == 1, result['images']
    assert "img-src 'self' data:;" in result['policy'] and 'https:' not in result['policy']


def test_allowed_remote_media_are_images_the_policy_allows(strict_driver, folder):
    result = state(strict_driver, render(folder, '--allow-remote-media'))
    assert result['remote'] == []
    sources = [src for src, _, _ in result['images']]
    assert sources[0] == 'https://cdn.example.org/photos/picnic.jpg' and 'https://img.example.net/t.png' in sources
    assert "img-src 'self' data: https:;" in result['policy']
