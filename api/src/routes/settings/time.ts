import { InvalidInputError } from '@fmea/core';
import { z } from '../../http/route.ts';

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
