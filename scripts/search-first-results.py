#!/usr/bin/env python3
"""Time to first results of an archive's search box in headless Chromium, opened from file://
without relaxed flags, as a reader opens it: for each query, a fresh page load (nothing cached in
the page), the query typed into the box in one input event, and the time until the first result
link is on the page, minus the box's 150 ms typing pause (or until the search settles without results). Printed as a Markdown
table with the index files and bytes each query loaded.

usage: scripts/search-first-results.py ARCHIVE QUERY...
Needs the browser test environment (scripts/test-browser installs it; run with its Python).
"""
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / 'Tests' / 'Browser'))
import browser  # noqa: E402

PAUSE_MS = 150
MEASURE = """
const [query, done] = [arguments[0], arguments[arguments.length - 1]];
const box = document.querySelector('.search-input');
const list = document.querySelector('.search-results');
let busy = false;
const start = performance.now();
const finish = () => {
  observer.disconnect();
  done([performance.now() - start, document.querySelectorAll('.search-link').length,
        document.querySelector('.search-status').textContent]);
};
const observer = new MutationObserver(() => {
  if (document.querySelector('.search-link')) return finish();
  if (list.getAttribute('aria-busy') === 'true') busy = true;
  else if (busy) finish();
});
observer.observe(document.body, {childList: true, subtree: true, attributes: true});
box.value = query;
box.dispatchEvent(new Event('input', {bubbles: true}));
"""

def main(archive, queries):
    driver = browser.start(relaxed=False)
    index = Path(archive).resolve() / 'index.html'
    search = Path(archive).resolve() / 'search'
    print('| query | first results (ms, after the 150 ms pause) | status | files loaded | bytes loaded |')
    print('|---|---:|---|---:|---:|')
    try:
        for query in queries:
            driver.get(index.as_uri())
            deadline = time.monotonic() + 10
            while not driver.execute_script('return !!document.querySelector(".search-input")'):
                if time.monotonic() > deadline:
                    raise SystemExit('the search box did not appear')
                time.sleep(0.02)
            elapsed, _, status = driver.execute_async_script(MEASURE, query)
            files = driver.execute_script(
                'return Array.from(document.scripts, (s) => s.src.split("/search/")[1]).filter((p) => p)')
            size = sum(os.path.getsize(search / f) for f in files)
            print(f'| `{query}` | {elapsed - PAUSE_MS:.0f} | {status} | {len(files)} | {size:,} |')
    finally:
        driver.quit()


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2:])
