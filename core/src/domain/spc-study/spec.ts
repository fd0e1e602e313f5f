/**
 * Reads a control plan's specification text as numeric limits, to prefill a study's LSL / USL / target
 * (docs/domain/spc.md): what a control plan usually writes. The result is a proposal the user edits;
 * text that reads as none of these gives nothing.
 *
 * - `10 ± 0.1`, `10±0.1`, `10 +/- 0.1` → 9.9 … 10.1, target 10
 * - `10 +0.2/-0.1`, `10 +0.2 -0.1`, `Φ10 (+0.2, -0.1)` → 9.9 … 10.2, target 10.05 (the middle of the band);
 *   `Ø10 +0.015/0` → 10 … 10.015, target 10.0075
 * - `9.9~10.1`, `9.9 - 10.1`, `9.9 to 10.1`, `9.9…10.1` → 9.9 … 10.1 (no target)
 * - `≤ 5`, `<= 5`, `max 5`, `5 max` → USL 5; `≥ 5`, `>= 5`, `min 5` → LSL 5
 * Units, a diameter sign and a label before the numbers (`Ø`, `mm`, `N·m`, `Ra`) are ignored.
 */
export interface ParsedSpec {
  readonly lsl: number | null;
  readonly usl: number | null;
  readonly target: number | null;
}

const NUM = String.raw`[-+]?\d+(?:\.\d+)?`;
const num = (text: string): number => Number(text);
/** Rounds away binary noise (10 - 0.1 = 9.9, not 9.900000000000000355). */
const tidy = (value: number): number => Number(value.toPrecision(12));

const PATTERNS: readonly [RegExp, (m: RegExpMatchArray) => ParsedSpec][] = [
  [new RegExp(String.raw`(${NUM})\s*(?:±|\+\s*/\s*-|\+-)\s*(${NUM})`), (m) => sym(num(m[1]!), Math.abs(num(m[2]!)))],
  [
    // the second deviation may be a bare 0 (Ø10 +0.015/0)
    new RegExp(String.raw`(${NUM})\s*[([]?\s*([+-]\s*\d+(?:\.\d+)?)\s*[/,;\s]\s*([+-]\s*\d+(?:\.\d+)?|0(?![.\d]))\s*[)\]]?`),
    (m) => asym(num(m[1]!), num(m[2]!.replace(/\s/g, '')), num(m[3]!.replace(/\s/g, ''))),
  ],
  [new RegExp(String.raw`(${NUM})\s*(?:~|～|…|\.\.\.?|–|—|to|至|-)\s*(${NUM})`, 'i'), (m) => range(num(m[1]!), num(m[2]!))],
  [new RegExp(String.raw`(?:≤|<=|＜=|⩽|max\.?|最大|不大于|不超过)\s*(${NUM})`, 'i'), (m) => ({ lsl: null, usl: num(m[1]!), target: null })],
  [new RegExp(String.raw`(${NUM})\s*\S*\s*(?:max\.?|以下|及以下)`, 'i'), (m) => ({ lsl: null, usl: num(m[1]!), target: null })],
  [new RegExp(String.raw`(?:≥|>=|＞=|⩾|min\.?|最小|不小于|不低于)\s*(${NUM})`, 'i'), (m) => ({ lsl: num(m[1]!), usl: null, target: null })],
  [new RegExp(String.raw`(${NUM})\s*\S*\s*(?:min\.?|以上|及以上)`, 'i'), (m) => ({ lsl: num(m[1]!), usl: null, target: null })],
];

function sym(nominal: number, tol: number): ParsedSpec {
  return { lsl: tidy(nominal - tol), usl: tidy(nominal + tol), target: nominal };
}

/** An asymmetric tolerance's target is the middle of the band, where the process is centred, not the drawing's nominal (Ø10 +0.015/0 is run at 10.0075). */
function asym(nominal: number, a: number, b: number): ParsedSpec {
  const upper = Math.max(a, b);
  const lower = Math.min(a, b);
  return { lsl: tidy(nominal + lower), usl: tidy(nominal + upper), target: tidy(nominal + (lower + upper) / 2) };
}

function range(a: number, b: number): ParsedSpec {
  return { lsl: Math.min(a, b), usl: Math.max(a, b), target: null };
}

/** The limits a specification text gives, or null when it reads as none of the forms above. */
export function parseSpecification(text: string | null | undefined): ParsedSpec | null {
  if (!text) return null;
  // full-width digits and signs as ASCII; a comma between digits is a decimal comma (10,1 ± 0,05)
  const plain = text
    .normalize('NFKC')
    .replace(/(\d),(\d)/g, '$1.$2')
    .replace(/−/g, '-');
  for (const [pattern, read] of PATTERNS) {
    const match = plain.match(pattern);
    if (match) {
      const limits = read(match);
      if ([limits.lsl, limits.usl, limits.target].every((v) => v === null || Number.isFinite(v))) return limits;
    }
  }
  return null;
}
