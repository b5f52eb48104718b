"""A string-level model of a rendered Parley channel page, for writing patch sequences.

The model holds the page around the transcript, its day sections and each message's HTML as
rendered. Every mutation changes the model and returns the patch operation
(docs/PATCH-PROTOCOL.md) that makes a client do the same change; `render()` gives the full page
at the current state, built from the model's strings, never by applying operations.
"""

import html
import re

MAIN = re.compile(r'(<main id="transcript"[^>]*>)(.*)(</main>)', re.S)
SECTION = re.compile(r'(<section class="day" id="([^"]+)"[^>]*><h2.*?</h2>)(.*?)</section>', re.S)
ARTICLE = re.compile(r'<article\b.*?</article>', re.S)
ATTRIBUTE = re.compile(r'\s([\w-]+)="([^"]*)"')


class Message:
    """One `article.msg`, kept as the HTML string the renderer wrote."""

    def __init__(self, markup):
        self.html = markup

    @property
    def id(self):
        return self.attributes()['id']

    def start_tag(self):
        end = self.html.index('>')
        return self.html[: end + 1], end + 1

    def attributes(self):
        tag, _ = self.start_tag()
        return {name: html.unescape(value) for name, value in ATTRIBUTE.findall(tag)}

    def set_attribute(self, name, value):
        """Sets (or, with None, removes) an attribute of the article element."""
        attributes = self.attributes()
        if value is None:
            attributes.pop(name, None)
        else:
            attributes[name] = value
        text = ''.join(f' {key}="{html.escape(item, quote=True)}"' for key, item in attributes.items())
        _, end = self.start_tag()
        self.html = f'<article{text}>' + self.html[end:]

    def slot_bounds(self, name):
        """The start and end offsets of the slot's children in `self.html`."""
        marker = self.html.index(f'data-slot="{name}"')
        tag = re.findall(r'<(\w+)', self.html[:marker])[-1]
        start = self.html.index('>', marker) + 1
        depth = 1
        for match in re.finditer(rf'<(/?){tag}\b[^>]*>', self.html[start:]):
            depth += -1 if match.group(1) else 1
            if depth == 0:
                return start, start + match.start()
        raise ValueError(f'slot {name} of {self.id} is not closed')

    def slot(self, name):
        start, end = self.slot_bounds(name)
        return self.html[start:end]

    def set_slot(self, name, inner):
        start, end = self.slot_bounds(name)
        self.html = self.html[:start] + inner + self.html[end:]


class Section:
    """A `section.day`: its start tag and heading, then its messages."""

    def __init__(self, head, messages):
        self.head = head
        self.id = re.search(r'id="([^"]+)"', head).group(1)
        self.messages = messages

    def render(self):
        return self.head + ''.join(message.html for message in self.messages) + '</section>'


class Page:
    """A channel page: the text around `#transcript`, its start tag, and its sections."""

    def __init__(self, markup):
        match = MAIN.search(markup)
        self.before, self.after = markup[: match.start()], markup[match.end():]
        self.main_tag = match.group(1)
        self.sections = [
            Section(head, [Message(article) for article in ARTICLE.findall(body)])
            for head, _, body in SECTION.findall(match.group(2))
        ]
        self.version = int(re.search(r'data-version="(\d+)"', self.main_tag).group(1))

    def render(self):
        main = re.sub(r'data-version="\d+"', f'data-version="{self.version}"', self.main_tag)
        return self.before + main + self.content() + '</main>' + self.after

    def content(self):
        return ''.join(section.render() for section in self.sections)

    def section(self, section_id):
        return next(section for section in self.sections if section.id == section_id)

    def messages(self):
        return [message for section in self.sections for message in section.messages]

    def locate(self, message_id):
        for section in self.sections:
            for index, message in enumerate(section.messages):
                if message.id == message_id:
                    return section, index
        return None, None

    def message(self, message_id):
        section, index = self.locate(message_id)
        return section.messages[index]

    def _put(self, message, section_id, after):
        section = self.section(section_id)
        index = 0 if after is None else [m.id for m in section.messages].index(after) + 1
        section.messages.insert(index, message)

    def insert(self, message, section_id, after):
        """Inserts a new message; a message already present moves and keeps its HTML."""
        if self.locate(message.id)[0] is not None:
            self._put(self._take(message.id), section_id, after)
        else:
            self._put(message, section_id, after)
        return ['i', message.id, section_id, after, message.html]

    def _take(self, message_id):
        section, index = self.locate(message_id)
        return section.messages.pop(index)

    def move(self, message_id, section_id, after):
        self._put(self._take(message_id), section_id, after)
        return ['m', message_id, section_id, after]

    def remove(self, message_id):
        if self.locate(message_id)[0] is not None:
            self._take(message_id)
        return ['r', message_id]

    def replace(self, message):
        section, index = self.locate(message.id)
        section.messages[index] = message
        return ['R', message.id, message.html]

    def set_slot(self, message_id, slot, inner):
        self.message(message_id).set_slot(slot, inner)
        return ['s', message_id, slot, inner]

    def append_text(self, message_id, slot, text):
        message = self.message(message_id)
        message.set_slot(slot, message.slot(slot) + html.escape(text, quote=False))
        return ['t', message_id, slot, text]

    def set_attribute(self, message_id, name, value):
        self.message(message_id).set_attribute(name, value)
        return ['a', message_id, name, value] if value is not None else ['A', message_id, name]

    def insert_section(self, section, after):
        index = 0 if after is None else [s.id for s in self.sections].index(after) + 1
        self.sections.insert(index, section)
        return ['S', section.id, after, section.render()]

    def remove_section(self, section_id):
        self.sections = [section for section in self.sections if section.id != section_id]
        return ['X', section_id]

    def move_section(self, section_id, after):
        section = self.section(section_id)
        self.sections.remove(section)
        index = 0 if after is None else [s.id for s in self.sections].index(after) + 1
        self.sections.insert(index, section)
        return ['M', section_id, after]

    def reset(self):
        return ['reset', self.content()]


def day_section(date, label):
    """An empty day section as the `day` template renders it."""
    return Section(
        f'<section class="day" id="d-{date}" aria-label="{label}">'
        f'<h2 class="day-label"><time datetime="{date}">{label}</time></h2>',
        [],
    )
