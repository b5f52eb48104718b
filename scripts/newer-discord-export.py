#!/usr/bin/env python3
"""Derive a "newer export" of a generated DiscordChatExporter JSON file, for the archive update benchmark.

    newer-discord-export.py BENCH_DIR OLD.json N NEWER.json [--seed S] [--add 1] [--edit 0.1] [--from-newest 5]

OLD.json is what BENCH_DIR/gen_discord.py wrote for N messages with seed S. NEWER.json gets the same
N messages plus --add % new ones after them, and --edit % of N (at least one) of the old messages
edited: drawn, with a fixed seed, from the newest --from-newest % of the old ones; an edited message
gets " (edited)" appended to its content and a timestampEdited one hour after its previous edit
(or its timestamp). The messageCount at the end is the new count.

The new messages come from running the generator again for N + added messages with the same seed:
its random stream does not depend on N, so the first N messages are the same bytes (checked here,
line by line against OLD.json; a mismatch fails). Everything is streamed line by line (the generator
writes into a FIFO), so memory stays bounded at any size: no JSON file is loaded whole. Prints a JSON
summary on stdout.
"""

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
from datetime import datetime, timezone

MESSAGE_START = "    {\n"          # every message object opens on its own line, indented 4
EDITED_PREFIX = '      "timestampEdited": '
CONTENT_PREFIX = '      "content": '
TIMESTAMP_PREFIX = '      "timestamp": '
EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def parse_args():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("bench_dir", help="the folder holding gen_discord.py and gen_common.py (../shared/bench)")
    p.add_argument("old", help="the generated export (N messages)")
    p.add_argument("n", type=int, help="the number of messages in OLD")
    p.add_argument("newer", help="where to write the newer export")
    p.add_argument("--seed", type=int, default=1, help="the seed OLD was generated with (default 1)")
    p.add_argument("--add", type=float, default=1.0, help="new messages, %% of N (default 1)")
    p.add_argument("--edit", type=float, default=0.1, help="edited messages, %% of N (default 0.1)")
    p.add_argument("--from-newest", type=float, default=5.0,
                   help="edits are drawn from the newest this %% of N (default 5)")
    return p.parse_args()


def millis(iso_text):
    return (datetime.fromisoformat(iso_text) - EPOCH) // (datetime.resolution * 1000)


def value_of(line, prefix):
    """The JSON value on a `prefix VALUE,` line."""
    return json.loads(line[len(prefix):].rstrip().rstrip(","))


def main():
    args = parse_args()
    if not os.path.isfile(os.path.join(args.bench_dir, "gen_discord.py")):
        sys.exit("no gen_discord.py in %s" % args.bench_dir)
    sys.path.insert(0, os.path.abspath(args.bench_dir))
    from gen_common import dumps, escape_astral  # noqa: E402  (the generator's own JSON writing)
    from gen_discord import iso  # noqa: E402

    n = args.n
    added = max(1, round(n * args.add / 100))
    window = max(1, round(n * args.from_newest / 100))
    edits = min(window, max(1, round(n * args.edit / 100)))
    chosen = set(random.Random(args.seed * 7919 + n).sample(range(n - window, n), edits))

    with tempfile.TemporaryDirectory() as tmp:
        fifo = os.path.join(tmp, "newer.json")
        os.mkfifo(fifo)
        generator = subprocess.Popen(
            [sys.executable, os.path.join(args.bench_dir, "gen_discord.py"), str(n + added), fifo, "--seed", str(args.seed)],
            stdout=subprocess.PIPE, text=True)
        index = -1           # the message the current line belongs to (-1: the header)
        timestamp_ms = 0
        edited_done = 0
        with open(fifo, encoding="utf-8", newline="\n") as new, \
                open(args.old, encoding="utf-8", newline="\n") as old, \
                open(args.newer, "w", encoding="utf-8", newline="\n", buffering=1 << 20) as out:
            for line in new:
                if line == MESSAGE_START:
                    index += 1
                if index < n:
                    expected = old.readline()
                    # OLD's last message closes with "    }" and its end, NEWER's with "    },": the only difference.
                    if line != expected and not (index == n - 1 and line == "    },\n" and expected == "    }\n"):
                        generator.kill()
                        sys.exit("%s of %s differs from the regenerated one: the generator did not reproduce "
                                 "it (another seed or generator version?)"
                                 % ("the header" if index < 0 else "message %d" % index, args.old))
                if index in chosen:
                    if line.startswith(TIMESTAMP_PREFIX):
                        timestamp_ms = millis(value_of(line, TIMESTAMP_PREFIX))
                    elif line.startswith(EDITED_PREFIX):
                        previous = value_of(line, EDITED_PREFIX)
                        since = millis(previous) if previous else timestamp_ms
                        line = '%s"%s",\n' % (EDITED_PREFIX, iso(since + 3_600_000))
                    elif line.startswith(CONTENT_PREFIX):
                        content = value_of(line, CONTENT_PREFIX)
                        text = (content + " (edited)").strip()
                        line = "%s%s,\n" % (CONTENT_PREFIX, escape_astral(dumps(text, None)))
                        edited_done += 1
                out.write(line)
        summary = json.loads(generator.stdout.read() or "{}")
        if generator.wait() != 0:
            sys.exit("gen_discord.py failed")
    if index + 1 != n + added or edited_done != edits:
        sys.exit("expected %d messages and %d edits, wrote %d and %d" % (n + added, edits, index + 1, edited_done))
    json.dump(dict(format=summary.get("format"), path=args.newer, seed=args.seed, messages=n + added,
                   old_messages=n, added=added, edited=edits, edit_window=window,
                   bytes=os.path.getsize(args.newer)), sys.stdout, sort_keys=True)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
