import { useLingui } from '@lingui/react/macro';
import { api, Field, FormDialog, Select, TextArea, TextInput, useForm, useLoad } from '@fmea/sdk';
import type { Concern, Drbfm } from './model.ts';

type Kind = 'addCause' | 'raiseOccurrence' | 'raiseDetection' | 'addControl';
type Draft = { dfmeaId: string; targetRowId: string; kind: Kind; description: string; rationale: string; rating: string; controlKind: '' | 'prevention' | 'detection' };

/**
 * Sends a concern to a DFMEA (POST /api/drbfm/sendConcern): the DFMEA (one the user may open), its failure mode
 * (the concern's cause becomes a missing cause under it) or cause (a control, a raised O or D). It becomes a
 * change proposal the DFMEA's responsible person accepts or rejects; the DFMEA row then shows where it came from.
 */
export function SendConcernDialog({ view, concern, onClose, onSaved }: { view: Drbfm; concern: Concern; onClose: () => void; onSaved: (view: Drbfm) => void }) {
  const { t } = useLingui();
  const dfmeas = useLoad(() => api.post('/api/project/list', { projectType: 'dfmea', tab: 'all', limit: 100 }).catch(() => ({ items: [] })), []);
  const form = useForm<Draft, Drbfm>({
    initial: { dfmeaId: '', targetRowId: '', kind: 'addCause', description: concern.cause ?? concern.concern.slice(0, 200), rationale: '', rating: '', controlKind: '' },
    validate: (d) => ({
      fields: {
        dfmeaId: !d.dfmeaId && t`Choose the DFMEA.`,
        targetRowId: !d.targetRowId && t`Choose the failure mode or cause.`,
        description: !d.description.trim() && t`Say in a line what should change.`,
      },
    }),
    save: (d) => {
      const rating = d.rating.trim() === '' ? null : Number(d.rating);
      return api.post('/api/drbfm/sendConcern', {
        projectId: view.projectId,
        concernId: concern.id,
        targetRowId: d.targetRowId,
        kind: d.kind,
        description: d.description.trim(),
        rationale: d.rationale.trim() || null,
        occurrence: d.kind === 'raiseOccurrence' ? rating : null,
        det: d.kind === 'raiseDetection' ? rating : null,
        controlKind: d.kind === 'addControl' && d.controlKind ? d.controlKind : null,
      });
    },
    serverFields: { det: 'rating', occurrence: 'rating' },
    onSaved,
  });
  const { draft, set, change } = form;
  const targets = useLoad(() => (draft.dfmeaId ? api.get('/api/drbfm/targets', { projectId: draft.dfmeaId }) : Promise.resolve([])), [draft.dfmeaId]);
  const target = (targets.data ?? []).find((r) => r.id === draft.targetRowId);
  const kinds: Kind[] = target?.kind === 'FC' ? ['addControl', 'raiseOccurrence', 'raiseDetection'] : ['addCause'];
  const kindLabel: Record<Kind, string> = { addCause: t`Add a missing cause`, raiseOccurrence: t`Raise occurrence (O)`, raiseDetection: t`Raise detection (D)`, addControl: t`Add a control` };
  const rowLabel = (r: { kind: 'FM' | 'FC'; text: string; node: string }) => `${r.kind === 'FM' ? t`Failure mode` : t`Failure cause`} · ${r.node}: ${r.text}`;
  return (
    <FormDialog form={form} title={t`Send the concern to a DFMEA`} submitLabel={t`Propose`} width={640} onClose={onClose} saveTestId="drbfm-send-save">
      <p className="muted" data-user-content>
        {concern.concern}
      </p>
      <Field label={t`DFMEA`} required error={form.error('dfmeaId')}>
        {(id) => (
          <Select
            id={id}
            data-testid="drbfm-send-dfmea"
            value={draft.dfmeaId}
            onChange={(e) => change({ dfmeaId: e.target.value, targetRowId: '' })}
            options={[{ value: '', label: '—' }, ...(dfmeas.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.serialNum} ${p.name}` }))]}
          />
        )}
      </Field>
      <Field label={t`Failure mode or cause`} required error={form.error('targetRowId')}>
        {(id) => (
          <Select
            id={id}
            data-testid="drbfm-send-target"
            value={draft.targetRowId}
            onChange={(e) => {
              const next = (targets.data ?? []).find((r) => r.id === e.target.value);
              change({ targetRowId: e.target.value, kind: next?.kind === 'FC' ? 'addControl' : 'addCause' });
            }}
            options={[{ value: '', label: '—' }, ...(targets.data ?? []).map((r) => ({ value: r.id, label: rowLabel(r) }))]}
          />
        )}
      </Field>
      <Field label={t`Change`} required error={form.error('kind')}>
        {(id) => <Select id={id} data-testid="drbfm-send-kind" value={draft.kind} onChange={(e) => set('kind', e.target.value as Kind)} options={kinds.map((k) => ({ value: k, label: kindLabel[k] }))} />}
      </Field>
      <Field label={draft.kind === 'addCause' ? t`Missing cause` : draft.kind === 'addControl' ? t`Control` : t`Change in a line`} required error={form.error('description')}>
        {(id) => <TextInput id={id} data-testid="drbfm-send-description" maxLength={200} value={draft.description} onChange={(e) => set('description', e.target.value)} />}
      </Field>
      {draft.kind === 'raiseOccurrence' || draft.kind === 'raiseDetection' ? (
        <Field label={draft.kind === 'raiseOccurrence' ? t`Occurrence (O), now ${target?.occurrence ?? '—'}` : t`Detection (D), now ${target?.det ?? '—'}`} required error={form.error('rating')}>
          {(id) => <TextInput id={id} inputMode="numeric" value={draft.rating} onChange={(e) => set('rating', e.target.value)} />}
        </Field>
      ) : null}
      {draft.kind === 'addControl' ? (
        <Field label={t`Control type`} required error={form.error('controlKind')}>
          {(id) => (
            <Select
              id={id}
              value={draft.controlKind}
              onChange={(e) => set('controlKind', e.target.value as Draft['controlKind'])}
              options={[
                { value: '', label: '—' },
                { value: 'prevention', label: t`Prevention` },
                { value: 'detection', label: t`Detection` },
              ]}
            />
          )}
        </Field>
      ) : null}
      <Field label={t`Rationale`} error={form.error('rationale')} hint={t`Left empty: the part, the concern and its influence.`}>
        {(id) => <TextArea id={id} maxLength={2000} value={draft.rationale} onChange={(e) => set('rationale', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}
