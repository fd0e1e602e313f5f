/**
 * Which characteristic classifications a project uses (spec 001 §3 "Feature
 * classification", §5 "priority must not repeat", §9 "feature category
 * priority: smallest wins"). A customer with classes of its own (CC, SC, …)
 * uses those; a project whose customer has none, or that names no customer,
 * uses the general ones (no customer). The two are never mixed: a class name
 * may repeat between a customer and the general scheme, and priorities only
 * mean something within one scheme.
 */

export interface FeatureClassCandidate {
  /** The customer a class belongs to, as the record names it; null or blank for a general class. */
  readonly customer: string | null;
  readonly priority: number | null;
  readonly category: string;
}

export type FeatureClassScope = 'customer' | 'general';

/** Customer names compare as unique rules do: trimmed and case-insensitively. */
const norm = (text: string | null | undefined) => (text ?? '').trim().toLowerCase();

/**
 * The classes of a customer known by any of `customerNames` (its code, its
 * names in both languages), else the general ones; smallest priority first
 * (the winning one leads), then by name.
 */
export function featureClassesFor<T extends FeatureClassCandidate>(classes: readonly T[], customerNames: readonly (string | null | undefined)[]): { scope: FeatureClassScope; items: T[] } {
  const names = new Set(customerNames.map(norm).filter((n) => n !== ''));
  const own = classes.filter((c) => norm(c.customer) !== '' && names.has(norm(c.customer)));
  const scope: FeatureClassScope = own.length > 0 ? 'customer' : 'general';
  const chosen = own.length > 0 ? own : classes.filter((c) => norm(c.customer) === '');
  const order = (a: T, b: T) => (a.priority ?? Number.MAX_SAFE_INTEGER) - (b.priority ?? Number.MAX_SAFE_INTEGER) || a.category.localeCompare(b.category);
  return { scope, items: [...chosen].sort(order) };
}
