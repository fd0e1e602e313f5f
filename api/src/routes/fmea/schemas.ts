import { z } from '@hono/zod-openapi';
import {
  CHARACTERISTIC_CLASSES,
  CHARACTERISTIC_KINDS,
  ALL_CONTROL_KINDS,
  CONTROL_KINDS,
  FAILURE_KINDS,
  FUNCTION_SCOPES,
  TASK_STATUS,
  WORK_ELEMENT_TYPES,
  type DeletionImpact,
  type FmeaCharacteristicRow,
  type FmeaControlRow,
  type FmeaFailureLinkRow,
  type FmeaFailureRow,
  type FmeaFunctionLinkRow,
  type FmeaFunctionRow,
  type FmeaInterfaceRow,
  type FmeaItemKind,
  type FmeaNodeRow,
} from '@fmea/core';
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

/**
 * The answers of the FMEA routes: every row is presented field by field in
 * the spec's names (failures rate D as `det`; actions re-rate as raseverity,
 * raoccurrence, radet), never spread from the database row, so a new column
 * reaches a client only when it is named here. The schemas are strict: the
 * tests parse every answer through them (http/answer-check.ts).
 */
const Versioned = { id: z.string(), version: z.number().int(), sort: z.number().int() };
const Rated = z.number().int().nullable();

/** The process model's fields of a node (docs/domain/pfmea.md, "Process structure"); null on a design-side FMEA. */
const TASK_STATUS_CODES = Object.values(TASK_STATUS) as [string, ...string[]];
export const ProcessNodeFields = {
  processNo: z.string().nullable().openapi({ description: 'PFMEA process step: its number (unique in the project, at most 20 characters); null elsewhere' }),
  workElementType: z.enum(WORK_ELEMENT_TYPES).nullable().openapi({ description: 'PFMEA work element: its 4M type; null elsewhere' }),
  taskStatus: z.enum(TASK_STATUS_CODES).nullable().openapi({
    description: 'PFMEA process step: its task status (0 not started, 1 in progress, 2 in review, 3 completed, 4 pending, 5 cancelled, 6 rejected, 7 withdrawn); null: no task',
  }),
};
/** In a request: a step's number and a work element's 4M type (a PFMEA only; a design FMEA refuses them). */
export const ProcessNodeInput = {
  processNo: z.string().trim().max(200).nullable().optional().openapi({
    description: 'PFMEA process step only: its number (at most 20 characters, unique without case). Left out on a new step: the next multiple of 10 while the rule isGenerateProcessNoRequired is on. Blank or null clears.',
  }),
  workElementType: z.enum(WORK_ELEMENT_TYPES).nullable().optional().openapi({ description: 'PFMEA work element (a step’s child) only, and required there: man, machine, material or environment' }),
};

export const NodeSchema = z
  .strictObject({
    ...Versioned,
    parentId: z.string().nullable().openapi({ description: 'null for the root (the product)' }),
    nodeType: z.number().int(),
    name: z.string(),
    imageName: z.string().nullable(),
    ...ProcessNodeFields,
  })
  .openapi('FmeaNode', { description: 'A structure node (product 1, element 9, fixed nodes); in a PFMEA the process item (root), a process step (depth 1) or a work element (depth 2)' });
export const presentNode = (
  row: Pick<FmeaNodeRow, 'id' | 'version' | 'sort' | 'parentId' | 'nodeType' | 'name' | 'imageName' | 'processNo' | 'workElementType' | 'taskStatus'>,
): z.output<typeof NodeSchema> => ({
  id: row.id,
  version: row.version,
  sort: row.sort,
  parentId: row.parentId,
  nodeType: row.nodeType,
  name: row.name,
  imageName: row.imageName,
  processNo: row.processNo,
  workElementType: row.workElementType,
  taskStatus: row.taskStatus,
});

/** The catalog record version an item was taken from (docs/domain/catalog.md, "Reuse inside the FMEA"). */
const CatalogRecordIdField = z.string().nullable().openapi({ description: 'The catalog record version the item cites (taken from a suggestion or pushed); null when written by hand' });
/** In a request: the catalog suggestion picked for the text (its `catalog.recordId`); null lets the item's citation go. */
export const CatalogRecordIdInput = Id.nullable().optional().openapi({
  description: 'The catalog suggestion picked for the text (its catalog.recordId): the item cites it and its quote count goes up. null lets the citation go; rewording it away from the record’s text does too.',
});

const FunctionScopeField = z.enum(FUNCTION_SCOPES).nullable().openapi({ description: 'PFMEA process item function: whose function it is (plant: your plant, shipTo: ship-to plant, endUser: end user); null elsewhere' });
export const FunctionScopeInput = FunctionScopeField.optional().openapi({ description: 'PFMEA only, and only on a function of the process item (the root): plant, shipTo or endUser; null clears' });

export const FunctionSchema = z
  .strictObject({ ...Versioned, nodeId: z.string(), description: z.string(), requirement: z.string().nullable(), functionScope: FunctionScopeField, catalogRecordId: CatalogRecordIdField })
  .openapi('FmeaFunction');
