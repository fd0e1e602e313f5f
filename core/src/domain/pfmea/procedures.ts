import { InvalidInputError } from '../../errors.ts';
import type { PfmeaMessageKey } from './messages.ts';
import type { ProcessLevel, WorkElementType } from './vocabulary.ts';

/**
 * Process templates from the catalog (spec 001 §5: "process templates only at
 * the last-level node"): a process-procedure record (type processProcedure)
 * becomes a process step under the process item, and the procedure-element
 * records chosen with it (type procedureElement) become its work elements,
 * the last level of the process tree. Nowhere else.
 */
export function assertProcedurePlacement(level: ProcessLevel): void {
  if (level !== 'step') throw new InvalidInputError('pfmea.procedure_under_item_only' satisfies PfmeaMessageKey);
}

/**
 * The catalog's element types are the 6M (人机料法测环); the PFMEA's work
 * elements the handbook's 4M. A measurement element is equipment (a gauge),
 * so a machine; a method is no work element: it is what the step itself
 * does (its function), so such a record is refused.
 */
export function workElementTypeOfCatalog(elementType: unknown, serialNum: string): WorkElementType {
  switch (elementType) {
    case 'man':
    case 'machine':
    case 'material':
    case 'environment':
      return elementType;
    case 'measurement':
      return 'machine';
    default:
      throw new InvalidInputError('pfmea.catalog_element_type_unusable' satisfies PfmeaMessageKey, { serialNum, value: String(elementType ?? '') });
  }
}

/** A catalog record that is not a released latest version of the expected type the caller may use. */
export const catalogRecordUnusable = (serialNum: string) => new InvalidInputError('pfmea.catalog_record_unusable' satisfies PfmeaMessageKey, { serialNum });
