/* Wrapping words into the lines of an SVG label (SVG text does not wrap): the fault-tree and Ishikawa diagrams. */

/** Characters drawn about twice as wide as a Latin letter: Hangul, CJK, full-width forms. */
const WIDE = /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/;
/** Punctuation a line may not start with (Chinese line breaking, kinsoku). */
const NO_LINE_START = /^[，。、；：！？）》」』】〕,.;:!?)\]]/;
export const unitsOf = (text: string) => [...text].reduce((n, ch) => n + (WIDE.test(ch) ? 2 : 1), 0);

/**
 * Splits a label into at most `lines` lines of about `width` units (a CJK character is two, as wide as two
 * Latin letters): at spaces where it can, inside a word longer than a line, any character in CJK text; the
 * last line kept is cut with "…" when text is left over.
 */
export function fitLines(text: string, width = 18, lines = 2): string[] {
  const out: string[] = [];
  // words and the spaces after them; a CJK character is a word of its own
  const words = text.trim().match(new RegExp(`${WIDE.source}|(?:(?!${WIDE.source})\\S)+\\s*|\\s+`, 'g')) ?? [];
  let line = '';
  const push = () => {
    out.push(line.trimEnd());
    line = '';
  };
  for (let word of words) {
    // closing punctuation never starts a line (it may pass the width by one character instead)
    if (unitsOf(line + word.trimEnd()) <= width || (line.trim() && NO_LINE_START.test(word))) {
      line += word;
      continue;
    }
    if (line.trim()) push();
    while (unitsOf(word.trimEnd()) > width) {
      let cut = 0;
      while (unitsOf(word.slice(0, cut + 1)) <= width) cut++;
      line = word.slice(0, cut);
      push();
      word = word.slice(cut);
    }
    line = word.trimStart() === word ? word : word.trimStart();
  }
  if (line.trim()) push();
  if (out.length <= lines) return out;
  const kept = out.slice(0, lines);
  let last = kept[lines - 1]!;
  while (last && unitsOf(`${last}…`) > width) last = last.slice(0, -1);
  kept[lines - 1] = `${last.trimEnd()}…`;
  return kept;
}
