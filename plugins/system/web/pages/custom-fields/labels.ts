import { useLingui } from '@lingui/react/macro';
import type { CustomFieldEntity, CustomFieldType } from '@fmea/core/domain';

export function useFieldTypeLabel(): (type: CustomFieldType) => string {
  const { t } = useLingui();
  return (type) => ({ text: t`Text`, number: t`Numeric`, date: t`Date`, choice: t`Choice from a dictionary` })[type];
}

export function useEntityLabel(): (entity: CustomFieldEntity) => string {
  const { t } = useLingui();
  return (entity) => ({ fmeaProject: t`FMEA project header`, catalog: t`Catalog types`, task: t`Tasks`, problem: t`Problems` })[entity];
}
