// Parley search: the archive's search box and its index reader. A classic script (archives open
// from file://, where Chromium refuses modules, fetch() and workers): it defines window.ParleySearch.
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

  window.ParleySearch = { tokenize: tokenize };
})();
