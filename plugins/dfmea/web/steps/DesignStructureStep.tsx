import { StructureStep, type StepProps } from '@fmea/fmea-ui';
import { GenerateFromBomAction } from './BomGenerateDialog.tsx';

/** Step 2 of a design FMEA: the shared structure tree, which a product's BOM can fill. */
export default function DesignStructureStep(props: StepProps) {
  return <StructureStep {...props} Actions={GenerateFromBomAction} />;
}
