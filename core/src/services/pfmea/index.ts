/** The PFMEA's views beside the analysis: the control plan (docs/domain/pfmea.md). */
export * from './control-plan.ts';
export * from './control-plan-lines.ts';
export { loadControlPlanModel, type ControlPlanLineRow, type ControlPlanRow } from './control-plan-read.ts';
export type { ControlPlanLineView, ControlPlanMark, ControlPlanView, LineContradiction, LineReason } from './control-plan-view.ts';
export { exportControlPlanWorkbook, type ControlPlanExportOptions } from './control-plan-export.ts';
export { importControlPlanWorkbook, type ControlPlanImportMode, type ControlPlanImportOptions, type ControlPlanImportReport } from './control-plan-import.ts';
