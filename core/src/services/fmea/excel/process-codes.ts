import { codeOf } from './vocabulary.ts';

/** The PFMEA's coded fields a sheet may name by code or by label. */
export type ProcessCodeField = 'workElementType' | 'functionScope' | 'characteristicKind';

/**
 * A process field's cell as its code: exports before issue 20 wrote codes
 * (`machine`, `shipTo`, `product`), newer ones and hand-written sheets the
 * label in either language ("Machine", "机", "Ship-to plant", "产品特性"), any
 * case. Anything else is passed on as written, for the engine to refuse with
 * the value. The workbook's one vocabulary (`vocabulary.ts`).
 */
export function processCode(field: ProcessCodeField, text: string): string {
  return codeOf(field, text);
}
