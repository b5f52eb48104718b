"""Headless Chromium through Selenium, and the steps shared by the browser tests."""

import contextlib
import json
import os
import re
import subprocess
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PUBLIC = ROOT / 'Sources' / 'ParleyAssets' / 'Public'
PARLEY_JS = PUBLIC / 'parley.js'
HARNESS_JS = HERE / 'harness.js'
FIXTURES = HERE / 'fixtures'

CHROMIUM = '/usr/lib/chromium/chromium'
CHROMEDRIVER = '/usr/bin/chromedriver'
# The build flags of scripts/test, so that its `parley` is reused rather than built again.
BUILD_FLAGS = ['-c', 'release', '-Xswiftc', '-enable-testing']

# Records CSP violations, imports parley.js and the harness as modules, adds the stylesheet (if any),
# then calls `window.harness[step](...stepArguments)` when a step is named.
LOAD = """
const [parleyURL, harnessURL, styleURL, step, stepArguments, done] = arguments;
window.violations = [];
document.addEventListener('securitypolicyviolation', (event) => {
  window.violations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
const styled = new Promise((resolve, reject) => {
  if (!styleURL) return resolve();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = styleURL;
  link.addEventListener('load', resolve);
  link.addEventListener('error', () => reject(new Error(`cannot load ${styleURL}`)));
  document.head.append(link);
});
Promise.all([import(parleyURL), import(harnessURL), styled]).then(([parley, harness]) => {
  window.parley = parley;
  window.harness = harness;
  done({result: step ? harness[step](...stepArguments) : null});
}, (error) => done({error: String(error)}));
"""


def start(width=1000, height=700, relaxed=True, javascript=True):
    """A headless Chromium; when `relaxed`, file:// pages may import file:// modules (no server
    needed). Tests of archives as a user opens them from disk pass `relaxed=False`; `javascript`
    False turns scripts off, as some readers do."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    flags = ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', f'--window-size={width},{height}']
    if relaxed:
        flags.append('--allow-file-access-from-files')
    for argument in flags:
        options.add_argument(argument)
    if not javascript:
        options.add_experimental_option('prefs', {'profile.managed_default_content_settings.javascript': 2})
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    driver.set_script_timeout(20)
    return driver


def open_page(driver, path, step=None, *arguments, styled=True):
    """Loads a page from disk, makes `window.parley` and `window.harness` available, adds
    Public/parley.css when `styled`, and returns what `harness[step](...arguments)` returns (one
    WebDriver round trip)."""
    driver.get(Path(path).resolve().as_uri())
    style = (PUBLIC / 'parley.css').as_uri() if styled else None
    reply = driver.execute_async_script(LOAD, PARLEY_JS.as_uri(), HARNESS_JS.as_uri(), style, step, list(arguments))
    assert 'error' not in reply, reply['error']
    return reply['result']


def parley_binary():
    """PARLEY_BIN when set, else `parley` in the folder that `swift build BUILD_FLAGS
    --show-bin-path` names, built there first when it is missing."""
    if os.environ.get('PARLEY_BIN'):
        return Path(os.environ['PARLEY_BIN'])
    folder = subprocess.run(['swift', 'build', *BUILD_FLAGS, '--show-bin-path'], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.strip()
    binary = Path(folder) / 'parley'
    if not binary.exists():
        subprocess.run(['swift', 'build', *BUILD_FLAGS, '--product', 'parley'], cwd=ROOT, check=True)
    return binary


def start_serving(*arguments, port=0):
    """Starts `parley serve ARGUMENTS --port PORT`; returns the process and the address it prints
    (the lines before it, such as an ingest token, are skipped)."""
    process = subprocess.Popen([str(parley_binary()), 'serve', *map(str, arguments), '--port', str(port)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    lines = []
    while len(lines) < 5 and (line := process.stdout.readline()) and not line.startswith('Serving '):
        lines.append(line)
    match = re.fullmatch(r'Serving \d+ channels? at (http://127\.0\.0\.1:\d+/)\S* \(Ctrl-C stops\)\n', line)
    if not match:
        process.kill()
        process.wait()
        raise AssertionError(f'no URL line in {lines + [line]!r}; stderr: {process.stderr.read()}')
    return process, match.group(1)


@contextlib.contextmanager
def serving(*arguments):
    """`parley serve ARGUMENTS --port 0`; yields the address it prints, and stops it afterwards."""
    process, address = start_serving(*arguments)
    try:
        yield address
    finally:
        process.terminate()
        process.wait(timeout=10)


def read_batches(folder):
    lines = (Path(folder) / 'batches.jsonl').read_text(encoding='utf-8').splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def first_difference(live, expected, context=160):
    """A readable account of where two serializations part."""
    index = next((i for i, (a, b) in enumerate(zip(live, expected)) if a != b), min(len(live), len(expected)))
    start = max(0, index - context)
    return (f'differ at character {index} (live {len(live)}, expected {len(expected)} characters)\n'
            f'  live:     …{live[start:index + context]}\n  expected: …{expected[start:index + context]}')


# canonical.js's functions, for pages whose server does not serve it (a real `parley serve`).
CANONICAL_FUNCTIONS = (HERE / 'canonical.js').read_text(encoding='utf-8').replace('export function ', 'function ')

# The canonical `#transcript` of this page and of the page its server sends now (the browser's
# own parse), with data-version and data-epoch; transient `flash` classes and the client's own
# `aria-relevant` are left out.
SERVER_TRANSCRIPT = CANONICAL_FUNCTIONS + """
const done = arguments[arguments.length - 1];
const settled = (element) => {
  const copy = element.cloneNode(true);
  copy.querySelectorAll('.flash').forEach((node) => node.classList.remove('flash'));
  copy.querySelectorAll('[class=""]').forEach((node) => node.removeAttribute('class'));
  return canonical(copy, {skip: ['aria-relevant']});
};
fetch(location.href, {cache: 'no-store'}).then((response) => response.text()).then(
  (page) => done([settled(document.getElementById('transcript')), settled(parsedTranscript(page))]),
  (error) => done([String(error), '']));
"""


def until_server_page(driver, timeout=30):
    """Waits until the page's `#transcript` is the one its server sends now (canonically, with
    its version and epoch); returns that canonical serialization."""
    deadline = time.monotonic() + timeout
    while (pair := driver.execute_async_script(SERVER_TRANSCRIPT))[0] != pair[1]:
        assert time.monotonic() < deadline, f'not the server\'s page after {timeout} s: {first_difference(*pair)}'
        time.sleep(0.2)
    return pair[0]
