import { useLingui } from '@lingui/react/macro';
import { ASILS, ELEMENT_TYPES, FMEDA_STANDARDS, HFTS, SIL_TARGETS, type Asil, type FmedaStandard } from '@fmea/core/domain';
import { Field, Select, TextArea, type Form } from '@fmea/sdk';

/** What the settings fields edit (the standard and its target, the safety goal). */
export interface SettingsDraft {
  standard: FmedaStandard;
  targetAsil: Asil;
  targetSil: string;
  elementType: (typeof ELEMENT_TYPES)[number];
  hft: string;
  safetyGoal: string;
}

export const settingsDraft = (s?: { standard: FmedaStandard; targetAsil: Asil | null; targetSil: number | null; elementType: SettingsDraft['elementType'] | null; hft: number | null; safetyGoal: string | null }): SettingsDraft => ({
  standard: s?.standard ?? 'iso26262',
  targetAsil: s?.targetAsil ?? 'B',
  targetSil: String(s?.targetSil ?? 2),
  elementType: s?.elementType ?? 'typeB',
  hft: String(s?.hft ?? 0),
  safetyGoal: s?.safetyGoal ?? '',
});

/** The settings as the API takes them: the target of the chosen standard, the other's left as it is. */
export const settingsBody = (d: SettingsDraft) =>
  d.standard === 'iec61508'
    ? { standard: d.standard, targetSil: Number(d.targetSil), elementType: d.elementType, hft: Number(d.hft), safetyGoal: d.safetyGoal.trim() || null }
    : { standard: d.standard, targetAsil: d.targetAsil, safetyGoal: d.safetyGoal.trim() || null };

export function useStandardLabels() {
  const { t } = useLingui();
  return {
    standard: { iso26262: t`ISO 26262-5 (hardware architectural metrics)`, iec61508: t`IEC 61508-2 (SFF and DC)` } as Record<string, string>,
    elementType: { typeA: t`Type A`, typeB: t`Type B` } as Record<string, string>,
  };
}

/** The standard, its target and the safety goal, as fields of a form whose draft holds them. */
export function SettingsFields<D extends SettingsDraft>({ form }: { form: Form<D, unknown> }) {
  const { t } = useLingui();
  const labels = useStandardLabels();
  const { draft, set } = form;
  const setText = (key: keyof SettingsDraft) => (value: string) => set(key as keyof D, value as D[keyof D]);
  return (
    <>
      <Field label={t`Standard`} error={form.error('standard')}>
        {(id) => <Select id={id} data-testid="fmeda-standard" value={draft.standard} onChange={(e) => setText('standard')(e.target.value)} options={FMEDA_STANDARDS.map((s) => ({ value: s, label: labels.standard[s]! }))} />}
      </Field>
      {draft.standard === 'iec61508' ? (
        <div className="fmeda-settings-row">
          <Field label={t`Target SIL`} error={form.error('targetSil')}>
            {(id) => <Select id={id} value={draft.targetSil} onChange={(e) => setText('targetSil')(e.target.value)} options={SIL_TARGETS.map((s) => ({ value: String(s), label: `SIL ${s}` }))} />}
          </Field>
          <Field label={t`Element type`} error={form.error('elementType')}>
            {(id) => <Select id={id} value={draft.elementType} onChange={(e) => setText('elementType')(e.target.value)} options={ELEMENT_TYPES.map((s) => ({ value: s, label: labels.elementType[s]! }))} />}
          </Field>
          <Field label={t`Hardware fault tolerance`} error={form.error('hft')}>
            {(id) => <Select id={id} value={draft.hft} onChange={(e) => setText('hft')(e.target.value)} options={HFTS.map((s) => ({ value: String(s), label: `HFT ${s}` }))} />}
          </Field>
        </div>
      ) : (
        <Field label={t`Target ASIL`} error={form.error('targetAsil')}>
          {(id) => <Select id={id} data-testid="fmeda-target-asil" value={draft.targetAsil} onChange={(e) => setText('targetAsil')(e.target.value)} options={ASILS.map((s) => ({ value: s, label: `ASIL ${s}` }))} />}
        </Field>
      )}
      <Field label={t`Safety goal`} error={form.error('safetyGoal')}>
        {(id) => <TextArea id={id} rows={2} maxLength={200} value={draft.safetyGoal} onChange={(e) => setText('safetyGoal')(e.target.value)} />}
      </Field>
    </>
  );
}
