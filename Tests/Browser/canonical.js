/**
 * A canonical serialization of DOM subtrees, for comparing a live DOM with the browser's own
 * parse of a page. No dependencies, so a page that streams can import it too.
 */

/** Elements serialized without an end tag. */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);

const escapeText = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A canonical serialization: element names, attributes sorted by name, adjacent text nodes
 * merged (empty text dropped), comments dropped, the classes in `transient` left out.
 * @param {Element} element
 * @param {{transient?: string[], skip?: string[]}} [options] `skip`: attributes of the root to leave out
 * @returns {string}
 */
export function canonical(element, { transient = [], skip = [] } = {}) {
  const out = [];
  const walk = (node, root) => {
    const name = node.localName;
    const attributes = [...node.attributes]
      .filter((attribute) => !(root && skip.includes(attribute.name)))
      .map((attribute) => {
        let value = attribute.value;
        if (attribute.name === 'class' && transient.length) {
          value = value.split(' ').filter((token) => !transient.includes(token)).join(' ');
        }
        return [attribute.name, value];
      })
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    out.push(`<${name}`);
    for (const [key, value] of attributes) out.push(` ${key}="${escapeText(value).replace(/"/g, '&quot;')}"`);
    out.push('>');
    let text = '';
    for (const child of (node.content ?? node).childNodes) {
      if (child.nodeType === Node.TEXT_NODE) text += child.data;
      else if (child.nodeType === Node.ELEMENT_NODE) {
        out.push(escapeText(text));
        text = '';
        walk(child, false);
      }
    }
    out.push(escapeText(text));
    if (!VOID.has(name)) out.push(`</${name}>`);
  };
  walk(element, true);
  return out.join('');
}

/** The `#transcript` of a full page parsed by the browser's own parser. */
export function parsedTranscript(pageHTML) {
  return new DOMParser().parseFromString(pageHTML, 'text/html').getElementById('transcript');
}
