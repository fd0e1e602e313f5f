import { InvalidInputError, knowledgeMachine } from '@fmea/core';
import { z } from '@hono/zod-openapi';

/** Field shapes shared by the routes (spec 000 §9: text 200, some 20; ids at most 64). */
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

/**
 * A moment in an answer, as JSON carries it: the ISO 8601 text of a Date
 * (`2026-06-30T08:00:00.000Z`). Handlers may hand the Date itself; the
 * schema describes what the client reads (and what the tests parse).
 */
export const DateTime = z.iso.datetime().openapi({ format: 'date-time' });

/** Paths take ids and names; query strings carry the spec's `timestamp` too (ignored). */
export const SiteIdQuery = z.object({ siteId: Id, timestamp: z.string().max(40).optional() });

export const IdBody = z.object({ id: Id });

/** One problem of a workbook import's report: its row and field when it has them, the message in the caller's language. */
export const ImportIssue = z.strictObject({ row: z.number().int().optional(), field: z.string().optional(), messageKey: z.string(), message: z.string() });

/** Update payloads leave absent fields as they are. */
export function withoutUndefined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}


/** A time as the spec's client sends it: milliseconds since the epoch, or an ISO 8601 text. */
export const TimeInput = z
  .union([z.number(), z.string().max(40)])
  .nullable()
  .optional()
  .openapi({ description: 'Milliseconds since the epoch, or an ISO 8601 text' });

/** Converts a TimeInput; `undefined` stays undefined (not given), '' and null become null (cleared). */
export function toDate(value: number | string | null | undefined, field: string): Date | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
  const text = typeof value === 'string' ? value.trim() : value;
  const date = typeof text === 'number' || /^\d+$/.test(text) ? new Date(Number(text)) : new Date(text);
  if (Number.isNaN(date.getTime())) throw new InvalidInputError('apiSettings.time_invalid', { field, value: String(value) });
  return date;
}

/** The next number of a module, not taken: for the rule page and the new-project dialog (rules and FMEA project routes). */
export const NumberPreviewSchema = z
  .strictObject({
    module: z.string(),
    number: z.string().openapi({ description: 'The number the next allocation would give now, by the stored rule', example: 'DF2606010003' }),
    serial: z.number().int().openapi({ description: 'Its serial, e.g. to show a draft rule with the real serial' }),
    allowManual: z.boolean().openapi({ description: 'Whether the rule lets users type a number instead' }),
  })
  .openapi('NumberPreview');

/** A reviewed record's status (spec 001 §4): the knowledge review machine's states. */
export const REVIEW_STATUSES = knowledgeMachine.states as unknown as readonly ['0', '1', '2', '3', '4'];

/** Who applied, audited and approved a reviewed record, when, and with what remark (spec 001 §3 audit fields). */
export const ReviewTrailFields = {
  applyPerson: z.string().nullable(),
  applyTime: DateTime.nullable(),
  applyRemark: z.string().nullable(),
  auditPerson: z.string().nullable(),
  auditTime: DateTime.nullable(),
  auditRemark: z.string().nullable(),
  approvePerson: z.string().nullable(),
  approveTime: DateTime.nullable(),
  approveRemark: z.string().nullable(),
};
