/**
 * Text on the flow chart without a browser to measure it: widths are
 * estimated per character (a Chinese or other full-width character is one
 * em, Latin letters a little over half), which is close enough for the fonts
 * the chart names to wrap lines before they run into the next column.
 */

const WIDE = /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]|[\u{20000}-\u{3FFFD}]/u;
const NARROW = /[il.,:;'|!()[\]{}\s]/;
const CAPITAL = /[A-Z0-9#%&@MW]/;

/** Estimated width of one character in ems. */
export function charWidth(char: string): number {
  if (WIDE.test(char)) return 1;
  if (char === ' ') return 0.3;
  if (NARROW.test(char)) return 0.32;
  if (CAPITAL.test(char)) return 0.66;
  return 0.56;
}

/** Estimated width of a text at a font size, in the same unit as the size. */
export function textWidth(text: string, fontSize: number): number {
  let ems = 0;
  for (const char of text) ems += charWidth(char);
  return ems * fontSize;
}

/** Words for wrapping: runs of Latin text, single spaces, and each wide character on its own (Chinese breaks between any two). */
function tokens(line: string): string[] {
  const out: string[] = [];
  let word = '';
  for (const char of line) {
    if (char === ' ' || WIDE.test(char)) {
      if (word) out.push(word);
      word = '';
      out.push(char);
    } else word += char;
  }
  if (word) out.push(word);
  return out;
}

/** Cuts a text to fit `maxWidth`, ending in "…" when something was left off. */
export function truncateText(text: string, maxWidth: number, fontSize: number): string {
  if (textWidth(text, fontSize) <= maxWidth) return text;
  let out = '';
  const room = maxWidth - textWidth('…', fontSize);
  for (const char of text) {
    if (textWidth(out + char, fontSize) > room) break;
    out += char;
  }
  return `${out.trimEnd()}…`;
}

/**
 * Lines of at most `maxWidth`: the text's own line breaks are kept, Latin
 * words are not split unless one alone is too wide, Chinese breaks anywhere.
 * With `maxLines` the last line kept ends in "…" when text was left off.
 */
export function wrapText(text: string, maxWidth: number, fontSize: number, maxLines = Infinity): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    let line = '';
    const push = () => {
      lines.push(line.trimEnd());
      line = '';
    };
    for (const token of tokens(paragraph)) {
      if (line === '' && token === ' ') continue;
      if (textWidth(line + token, fontSize) <= maxWidth) {
        line += token;
        continue;
      }
      if (line !== '') push();
      if (token === ' ') continue;
      if (textWidth(token, fontSize) <= maxWidth) {
        line = token;
        continue;
      }
      // one word wider than the column: split it between characters
      for (const char of token) {
        if (line !== '' && textWidth(line + char, fontSize) > maxWidth) push();
        line += char;
      }
    }
    push();
  }
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = truncateText(`${kept[maxLines - 1]}…`, maxWidth, fontSize).replace(/……$/, '…');
  return kept;
}
