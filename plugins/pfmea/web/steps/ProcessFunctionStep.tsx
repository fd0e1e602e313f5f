import FunctionAnalysisStep from '@fmea/plugin-dfmea/web/steps/FunctionAnalysisStep.tsx';
import type { StepProps } from '@fmea/plugin-dfmea/web/types.ts';

/** Step 3 of the PFMEA: the DFMEA's function analysis over the process tree. */
export default function ProcessFunctionStep(props: StepProps) {
  return <FunctionAnalysisStep {...props} />;
}
