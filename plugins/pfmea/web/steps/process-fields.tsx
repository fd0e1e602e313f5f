import { createContext, useContext } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { FUNCTION_SCOPES, PROCESS_LEVELS, characteristicKindOf, type CharacteristicKind, type FunctionScope } from '@fmea/core/domain';
import { Field, Select, localName, type ApiData } from '@fmea/sdk';
import type { CharacteristicExtras, CharacteristicRow, ExtraFields, FunctionExtras, FunctionRow } from '@fmea/fmea-ui';
import { ControlPlanMarkBadge } from '../control-plan/PfmeaMarks.tsx';

/**
 * The PFMEA's fields in the shared function analysis (AIAG-VDA step 3):
 * whose function a process item's function is (your plant, ship-to plant,
 * end user), and a characteristic's kind (product on a step, process on a
 * work element: taken from the level) and its customer's class.
 */

/** The project's characteristic classes (its customer's released ones, else the general ones), read once by the step. */
export type ProjectClasses = ApiData<'/api/knowledge/featureClassify/getFeatureClassifyByCustomer/{type}/{projectSerial}'>;
export const ProjectClassesContext = createContext<ProjectClasses | null>(null);

export function useScopeLabel(): (scope: FunctionScope) => string {
  const { t } = useLingui();
  const names: Record<FunctionScope, string> = { plant: t`Your plant`, shipTo: t`Ship-to plant`, endUser: t`End user` };
  return (scope) => names[scope];
}

export function useKindLabel(): (kind: CharacteristicKind) => string {
  const { t } = useLingui();
  const names: Record<CharacteristicKind, string> = { product: t`Product characteristic`, process: t`Process characteristic` };
  return (kind) => names[kind];
}

/** Function scope: only on the process item's functions (the root). */
export const functionFields: ExtraFields<FunctionRow, FunctionExtras> = {
  initial: (node, fn) => (node.parentId === null ? { functionScope: fn?.functionScope ?? null } : {}),
  Inputs: function ScopeInput({ node, value, onChange }) {
    const { t } = useLingui();
    const label = useScopeLabel();
    if (node.parentId !== null) return null;
    return (
      <Field label={t`Function scope`} hint={t`Whose function this is: your plant, the ship-to plant or the end user.`}>
        {(id) => (
          <Select
            id={id}
            data-testid="pfmea-function-scope"
            value={value.functionScope ?? ''}
            onChange={(e) => onChange({ ...value, functionScope: (e.target.value || null) as FunctionScope | null })}
            options={[{ value: '', label: '—' }, ...FUNCTION_SCOPES.map((scope) => ({ value: scope, label: label(scope) }))]}
          />
        )}
      </Field>
    );
  },
  Badges: function ScopeBadge({ row }) {
    const label = useScopeLabel();
    return row.functionScope ? (
      <span className="pfmea-scope" data-testid="pfmea-scope">
        {label(row.functionScope)}
      </span>
    ) : null;
  },
};

/** A characteristic's kind follows its level (left out, the server takes it); the customer's class is one of the project's classes. */
export const characteristicFields: ExtraFields<CharacteristicRow, CharacteristicExtras> = {
  initial: () => ({ customerClass: null }),
  Inputs: function CharacteristicInputs({ depth, value, onChange }) {
    const { t, i18n } = useLingui();
    const classes = useContext(ProjectClassesContext);
    const kindLabel = useKindLabel();
    const level = PROCESS_LEVELS[depth];
    const kind = level ? characteristicKindOf(level) : null;
    const items = classes?.items ?? [];
    const current = value.customerClass ?? '';
    const options = [{ value: '', label: '—' }, ...items.map((c) => ({ value: c.category, label: localName(i18n.locale, c.category, c.enCategory) }))];
    return (
      <>
        <p className="muted" data-testid="pfmea-characteristic-kind">
          {kind ? kindLabel(kind) : <Trans>The process item takes no characteristics: add them to a process step (product) or a work element (process).</Trans>}
        </p>
        <Field label={t`Customer class`} hint={classes?.isRelateSod === '1' ? t`These classes follow the S/O/D ratings.` : undefined}>
          {(id) => (
            <Select
              id={id}
              data-testid="pfmea-customer-class"
              value={current}
              onChange={(e) => onChange({ ...value, customerClass: e.target.value || null })}
              options={current && !items.some((c) => c.category === current) ? [...options, { value: current, label: current }] : options}
            />
          )}
        </Field>
      </>
    );
  },
  Badges: function CharacteristicBadges({ row }) {
    const kindLabel = useKindLabel();
    const { i18n } = useLingui();
    // the class is kept by its Chinese name: shown by its record's name in the reader's language
    const known = useContext(ProjectClassesContext)?.items.find((c) => c.category === row.customerClass);
    return (
      <>
        {row.characteristicKind ? <span className="pfmea-kind">{kindLabel(row.characteristicKind)}</span> : null}
        {row.customerClass ? (
          <span className="pfmea-class" data-user-content data-testid="pfmea-customer-class-badge">
            {known ? localName(i18n.locale, known.category, known.enCategory) : row.customerClass}
          </span>
        ) : null}
        <ControlPlanMarkBadge characteristicId={row.id} />
      </>
    );
  },
};
