"""A small archive for the search tests: archive-like pages (the page contract of
Templates/page.html: `<div id="search" data-root hidden>` in the header, `public/search.js`
deferred) and a search index written as docs/SEARCH-INDEX.md specifies it, so that
public/search.js can be tested without `parley render`.

`Message.terms` are given by the caller (from `ParleySearch.tokenize` in Chromium, the reference
the Swift tokenizer is checked against)."""

import datetime
import hashlib
import html
import json
import shutil
from dataclasses import dataclass, field
from pathlib import Path

import browser

CONTINUING = '0123456789abcdefghijklmnopqrstuv'
FINAL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ!#$%&*'
EPOCH = datetime.date(1970, 1, 1)
CSP = ("default-src 'none'; img-src 'self' https: data:; media-src 'self' https:; style-src 'self'; "
       "script-src 'self'; base-uri 'none'; form-action 'none'")
# Records the page's uncaught errors, rejected promises and console errors (no inline script may run).
ERRORS_JS = """window.pageErrors = [];
window.addEventListener('error', (event) => window.pageErrors.push('error ' + event.message));
window.addEventListener('unhandledrejection', (event) => window.pageErrors.push('rejection ' + event.reason));
const consoleError = console.error;
console.error = (...values) => { window.pageErrors.push('console ' + values.join(' ')); consoleError(...values); };
"""


@dataclass
class Message:
    anchor: str
    when: datetime.datetime
    author: str
    user: str
    text: str
    page: str
    has: tuple = ()
    terms: list = field(default_factory=list)
    author_terms: list = field(default_factory=list)


@dataclass
class Channel:
    id: str
    name: str
    folder: str
    messages: list
    base: int = 0
    capacity: int = 0


def number(value):
    """A number in base 32, most significant digit first, the last digit from FINAL."""
    digits = [FINAL[value % 32]]
    value //= 32
    while value:
        digits.append(CONTINUING[value % 32])
        value //= 32
    return ''.join(reversed(digits))


def days_string(days):
    """A channel's flat [day, position, …] list as the entry writes it: the first day zigzag-encoded,
    the first position as it is, every later one the gap from the one before."""
    out = []
    for i, value in enumerate(days):
        if i == 0:
            out.append(number(2 * value if value >= 0 else -2 * value - 1))
        elif i == 1:
            out.append(number(value))
        else:
            out.append(number(value - days[i - 2]))
    return ''.join(out)


def postings_string(postings, before):
    """(document, occurrences) pairs, ascending, as gaps from `before`; a repeat is a gap of 0."""
    out = []
    previous = before
    for doc, count in postings:
        out.append(number(doc - previous))
        out.extend(number(0) for _ in range(count - 1))
        previous = doc
    return ''.join(out)


