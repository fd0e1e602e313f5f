import { PROCESS_TREE_MAX_DEPTH } from '@fmea/core/domain';
import { StructureStep, type StepProps } from '@fmea/fmea-ui';
import { AddProcessNodeDialog, EditProcessNodeDialog } from './ProcessNodeDialog.tsx';
import { ProcedureAction } from './ProcedureDialog.tsx';

/** A node takes children above the work elements (item → step → work element). */
const canAddUnder = (depth: number) => depth >= 0 && depth < PROCESS_TREE_MAX_DEPTH - 1;

/**
 * Step 2 of the PFMEA: the shared structure tree and mind map over the
 * process tree (item → steps → 4M work elements), nodes shown with their
 * step number or 4M type (the kind's node label), added and edited with the
 * fields of their level. A process has no BOM to generate from; a step with
 * its work elements comes from the process library on the process item.
 */
export default function ProcessStructureStep(props: StepProps) {
  return <StructureStep {...props} AddDialog={AddProcessNodeDialog} EditDialog={EditProcessNodeDialog} canAddUnder={canAddUnder} Actions={ProcedureAction} />;
}