export const presentFunction = (
  row: Pick<FmeaFunctionRow, 'id' | 'version' | 'sort' | 'nodeId' | 'description' | 'requirement' | 'functionScope' | 'catalogRecordId'>,
): z.output<typeof FunctionSchema> => ({
  id: row.id,
  version: row.version,
  sort: row.sort,
  nodeId: row.nodeId,
  description: row.description,
  requirement: row.requirement,
  functionScope: row.functionScope,
  catalogRecordId: row.catalogRecordId,
});

export const FunctionLinkSchema = z.strictObject({ id: z.string(), higherFunctionId: z.string(), lowerFunctionId: z.string() }).openapi('FmeaFunctionLink');
export const presentFunctionLink = (row: Pick<FmeaFunctionLinkRow, 'id' | 'higherFunctionId' | 'lowerFunctionId'>): z.output<typeof FunctionLinkSchema> => ({
  id: row.id,
  higherFunctionId: row.higherFunctionId,
  lowerFunctionId: row.lowerFunctionId,
});

/** A PFMEA characteristic's kind and any characteristic's customer class. */
export const CharacteristicProcessFields = {
  characteristicKind: z.enum(CHARACTERISTIC_KINDS).nullable().openapi({ description: 'PFMEA: product (a process step’s) or process (a work element’s) characteristic; null elsewhere' }),
  customerClass: z.string().nullable().openapi({ description: 'The customer’s own class (beside the CC/SC class): a class name of the project’s feature classifications (GET /api/knowledge/featureClassify/getFeatureClassifyByCustomer)' }),
};
export const CharacteristicProcessInput = {
  characteristicKind: z.enum(CHARACTERISTIC_KINDS).nullable().optional().openapi({
    description: 'PFMEA only: product on a process step’s function, process on a work element’s; left out, the level’s kind is taken; the other one is refused',
  }),
  customerClass: Text.nullable().optional().openapi({
    description: 'A class name of the project’s feature classifications (its customer’s released ones, else the general ones; matched without case, stored as the catalog spells it); blank or null clears',
  }),
};

export const CharacteristicSchema = z
  .strictObject({ ...Versioned, functionId: z.string(), name: z.string(), characteristicClass: z.enum(CHARACTERISTIC_CLASSES), special: z.boolean(), ...CharacteristicProcessFields })
  .openapi('FmeaCharacteristic');
export const presentCharacteristic = (
  row: Pick<FmeaCharacteristicRow, 'id' | 'version' | 'sort' | 'functionId' | 'name' | 'characteristicClass' | 'special' | 'characteristicKind' | 'customerClass'>,
): z.output<typeof CharacteristicSchema> => ({
  id: row.id,
  version: row.version,
  sort: row.sort,
  functionId: row.functionId,
  name: row.name,
  characteristicClass: row.characteristicClass,
  special: row.special,
  characteristicKind: row.characteristicKind,
  customerClass: row.customerClass,
});

export const InterfaceSchema = z
  .strictObject({
    id: z.string(),
    version: z.number().int(),
    firstNodeId: z.string(),
    secondNodeId: z.string(),
    interfaceType: z.number().int().openapi({ description: '1 physical connection, 2 signal, 3 energy, 4 material, 5 human-machine' }),
    description: z.string().nullable(),
  })
  .openapi('FmeaInterface');
export const presentInterface = (row: Pick<FmeaInterfaceRow, 'id' | 'version' | 'firstNodeId' | 'secondNodeId' | 'interfaceType' | 'description'>): z.output<typeof InterfaceSchema> => ({
  id: row.id,
  version: row.version,
  firstNodeId: row.firstNodeId,
  secondNodeId: row.secondNodeId,
  interfaceType: row.interfaceType,
  description: row.description,
});

export const FailureSchema = z
  .strictObject({
    ...Versioned,
    functionId: z.string(),
    kind: z.enum(FAILURE_KINDS),
    description: z.string(),
    severity: Rated.openapi({ description: 'S of an effect (FE)' }),
    occurrence: Rated.openapi({ description: 'O of a cause (FC)' }),
    det: Rated.openapi({ description: 'D of a cause (FC), under the spec’s name' }),
    frequencyRatio: z.number().nullable().openapi({ description: 'Of a mode (FM), 0..1' }),
    catalogRecordId: CatalogRecordIdField,
  })
  .openapi('FmeaFailure', { description: 'A failure effect (FE), mode (FM) or cause (FC) of a function' });
/** A failure under the spec's names: `det` for detection. */
export const presentFailure = (
  row: Pick<FmeaFailureRow, 'id' | 'version' | 'sort' | 'functionId' | 'kind' | 'description' | 'severity' | 'occurrence' | 'detection' | 'frequencyRatio' | 'catalogRecordId'>,
): z.output<typeof FailureSchema> => ({
  id: row.id,
  version: row.version,
  sort: row.sort,
  functionId: row.functionId,
  kind: row.kind,
  description: row.description,
  severity: row.severity,
  occurrence: row.occurrence,
  det: row.detection,
  frequencyRatio: row.frequencyRatio,
  catalogRecordId: row.catalogRecordId,
});

