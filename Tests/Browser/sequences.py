"""Writes patch sequences in the convergence layout: OUT/NAME/initial.html (the page at the first
state), batches.jsonl (one batch a line, in order) and final.html (the page at the last state),
the layout of `swift run ParleyConvergenceFixtures OUT --seed S --count N`.

    python3 sequences.py --named OUT               the named cases (Tests/Browser/fixtures/)
    python3 sequences.py OUT --seed S --count N    N seeded random sequences (OUT/000 …)

Pages come from fixtures/base.html (three days of the built-in sample, four messages each); the
final page is rendered from the model's strings, independently of any patch applier.
"""

import argparse
import copy
import json
import random
from pathlib import Path

from page_model import Page, day_section

HERE = Path(__file__).resolve().parent
BASE = HERE / 'fixtures' / 'base.html'

FRAGMENTS = {
    'text': ['plain words', 'with <strong>bold</strong> and <em>em</em>', 'a &amp; b &lt;c&gt;', 'line<br>break', '',
             'party 🎉 <a href="https://example.com/x">link</a>', '<code>x &lt; y</code>'],
    'edited': ['<span class="edited" title="Edited Friday, 8 March 2024 10:00">(edited)</span>', ''],
    'reactions': ['<span class="reaction" title="👍"><span class="reaction-emoji">👍</span> '
                  '<span class="reaction-count">2</span></span>', ''],
    'reply': ['<a class="reply-ref" href="#m-1"><bdi class="reply-author">Maya</bdi> '
              '<span class="reply-excerpt" dir="auto">Hi</span></a>', ''],
    'attachments': ['<a class="attachment" href="https://example.com/f.png">f.png</a>', ''],
}
TOKENS = [' the', ' picnic', ' <b>not bold</b>', ' & more', ' 🎉', '\u00a0', '', ' "quoted"', "'s"]
PROTOCOL = 2  # the patch protocol version (docs/PATCH-PROTOCOL.md), each batch's `p`
CLASSES = [f'msg pos-{position} kind-default' for position in ('first', 'middle', 'last', 'only')]


class Writer:
    """Collects batches over a page model, numbering versions from the page's own."""

    def __init__(self, page):
        self.page = page
        self.initial = page.render()
        self.pool = Page(self.initial).messages()
        self.batches = []
        self.fresh = 0

    def batch(self, *ops):
        self.batches.append({'v': self.page.version + 1, 'base': self.page.version, 'p': PROTOCOL, 'ops': list(ops)})
        self.page.version += 1

    def new_message(self, text, like=0):
        """A new message cloned from one of the first page's, with a fresh id and `text` as its text."""
        self.fresh += 1
        message = copy.deepcopy(self.pool[like % len(self.pool)])
        message.set_attribute('id', f'm-{9_000_000 + self.fresh}')
        message.set_slot('text', text)
        return message

    def save(self, folder):
        folder.mkdir(parents=True, exist_ok=True)
        (folder / 'initial.html').write_text(self.initial, encoding='utf-8')
        lines = [json.dumps(batch, ensure_ascii=False, separators=(',', ':')) for batch in self.batches]
        (folder / 'batches.jsonl').write_text('\n'.join(lines) + '\n', encoding='utf-8')
        (folder / 'final.html').write_text(self.page.render(), encoding='utf-8')


def named(w):
    """The named cases, each a function of a fresh Writer; together they use every operation."""
    p = w.page
    first, last = p.messages()[0], p.messages()[-1]
    day1, day2, day3 = (section.id for section in p.sections)
    cases = {}

    def swap_first_last():
        w.batch(p.move(last.id, day1, None), p.move(first.id, day3, p.sections[2].messages[-1].id))

    def move_earlier():
        w.batch(p.move(p.sections[2].messages[2].id, day1, first.id))

    def new_day():
        section = day_section('2024-03-12', 'Tuesday, 12 March 2024')
        w.batch(p.insert_section(section, day3), p.insert(w.new_message('First of the day'), section.id, None),
                p.set_attribute(last.id, 'class', 'msg pos-last kind-default'))
        w.batch(p.insert(w.new_message('Second'), section.id, 'm-9000001'),
                p.set_attribute('m-9000001', 'class', 'msg pos-first kind-default'))

    def edit_and_stream():
        w.batch(p.set_slot(first.id, 'text', 'see you at <strong>noon</strong>'),
                p.set_slot(first.id, 'edited', FRAGMENTS['edited'][0]))
        w.batch(p.append_text(last.id, 'text', ' the'))
        w.batch(p.append_text(last.id, 'text', ' picnic <3 & more'))
        w.batch(p.set_slot(last.id, 'reactions', FRAGMENTS['reactions'][0]))

    def delete():
        w.batch(p.remove(p.sections[0].messages[1].id), p.set_attribute(first.id, 'class', 'msg pos-only kind-default'))
        w.batch(p.set_attribute(last.id, 'data-author', None), p.remove('m-404'))
        w.batch(p.remove_section(day2))

    def replace():
        message = copy.deepcopy(p.sections[1].messages[2])
        message.set_slot('text', 'Rewritten <em>entirely</em>')
        message.set_attribute('class', 'msg pos-only kind-reply')
        w.batch(p.replace(message))

    def section_move():
        w.batch(p.move_section(day3, None), p.move_section(day1, day2))

    def reset():
        w.batch(p.set_slot(first.id, 'text', 'before the reset'))
        p.remove_section(day2)
        p.message(last.id).set_slot('text', 'after the reset')
        w.batch(p.reset())

    def duplicate_insert():
        message = w.new_message('Sent twice')
        op = p.insert(message, day2, p.sections[1].messages[1].id)
        w.batch(op)
        w.batch(list(op), p.set_slot(first.id, 'reactions', ''))

    def flash():
        w.batch(p.set_slot(first.id, 'text', 'flashed'), ['f', first.id, 'flash'])

    def insert_at_end():
        w.batch(p.insert(w.new_message('At the end'), day3, last.id))
        w.batch(p.insert(w.new_message('Still at the end'), day3, 'm-9000001'))

    def insert_above():
        w.batch(p.insert(w.new_message('Above everything'), day1, None))

    for case in (swap_first_last, move_earlier, new_day, edit_and_stream, delete, replace, section_move, reset,
                 duplicate_insert, flash, insert_at_end, insert_above):
        cases[case.__name__.replace('_', '-')] = case
    return cases


