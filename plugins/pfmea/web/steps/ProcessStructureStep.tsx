import { PROCESS_TREE_MAX_DEPTH } from '@fmea/core/domain';
import StructureStep from '@fmea/plugin-dfmea/web/steps/StructureStep.tsx';
import type { StepProps } from '@fmea/plugin-dfmea/web/types.ts';

/** A node takes children above the work elements (item → step → work element). */
const canAddUnder = (depth: number) => depth >= 0 && depth < PROCESS_TREE_MAX_DEPTH - 1;

/** Step 2 of the PFMEA: the DFMEA's structure tree and mind map over the process tree. */
export default function ProcessStructureStep(props: StepProps) {
  return <StructureStep {...props} canAddUnder={canAddUnder} fromBom={false} />;
}
