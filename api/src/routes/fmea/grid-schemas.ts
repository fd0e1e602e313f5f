import { ACTION_STATUSES, AP_LEVELS, CHARACTERISTIC_CLASSES, COMPACT_GRID_COLUMNS, CONTROL_KINDS, type CompactGridValues, type RiskGridRow } from '@fmea/core';
import { z } from '../../http/route.ts';
import { CatalogRefSchema, GridControlFields, GridControlSchema, type Plain } from './schemas.ts';

/** The risk grid's answers (`GET /api/fmea/riskGrid`): the rows form, one object per chain, and the compact form, what chains share sent once. */

/** The chain's effect or cause: its id and version for edits, its text, rating and place, and how many chains of the project share it. */
const SharedFailure = <R extends z.ZodRawShape>(rating: string, ratings: R) =>
  z.strictObject({
    id: z.string(),
    version: z.number().int(),
    description: z.string(),
    catalog: CatalogRefSchema,
    ...ratings,
    elementName: z.string(),
    functionDescription: z.string(),
    chains: z.number().int().openapi({ description: `How many chains of the whole project run through this failure (not only the page or filter shown): rating ${rating} changes all of them` }),
  });

const Rated = z.number().int().nullable();
const GridEffect = SharedFailure('S', { severity: Rated });
const GridCause = SharedFailure('O or D', { occurrence: Rated, detection: Rated });
const GridMode = z.strictObject({ id: z.string(), version: z.number().int(), description: z.string(), frequencyRatio: z.number().nullable(), catalog: CatalogRefSchema });
const GridCharacteristic = z.strictObject({ id: z.string(), name: z.string(), characteristicClass: z.enum(CHARACTERISTIC_CLASSES), special: z.boolean() });
const GridAction = z.strictObject({
  id: z.string(),
  version: z.number().int(),
  kind: z.enum(CONTROL_KINDS),
  description: z.string(),
  status: z.enum(ACTION_STATUSES),
  responsibleUserId: z.string().nullable(),
  targetDate: z.string().nullable(),
  actionTaken: z.string().nullable(),
  evidence: z.string().nullable(),
  completionDate: z.string().nullable(),
  raSeverity: Rated,
  raOccurrence: Rated,
  raDetection: Rated,
});
/** The mode's function and its structure element: the row's first columns. */
const GridFunctionFields = {
  elementId: z.string(),
  elementName: z.string(),
  functionId: z.string(),
  functionDescription: z.string(),
  requirement: z.string().nullable(),
  /** The catalog version the function cites (null: its own wording); effect, mode, cause and controls name theirs as `catalog`. */
  functionCatalog: CatalogRefSchema,
};

const GridRowSchema = z
  .strictObject({
    ...GridFunctionFields,
    effect: GridEffect.nullable(),
    mode: GridMode,
    cause: GridCause.nullable(),
    ...GridControlFields,
    characteristics: z.array(GridCharacteristic).openapi({ description: 'Characteristics of the mode’s and the cause’s functions' }),
    actions: z.array(GridAction).openapi({ description: 'The cause’s actions in their order' }),
    specialCharacteristics: z.array(GridCharacteristic).openapi({ description: 'The special characteristics among them' }),
    characteristicClass: z.enum(CHARACTERISTIC_CLASSES).nullable().openapi({ description: 'The most serious class of the special characteristics' }),
    hasOpenActions: z.boolean(),
    severity: z.number().int().nullable(),
    occurrence: z.number().int().nullable(),
    detection: z.number().int().nullable(),
    det: z.number().int().nullable().openapi({ description: 'D under the spec’s name (the same as detection)' }),
    ap: z.enum(AP_LEVELS).nullable(),
    rpn: z.number().int().nullable(),
    raseverity: z.number().int().nullable(),
    raoccurrence: z.number().int().nullable(),
    radet: z.number().int().nullable(),
    rarpn: z.number().int().nullable(),
    raAp: z.enum(AP_LEVELS).nullable(),
  })
  .openapi('FmeaRiskRow', {
    description: 'A chain is named by its effect, mode and cause ids (effect and cause may be null); the row carries no key of its own.',
  });

const Paging = { total: z.number().int(), page: z.number().int(), limit: z.number().int() };

export const GridRowsPage = z.strictObject({ items: z.array(GridRowSchema), ...Paging }).openapi('FmeaRiskGrid', { description: 'The rows form (the default): one object per chain' });

const Index = z.number().int().min(0);
const CompactRow = z.tuple([
  Index,
  Index,
  Index.nullable(),
  Index.nullable(),
  Index,
  z.enum(AP_LEVELS).nullable(),
  Rated,
  Rated,
  Rated,
  Rated,
  Rated,
  z.enum(AP_LEVELS).nullable(),
  z.boolean(),
]);

export const GridCompactPage = z
  .strictObject({
    ...Paging,
    columns: z.array(z.enum(COMPACT_GRID_COLUMNS)).openapi({ description: `What each row holds, in order: ${COMPACT_GRID_COLUMNS.join(', ')}` }),
    functions: z.array(z.strictObject(GridFunctionFields)).openapi({ description: 'The modes’ functions with their structure elements: a row’s elementId … requirement' }),
    modes: z.array(GridMode).openapi({ description: 'A row’s mode' }),
    effects: z.array(GridEffect).openapi({ description: 'A row’s effect (its severity is the row’s S)' }),
    causes: z.array(GridCause).openapi({ description: 'A row’s cause (its occurrence and detection are the row’s O and D)' }),
    controls: z.array(z.array(GridControlSchema)).openapi({ description: 'The controls of the cause at the same index: a row’s controls ([] without a cause)' }),
    actions: z.array(z.array(GridAction)).openapi({ description: 'The actions of the cause at the same index: a row’s actions ([] without a cause)' }),
    characteristics: z.array(z.array(GridCharacteristic)).openapi({
      description: 'A row’s characteristics; its special characteristics are those with special, its characteristic class the most serious of theirs',
    }),
    rows: z.array(CompactRow).openapi({
      description: 'One per chain in form order: indices into functions, modes, effects (null: none), causes (null: none) and characteristics, then ap, rpn, raseverity, raoccurrence, radet, rarpn, raAp and hasOpenActions',
    }),
  })
  .openapi('FmeaRiskGridCompact', {
    description: 'The compact form (format=compact): what chains share is sent once and each row names it by index; the rows form’s row is these items and values put together (the workbench does so with expandCompactGrid of @fmea/core).',
  });

/**
 * The grid's rows are sent as JSON text (`gridRowJson`), so no handler type
 * holds them to the schema: this does. It compiles while the engine's row, as
 * sent (without the chain key and the control texts by kind, D also as `det`),
 * is what the schema describes, which is what the workbench reads.
 */
export const gridRowAsSent = (row: Plain<Omit<RiskGridRow, 'chainKey' | 'preventionControls' | 'detectionControls'>> & { det: number | null }): z.output<typeof GridRowSchema> => row;

/** The same for the compact rows, which the engine also hands out as values. */
export const compactRowAsSent = (row: CompactGridValues): z.output<typeof CompactRow> => row;
