import { Trans, useLingui } from '@lingui/react/macro';
import { Field, Select, TextArea, TextInput } from '@fmea/sdk';
import { dictOptions, type HeaderDraft } from '../list/ProjectDialog.tsx';
import { useDictLabel } from '../list/dict-label.ts';
import { useDict } from '../list/lookups.ts';
import type { HeaderTextKey } from '../list/header-draft.ts';
import { useFmeaKind } from '../kind.tsx';

/**
 * The rest of the AIAG-VDA DFMEA header (planning and preparation) beside the
 * fields of the project dialog: company, engineering location, platform,
 * model year / programs, subject, DFMEA ID number, start and revision dates,
 * design responsibility, prepared by, the cross-functional team, the five Ts
 * and the analysis boundaries. Texts hold at most 200 characters (spec 001 §5).
 * Another kind (PFMEA) relabels fields through its FmeaKind texts: same fields,
 * the handbook's names for its form.
 */
export function AiagVdaHeader({ draft, onChange, disabled }: { draft: HeaderDraft; onChange: (draft: HeaderDraft) => void; disabled?: boolean }) {
  const { t } = useLingui();
  const { texts } = useFmeaKind();
  const named = (key: HeaderTextKey, fallback: string) => texts?.headerLabels[key] ?? fallback;
  const platforms = useDict('productPlatform');
  const label = useDictLabel();
  const set = (key: HeaderTextKey, value: string) => onChange({ ...draft, [key]: value });
  const text = (key: HeaderTextKey, label: string) => (
    <Field label={named(key, label)}>{(id) => <TextInput id={id} data-testid={`dfmea-${key}`} value={draft[key]} maxLength={200} disabled={disabled} onChange={(e) => set(key, e.target.value)} />}</Field>
  );
  const date = (key: HeaderTextKey, label: string) => (
    <Field label={named(key, label)}>{(id) => <TextInput id={id} data-testid={`dfmea-${key}`} type="date" value={draft[key]} disabled={disabled} onChange={(e) => set(key, e.target.value)} />}</Field>
  );
  const long = (key: HeaderTextKey, label: string) => (
    <Field label={named(key, label)}>{(id) => <TextArea id={id} data-testid={`dfmea-${key}`} rows={2} value={draft[key]} maxLength={200} disabled={disabled} onChange={(e) => set(key, e.target.value)} />}</Field>
  );
  return (
    <>
      <fieldset className="dfmea-header-group" disabled={disabled}>
        <legend>{texts?.headerLegend ?? <Trans>DFMEA header</Trans>}</legend>
        <div className="dfmea-form">
          {text('companyName', t`Company name`)}
          {text('engineeringLocation', t`Engineering location`)}
          <Field label={t`Platform`}>
            {(id) => <Select id={id} data-testid="dfmea-platform" value={draft.platform} onChange={(e) => set('platform', e.target.value)} options={dictOptions(platforms, label, draft.platform)} />}
          </Field>
          {text('carTypeYears', t`Model year / program(s)`)}
          {text('subject', t`Subject`)}
          {text('fmeaIdNumber', t`DFMEA ID number`)}
          {date('startDate', t`DFMEA start date`)}
          {date('revisionDate', t`DFMEA revision date`)}
          {text('designResponsibility', t`Design responsibility`)}
          {text('preparedBy', t`Prepared by`)}
          {long('teamNotes', t`Cross-functional team`)}
        </div>
      </fieldset>
      <fieldset className="dfmea-header-group" disabled={disabled}>
        <legend>
          <Trans>Planning: the five Ts and the analysis boundaries</Trans>
        </legend>
        <div className="dfmea-form">
          {long('planIntent', t`Intent`)}
          {long('planTiming', t`Timing`)}
          {long('planTeam', t`Team`)}
          {long('planTask', t`Task`)}
          {long('planTool', t`Tool`)}
          {long('analysisBoundaries', t`Analysis boundaries`)}
        </div>
      </fieldset>
    </>
  );
}
