import { z } from '@hono/zod-openapi';
import { CHARACTERISTIC_CLASSES, CHARACTERISTIC_KINDS, FLOW_BRANCH_KINDS, FLOW_SYMBOLS, type ProcessFlowBranchRow, type ProcessFlowView } from '@fmea/core';

/**
 * The flow chart's answers, in the pure model's own names (core's
 * domain/pfmea/flow.ts: the spec names no field of a PFD), so the workbench
 * hands the answer straight to the renderer that drew the export.
 */
const Characteristic = z.strictObject({
  id: z.string(),
  name: z.string(),
  kind: z.enum(CHARACTERISTIC_KINDS),
  characteristicClass: z.enum(CHARACTERISTIC_CLASSES),
  special: z.boolean(),
  customerClass: z.string().nullable(),
  mark: z.string().nullable().openapi({ description: 'The special class as shown: the customer’s class, else CC / SC; null for an ordinary characteristic' }),
});

const Step = z.strictObject({
  id: z.string().openapi({ description: 'The PFMEA’s process step (its fmea_node)' }),
  version: z.number().int(),
  position: z.number().int().openapi({ description: '1-based place in the flow (the steps’ sort)' }),
  processNo: z.string().nullable(),
  name: z.string(),
  symbol: z.enum(FLOW_SYMBOLS).openapi({ description: 'The symbol drawn: the chosen one, else operation' }),
  symbolChosen: z.boolean().openapi({ description: 'false while no symbol was chosen (operation is the default)' }),
  inputs: z.string().nullable(),
  outputs: z.string().nullable(),
  productCharacteristics: z.array(Characteristic).openapi({ description: 'Of the step’s own functions' }),
  processCharacteristics: z.array(Characteristic).openapi({ description: 'Of its work elements’ functions' }),
  specialMarks: z.array(z.string()),
});

const Branch = z.strictObject({
  id: z.string(),
  version: z.number().int(),
  kind: z.enum(FLOW_BRANCH_KINDS),
  fromStepId: z.string(),
  toStepId: z.string().nullable().openapi({ description: 'The step a rework returns to; null for scrap' }),
  label: z.string().nullable(),
  sort: z.number().int(),
});

export const ProcessFlowSchema = z
  .strictObject({
    projectId: z.string(),
    serialNum: z.string().openapi({ description: 'The PFMEA’s number (PF…)' }),
    name: z.string(),
    pfdNumber: z.string().openapi({ description: 'The chart’s number: the PFMEA’s with PFD for PF' }),
    steps: z.array(Step),
    branches: z.array(Branch).openapi({ description: 'Branches whose ends are both steps (a rework to a node that is no step any more is left out)' }),
  })
  .openapi('ProcessFlow');

export const presentFlow = (view: ProcessFlowView): z.output<typeof ProcessFlowSchema> => ({
  projectId: view.project.id,
  serialNum: view.project.serialNum,
  name: view.project.name,
  pfdNumber: view.pfdNumber,
  steps: view.flow.steps.map((s) => ({
    id: s.id,
    version: s.version,
    position: s.position,
    processNo: s.processNo,
    name: s.name,
    symbol: s.symbol,
    symbolChosen: s.symbolChosen,
    inputs: s.inputs,
    outputs: s.outputs,
    productCharacteristics: s.productCharacteristics.map(presentCharacteristic),
    processCharacteristics: s.processCharacteristics.map(presentCharacteristic),
    specialMarks: [...s.specialMarks],
  })),
  branches: view.flow.branches.map((b) => ({ id: b.id, version: b.version, kind: b.kind, fromStepId: b.fromStepId, toStepId: b.toStepId, label: b.label, sort: b.sort })),
});

function presentCharacteristic(c: ProcessFlowView['flow']['steps'][number]['productCharacteristics'][number]): z.output<typeof Characteristic> {
  return { id: c.id, name: c.name, kind: c.kind, characteristicClass: c.characteristicClass, special: c.special, customerClass: c.customerClass, mark: c.mark };
}

export const SavedStepSchema = z
  .strictObject({
    id: z.string(),
    version: z.number().int(),
    flowSymbol: z.enum(FLOW_SYMBOLS).nullable().openapi({ description: 'The stored symbol; null: none chosen (drawn as operation)' }),
    flowInputs: z.string().nullable(),
    flowOutputs: z.string().nullable(),
  })
  .openapi('ProcessFlowStep');

export const BranchSchema = z
  .strictObject({
    id: z.string(),
    version: z.number().int(),
    kind: z.enum(FLOW_BRANCH_KINDS),
    fromNodeId: z.string(),
    toNodeId: z.string().nullable(),
    label: z.string().nullable(),
    sort: z.number().int(),
  })
  .openapi('ProcessFlowBranch');

export const presentBranch = (row: ProcessFlowBranchRow): z.output<typeof BranchSchema> => ({
  id: row.id,
  version: row.version,
  kind: row.kind,
  fromNodeId: row.fromNodeId,
  toNodeId: row.toNodeId,
  label: row.label,
  sort: row.sort,
});
