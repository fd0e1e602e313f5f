import type { FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Field, FormError, type ApiData, GradeTag, PageHeader, TextInput, SettingsActions, usePermission, useScoreLabels, useSettingsDraft } from '@fmea/sdk';
import { ScoringRulesForm } from './ScoringRulesForm.tsx';
import '../../system.css';

type Standards = ApiData<'/api/score/standards'>;
type Reason = keyof Standards['points'];
type Threshold = keyof Standards['thresholds'];
/** Numbers are edited as text so a half-typed value is not turned into 0. */
type Draft = { points: Record<Reason, string>; thresholds: Record<Threshold, string> };

const REASONS: Reason[] = ['taskCompleted', 'fmeaReleased', 'catalogReleased', 'reviewOpinion', 'reviewApproval', 'reviewRelease'];
const GRADES = ['greenBelt', 'blackBelt', 'blackBeltMaster'] as const;
const thresholdKey = (grade: (typeof GRADES)[number], kind: 'Contribution' | 'Activity') => `${grade}${kind}` as Threshold;
const THRESHOLDS: Threshold[] = GRADES.flatMap((g) => [thresholdKey(g, 'Contribution'), thresholdKey(g, 'Activity')]);
/** The server names a field by its path (points.taskCompleted); the form by its key. */
const SERVER_FIELDS = Object.fromEntries([...REASONS.map((r) => [`points.${r}`, r]), ...THRESHOLDS.map((k) => [`thresholds.${k}`, k])]);

const asText = <K extends string>(values: Record<K, number>) => Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])) as Record<K, string>;
const draftOf = (s: Standards): Draft => ({ points: asText(s.points), thresholds: asText(s.thresholds) });
// a value that is not a number goes as typed, so the server's message names it
const asNumbers = <K extends string>(values: Record<K, string>) =>
  Object.fromEntries(Object.entries<string>(values).map(([k, v]) => [k, v.trim() !== '' && !Number.isNaN(Number(v)) ? Number(v) : v])) as Record<K, number>;

/**
 * The score standards (spec 000 §2.4 system pages): the points each event earns and the contribution and
 * activity each grade asks; below them the QFD and part-risk scoring rules. Not the business rules' "score supply rule" (S/O/D ratings from the knowledge base).
 */
export default function ScoreStandardsPage() {
  const { t } = useLingui();
  const names = useScoreLabels();
  const canEdit = usePermission('system_scoreStandard')('edit');
  const editor = useSettingsDraft(() => api.get('/api/score/standards'), draftOf);
  const { draft, setDraft, errors } = editor;

  function submit(e: FormEvent) {
    e.preventDefault();
    void editor.save((d) => api.post('/api/score/standards/save', { points: asNumbers(d.points), thresholds: asNumbers(d.thresholds) }), {
      saved: t`Score standards saved`,
      fields: [...REASONS, ...THRESHOLDS],
      serverFields: SERVER_FIELDS,
    });
  }

  if (!draft) {
    return <div className="page">{editor.loaded.error ? <FormError message={editor.loaded.error} /> : <div className="page-loading" aria-busy="true" />}</div>;
  }

  const input = (group: keyof Draft, key: string, label: string) => (
    <Field key={key} label={label} error={errors.fields[key]}>
      {(id) => (
        <TextInput
          id={id}
          name={key}
          type="number"
          min={0}
          step={1}
          value={(draft[group] as Record<string, string>)[key]}
          disabled={!canEdit}
          onChange={(e) => (setDraft({ ...draft, [group]: { ...draft[group], [key]: e.target.value } }), editor.clearError(key))}
        />
      )}
    </Field>
  );

  return (
    <div className="page">
    <form noValidate onSubmit={submit} aria-label={t`Score standards`} data-testid="system-score-standards">
      <PageHeader title={<Trans>Score standards</Trans>} actions={<SettingsActions editor={editor} canEdit={canEdit} />} />
      <p className="muted">
        <Trans>Points apply to events from the save on; points already earned stay. Grades follow the thresholds at once.</Trans>
      </p>
      <div className="sys-form-sections">
        <fieldset className="sys-fieldset">
          <legend>
            <Trans>Points per event</Trans>
          </legend>
          <p className="muted">
            <Trans>Completed tasks and released FMEAs and catalog records count towards the contribution score; review opinions, approvals and releases towards the activity score.</Trans>
          </p>
          <div className="sys-form-grid">{REASONS.map((r) => input('points', r, names.reason(r)))}</div>
        </fieldset>
        <fieldset className="sys-fieldset">
          <legend>
            <Trans>Grade thresholds</Trans>
          </legend>
          <p className="muted">
            <Trans>A user holds the highest grade whose contribution and activity thresholds both scores reach; below green belt, elementary.</Trans>
          </p>
          {GRADES.map((g) => (
            <div key={g} className="sys-score-grade-row" data-grade-row={g}>
              <GradeTag grade={g} />
              {input('thresholds', thresholdKey(g, 'Contribution'), t`${names.grade(g)}: contribution score`)}
              {input('thresholds', thresholdKey(g, 'Activity'), t`${names.grade(g)}: activity score`)}
            </div>
          ))}
        </fieldset>
      </div>
      <FormError message={errors.message} />
    </form>
    <ScoringRulesForm canEdit={canEdit} />
    </div>
  );
}
