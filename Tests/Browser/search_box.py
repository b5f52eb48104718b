"""Driving an archive page's search box (public/search.js) from a test: typing a query and
reading back the results it shows once it has settled."""

import time
from pathlib import Path

from selenium.webdriver.common.by import By


def open_page(driver, path):
    driver.get(Path(path).as_uri())
    wait(driver, 'return !document.getElementById("search") || !!document.querySelector(".search-input")')


def wait(driver, script, *arguments, timeout=10):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = driver.execute_script(script, *arguments)
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError(f'timed out waiting for: {script}')


def settled(driver):
    wait(driver, 'return document.querySelector(".search-results").getAttribute("aria-busy") === "false"')


def search(driver, query, sort=None):
    """Types the query (after clearing the box) and waits for its results: (ids, status)."""
    if sort:
        driver.execute_script('const s = document.querySelector(".search-sort"); s.value = arguments[0];'
                              's.dispatchEvent(new Event("change"))', sort)
    box = driver.find_element(By.CSS_SELECTOR, '.search-input')
    box.clear()
    box.send_keys(query)
    assert box.get_attribute('value') == query
    settled(driver)
    return shown(driver)


def shown(driver):
    return driver.execute_script(
        'return [Array.from(document.querySelectorAll(".search-link"), (a) => a.hash.slice(1)),'
        'document.querySelector(".search-status").textContent]')


def loaded(driver):
    """The index files the page requested, relative to search/."""
    return driver.execute_script(
        'return Array.from(document.scripts, (s) => s.src.split("/search/")[1]).filter((path) => path)')
