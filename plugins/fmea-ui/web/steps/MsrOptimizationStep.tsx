import type { StepProps } from '../types.ts';
import OptimizationStep from './OptimizationStep.tsx';

/** FMEA-MSR optimisation: the optimisation step on the monitoring and response actions, re-rated S after the system response, F and M. */
export default function MsrOptimizationStep(props: StepProps) {
  return <OptimizationStep {...props} msr />;
}