def random_batch(w, rng):
    """Applies 1–6 random mutations to the model and records them as one batch."""
    p = w.page
    ops = []
    for _ in range(rng.randint(1, 6)):
        messages, sections = p.messages(), p.sections
        kinds = ['S'] + (['i', 'i'] if sections else [])
        if messages:
            kinds += ['r', 'm', 'm', 'R', 's', 's', 't', 't', 'a', 'A', 'i-again', 'f']
        if len(sections) > 1:
            kinds += ['X', 'M']
        kind = rng.choice(kinds)
        target = rng.choice(messages) if messages else None
        if kind in ('i', 'i-again', 'm'):
            section = rng.choice(sections)
            others = [m.id for m in section.messages if target is None or m.id != target.id]
            after = rng.choice([None] + others)
            if kind == 'i':
                message = w.new_message(rng.choice(FRAGMENTS['text']), rng.randrange(len(w.pool)))
                ops.append(p.insert(message, section.id, after))
            elif kind == 'i-again':
                ops.append(p.insert(copy.deepcopy(target), section.id, after))
            else:
                ops.append(p.move(target.id, section.id, after))
        elif kind == 'r':
            ops.append(p.remove(target.id if rng.random() < 0.9 else 'm-404'))
        elif kind == 'R':
            message = copy.deepcopy(target)
            message.set_slot('text', rng.choice(FRAGMENTS['text']))
            message.set_attribute('class', rng.choice(CLASSES))
            ops.append(p.replace(message))
        elif kind == 's':
            slot = rng.choice(list(FRAGMENTS))
            ops.append(p.set_slot(target.id, slot, rng.choice(FRAGMENTS[slot])))
        elif kind == 't':
            ops.append(p.append_text(target.id, 'text', rng.choice(TOKENS)))
        elif kind == 'a':
            name, value = rng.choice([('class', rng.choice(CLASSES)), ('data-author', str(rng.randrange(100))),
                                      ('data-pinned', 'true')])
            ops.append(p.set_attribute(target.id, name, value))
        elif kind == 'A':
            ops.append(p.set_attribute(target.id, rng.choice(['data-author', 'data-pinned']), None))
        elif kind == 'f':
            ops.append(['f', target.id, 'flash'])
        elif kind == 'S':
            w.fresh += 1
            section = day_section(f'2024-04-{w.fresh:02d}', f'Day {w.fresh}')
            ops.append(p.insert_section(section, rng.choice([None] + [s.id for s in sections])))
        elif kind == 'X':
            ops.append(p.remove_section(rng.choice(sections).id))
        else:
            section = rng.choice(sections)
            ops.append(p.move_section(section.id, rng.choice([None] + [s.id for s in sections if s is not section])))
    if rng.random() < 0.05:
        ops = [p.reset()]
    w.batch(*ops)


def write_random(out, seed, count):
    base = BASE.read_text(encoding='utf-8')
    for index in range(count):
        rng = random.Random(f'{seed}/{index}')
        w = Writer(Page(base))
        for _ in range(rng.randint(1, 6)):
            random_batch(w, rng)
        w.save(Path(out) / f'{index:03d}')


def write_named(out):
    base = BASE.read_text(encoding='utf-8')
    for name in named(Writer(Page(base))):
        w = Writer(Page(base))
        named(w)[name]()
        w.save(Path(out) / name)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('out')
    parser.add_argument('--named', action='store_true', help='write the named cases')
    parser.add_argument('--seed', type=int, default=1)
    parser.add_argument('--count', type=int, default=200)
    arguments = parser.parse_args()
    if arguments.named:
        write_named(arguments.out)
    else:
        write_random(arguments.out, arguments.seed, arguments.count)


if __name__ == '__main__':
    main()
