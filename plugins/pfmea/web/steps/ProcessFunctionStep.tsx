import { useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { api, useLoad } from '@fmea/sdk';
import type { CharacteristicClass } from '@fmea/core/domain';
import { FunctionAnalysisStep, type StepProps } from '@fmea/fmea-ui';
import { ControlPlanMarksProvider } from '../control-plan/PfmeaMarks.tsx';
import { characteristicFields, functionFields, ProjectClassesContext } from './process-fields.tsx';
import { ProductFeatureBar } from './ProductFeatureBar.tsx';

/**
 * Step 3 of the PFMEA: the shared function analysis and function net over
 * the process tree, with the function scope on the process item's functions,
 * product/process characteristics, the handbook's CC and SC for the critical
 * and significant classes, and the customer's own class from the project's
 * feature classification (type 1: a process project). Above it, the
 * product characteristic list's export and import.
 */
export default function ProcessFunctionStep(props: StepProps) {
  const { t } = useLingui();
  const classes = useLoad(() => api.get('/api/knowledge/featureClassify/getFeatureClassifyByCustomer/{type}/{projectSerial}', { type: '1', projectSerial: props.serialNum }), [props.serialNum]);
  const classLabel = (c: CharacteristicClass) => ({ safety: t`Safety`, critical: t`CC – critical`, significant: t`SC – significant`, general: t`General` })[c];
  // an import of the list is this user's own change, which the project's change notice does not report back: read again as if it were
  const [imports, setImports] = useState(0);
  const remoteRevision = props.remoteRevision + imports;
  return (
    <ProjectClassesContext.Provider value={classes.data ?? null}>
      <ProductFeatureBar projectId={props.projectId} serialNum={props.serialNum} readOnly={props.readOnly} onImported={() => setImports((n) => n + 1)} />
      <ControlPlanMarksProvider projectId={props.projectId} remoteRevision={remoteRevision}>
        <FunctionAnalysisStep {...props} remoteRevision={remoteRevision} functionFields={functionFields} characteristicFields={characteristicFields} classLabel={classLabel} />
      </ControlPlanMarksProvider>
    </ProjectClassesContext.Provider>
  );
}
