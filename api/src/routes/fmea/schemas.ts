import { z } from '@hono/zod-openapi';
import { CONTROL_KINDS } from '@fmea/core';
import { Id, RequiredText, Text } from '../../http/fields.ts';

export { Id, RequiredText, Text };

/**
 * Field shapes of the FMEA routes (spec 001 §5: text ≤ 200, ids ≤ 64). Ranges
 * the engine owns (ratings 1..10, roles 0..5, dates) are only typed here so the
 * engine's own translated message is the one the user reads.
 */
export const OptionalText = Text.nullable().optional();
/** The row version the client read (optimistic concurrency). */
export const Version = z.number().int().min(1).openapi({ description: 'The row version the client read; a different current one answers 409 and nothing is written' });
/** A rating as typed; the engine refuses anything but a whole number 1..10 with its own message. */
export const Rating = z.number().int().min(-1000).max(1000).nullable().optional();
export const Confirm = z.boolean().optional().openapi({ description: 'Confirms a change that other nodes depend on' });
/** Query strings carry the spec's `timestamp` too (ignored). */
export const Timestamp = z.string().max(40).optional();
export const DateText = z.string().trim().max(40).nullable().optional();

export const VersionBody = z.object({ version: Version });
export const DeleteBody = z.object({ id: Id, version: Version, confirm: Confirm });
export const IdVersionBody = z.object({ id: Id, version: Version });

/** An engine row with its id and version; other columns pass through as stored. */
export const Row = z.looseObject({ id: z.string(), version: z.number().int() });
export const Removed = z.looseObject({ count: z.number().int() }).openapi({ description: 'What the delete took with it and how many other nodes used it' });

export const ChangedData = Row;

/** A current control of a risk-grid row's cause: what a grid cell needs to update (/api/fmea/updateControl) or delete it in place. */
export const GridControlSchema = z
  .object({
    id: z.string(),
    version: z.number().int(),
    kind: z.enum(CONTROL_KINDS),
    description: z.string(),
    sort: z.number().int(),
  })
  .openapi('FmeaRiskRowControl');

/** Fields of a risk-grid row about its cause's controls (step 5): each control once, its text with it (the prevention and detection columns are `controls` of that kind). */
export const GridControlFields = {
  controls: z.array(GridControlSchema).openapi({
    description: 'The cause’s controls with id, version and text: prevention then detection, each by sort; empty without a cause. The form’s prevention and detection columns are the descriptions of each kind, in this order.',
  }),
};

/** The engine hands out readonly arrays; JSON answers are plain data (types only, nothing is copied). */
export type Plain<T> = T extends Date ? T : T extends readonly (infer U)[] ? Plain<U>[] : T extends object ? { -readonly [K in keyof T]: Plain<T[K]> } : T;
export const plain = <T>(value: T): Plain<T> => value as Plain<T>;