export const FailureLinkSchema = z.strictObject({ id: z.string(), higherFailureId: z.string(), lowerFailureId: z.string() }).openapi('FmeaFailureLink');
export const presentFailureLink = (row: Pick<FmeaFailureLinkRow, 'id' | 'higherFailureId' | 'lowerFailureId'>): z.output<typeof FailureLinkSchema> => ({
  id: row.id,
  higherFailureId: row.higherFailureId,
  lowerFailureId: row.lowerFailureId,
});

export const ControlSchema = z
  .strictObject({ ...Versioned, causeId: z.string(), kind: z.enum(ALL_CONTROL_KINDS), description: z.string(), catalogRecordId: CatalogRecordIdField })
  .openapi('FmeaControl');
export const presentControl = (row: Pick<FmeaControlRow, 'id' | 'version' | 'sort' | 'causeId' | 'kind' | 'description' | 'catalogRecordId'>): z.output<typeof ControlSchema> => ({
  id: row.id,
  version: row.version,
  sort: row.sort,
  causeId: row.causeId,
  kind: row.kind,
  description: row.description,
  catalogRecordId: row.catalogRecordId,
});

/** The cited version as the analysis read shows it: number, version, status and whether a newer version is released. */
export const CatalogRefSchema = z
  .strictObject({
    recordId: z.string(),
    serialNum: z.string(),
    versionNo: z.number().int(),
    status: z.string().openapi({ description: 'The cited version’s review status (0 editing … 2 released; 1 or 3 while a pushed item is reviewed)' }),
    newerVersion: z.boolean().openapi({ description: 'A newer version of the record has been released since: the item still cites this one' }),
  })
  .nullable()
  .openapi('FmeaCatalogRef');

/** Anything that can be deleted (core's FmeaItemKind: a record, so a new kind does not compile until it is named here). */
const ITEM_KIND: Record<FmeaItemKind, true> = { node: true, function: true, characteristic: true, interface: true, failure: true, control: true, action: true, functionLink: true, failureLink: true };
const ITEM_KINDS = Object.keys(ITEM_KIND) as [FmeaItemKind, ...FmeaItemKind[]];
const Ids = z.array(z.string());

export const RemovedSchema = z
  .strictObject({
    target: z.strictObject({ kind: z.enum(ITEM_KINDS), id: z.string() }),
    removed: z
      .strictObject({
        nodes: Ids,
        functions: Ids,
        characteristics: Ids,
        interfaces: Ids,
        failures: Ids,
        controls: Ids,
        actions: Ids,
        functionLinks: Ids,
        failureLinks: Ids,
      })
      .openapi({ description: 'The ids of everything that goes with the target' }),
    references: z
      .array(
        z.strictObject({
          kind: z.enum(['functionLink', 'failureLink', 'interface']),
          id: z.string(),
          insideId: z.string().openapi({ description: 'The end inside what is deleted' }),
          outsideId: z.string().openapi({ description: 'The end outside it' }),
          outsideNodeId: z.string().nullable().openapi({ description: 'The structure node that owns the outside end' }),
        }),
      )
      .openapi({ description: 'Links and interfaces from outside into what is deleted: they are cut' }),
    usedByNodes: Ids.openapi({ description: 'The other structure nodes that use it' }),
    count: z.number().int().openapi({ description: 'How many other nodes use it (the N of “used by N nodes”)' }),
  })
  .openapi('FmeaDeletionImpact', { description: 'What the delete takes (or took) with it and how many other nodes used it' });
/** Core's deletion impact, field by field. */
export const presentImpact = (impact: DeletionImpact): z.output<typeof RemovedSchema> => ({
  target: { kind: impact.target.kind, id: impact.target.id },
  removed: {
    nodes: [...impact.removed.nodes],
    functions: [...impact.removed.functions],
    characteristics: [...impact.removed.characteristics],
    interfaces: [...impact.removed.interfaces],
    failures: [...impact.removed.failures],
    controls: [...impact.removed.controls],
    actions: [...impact.removed.actions],
    functionLinks: [...impact.removed.functionLinks],
    failureLinks: [...impact.removed.failureLinks],
  },
  references: impact.references.map((r) => ({ kind: r.kind, id: r.id, insideId: r.insideId, outsideId: r.outsideId, outsideNodeId: r.outsideNodeId })),
  usedByNodes: [...impact.usedByNodes],
  count: impact.count,
});

/** A current control of a risk-grid row's cause: what a grid cell needs to update (/api/fmea/updateControl) or delete it in place. */
export const GridControlSchema = z
  .strictObject({
    id: z.string(),
    version: z.number().int(),
    kind: z.enum(CONTROL_KINDS),
    description: z.string(),
    sort: z.number().int(),
    catalog: CatalogRefSchema,
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