def fnv1a(text):
    value = 0xcbf29ce484222325
    for byte in text.encode('utf-8'):
        value = ((value ^ byte) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    return value


def utf16(term):
    return term.encode('utf-16-be')


def dumps(value):
    return json.dumps(value, ensure_ascii=False, separators=(',', ':'))


def day_number(when):
    return (when.date() - EPOCH).days


def assign_ranges(channels):
    """Each channel without a range (capacity 0) gets one after the highest in use: base a multiple
    of 256, capacity a power of two ≥ 256 and ≥ twice its count. A channel with a range keeps it (as
    a later render keeps the previous index's). Parley aligns to its snippet chunk, 1,024; the
    fixture's chunk is 256 (written in the entry, which search.js reads), so that its small channels
    span several chunks."""
    base = max((c.base + c.capacity for c in channels if c.capacity), default=0)
    for channel in channels:
        if channel.capacity:
            continue
        capacity = 256
        while capacity < 2 * len(channel.messages):
            capacity *= 2
        channel.base, channel.capacity = base, capacity
        base += capacity


def write_index(root, channels, shard_min=16384, shard_max=131072, chunked_over=4096, chunk_size=8192,
                snippet_chunk=256):
    """Writes root/search/ for `channels` (their messages' `terms` filled in). Returns the files
    written, by path relative to search/."""
    assign_ranges(channels)
    search = root / 'search'
    shutil.rmtree(search, ignore_errors=True)
    (search / 't').mkdir(parents=True)
    (search / 'p').mkdir()
    (search / 's').mkdir()
    written = {}

    def write(path, text):
        (search / path).write_text(text, encoding='utf-8')
        written[path] = text

    terms = {}
    snippets = {}
    for channel in channels:
        for position, message in enumerate(channel.messages):
            doc = channel.base + position
            counts = {}
            for term in message.terms:
                counts[term] = counts.get(term, 0) + 1
            for term in message.author_terms:
                counts['from:' + term] = 1
            for kind in message.has:
                counts['has:' + kind] = 1
            for term, count in counts.items():
                terms.setdefault(term, []).append((doc, count))
            snippets.setdefault(doc // snippet_chunk, []).append(
                [doc, message.anchor, message.when.strftime('%Y-%m-%d %H:%M'), message.author, message.text])

    def chunk_channel(doc):
        return next(c for c in channels if c.base <= doc < c.base + c.capacity)

    values = {}
    for term, postings in terms.items():
        if len(postings) <= chunked_over:
            values[term] = dumps(postings_string(postings, -1))
            continue
        chunks = []
        current = []
        for doc, count in postings:
            if current and (len(current) == chunk_size or chunk_channel(current[0][0]) is not chunk_channel(doc)):
                chunks.append(current)
                current = []
            current.append((doc, count))
        chunks.append(current)
        described = []
        for chunk in chunks:
            text = postings_string(chunk, chunk[0][0] - 1)
            digest = hashlib.sha256(text.encode()).hexdigest()[:16]
            path = f'p/{digest}.js'
            write(path, f'ParleySearch.postings({dumps(path)},{dumps(text)});')
            described.append([chunk[0][0], chunk[-1][0], len(chunk), path])
        values[term] = dumps([len(postings), described])

    shards = []
    current = []
    size = 0
    for term in sorted(values, key=utf16):
        member = f'{dumps(term)}:{values[term]}'
        if current and ((size >= shard_min and fnv1a(term) % 64 == 0) or size >= shard_max):
            shards.append(current)
            current, size = [], 0
        current.append((term, member))
        size += len(member.encode('utf-8')) + 1
    shards.append(current)
    shard_list = []
    for index, shard in enumerate(shards):
        body = '{' + ','.join(member for _, member in shard) + '}'
        digest = hashlib.sha256(body.encode()).hexdigest()[:16]
        path = f't/{digest}.js'
        write(path, f'ParleySearch.shard({dumps(path)},{body});')
        shard_list.append(['' if index == 0 else shard[0][0], path])

    for chunk, records in snippets.items():
        write(f's/{chunk}.js', f'ParleySearch.snippets({chunk},{dumps(records)});')

    described_channels = []
    for channel in channels:
        pages = []
        days = []
        for position, message in enumerate(channel.messages):
            if not pages or pages[-1][1] != message.page:
                pages.append([position, message.page])
            day = day_number(message.when)
            if not days or days[-2] != day:
                days.extend([day, position])
        described_channels.append({'id': channel.id, 'name': channel.name, 'folder': channel.folder,
                                   'base': channel.base, 'capacity': channel.capacity,
                                   'count': len(channel.messages), 'pages': pages, 'days': days_string(days)})
    entry = {'version': 1, 'documents': sum(len(c.messages) for c in channels), 'channels': described_channels,
             'shards': shard_list, 'snippetChunk': snippet_chunk}
    write('index.js', f'ParleySearch.entry({dumps(entry)});')
    return written


def page(title, root, body, search=True):
    box = f'<div id="search" class="search" data-root="{root}" hidden></div>' if search else ''
    return (f'<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n<title>{html.escape(title)}</title>\n'
            f'<link rel="stylesheet" href="{root}public/parley.css">\n'
            f'<script src="{root}public/errors.js"></script>\n'
            f'<script src="{root}public/search.js" defer></script>\n</head>\n<body>\n'
            f'<header class="page-header">\n<h1>{html.escape(title)}</h1>\n{box}\n</header>\n'
            f'<main id="transcript" class="transcript">{body}</main>\n</body>\n</html>\n')


def write_pages(root, channels, search=True):
    """index.html listing the channels, and each channel's pages holding its messages."""
    (root / 'public').mkdir(parents=True, exist_ok=True)
    shutil.copy(browser.PUBLIC / 'search.js', root / 'public' / 'search.js')
    shutil.copy(browser.PUBLIC / 'parley.css', root / 'public' / 'parley.css')
    (root / 'public' / 'errors.js').write_text(ERRORS_JS, encoding='utf-8')
    links = ''.join(f'<li><a href="{c.folder}{c.messages[-1].page}">{html.escape(c.name)}</a></li>' for c in channels)
    (root / 'index.html').write_text(page('Archive', '', f'<ul class="channel-list">{links}</ul>', search),
                                     encoding='utf-8')
    for channel in channels:
        folder = root / channel.folder
        folder.mkdir(parents=True, exist_ok=True)
        files = {}
        for message in channel.messages:
            files.setdefault(message.page, []).append(
                f'<article class="msg" id="{message.anchor}"><header><bdi class="msg-author">'
                f'{html.escape(message.author)}</bdi></header><div class="msg-text">{html.escape(message.text)}'
                f'</div></article>')
        for name, articles in files.items():
            (folder / name).write_text(page(channel.name, '../../', '\n'.join(articles), search), encoding='utf-8')


def chunks_of(search, term):
    """[FIRST, LAST, N, PATH] of each chunk the index in the folder `search` lists for `term`."""
    for path in sorted((search / 't').iterdir()):
        text = path.read_text(encoding='utf-8')
        shard = json.loads(text[text.index(',') + 1:text.rindex(')')])
        if term in shard:
            return shard[term][1]
    raise AssertionError(f'no shard holds {term}')
