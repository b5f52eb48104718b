// Parley search: the archive's search box and its index reader. A classic script (archives open
// from file://, where Chromium refuses modules, fetch() and workers): it defines window.ParleySearch,
// whose entry/shard/postings/snippets functions the index files (search/, docs/SEARCH-INDEX.md)
// call, and turns the page's <div id="search" data-root="…" hidden> into a search box. A page
// without that element (custom templates) is left as it is.
//
// tokenize(text) must give exactly the terms SearchTokenizer gives in Swift (the index is built
// there); Tests/ParleyTestSupport/Fixtures/search-tokens.json holds the vectors both test suites check. The steps are
// described in Sources/ParleySearch/SearchTokenizer.swift.
"use strict";
(function () {
  var WORD = /[\p{L}\p{N}\p{M}]/u;
  var EMOJI = /\p{Emoji}/u;

  function isFoldedMark(c) {
    return (c >= 0x300 && c <= 0x36f) || (c >= 0x1ab0 && c <= 0x1aff) || (c >= 0x1dc0 && c <= 0x1dff) ||
      (c >= 0x20d0 && c <= 0x20ef) || (c >= 0xfe20 && c <= 0xfe2f) || (c >= 0x64b && c <= 0x65f) || c === 0x670 ||
      c === 0xfe0e || c === 0xfe0f;
  }

  function isWord(s) { return WORD.test(s); }

  function isUnspaced(c, s) {
    var inRange = (c >= 0x2e80 && c <= 0x2fdf) || c === 0x3005 || c === 0x3007 || (c >= 0x3021 && c <= 0x3029) ||
      (c >= 0x3038 && c <= 0x303b) || (c >= 0x3040 && c <= 0x30ff) || (c >= 0x31f0 && c <= 0x31ff) ||
      (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xf900 && c <= 0xfaff) ||
      (c >= 0x20000 && c <= 0x3ffff) || (c >= 0x0e00 && c <= 0x0eff) || (c >= 0x1780 && c <= 0x17ff) ||
      (c >= 0x1000 && c <= 0x109f);
    return inRange && isWord(s);
  }

  function isRegionalIndicator(c) { return c >= 0x1f1e6 && c <= 0x1f1ff; }
  function isSkinTone(c) { return c >= 0x1f3fb && c <= 0x1f3ff; }
  function isTag(c) { return c >= 0xe0020 && c <= 0xe007f; }
  function isEmoji(c, s) { return c > 0x7f && EMOJI.test(s) && !isWord(s) && !isRegionalIndicator(c); }

  // NFKD, diacritics and variation selectors dropped, NFC, lower case, ß and final sigma folded.
  function fold(text) {
    var kept = '';
    for (var s of text.normalize('NFKD')) {
      if (!isFoldedMark(s.codePointAt(0))) kept += s;
    }
    var out = [];
    for (var t of kept.normalize('NFC').toLowerCase()) {
      if (t === '\u00df') { out.push('s', 's'); } else if (t === '\u03c2') { out.push('\u03c3'); } else { out.push(t); }
    }
    return out;
  }

  function emojiEnd(scalars, index) {
    var first = scalars[index].codePointAt(0);
    if (isRegionalIndicator(first)) {
      return index + 1 < scalars.length && isRegionalIndicator(scalars[index + 1].codePointAt(0)) ? index + 2 : index + 1;
    }
    if (!isEmoji(first, scalars[index])) return -1;
    var end = index + 1;
    while (end < scalars.length) {
      var next = scalars[end].codePointAt(0);
      if (isSkinTone(next) || isTag(next) || next === 0x20e3) {
        end += 1;
      } else if (next === 0x200d && end + 1 < scalars.length && isEmoji(scalars[end + 1].codePointAt(0), scalars[end + 1])) {
        end += 2;
      } else {
        break;
      }
    }
    return end;
  }

  function tokenize(text) {
    var scalars = fold(text);
    var terms = [];
    var word = '';
    var run = [];
    function endWord() { if (word) terms.push(word); word = ''; }
    function endRun() {
      if (run.length === 1) terms.push(run[0]);
      for (var i = 0; i + 1 < run.length; i++) terms.push(run[i] + run[i + 1]);
      run = [];
    }
    var index = 0;
    while (index < scalars.length) {
      var s = scalars[index];
      var c = s.codePointAt(0);
      var end = emojiEnd(scalars, index);
      if (end >= 0) {
        endWord();
        endRun();
        var emoji = '';
        for (var k = index; k < end; k++) if (!isSkinTone(scalars[k].codePointAt(0))) emoji += scalars[k];
        if (emoji) terms.push(emoji);
        index = end;
        continue;
      }
      if (isUnspaced(c, s)) {
        endWord();
        run.push(s);
      } else if (isWord(s)) {
        endRun();
        word += s;
      } else {
        endWord();
        endRun();
      }
      index += 1;
    }
    endWord();
    endRun();
    return terms;
  }

  // ----------------------------------------------------------------------------------------------
  // The index reader (docs/SEARCH-INDEX.md). Every index file is a classic script calling one of
  // the functions of window.ParleySearch; a file is requested once and its promise resolves when
  // that call arrives.

  const CONTINUING = '0123456789abcdefghijklmnopqrstuv';
  const FINAL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ!#$%&*';
  const DIGIT = new Int8Array(128).fill(-1);
  for (let i = 0; i < 32; i++) {
    DIGIT[CONTINUING.charCodeAt(i)] = i;
    DIGIT[FINAL.charCodeAt(i)] = 32 + i;
  }
  const EXPANSIONS = 100;
  const EXPANSION_SHARDS = 4;
  const SCREEN = 20;
  const DAY = 86400000;

  /** A missing, unloadable or malformed index file. */
  class Unreadable extends Error {}

  /** The numbers a string of postings digits holds (docs/SEARCH-INDEX.md). */
  function decodeNumbers(text, what) {
    if (typeof text !== 'string') throw new Unreadable(what + ' are not a string');
    const numbers = [];
    let value = 0;
    let open = false;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      const digit = code < 128 ? DIGIT[code] : -1;
      if (digit < 0) throw new Unreadable('bad ' + what + ' digit');
      value = value * 32 + (digit & 31);
      open = digit < 32;
      if (open) continue;
      numbers.push(value);
      value = 0;
    }
    if (open) throw new Unreadable(what + ' end inside a number');
    return numbers;
  }

  /** The documents of a postings string (ascending, without repeats) and how often each occurs. */
  function decodePostings(text, first) {
    const docs = [];
    const counts = [];
    let previous = first - 1;
    for (const gap of decodeNumbers(text, 'postings')) {
      if (gap === 0) {
        if (!docs.length) throw new Unreadable('postings start with a repeat');
        counts[counts.length - 1] += 1;
      } else {
        previous += gap;
        docs.push(previous);
        counts.push(1);
      }
    }
    return { docs, counts };
  }

  /** The flat [day, position, …] list of a channel's `days` string: the first day zigzag-encoded,
   * every later day and position the gap from the one before. */
  function decodeDays(text) {
    const numbers = decodeNumbers(text, 'days');
    if (numbers.length % 2) throw new Unreadable('days end inside a pair');
    for (let i = 0; i < numbers.length; i++) {
      if (i === 0) numbers[0] = numbers[0] % 2 ? -(numbers[0] + 1) / 2 : numbers[0] / 2;
      else if (i > 1) numbers[i] += numbers[i - 2];
    }
    return numbers;
  }

  /** The last index in 0 ..< count whose value `below(i)` holds, -1 when none does (monotone). */
  function lastWhere(count, below) {
    let low = 0;
    let high = count;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (below(middle)) low = middle + 1; else high = middle;
    }
    return low - 1;
  }

  function own(object, key) { return Object.prototype.hasOwnProperty.call(object, key); }

  const files = new Map();
  let filesRoot = '';

  /** Adds `<script src=ROOT/search/PATH>` once; resolves with what the file hands over. */
  function request(path) {
    const known = files.get(path);
    if (known) return known.promise;
    const file = { settled: false };
    file.promise = new Promise((resolve, reject) => { file.resolve = resolve; file.reject = reject; });
    files.set(path, file);
    const script = document.createElement('script');
    script.src = filesRoot + 'search/' + path;
    script.async = true;
    const fail = () => {
      if (file.settled) return;
      file.settled = true;
      file.reject(new Unreadable('cannot read search/' + path));
    };
    script.addEventListener('error', fail);
    script.addEventListener('load', fail);
    document.head.append(script);
    return file.promise;
  }

  function arrive(path, value) {
    const file = files.get(path);
    if (!file || file.settled) return;
    file.settled = true;
    file.resolve(value);
  }

  /** The entry and what was loaded from the shards, chunks and snippets it names. */
  class Index {
    constructor(entry) {
      if (!entry || entry.version !== 1 || !Array.isArray(entry.channels) || !Array.isArray(entry.shards) ||
        !entry.shards.length || !(entry.snippetChunk > 0)) {
        throw new Unreadable('not a version 1 search index');
      }
      this.documents = entry.documents;
      this.snippetChunk = entry.snippetChunk;
      this.shards = entry.shards;
      this.channels = entry.channels.map((channel) => Object.assign({}, channel, { days: decodeDays(channel.days) }))
        .sort((a, b) => a.base - b.base);
      this.infos = new Map();
      this.snippetChunks = new Map();
    }

    channelOf(doc) {
      const i = lastWhere(this.channels.length, (k) => this.channels[k].base <= doc);
      const channel = this.channels[i];
      return channel && doc < channel.base + channel.count ? channel : null;
    }

    /** The day of a document (days since 1970-01-01) from its channel's `days`. */
    dayOf(doc) {
      const channel = this.channelOf(doc);
      const position = doc - channel.base;
      const days = channel.days;
      const pair = lastWhere(days.length / 2, (k) => days[2 * k + 1] <= position);
      return pair < 0 ? 0 : days[2 * pair];
    }

    /** The first position of a channel whose day is `day` or later (its count when none is). */
    firstPosition(channel, day) {
      const days = channel.days;
      const pair = lastWhere(days.length / 2, (k) => days[2 * k] < day) + 1;
      return pair < days.length / 2 ? days[2 * pair + 1] : channel.count;
    }

    pageOf(channel, position) {
      const i = lastWhere(channel.pages.length, (k) => channel.pages[k][0] <= position);
      return channel.pages[Math.max(i, 0)][1];
    }

    /** Newest first: the later day, then the higher document number. */
    newer(a, b) {
      const day = this.dayOf(a) - this.dayOf(b);
      return day > 0 || (day === 0 && a > b);
    }

    /** Sorts documents oldest first (reverse of `newer`). */
    byAge(docs) {
      const keyed = docs.map((doc) => [this.dayOf(doc), doc]);
      keyed.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
      return keyed.map((pair) => pair[1]);
    }

    shardIndex(term) {
      return Math.max(0, lastWhere(this.shards.length, (k) => this.shards[k][0] <= term));
    }

    async shard(i) {
      const data = await request(this.shards[i][1]);
      if (!data || typeof data !== 'object') throw new Unreadable('bad shard');
      return data;
    }

    /** What a term's postings are: null when no document has it. */
    info(term) {
      let info = this.infos.get(term);
      if (!info) {
        info = this.shard(this.shardIndex(term)).then((data) => (own(data, term) ? this.describe(data[term]) : null));
        this.infos.set(term, info);
      }
      return info;
    }

    describe(raw) {
      if (typeof raw === 'string') {
        const decoded = decodePostings(raw, 0);
        return { count: decoded.docs.length, docs: decoded.docs, counts: decoded.counts };
      }
      if (!Array.isArray(raw) || !Array.isArray(raw[1])) throw new Unreadable('bad postings');
      const chunks = raw[1].map((c) => ({ first: c[0], last: c[1], size: c[2], path: c[3], loaded: null }));
      return { count: raw[0], chunks };
    }

    /** The terms starting with `prefix` (itself included), the most frequent first, at most `cap`. */
    async expand(prefix, cap) {
      const first = this.shardIndex(prefix);
      let last = first;
      while (last + 1 < this.shards.length && last + 1 - first < EXPANSION_SHARDS &&
        this.shards[last + 1][0].startsWith(prefix)) {
        last += 1;
      }
      const shards = [];
      for (let i = first; i <= last; i++) shards.push(this.shard(i));
      const found = [];
      for (const data of await Promise.all(shards)) {
        for (const term of Object.keys(data)) {
          if (!term.startsWith(prefix)) continue;
          const raw = data[term];
          found.push([term, typeof raw === 'string' ? raw.length : 2 * raw[0]]);
        }
      }
      found.sort((a, b) => (a[0] === prefix ? -1 : b[0] === prefix ? 1 : b[1] - a[1] || (a[0] < b[0] ? -1 : 1)));
      return found.slice(0, cap).map((pair) => pair[0]);
    }

    chunkOf(info, doc) {
      const i = lastWhere(info.chunks.length, (k) => info.chunks[k].first <= doc);
      const chunk = info.chunks[i];
      return chunk && doc <= chunk.last ? chunk : null;
    }

    async load(chunk) {
      if (!chunk.loaded) {
        chunk.loaded = request(chunk.path).then((text) => {
          chunk.decoded = decodePostings(text, chunk.first);
          return chunk.decoded;
        });
      }
      return chunk.loaded;
    }

    /** The postings holding `doc` when they are loaded: {docs, counts}, null when none can. */
    postingsOf(info, doc) {
      if (info.docs) return info;
      const chunk = this.chunkOf(info, doc);
      return chunk ? chunk.decoded || undefined : null;
    }

    /** How often `doc` has the term: a number, or undefined while its chunk is not loaded. */
    countSync(info, doc) {
      const postings = this.postingsOf(info, doc);
      if (postings === undefined) return undefined;
      if (postings === null) return 0;
      const i = lastWhere(postings.docs.length, (k) => postings.docs[k] <= doc);
      return i >= 0 && postings.docs[i] === doc ? postings.counts[i] : 0;
    }

    async count(info, doc) {
      const known = this.countSync(info, doc);
      if (known !== undefined) return known;
      await this.load(this.chunkOf(info, doc));
      return this.countSync(info, doc);
    }

    /** Every document of the term, ascending (its chunks must be loaded). */
    docsOf(info) {
      if (info.docs) return info.docs;
      return [].concat(...info.chunks.map((chunk) => chunk.decoded.docs));
    }

    /** The snippet of a document: [DOCUMENT, ANCHOR, TIME, AUTHOR, TEXT]. */
    async snippet(doc) {
      const number = Math.floor(doc / this.snippetChunk);
      let chunk = this.snippetChunks.get(number);
      if (!chunk) {
        chunk = request('s/' + number + '.js').then((list) => {
          if (!Array.isArray(list)) throw new Unreadable('bad snippets');
          return new Map(list.map((record) => [record[0], record]));
        });
        this.snippetChunks.set(number, chunk);
      }
      const record = (await chunk).get(doc);
      if (!record) throw new Unreadable('no snippet for document ' + doc);
      return record;
    }
  }

  // ----------------------------------------------------------------------------------------------
  // Queries: Discord's syntax. Words are required, the last one typed (no space after it) also
  // matches as a prefix; "phrases" must appear in that order; -word excludes; from:, in:, has:,
  // before:, after:, during: filter.

  const FILTER = /^(from|in|has|before|after|during):/i;

  function isSpace(character) { return /\s/.test(character); }

  /** The query's items: {key, value, negated, open, quoted}; `open` when it is still being typed. */
  function parseQuery(text) {
    const items = [];
    const n = text.length;
    let i = 0;
    while (i < n) {
      while (i < n && isSpace(text[i])) i += 1;
      if (i >= n) break;
      let negated = false;
      if (text[i] === '-' && i + 1 < n && !isSpace(text[i + 1])) {
        negated = true;
        i += 1;
      }
      const filter = FILTER.exec(text.slice(i, i + 8));
      const key = filter ? filter[1].toLowerCase() : 'word';
      if (filter) i += filter[0].length;
      let value;
      let open;
      const quoted = text[i] === '"';
      if (quoted) {
        const close = text.indexOf('"', i + 1);
        open = close < 0;
        value = text.slice(i + 1, open ? n : close);
        i = open ? n : close + 1;
      } else {
        let end = i;
        while (end < n && !isSpace(text[end])) end += 1;
        value = text.slice(i, end);
        i = end;
        open = i === n;
      }
      items.push({ key, value, negated, open, quoted });
    }
    return items;
  }

  /** [first day, day after the last] of YYYY-MM-DD, YYYY-MM or YYYY, or null. */
  function period(value) {
    const match = /^(\d{4})(?:-(\d{1,2})(?:-(\d{1,2}))?)?$/.exec(value);
    if (!match) return null;
    const year = Number(match[1]);
    if (match[2] === undefined) return [Date.UTC(year, 0, 1) / DAY, Date.UTC(year + 1, 0, 1) / DAY];
    const month = Number(match[2]);
    if (month < 1 || month > 12) return null;
    if (match[3] === undefined) return [Date.UTC(year, month - 1, 1) / DAY, Date.UTC(year, month, 1) / DAY];
    const day = Number(match[3]);
    const start = Date.UTC(year, month - 1, day);
    if (day < 1 || new Date(start).getUTCMonth() !== month - 1) return null;
    return [start / DAY, start / DAY + 1];
  }

  function isSingleUnspaced(term) {
    const scalars = Array.from(term);
    return scalars.length === 1 && isUnspaced(scalars[0].codePointAt(0), scalars[0]);
  }

  /** The terms a document must have one of: a word, or a prefix's expansions (half weight). */
  async function termSet(index, term, prefix) {
    const names = prefix ? await index.expand(term, EXPANSIONS) : [term];
    const infos = await Promise.all(names.map((name) => index.info(name)));
    const terms = [];
    let count = 0;
    names.forEach((name, k) => {
      if (!infos[k]) return;
      terms.push({ term: name, info: infos[k], weight: name === term ? 1 : 0.5 });
      count += infos[k].count;
    });
    return { terms, count };
  }

  /** A conjunction of term sets (the terms of one word, phrase or from: name). */
  function alternative(sets, phrase) {
    return { sets, phrase, count: Math.min(...sets.map((set) => set.count)) };
  }

  function clause(alternatives) {
    return { alternatives, count: alternatives.reduce((sum, alt) => sum + alt.count, 0) };
  }

  const DATED = new Set(['before', 'after', 'during']);

  /** What a query asks of the documents: required clauses, excluded alternatives, phrases to
   * verify, the document ranges its in: and date filters leave, and the terms to mark. */
  class Plan {
    constructor(index) {
      this.index = index;
      this.required = [];
      this.excluded = [];
      this.phrases = [];
      this.ranges = [];
      this.restricted = false;
      this.notice = null;
      this.marked = new Set();
      this.prefixes = [];
      this.authors = [];
      this.within = null;
      this.without = new Set();
      this.fromDay = -Infinity;
      this.untilDay = Infinity;
    }

    /** The plan of parsed query items: their terms are looked up together, then applied in order. */
    static async of(index, items) {
      const plan = new Plan(index);
      const used = items.filter((item) => item.key === 'word' || item.value);
      const sets = await Promise.all(used.map((item) => plan.lookUp(item)));
      used.forEach((item, k) => plan.apply(item, sets[k]));
      if (plan.authors.length) plan.required.push(clause(plan.authors));
      plan.cut();
      return plan;
    }

    /** The item's terms (a word's, a phrase's, or from:/has: with their prefix) and whether its
     * last one is a prefix; [] for the other filters. */
    terms(item) {
      if (item.key === 'in' || DATED.has(item.key)) return { terms: [], prefixed: false };
      const terms = tokenize(item.value);
      let prefixed = item.open && !item.negated;
      if (item.key === 'word' && terms.length === 1 && !item.quoted && !item.negated && isSingleUnspaced(terms[0])) {
        prefixed = true;
      }
      const names = item.key === 'word' ? terms : terms.map((term) => item.key + ':' + term);
      return { terms, names, prefixed };
    }

    lookUp(item) {
      const { names, prefixed } = this.terms(item);
      if (!names) return null;
      const last = names.length - 1;
      return Promise.all(names.map((name, k) => termSet(this.index, name, prefixed && k === last)));
    }

    apply(item, sets) {
      const { terms, prefixed } = this.terms(item);
      if (item.key === 'in') return this.applyChannel(item);
      if (DATED.has(item.key)) return this.applyDate(item);
      if (!terms.length) return;
      if (item.key !== 'word') {
        const alt = alternative(sets, null);
        if (item.negated) this.excluded.push(alt);
        else if (item.key === 'from') this.authors.push(alt);
        else this.required.push(clause([alt]));
        return;
      }
      const phrase = terms.length > 1 ? { terms, open: prefixed } : null;
      if (item.negated) {
        this.excluded.push(alternative(sets, phrase));
        return;
      }
      for (const set of sets) this.required.push(clause([alternative([set], null)]));
      if (phrase) this.phrases.push(phrase);
      const last = terms.length - 1;
      terms.forEach((term, k) => (prefixed && k === last ? this.prefixes.push(term) : this.marked.add(term)));
    }

    applyChannel(item) {
      const wanted = tokenize(item.value);
      const open = item.open && !item.negated;
      const matched = this.index.channels.filter((channel) => channel.id === item.value ||
        (wanted.length && namesChannel(channel, wanted, open)));
      this.restricted = true;
      if (item.negated) {
        matched.forEach((channel) => this.without.add(channel));
        return;
      }
      this.within = this.within || new Set();
      matched.forEach((channel) => this.within.add(channel));
      if (!matched.length) this.say('No channel matches in:' + item.value);
    }

    applyDate(item) {
      const days = period(item.value);
      this.restricted = true;
      if (!days) return this.say('Dates are YYYY-MM-DD, YYYY-MM or YYYY (' + item.key + ':' + item.value + ')');
      if (item.negated) return this.say(item.key + ': cannot be negated');
      if (item.key !== 'after') this.untilDay = Math.min(this.untilDay, item.key === 'before' ? days[0] : days[1]);
      if (item.key !== 'before') this.fromDay = Math.max(this.fromDay, item.key === 'after' ? days[1] : days[0]);
    }

    say(notice) { this.notice = this.notice || notice; }

    /** Each channel's documents that the in: and date filters leave, one range a channel. */
    cut() {
      for (const channel of this.index.channels) {
        if ((this.within && !this.within.has(channel)) || this.without.has(channel)) continue;
        const low = this.fromDay === -Infinity ? 0 : this.index.firstPosition(channel, this.fromDay);
        const high = this.untilDay === Infinity ? channel.count : this.index.firstPosition(channel, this.untilDay);
        if (low < high) this.ranges.push([channel.base + low, channel.base + high]);
      }
    }
  }

  function namesChannel(channel, wanted, open) {
    if (!channel.terms) channel.terms = tokenize(channel.name);
    const last = wanted.length - 1;
    return wanted.every((term, k) => channel.terms.includes(term) ||
      (open && k === last && channel.terms.some((name) => name.startsWith(term))));
  }

  /** Whether `terms` holds `phrase` consecutively (its last term as a prefix when it is open). */
  function holdsPhrase(terms, phrase) {
    const last = phrase.terms.length - 1;
    for (let start = 0; start + last < terms.length; start++) {
      let k = 0;
      while (k < last && terms[start + k] === phrase.terms[k]) k += 1;
      if (k === last && (phrase.open ? terms[start + k].startsWith(phrase.terms[k]) : terms[start + k] === phrase.terms[k])) {
        return true;
      }
    }
    return false;
  }

  // ----------------------------------------------------------------------------------------------
  // Evaluation: the documents of a plan, newest first or by relevance, found lazily.

  /** Several streams of documents, each newest first, merged; a stream not loaded yet stands for
   * its newest possible document and is loaded only when that would be the next result. */
  class Merge {
    constructor(index) {
      this.index = index;
      this.streams = [];
      this.previous = -1;
    }

    /** `docs` oldest first, or `load` giving them once `top` (their newest possible) is reached. */
    add(stream) {
      if (stream.docs) {
        if (!stream.docs.length) return;
        stream.at = stream.docs.length - 1;
        stream.top = stream.docs[stream.at];
      }
      stream.day = this.index.dayOf(stream.top);
      this.streams.push(stream);
    }

    newest() {
      let best = null;
      for (const s of this.streams) {
        if (!best || s.day > best.day || (s.day === best.day && s.top > best.top)) best = s;
      }
      return best;
    }

    remove(stream) { this.streams.splice(this.streams.indexOf(stream), 1); }

    /** The next document, newest first; each once. */
    async next() {
      for (;;) {
        const stream = this.newest();
        if (!stream) return null;
        if (stream.load) {
          const docs = await stream.load();
          this.remove(stream);
          this.add({ docs });
          continue;
        }
        const doc = stream.top;
        this.advance(stream);
        if (doc === this.previous) continue;
        this.previous = doc;
        return doc;
      }
    }

    advance(stream) {
      if (stream.docs) {
        stream.at -= 1;
        if (stream.at < 0) return this.remove(stream);
        stream.top = stream.docs[stream.at];
      } else {
        stream.top -= 1;
        if (stream.top < stream.low) return this.remove(stream);
      }
      stream.day = this.index.dayOf(stream.top);
    }
  }

  /** The results of a plan in order: `next()` gives the next document, null at the end; `total`
   * is the exact number of results when it is known without loading more. */
  class Results {
    constructor(index, plan, order) {
      this.index = index;
      this.plan = plan;
      this.order = order;
      this.total = null;
      this.list = null;
      this.at = 0;
      this.merge = null;
      this.lazyExcluded = plan.excluded;
      this.skip = null;
    }

    inRanges(doc) {
      const ranges = this.plan.ranges;
      const i = lastWhere(ranges.length, (k) => ranges[k][0] <= doc);
      return i >= 0 && doc < ranges[i][1];
    }

    /** The newest document of the ranges within [first, last], or null. */
    topWithin(first, last) {
      const ranges = this.plan.ranges;
      const i = lastWhere(ranges.length, (k) => ranges[k][0] <= last);
      if (i < 0) return null;
      const top = Math.min(last, ranges[i][1] - 1);
      return top >= first ? top : null;
    }

    hasSetSync(set, doc) { return set.terms.some((t) => this.index.countSync(t.info, doc) > 0); }
    hasAltSync(alt, doc) { return alt.sets.every((set) => this.hasSetSync(set, doc)); }
    hasClauseSync(c, doc) { return c.alternatives.some((alt) => this.hasAltSync(alt, doc)); }

    async hasSet(set, doc) {
      for (const t of set.terms) if (await this.index.count(t.info, doc) > 0) return true;
      return false;
    }

    async hasAlt(alt, doc) {
      for (const set of alt.sets) if (!await this.hasSet(set, doc)) return false;
      return true;
    }

    async hasPhrase(phrase, doc) {
      const record = await this.index.snippet(doc);
      return holdsPhrase(tokenize(record[4]), phrase);
    }

    allLoaded(sets) {
      return sets.every((set) => set.terms.every((t) => !t.info.chunks || t.info.chunks.every((c) => c.decoded)));
    }

    async loadAll(sets) {
      const chunks = [];
      for (const set of sets) for (const t of set.terms) if (t.info.chunks) chunks.push(...t.info.chunks);
      await Promise.all(chunks.map((chunk) => this.index.load(chunk)));
    }

    static async create(index, plan, order) {
      const results = new Results(index, plan, order);
      await results.start();
      return results;
    }

    async start() {
      const { required, excluded, phrases } = this.plan;
      const requiredSets = required.flatMap((c) => c.alternatives.flatMap((alt) => alt.sets));
      const excludedSets = excluded.flatMap((alt) => alt.sets);
      if (required.some((c) => c.alternatives.every((alt) => alt.sets.some((set) => !set.terms.length)))) {
        this.list = [];
        this.total = 0;
        return;
      }
      if (this.order === 'relevance' && required.length) await this.loadAll(requiredSets.concat(excludedSets));
      const eager = required.length && this.allLoaded(requiredSets);
      this.lazyExcluded = excluded.filter((alt) => alt.phrase || !this.allLoaded(alt.sets));
      const sure = excluded.filter((alt) => !this.lazyExcluded.includes(alt));
      const exact = !phrases.length && !this.lazyExcluded.length;
      if (eager) {
        const candidates = this.candidates(sure);
        this.total = exact ? candidates.length : null;
        this.list = this.order === 'relevance' ? this.ranked(candidates) : this.index.byAge(candidates).reverse();
        return;
      }
      this.merge = new Merge(this.index);
      if (!required.length) {
        for (const range of this.plan.ranges) this.merge.add({ low: range[0], top: range[1] - 1 });
        if (exact) {
          const out = new Set();
          for (const alt of sure) for (const doc of this.altDocs(alt)) if (this.inRanges(doc)) out.add(doc);
          this.total = this.plan.ranges.reduce((sum, r) => sum + r[1] - r[0], 0) - out.size;
        }
        this.lazyExcluded = excluded;
        this.skip = [];
        return;
      }
      const driver = required.reduce((best, c) => (c.count < best.count ? c : best));
      for (const alt of driver.alternatives) {
        const set = alt.sets.reduce((best, s) => (s.count < best.count ? s : best));
        for (const t of set.terms) this.addStreams(t.info);
      }
      const trivial = driver.alternatives.length === 1 && driver.alternatives[0].sets.length === 1;
      this.skip = trivial ? [driver] : [];
      this.lazyExcluded = excluded;
      const only = required.length === 1 && trivial && driver.alternatives[0].sets[0].terms.length === 1;
      if (only && !this.plan.restricted && !excluded.length && !phrases.length) this.total = driver.count;
    }

    addStreams(info) {
      if (info.docs) {
        this.merge.add({ docs: this.index.byAge(info.docs.filter((doc) => this.inRanges(doc))) });
        return;
      }
      for (const chunk of info.chunks) {
        const top = this.topWithin(chunk.first, chunk.last);
        if (top === null) continue;
        this.merge.add({ top, load: () => this.index.load(chunk).then((p) => p.docs.filter((doc) => this.inRanges(doc))) });
      }
    }

    altDocs(alt) {
      const sets = alt.sets.slice().sort((a, b) => a.count - b.count);
      const docs = new Set();
      for (const t of sets[0].terms) for (const doc of this.index.docsOf(t.info)) docs.add(doc);
      return Array.from(docs).filter((doc) => sets.every((set) => this.hasSetSync(set, doc)));
    }

    /** The documents of the required clauses within the ranges, none of `sure` (all loaded). */
    candidates(sure) {
      const required = this.plan.required;
      const driver = required.reduce((best, c) => (c.count < best.count ? c : best));
      const docs = new Set();
      for (const alt of driver.alternatives) for (const doc of this.altDocs(alt)) docs.add(doc);
      return Array.from(docs).filter((doc) => this.inRanges(doc) &&
        required.every((c) => c === driver || this.hasClauseSync(c, doc)) &&
        !sure.some((alt) => this.hasAltSync(alt, doc)));
    }

    /** Σ idf × (1 + ln tf) over the query's terms (prefix expansions half), ties newest first. */
    ranked(docs) {
      const terms = this.plan.required.flatMap((c) => c.alternatives.flatMap((alt) => alt.sets.flatMap((set) => set.terms)));
      const scored = docs.map((doc) => {
        let score = 0;
        for (const t of terms) {
          const tf = this.index.countSync(t.info, doc);
          if (tf > 0) score += t.weight * Math.log(1 + this.index.documents / t.info.count) * (1 + Math.log(tf));
        }
        return [score, this.index.dayOf(doc), doc];
      });
      scored.sort((a, b) => b[0] - a[0] || b[1] - a[1] || b[2] - a[2]);
      return scored.map((entry) => entry[2]);
    }

    async accepts(doc) {
      if (this.merge) {
        if (!this.inRanges(doc)) return false;
        for (const c of this.plan.required) {
          if (this.skip.includes(c)) continue;
          let found = false;
          for (const alt of c.alternatives) if (!found && await this.hasAlt(alt, doc)) found = true;
          if (!found) return false;
        }
      }
      for (const alt of this.lazyExcluded) {
        if (await this.hasAlt(alt, doc) && (!alt.phrase || await this.hasPhrase(alt.phrase, doc))) return false;
      }
      for (const phrase of this.plan.phrases) if (!await this.hasPhrase(phrase, doc)) return false;
      return true;
    }

    async next() {
      for (;;) {
        let doc;
        if (this.list) {
          if (this.at >= this.list.length) return null;
          doc = this.list[this.at++];
        } else {
          doc = await this.merge.next();
          if (doc === null) return null;
        }
        if (await this.accepts(doc)) return doc;
      }
    }
  }

  // ----------------------------------------------------------------------------------------------
  // Snippets: the text's words whose terms the query asked for, marked, around the first of them.

  const EXACT = 2;
  const PREFIX = 1;
  const WINDOW = 220;

  /** The UTF-16 ranges of `text` whose terms `match` (EXACT, PREFIX or 0) accepts, in order. */
  function matchedRanges(text, match) {
    const points = [];
    for (let i = 0; i < text.length;) {
      const c = text.codePointAt(i);
      const width = c > 0xffff ? 2 : 1;
      points.push({ s: String.fromCodePoint(c), c, start: i, end: i + width });
      i += width;
    }
    const best = (piece) => tokenize(piece).reduce((found, term) => Math.max(found, match(term)), 0);
    const ranges = [];
    const push = (start, end) => {
      const previous = ranges[ranges.length - 1];
      if (previous && previous[1] >= start) previous[1] = Math.max(previous[1], end); else ranges.push([start, end]);
    };
    const piece = (from, to) => text.slice(points[from].start, points[to - 1].end);
    let k = 0;
    while (k < points.length) {
      const p = points[k];
      let end = k + 1;
      if (isRegionalIndicator(p.c) || isEmoji(p.c, p.s)) {
        if (isRegionalIndicator(p.c)) {
          if (end < points.length && isRegionalIndicator(points[end].c)) end += 1;
        } else {
          while (end < points.length) {
            const q = points[end];
            if (isSkinTone(q.c) || isTag(q.c) || q.c === 0x20e3 || q.c === 0xfe0f || q.c === 0xfe0e) {
              end += 1;
            } else if (q.c === 0x200d && end + 1 < points.length && isEmoji(points[end + 1].c, points[end + 1].s)) {
              end += 2;
            } else {
              break;
            }
          }
        }
        if (best(piece(k, end))) push(p.start, points[end - 1].end);
      } else if (isUnspaced(p.c, p.s)) {
        while (end < points.length && isUnspaced(points[end].c, points[end].s)) end += 1;
        if (end - k === 1 && best(p.s)) push(p.start, p.end);
        for (let j = k; j + 1 < end; j++) {
          const found = best(points[j].s + points[j + 1].s);
          if (found === EXACT) push(points[j].start, points[j + 1].end);
          else if (found === PREFIX) push(points[j].start, points[j].end);
        }
      } else if (isWord(p.s)) {
        while (end < points.length && isWord(points[end].s) && !isUnspaced(points[end].c, points[end].s)) end += 1;
        if (best(piece(k, end))) push(p.start, points[end - 1].end);
      }
      k = end;
    }
    return ranges;
  }

  /** The snippet's text as nodes, matched words in <mark>, cut to a window around the first. */
  function snippetNodes(text, plan) {
    const match = (term) => {
      if (plan.marked.has(term) || plan.prefixes.includes(term)) return EXACT;
      return plan.prefixes.some((prefix) => term.startsWith(prefix)) ? PREFIX : 0;
    };
    const ranges = matchedRanges(text, match);
    let start = 0;
    let end = text.length;
    if (text.length > WINDOW) {
      const first = ranges.length ? ranges[0][0] : 0;
      start = Math.max(0, first - 60);
      if (start > 0) {
        const space = text.slice(start, first).search(/\s/);
        if (space >= 0) start += space + 1;
      }
      end = Math.min(text.length, start + WINDOW);
      if (end < text.length) {
        const space = text.lastIndexOf(' ', end);
        if (space > start + WINDOW / 2) end = space;
      }
      if (/[\udc00-\udfff]/.test(text[start] || '')) start += 1;
      if (/[\ud800-\udbff]/.test(text[end - 1] || '')) end -= 1;
    }
    const nodes = [];
    if (start > 0) nodes.push(document.createTextNode('…'));
    let at = start;
    for (const [from, to] of ranges) {
      if (to <= start || from >= end) continue;
      const a = Math.max(from, start);
      const b = Math.min(to, end);
      if (a > at) nodes.push(document.createTextNode(text.slice(at, a)));
      const mark = document.createElement('mark');
      mark.textContent = text.slice(a, b);
      nodes.push(mark);
      at = b;
    }
    if (end > at) nodes.push(document.createTextNode(text.slice(at, end)));
    if (end < text.length) nodes.push(document.createTextNode('…'));
    return nodes;
  }

  // ----------------------------------------------------------------------------------------------
  // The search box in #search: built by script (the pages' CSP allows no form and no inline code).

  const PLACEHOLDER = 'Search messages — from:, in:, has:, before:, after:, during:, "phrase", -word';
  const UNREADABLE = 'The search index is missing or unreadable';

  function element(name, properties, children) {
    const node = document.createElement(name);
    for (const key of Object.keys(properties || {})) {
      if (key === 'class') node.className = properties[key];
      else if (key in node) node[key] = properties[key];
      else node.setAttribute(key, properties[key]);
    }
    for (const child of children || []) node.append(child);
    return node;
  }

  function isTextField(target) {
    if (!target || !target.tagName) return false;
    if (target.isContentEditable) return true;
    if (target.tagName === 'TEXTAREA' || target.tagName === 'SELECT') return true;
    return target.tagName === 'INPUT' && !/^(button|checkbox|radio|submit|reset|image|file|range|color)$/i.test(target.type);
  }

  function segment(text) { return encodeURIComponent(text); }

  class SearchBox {
    constructor(host) {
      this.host = host;
      this.root = host.getAttribute('data-root') || '';
      filesRoot = this.root;
      this.generation = 0;
      this.timer = 0;
      this.index = null;
      this.results = null;
      this.buffered = undefined;
      this.shown = 0;
      this.busy = false;
      this.input = element('input', {
        type: 'search', id: 'search-input', class: 'search-input', placeholder: PLACEHOLDER, autocomplete: 'off',
        spellcheck: false, 'aria-controls': 'search-results', 'aria-describedby': 'search-status',
      });
      this.sort = element('select', { id: 'search-sort', class: 'search-sort' }, [
        element('option', { value: 'newest', textContent: 'Newest' }),
        element('option', { value: 'relevance', textContent: 'Relevance' }),
      ]);
      this.status = element('p', { id: 'search-status', class: 'search-status', role: 'status', 'aria-live': 'polite' });
      this.list = element('ol', { id: 'search-results', class: 'search-results', 'aria-label': 'Search results' });
      this.more = element('button', { type: 'button', class: 'search-more', textContent: 'More results', hidden: true });
      this.panel = element('div', { class: 'search-panel', hidden: true }, [this.status, this.list, this.more]);
      host.replaceChildren(
        element('div', { class: 'search-bar' }, [
          element('label', { class: 'search-label', htmlFor: 'search-input', textContent: 'Search' }),
          this.input,
          element('label', { class: 'search-sort-label', htmlFor: 'search-sort', textContent: 'Sort' }),
          this.sort,
        ]),
        this.panel,
      );
      host.hidden = false;
      this.input.addEventListener('focus', () => { this.loadIndex().catch(() => {}); });
      this.input.addEventListener('input', () => this.schedule());
      this.input.addEventListener('keydown', (event) => this.keyInBox(event));
      this.sort.addEventListener('change', () => this.run());
      this.list.addEventListener('keydown', (event) => this.keyInList(event));
      this.more.addEventListener('click', () => this.showMore());
      this.more.addEventListener('keydown', (event) => this.keyInList(event));
      document.addEventListener('keydown', (event) => this.keyInPage(event));
    }

    loadIndex() {
      if (!this.index) this.index = request('index.js').then((entry) => new Index(entry));
      return this.index;
    }

    schedule() {
      clearTimeout(this.timer);
      this.list.setAttribute('aria-busy', 'true');
      this.timer = setTimeout(() => this.run(), 150);
    }

    /** Marks the results as complete unless a newer search is on its way. */
    settle(generation) {
      if (generation === this.generation && !this.timer) this.list.setAttribute('aria-busy', 'false');
    }

    say(text) {
      this.status.textContent = text;
      this.panel.hidden = false;
    }

    clear() {
      clearTimeout(this.timer);
      this.timer = 0;
      this.generation += 1;
      this.list.setAttribute('aria-busy', 'false');
      this.results = null;
      this.list.replaceChildren();
      this.more.hidden = true;
      this.status.textContent = '';
      this.panel.hidden = true;
    }

    async run() {
      clearTimeout(this.timer);
      this.timer = 0;
      const text = this.input.value;
      if (!text.trim()) return this.clear();
      const generation = ++this.generation;
      this.results = null;
      this.list.setAttribute('aria-busy', 'true');
      this.say('Searching…');
      try {
        const index = await this.loadIndex();
        if (generation !== this.generation) return;
        const items = parseQuery(text);
        const query = await Plan.of(index, items);
        if (generation !== this.generation) return;
        if (!query.required.length && !query.excluded.length && !query.restricted && !query.notice) {
          return this.clear();
        }
        if (query.notice) {
          this.list.replaceChildren();
          this.more.hidden = true;
          return this.say(query.notice);
        }
        const results = await Results.create(index, query, this.sort.value);
        if (generation !== this.generation) return;
        this.results = results;
        this.query = query;
        this.buffered = undefined;
        this.shown = 0;
        this.list.replaceChildren();
        await this.fill(generation);
      } catch (error) {
        if (generation !== this.generation) return;
        this.list.replaceChildren();
        this.more.hidden = true;
        this.say(UNREADABLE);
        if (!(error instanceof Unreadable)) console.error(error);
      } finally {
        this.settle(generation);
      }
    }

    async showMore() {
      if (this.busy || !this.results) return;
      const generation = this.generation;
      const focusNext = document.activeElement === this.more;
      const before = this.shown;
      this.list.setAttribute('aria-busy', 'true');
      try {
        await this.fill(generation);
      } catch (error) {
        if (generation !== this.generation) return;
        this.say(UNREADABLE);
        if (!(error instanceof Unreadable)) console.error(error);
      } finally {
        this.settle(generation);
      }
      if (focusNext && generation === this.generation) {
        const link = this.links()[before];
        if (link) link.focus();
      }
    }

    /** Shows the next screen of results (one more is looked for, to know whether there are). */
    async fill(generation) {
      const results = this.results;
      const query = this.query;
      this.busy = true;
      try {
        const docs = [];
        while (docs.length < SCREEN) {
          const doc = this.buffered !== undefined ? this.buffered : await results.next();
          this.buffered = undefined;
          if (generation !== this.generation) return;
          if (doc === null) break;
          docs.push(doc);
        }
        const after = docs.length === SCREEN ? await results.next() : null;
        const records = await Promise.all(docs.map((doc) => this.results.index.snippet(doc)));
        if (generation !== this.generation) return;
        this.buffered = after;
        this.list.append(...docs.map((doc, k) => this.render(results.index, query, doc, records[k])));
        this.shown += docs.length;
        this.more.hidden = after === null;
        const count = after === null ? this.shown : results.total;
        this.say(count === null ? 'More than ' + this.shown + ' results'
          : count === 0 ? 'No results' : count === 1 ? '1 result' : count + ' results');
      } finally {
        this.busy = false;
      }
    }

    render(index, query, doc, record) {
      const channel = index.channelOf(doc);
      const file = index.pageOf(channel, doc - channel.base);
      const folder = channel.folder.split('/').map(segment).join('/');
      const link = element('a', {
        class: 'search-link', href: this.root + folder + segment(file) + '#' + segment(record[1]),
      }, [
        element('span', { class: 'search-meta' }, [
          element('bdi', { class: 'search-author', textContent: record[3] }),
          element('span', { class: 'search-channel', textContent: channel.name }),
          element('span', { class: 'search-time', textContent: record[2] }),
        ]),
        element('span', { class: 'search-snippet', dir: 'auto' }, snippetNodes(record[4], query)),
      ]);
      return element('li', { class: 'search-result' }, [link]);
    }

    links() { return Array.from(this.list.querySelectorAll('a.search-link')); }

    keyInPage(event) {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      if (isTextField(event.target) || isTextField(document.activeElement)) return;
      event.preventDefault();
      this.input.focus();
      this.input.select();
    }

    keyInBox(event) {
      if (event.key === 'ArrowDown') {
        const first = this.links()[0];
        if (first) {
          event.preventDefault();
          first.focus();
        }
      } else if (event.key === 'Enter') {
        event.preventDefault();
        this.run();
      } else if (event.key === 'Escape') {
        event.preventDefault();
        if (this.input.value) {
          this.input.value = '';
          this.clear();
        } else {
          this.clear();
          this.input.blur();
        }
      }
    }

    keyInList(event) {
      const stops = this.links();
      if (!this.more.hidden) stops.push(this.more);
      const at = stops.indexOf(document.activeElement);
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        if (at + 1 < stops.length) stops[at + 1].focus();
      } else if (event.key === 'ArrowUp') {
        event.preventDefault();
        if (at > 0) stops[at - 1].focus(); else this.input.focus();
      } else if (event.key === 'Escape') {
        event.preventDefault();
        this.input.value = '';
        this.clear();
        this.input.focus();
      }
    }
  }

  window.ParleySearch = {
    tokenize,
    entry(data) { arrive('index.js', data); },
    shard(path, data) { arrive(path, data); },
    postings(path, text) { arrive(path, text); },
    snippets(number, list) { arrive('s/' + number + '.js', list); },
  };

  function start() {
    const host = document.getElementById('search');
    if (host) new SearchBox(host);
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start); else start();
})();
