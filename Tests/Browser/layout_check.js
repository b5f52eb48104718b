// Loads every image of the page (a remote one as `picture`, the stand-in for a large picture from
// the web, so the check does not depend on the network), then measures the page: the document's
// widths, and every element or text that sticks out of the transcript (`main#transcript`) or, outside
// it, of the window. An element whose own box overflows is named once: its descendants are not listed. A box
// that scrolls or clips its content (overflow-x other than visible: a code block, a table's
// scroll box) may hold wider content; the box itself must fit.
const [picture, done] = arguments;
(async () => {
  const images = [...document.images];
  for (const image of images) {
    image.loading = 'eager';
    if (/^https?:/i.test(image.getAttribute('src') ?? '')) image.src = picture;
  }
  await Promise.all(images.map(image => image.complete ? null : new Promise(resolve => {
    image.addEventListener('load', resolve, {once: true});
    image.addEventListener('error', resolve, {once: true});
    setTimeout(resolve, 5000);
  })));

  const root = document.documentElement;
  const label = element => element.localName + (element.id ? `#${element.id}` : '')
    + [...element.classList].map(name => `.${name}`).join('');
  // The element and its ancestors up to the nearest one with an id (a message, a day).
  const path = element => {
    const parts = [label(element)];
    for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
      parts.unshift(label(node));
      if (node.id) break;
    }
    return parts.join(' > ');
  };
  const offenders = [];
  const range = document.createRange();
  // Every element and every text (a block's text can run past its box) below `container` must lie
  // within left…right.
  const check = (container, left, right, within, skip = null) => {
    const outside = (box, name, text) => {
      const by = Math.max(left - box.left, box.right - right);
      if (by <= 0.5) return false;
      offenders.push(`${name} sticks out of ${within} by ${Math.round(by)} px `
        + `(${Math.round(box.left)}…${Math.round(box.right)} in ${Math.round(left)}…${Math.round(right)}): `
        + `"${text.trim().replace(/\s+/g, ' ').slice(0, 60)}"`);
      return true;
    };
    const walk = element => {
      if (element.getClientRects().length === 0) return;
      if (outside(element.getBoundingClientRect(), path(element), element.textContent || element.getAttribute('src') || '')) return;
      if (element === skip || getComputedStyle(element).overflowX !== 'visible') return;
      for (const child of element.childNodes) {
        if (child.nodeType === Node.ELEMENT_NODE) {
          walk(child);
        } else if (child.nodeType === Node.TEXT_NODE && child.data.trim()) {
          range.selectNodeContents(child);
          if (range.getClientRects().length > 0) outside(range.getBoundingClientRect(), `the text of ${path(element)}`, child.data);
        }
      }
    };
    for (const child of container.children) walk(child);
  };
  const transcript = document.getElementById('transcript');
  const box = transcript.getBoundingClientRect();
  check(transcript, box.left, box.right, 'the transcript');
  check(document.body, 0, root.clientWidth, 'the window', transcript);
  done({
    innerWidth, clientWidth: root.clientWidth, scrollWidth: root.scrollWidth, offenders,
    images: images.length, broken: images.filter(image => image.naturalWidth === 0).map(image => image.getAttribute('src')),
  });
})();
