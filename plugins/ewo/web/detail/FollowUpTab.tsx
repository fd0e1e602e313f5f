import { Trans, useLingui } from '@lingui/react/macro';
import { api, Field, FormError, Button, TextArea, formatDateTime, useForm, type ApiData } from '@fmea/sdk';
import { useEwoLabels } from '../labels.ts';

type Ewo = ApiData<'/api/ewo/get'>;
export type Entry = Ewo['entries'][number];

/** A list of the change's history entries, oldest first: what, by whom, when, and the note or opinion. */
export function Timeline({ entries, testId }: { entries: Entry[]; testId: string }) {
  const { i18n } = useLingui();
  const labels = useEwoLabels();
  if (entries.length === 0)
    return (
      <p className="ewo-empty" data-testid={testId}>
        <Trans>Nothing yet.</Trans>
      </p>
    );
  return (
    <ol className="ewo-timeline" data-testid={testId}>
      {entries.map((e) => (
        <li key={e.id} data-testid="ewo-entry">
          <div>
            <strong>{labels.entry[e.kind]}</strong>
            {e.breakpointKind ? ` · ${labels.breakpointKind[e.breakpointKind]} ${e.breakpointValue ?? ''}` : ''}
            {e.result ? ` · ${labels.result[e.result]}` : ''}
          </div>
          {e.content ? <div data-user-content>{e.content}</div> : null}
          <div className="ewo-when">
            {e.actorName} · {formatDateTime(e.time, i18n.locale)}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** The follow-up: every step and note so far, and a new note by the creator or the tracker once the follow-up started. */
export function FollowUpTab({ ewo, onChanged }: { ewo: Ewo; onChanged: (saved: Ewo) => void }) {
  const { t } = useLingui();
  const form = useForm<{ content: string }, Ewo>({
    initial: { content: '' },
    guard: false,
    validate: (d) => ({ fields: { content: !d.content.trim() && t`Content: say what was done or found.` } }),
    save: (d) => api.post('/api/ewo/followUp', { id: ewo.id, version: ewo.version, content: d.content.trim() }),
    onSaved: (saved) => {
      form.reset({ content: '' });
      onChanged(saved);
    },
  });
  return (
    <div data-testid="ewo-tab-followUp">
      {ewo.status === 'opening' ? (
        <p className="ewo-note">
          <Trans>The follow-up starts once the change is written: use “Start the follow-up”.</Trans>
        </p>
      ) : null}
      {ewo.can.followUp ? (
        <form className="ewo-section" onSubmit={(e) => void form.submit(e)}>
          <Field label={<Trans>New follow-up</Trans>} error={form.error('content')} required>
            {(id) => <TextArea id={id} data-testid="ewo-followup-text" rows={2} maxLength={200} value={form.draft.content} onChange={(e) => form.set('content', e.target.value)} />}
          </Field>
          <FormError message={form.errors.message} />
          <Button kind="primary" type="submit" data-testid="ewo-followup-save" disabled={form.busy}>
            <Trans>Add follow-up</Trans>
          </Button>
        </form>
      ) : null}
      <Timeline entries={ewo.entries} testId="ewo-timeline" />
    </div>
  );
}
