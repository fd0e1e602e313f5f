export { BOM_AREA, BOM_ROUTE, bomCaller } from './access.ts';
export { asBomParts, findProduct, liveBom, readParts, requireLiveBom, type BomPartRow, type BomProduct, type BomRow } from './store.ts';
export { assertOneBomFile, BOM_IMPORT_MODES, bomSheetColumns, exportBom, importBom, type BomImportMode, type BomImportOptions, type BomImportResult } from './sheet.ts';
export { deleteBom, getBomTree, listBomProducts, type BomHeader, type BomProductRow, type BomTreeView } from './tree.ts';
export { generateStructureFromBom, type BomGenerateOptions, type BomGenerateResult } from './generate.ts';
export { addBomPart, deleteBomPart, moveBomPart, updateBomPart, type BomPartInput } from './parts.ts';
