export { BOM_MESSAGE_KEYS, type BomMessageKey } from './messages.ts';
export { BOM_COLUMN_KEYS, BOM_COLUMNS, PART_NUM_MAX, QUANTITY_MAX, UNIT_MAX, type BomColumn, type BomColumnKey } from './columns.ts';
export { BomRowReader, readBomRows, withSort, type BomLayout, type BomPart, type BomRead, type BomSheetRow } from './parse.ts';
export { mergeBomParts, planBomStructure, type BomStructureNode, type BomStructurePlan, type StoredBomPart, type StructureNodeRef } from './plan.ts';
export { checkBomPartValues, moveIssues, siblingIssues, subtreeIds, type BomPartValues, type BomTreePart } from './part.ts';
