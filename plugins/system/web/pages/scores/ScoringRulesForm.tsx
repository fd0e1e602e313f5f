import type { FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Field, FormError, type ApiData, TextInput, SettingsActions, useSettingsDraft } from '@fmea/sdk';

type Rules = ApiData<'/api/score/scoringRules'>;
type Table = keyof Rules;
/** Numbers are edited as text so a half-typed value is not turned into 0. */
type Draft = { [T in Table]: Record<keyof Rules[T] & string, string> };

const QFD_KEYS = ['strongScore', 'mediumScore', 'weakScore', 'importanceMax'] as const;
const WEIGHT_KEYS = ['noveltyWeight', 'complexityWeight', 'severityWeight'] as const;
const BAND_KEYS = ['lowFrom', 'mediumFrom', 'highFrom', 'veryHighFrom'] as const;
const SERVER_FIELDS = Object.fromEntries([...QFD_KEYS.map((k) => [`qfd.${k}`, k]), ...[...WEIGHT_KEYS, ...BAND_KEYS].map((k) => [`partRisk.${k}`, k])]);

const asText = (values: object) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));
// a value that is not a number goes as typed, so the server's message names it
const asNumbers = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v]));
const draftOf = (r: Rules): Draft => ({ qfd: asText(r.qfd), partRisk: asText(r.partRisk) }) as Draft;

/**
 * The QFD and part-risk scoring rules (spec 000 §2.4 "score standards, including QFD and part risk";
 * docs/domain/user-scores.md "Scoring rules"): two small tables, saved on their own.
 */
export function ScoringRulesForm({ canEdit }: { canEdit: boolean }) {
  const { t } = useLingui();
  const editor = useSettingsDraft(() => api.get('/api/score/scoringRules'), draftOf);
  const { draft, setDraft, errors } = editor;
  if (!draft) return editor.loaded.error ? <FormError message={editor.loaded.error} /> : <div className="page-loading" aria-busy="true" />;

  const labels: Record<string, string> = {
    strongScore: t`Strong relationship (◎)`,
    mediumScore: t`Medium relationship (○)`,
    weakScore: t`Weak relationship (△)`,
    importanceMax: t`Highest importance of a requirement`,
    noveltyWeight: t`Weight of novelty`,
    complexityWeight: t`Weight of complexity`,
    severityWeight: t`Weight of severity`,
    lowFrom: t`Low from`,
    mediumFrom: t`Medium from`,
    highFrom: t`High from`,
    veryHighFrom: t`Very high from`,
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    void editor.save((d) => api.post('/api/score/scoringRules/save', { qfd: asNumbers(d.qfd), partRisk: asNumbers(d.partRisk) } as never), {
      saved: t`Scoring rules saved`,
      fields: [...QFD_KEYS, ...WEIGHT_KEYS, ...BAND_KEYS],
      serverFields: SERVER_FIELDS,
    });
  }

  const input = (table: Table, key: string) => (
    <Field key={key} label={labels[key]!} error={errors.fields[key]}>
      {(id) => (
        <TextInput
          id={id}
          name={key}
          type="number"
          min={0}
          step={1}
          value={(draft[table] as Record<string, string>)[key]}
          disabled={!canEdit}
          onChange={(e) => (setDraft({ ...draft, [table]: { ...draft[table], [key]: e.target.value } }), editor.clearError(key))}
        />
      )}
    </Field>
  );

  return (
    <form noValidate onSubmit={submit} aria-label={t`Scoring rules`} data-testid="system-scoring-rules">
      <div className="sys-section-head">
        <h2>
          <Trans>Scoring rules: QFD and part risk</Trans>
        </h2>
        <div className="sys-section-actions">
          <SettingsActions editor={editor} canEdit={canEdit} />
        </div>
      </div>
      <div className="sys-form-sections">
        <fieldset className="sys-fieldset">
          <legend>
            <Trans>QFD</Trans>
          </legend>
          <p className="muted">
            <Trans>A characteristic's technical importance is the sum, over the requirements, of the requirement's importance (1 up to the highest) times the score of their relationship. Strong scores more than medium, medium more than weak.</Trans>
          </p>
          <div className="sys-form-grid">{QFD_KEYS.map((k) => input('qfd', k))}</div>
        </fieldset>
        <fieldset className="sys-fieldset">
          <legend>
            <Trans>Part risk</Trans>
          </legend>
          <p className="muted">
            <Trans>A part is rated 1 to 5 on novelty, complexity and the severity of its failure; its risk score is the weighted sum. The bands give its level: below "low from" very low, up to very high.</Trans>
          </p>
          <div className="sys-form-grid">{WEIGHT_KEYS.map((k) => input('partRisk', k))}</div>
          <div className="sys-form-grid">{BAND_KEYS.map((k) => input('partRisk', k))}</div>
        </fieldset>
      </div>
      <FormError message={errors.message} />
    </form>
  );
}
