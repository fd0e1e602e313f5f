import { z } from '@hono/zod-openapi';

/** Field shapes shared by the administration routes (spec 000 §9: text 200, some 20; ids at most 64). */
export const TEXT_MAX = 200;
export const SHORT_TEXT_MAX = 20;
export const ID_MAX = 64;

export const Id = z.string().trim().min(1).max(ID_MAX);
export const Text = z.string().trim().max(TEXT_MAX);
export const RequiredText = z.string().trim().min(1).max(TEXT_MAX);
export const ShortText = z.string().trim().max(SHORT_TEXT_MAX);

/** A date as the client sends it (ISO text or epoch milliseconds); '' and null clear it. */
export const DateInput = z
  .preprocess(
    (v) => (v === '' ? null : v),
    z.union([z.null(), z.string().trim().max(40).pipe(z.coerce.date()), z.number().int().pipe(z.coerce.date())]),
  )
  .openapi({ type: ['string', 'null'], format: 'date-time', example: '2026-12-31' });

/** Keys the spec's client sends back but that are never saved (000 §3): accepted and ignored. */
export const Ignored = z.unknown().optional().openapi({ description: 'Accepted and ignored' });

export const iso = (value: Date | null | undefined): string | null => (value ? value.toISOString() : null);

/** Paths take ids and names; query strings carry the spec's `timestamp` too (ignored). */
export const SiteIdQuery = z.object({ siteId: Id, timestamp: z.string().max(40).optional() });

export const IdBody = z.object({ id: Id });

/** Update payloads leave absent fields as they are. */
export function withoutUndefined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
