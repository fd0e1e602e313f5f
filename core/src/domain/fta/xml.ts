/**
 * The XML the Open-PSA MEF reader needs, and no more: elements, attributes, the five predefined entities
 * and numeric character references, comments and the XML declaration. A document type (and with it any
 * entity definition, the way to XML bombs and file reads) is refused. MEF keeps its data in attributes;
 * the one text it has, a `label`, is kept as the element's `text`. Hand-written rather than a package: ~60 lines, pure, and the browser's
 * worksheet and the server read the same way.
 */
export interface XmlElement {
  tag: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  /** The element's own text (entities decoded, outer whitespace trimmed), when it has any. */
  text?: string;
}

export class XmlError extends Error {}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10));
    const value = ENTITIES[name];
    if (value === undefined) throw new XmlError(`unknown entity ${whole}`);
    return value;
  });
}

const TAG = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[A-Za-z_][\w.:-]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
const ATTR = /([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

export function parseXml(text: string): XmlElement {
  const root: XmlElement = { tag: '#document', attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('<', at);
    if (open < 0) break;
    const between = text.slice(at, open).trim();
    if (between && stack.length > 1) {
      const parent = stack.at(-1)!;
      parent.text = (parent.text ?? '') + decode(between);
    }
    if (text.startsWith('<!--', open)) {
      const end = text.indexOf('-->', open + 4);
      if (end < 0) throw new XmlError('unclosed comment');
      at = end + 3;
      continue;
    }
    if (text.startsWith('<?', open)) {
      const end = text.indexOf('?>', open + 2);
      if (end < 0) throw new XmlError('unclosed declaration');
      at = end + 2;
      continue;
    }
    if (text.startsWith('<!', open)) throw new XmlError('a document type or CDATA section is not read');
    TAG.lastIndex = open;
    const match = TAG.exec(text);
    if (!match) throw new XmlError(`malformed tag at ${open}`);
    at = TAG.lastIndex;
    const [, closing, tag, attrText, selfClosing] = match;
    if (closing) {
      const top = stack.pop();
      if (!top || top.tag !== tag || stack.length === 0) throw new XmlError(`unexpected </${tag}>`);
      continue;
    }
    const attrs: Record<string, string> = {};
    for (const [, name, double, single] of attrText!.matchAll(ATTR)) attrs[name!] = decode(double ?? single ?? '');
    const element: XmlElement = { tag: tag!, attrs, children: [] };
    stack.at(-1)!.children.push(element);
    if (!selfClosing) stack.push(element);
  }
  if (stack.length !== 1) throw new XmlError(`unclosed <${stack.at(-1)!.tag}>`);
  if (root.children.length !== 1) throw new XmlError('not one root element');
  return root.children[0]!;
}
