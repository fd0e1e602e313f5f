import type { ApiData } from '@fmea/sdk';

/**
 * What the FMEA's views make of the links between its items and fault trees (issue 23, "show in the FMEA
 * which cut sets a cause belongs to"; docs/domain/fta.md, "The FMEA side in the workbench"). Pure, so
 * tested without a browser.
 */
export type ProjectFtaLink = ApiData<'/api/fta/projectLinks'>[number];
export type FailureFtaLinks = ApiData<'/api/fta/failureLinks'>;
export type FailureFtaLink = FailureFtaLinks['links'][number];
export type FtaCutSet = FailureFtaLink['cutSets'][number];

/** One FMEA item's part in the project's trees: how many trees hold it, and whether a link of it asks review. */
export interface FailureFtaSummary {
  readonly trees: number;
  readonly reviewNeeded: boolean;
}

export interface ProjectFtaSummary {
  readonly byFailure: ReadonlyMap<string, FailureFtaSummary>;
  /** Trees the project's items are linked to. */
  readonly trees: number;
  /** FMEA items (not links: an item in two trees counts once) with a link that asks review. */
  readonly reviewItems: number;
}

export const NO_FTA_LINKS: ProjectFtaSummary = { byFailure: new Map(), trees: 0, reviewItems: 0 };

export function summarizeProjectLinks(links: readonly Pick<ProjectFtaLink, 'treeId' | 'failureId' | 'reviewNeeded'>[]): ProjectFtaSummary {
  const trees = new Map<string, Set<string>>();
  const review = new Set<string>();
  for (const link of links) {
    trees.set(link.failureId, (trees.get(link.failureId) ?? new Set()).add(link.treeId));
    if (link.reviewNeeded) review.add(link.failureId);
  }
  const byFailure = new Map([...trees].map(([failureId, ids]) => [failureId, { trees: ids.size, reviewNeeded: review.has(failureId) }]));
  return { byFailure, trees: new Set(links.map((l) => l.treeId)).size, reviewItems: review.size };
}

/**
 * A probability as engineers read it: three significant digits, in exponent form below 0.001
 * (1.75e-3 would read as 0.00175; 2e-7 as 2.00e-7). Not localised: digits and exponents read alike in both languages.
 */
export function formatProbability(p: number | null | undefined): string {
  if (p === null || p === undefined || !Number.isFinite(p)) return '—';
  if (p === 0) return '0';
  if (p >= 0.001) return String(Number(p.toPrecision(3)));
  return p.toExponential(2);
}

/** A cut set's events in their order, each with what it says (its label, else its name) and whether it is the item's own event. */
export function cutSetEvents(cutSet: Pick<FtaCutSet, 'events'>, labels: Readonly<Record<string, string>>, own: string): { name: string; text: string; own: boolean }[] {
  return cutSet.events.map((name) => ({ name, text: labels[name] ?? name, own: name === own }));
}
