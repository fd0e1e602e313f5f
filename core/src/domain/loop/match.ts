/**
 * Matching a problem's root cause or an EWO against FMEA items
 * (docs/domain/closed-loop.md): through the catalog records both cite, and
 * through their words. Pure: the service reads the rows, this ranks them.
 *
 * Text is cut into terms the same way in both languages: Latin words (lower
 * case, two letters or more, a few filler words dropped) and, for Chinese (any
 * CJK run), its overlapping character pairs (bigrams), the usual way to match
 * Chinese without a dictionary. Two texts match on the terms they share.
 */

const CJK = /[\u3400-\u9fff\uf900-\ufaff]+/g;
const WORD = /[\p{L}\p{N}]+/gu;
/** Words too common in quality texts to say anything alone. */
const FILLER = new Set(['the', 'and', 'for', 'not', 'was', 'were', 'with', 'into', 'from', 'that', 'this', 'are', 'has', 'had', 'its', 'due', 'of', 'to', 'in', 'on', 'at', 'by', 'or', 'is', 'be', 'an', 'no']);
/** Chinese pairs as common (的 是 了 …) are dropped when either character is a particle. */
const PARTICLES = new Set([...'的了是在和与及或不未被对将']);

/** The terms of a text: Latin words and Chinese bigrams, each once. */
export function termsOf(text: string): Set<string> {
  const terms = new Set<string>();
  const lower = text.toLowerCase();
  for (const run of lower.match(CJK) ?? []) {
    const chars = [...run].filter((c) => !PARTICLES.has(c));
    if (chars.length === 1) terms.add(chars[0]!);
    for (let i = 0; i + 1 < chars.length; i++) terms.add(chars[i]! + chars[i + 1]!);
  }
  for (const word of lower.replace(CJK, ' ').match(WORD) ?? []) {
    if (word.length >= 2 && !FILLER.has(word)) terms.add(word);
  }
  return terms;
}

/** An FMEA item a source may match. */
export interface MatchCandidate {
  readonly id: string;
  /** function, failure mode, failure cause, control (prevention/detection). */
  readonly item: MatchItem;
  readonly text: string;
  /** The catalog record (type and serial number, version-free) the item cites; null when written by hand. */
  readonly catalogSerial: string | null;
}

export const MATCH_ITEMS = ['function', 'FE', 'FM', 'FC', 'prevention', 'detection'] as const;
export type MatchItem = (typeof MATCH_ITEMS)[number];

/** What a source gives to match on: its texts (by field), the catalog records it names, and the FMEA items it names itself (an EWO's affected items). */
export interface MatchSource {
  readonly texts: readonly { readonly field: string; readonly text: string }[];
  readonly catalogSerials: readonly string[];
  readonly itemIds?: readonly string[];
}

/** Why an item matched: the source names it, the catalog record both cite, or the terms it shares with a field of the source. */
export type MatchReason = { readonly kind: 'named' } | { readonly kind: 'catalog'; readonly serial: string } | { readonly kind: 'text'; readonly field: string; readonly terms: readonly string[] };

export interface Match {
  readonly id: string;
  readonly item: MatchItem;
  /** 0..1; a catalog link is 1. */
  readonly score: number;
  readonly reasons: readonly MatchReason[];
}

/**
 * The share of an item's terms a source's field covers, with the shared
 * terms. An item of one term needs that term; longer ones need two shared
 * terms and a third of their own, so one common word does not make a match.
 */
export function textScore(source: ReadonlySet<string>, item: ReadonlySet<string>): { score: number; terms: string[] } {
  if (item.size === 0) return { score: 0, terms: [] };
  const terms = [...item].filter((t) => source.has(t));
  const score = terms.length / item.size;
  const enough = item.size === 1 ? terms.length === 1 : terms.length >= 2 && score >= 1 / 3;
  return enough ? { score, terms } : { score: 0, terms: [] };
}

/** How many matches are answered at most. */
export const MATCH_LIMIT = 50;

/**
 * The candidates the source covers, best first: the items it names and
 * catalog links first (score 1), then by the share of the item's terms the source's text covers; ties
 * in the candidates' order. Each match keeps every reason found.
 */
export function rankMatches(source: MatchSource, candidates: readonly MatchCandidate[], limit = MATCH_LIMIT): Match[] {
  const fields = source.texts.filter((t) => t.text.trim() !== '').map((t) => ({ field: t.field, terms: termsOf(t.text) }));
  const serials = new Set(source.catalogSerials);
  const named = new Set(source.itemIds ?? []);
  const found: (Match & { order: number })[] = [];
  candidates.forEach((candidate, order) => {
    const reasons: MatchReason[] = [];
    let score = 0;
    if (named.has(candidate.id)) {
      reasons.push({ kind: 'named' });
      score = 1;
    }
    if (candidate.catalogSerial !== null && serials.has(candidate.catalogSerial)) {
      reasons.push({ kind: 'catalog', serial: candidate.catalogSerial });
      score = 1;
    }
    const itemTerms = termsOf(candidate.text);
    for (const field of fields) {
      const hit = textScore(field.terms, itemTerms);
      if (hit.terms.length === 0) continue;
      reasons.push({ kind: 'text', field: field.field, terms: hit.terms });
      score = Math.max(score, hit.score);
    }
    if (reasons.length > 0) found.push({ id: candidate.id, item: candidate.item, score, reasons, order });
  });
  // named by the source first, then catalog links, then words
  const linked = (m: Match) => (m.reasons.some((r) => r.kind === 'named') ? 2 : m.reasons.some((r) => r.kind === 'catalog') ? 1 : 0);
  found.sort((a, b) => linked(b) - linked(a) || b.score - a.score || a.order - b.order);
  return found.slice(0, limit).map(({ order: _order, ...match }) => match);
}
