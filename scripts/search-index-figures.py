#!/usr/bin/env python3
"""Figures of an archive's search index (docs/SEARCH-INDEX.md), printed as a Markdown table.

usage: scripts/search-index-figures.py ARCHIVE

- index bytes (entry, term shards, postings chunks) against the indexed text's bytes (the snippet
  texts: each message's text and parts, cut at 1,000 characters), snippets counted apart;
- bytes a reader loads for a one-word query, newest results first, first screen of 20: the entry,
  the term's shard, the postings chunks it needs (newest first: a chunk's newest day) and the
  snippet chunks of the 20 results shown — for the word of median frequency (by occurrences: half
  of all word occurrences are of words at least this frequent) and for the most frequent word.
The loader is simulated here exactly as public/search.js loads files; Tests/Browser/test_search.py
checks the reader itself.
"""
import bisect
import json
import os
import sys

SCREEN = 20


def call_argument(path):
    text = open(path, encoding='utf-8').read()
    start = text.index('(') + 1
    return text[start:text.rindex(')')]


def decode(postings, previous):
    final = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ!#$%&*'
    documents, value = [], 0
    for ch in postings:
        if ch in final:
            value = value * 32 + final.index(ch)
            previous += value
            documents.append(previous)
            value = 0
        else:
            value = value * 32 + int(ch, 32)
    return documents


def decode_days(text):
    """A channel's `days` string as a flat [day, position, …] list."""
    numbers = decode(text, -1)
    numbers = [b - a for a, b in zip([-1] + numbers, numbers)]  # decode() accumulates; undo it
    for i in range(len(numbers)):
        if i == 0:
            numbers[0] = -(numbers[0] + 1) // 2 if numbers[0] % 2 else numbers[0] // 2
        elif i > 1:
            numbers[i] += numbers[i - 2]
    return numbers


def main(archive):
    search = os.path.join(archive, 'search')
    size = lambda p: os.path.getsize(os.path.join(search, p))
    entry = json.loads(call_argument(os.path.join(search, 'index.js')))
    shard_paths = [path for _, path in entry['shards']]
    postings_paths = os.listdir(os.path.join(search, 'p')) if os.path.isdir(os.path.join(search, 'p')) else []
    index_bytes = size('index.js') + sum(size(p) for p in shard_paths) + sum(size('p/' + p) for p in postings_paths)
    snippet_bytes, text_bytes = 0, 0
    for name in os.listdir(os.path.join(search, 's')):
        snippet_bytes += size('s/' + name)
        argument = call_argument(os.path.join(search, 's', name))
        rows = json.loads(argument[argument.index(',') + 1:])
        text_bytes += sum(len(row[4].encode('utf-8')) for row in rows)

    # Every word term (not from:/has:) with its shard and its postings or chunks.
    terms = {}
    for path in shard_paths:
        argument = call_argument(os.path.join(search, path))
        for term, postings in json.loads(argument[argument.index(',') + 1:]).items():
            if ':' not in term:
                terms[term] = (path, postings)

    def occurrences(postings):
        return len(decode(postings, -1)) if isinstance(postings, str) else sum(chunk[2] for chunk in postings[1])

    # The day of a document, from its channel's range and days.
    channels = entry['channels']
    for channel in channels:
        channel['decoded_days'] = decode_days(channel['days'])
    bases = sorted((c['base'], i) for i, c in enumerate(channels))

    def day(document):
        channel = channels[bases[bisect.bisect_right([b for b, _ in bases], document) - 1][1]]
        days = channel['decoded_days']
        position = document - channel['base']
        starts = days[1::2]
        return days[2 * (bisect.bisect_right(starts, position) - 1)]

    def loaded(term):
        path, postings = terms[term]
        total = size('index.js') + size(path)
        if isinstance(postings, str):
            documents = decode(postings, -1)
        else:
            documents = []
            chunks = sorted(postings[1], key=lambda c: (day(c[1]), c[1]), reverse=True)
            for index, (first, last, count, chunk_path) in enumerate(chunks):
                total += size(chunk_path)
                documents += decode(call_argument(os.path.join(search, chunk_path)).split(',', 1)[1].strip('"'), first - 1)
                newest = sorted(set(documents), key=lambda d: (day(d), d), reverse=True)[:SCREEN]
                rest = chunks[index + 1:]
                if len(newest) == SCREEN and all((day(c[1]), c[1]) < (day(newest[-1]), newest[-1]) for c in rest):
                    break
        shown = sorted(set(documents), key=lambda d: (day(d), d), reverse=True)[:SCREEN]
        chunks = {d // entry['snippetChunk'] for d in shown}
        total += sum(size(f's/{c}.js') for c in chunks)
        return len(set(documents)) if isinstance(postings, str) else postings[0], total

    ranked = sorted(terms, key=lambda t: occurrences(terms[t][1]), reverse=True)
    counts = [occurrences(terms[t][1]) for t in ranked]
    half, running, median = sum(counts) / 2, 0, ranked[-1]
    for term, count in zip(ranked, counts):
        running += count
        if running >= half:
            median = term
            break
    print('| figure | value |')
    print('|---|---:|')
    print(f"| messages indexed | {entry['documents']:,} |")
    print(f'| distinct words | {len(terms):,} |')
    print(f'| indexed text bytes | {text_bytes:,} |')
    print(f'| index bytes (entry + term shards + postings chunks) | {index_bytes:,} |')
    print(f'| index ÷ text | {index_bytes / max(text_bytes, 1):.2f}× |')
    print(f'| snippet bytes (apart) | {snippet_bytes:,} |')
    print(f"| files: shards, postings chunks, snippet chunks | {len(shard_paths)}, {len(postings_paths)}, {len(os.listdir(os.path.join(search, 's')))} |")
    for label, term in (('median-frequency word', median), ('most frequent word', ranked[0])):
        documents, total = loaded(term)
        print(f'| one-word query, {label} “{term}” ({documents:,} messages): bytes loaded for the first {SCREEN} | {total:,} |')


if __name__ == '__main__':
    main(sys.argv[1])
