import type { ReactNode } from 'react';

/**
 * The working manual's text (issue #26): plain text with a light markup, rendered as React elements
 * (so escaped): a line "# title" is a heading, lines "- item" a list, blank lines end paragraphs.
 * No HTML is stored or interpreted.
 */
export function ManualText({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  let paragraph: string[] = [];
  let items: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push(<p key={blocks.length}>{paragraph.join('\n')}</p>);
    if (items.length)
      blocks.push(
        <ul key={blocks.length}>
          {items.map((item, i) => (
            <li key={i}>{item}</li>
          ))}
        </ul>,
      );
    paragraph = [];
    items = [];
  };
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trimEnd();
    if (line.startsWith('# ')) {
      flush();
      blocks.push(<h4 key={blocks.length}>{line.slice(2)}</h4>);
    } else if (line.startsWith('- ')) {
      if (paragraph.length) flush();
      items.push(line.slice(2));
    } else if (line.trim() === '') flush();
    else {
      if (items.length) flush();
      paragraph.push(line);
    }
  }
  flush();
  return <div className="manual-text">{blocks}</div>;
}
