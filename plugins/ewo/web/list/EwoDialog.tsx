import { Trans, useLingui } from '@lingui/react/macro';
import { EWO_DESCRIPTION_MAX, type EwoSource, type EwoType } from '@fmea/core/domain';
import { api, Field, FormDialog, notify, Select, TextArea, TextInput, useForm, type ApiData } from '@fmea/sdk';
import { PersonPicker } from '../PersonPicker.tsx';
import { options, useEwoLabels } from '../labels.ts';

type Ewo = ApiData<'/api/ewo/get'>;
interface Draft {
  description: string;
  ewoType: EwoType | '';
  source: EwoSource | '';
  closingDate: string;
  trackerId: string;
  trackerText: string;
}

/** A new EWO, or an edit of one's fields: description, type, source, closing date, tracker. The server checks again and names its problems under the fields. */
export function EwoDialog({ ewo, onClose, onSaved }: { ewo?: Ewo; onClose: () => void; onSaved: (saved: Ewo) => void }) {
  const { t } = useLingui();
  const labels = useEwoLabels();
  const form = useForm<Draft, Ewo>({
    initial: ewo
      ? { description: ewo.description, ewoType: ewo.ewoType, source: ewo.source, closingDate: ewo.closingDate ?? '', trackerId: ewo.trackerId, trackerText: ewo.trackerName }
      : { description: '', ewoType: '', source: '', closingDate: '', trackerId: '', trackerText: '' },
    validate: (d) => ({
      fields: {
        description: !d.description.trim() && t`Description: say what changes and why.`,
        ewoType: !d.ewoType && t`Type: choose the kind of change.`,
        source: !d.source && t`Source: choose where the change comes from.`,
        trackerId: !d.trackerId && t`Tracker: pick the person who follows the change up.`,
      },
    }),
    save: (d) => {
      const fields = { description: d.description.trim(), ewoType: d.ewoType as EwoType, source: d.source as EwoSource, closingDate: d.closingDate || null, trackerId: d.trackerId };
      return ewo ? api.post('/api/ewo/edit', { id: ewo.id, version: ewo.version, ...fields }) : api.post('/api/ewo/add', fields);
    },
    onSaved: (saved) => {
      const num = saved.ewoNum;
      notify('success', ewo ? t`Engineering change ${num} saved` : t`Engineering change ${num} opened`);
      onSaved(saved);
    },
  });
  return (
    <FormDialog form={form} title={ewo ? <Trans>Edit engineering change</Trans> : <Trans>New engineering change</Trans>} onClose={onClose} saveTestId="ewo-save">
      <Field label={<Trans>Description</Trans>} error={form.error('description')} required>
        {(id) => <TextArea id={id} data-testid="ewo-description" rows={3} maxLength={EWO_DESCRIPTION_MAX} value={form.draft.description} onChange={(e) => form.set('description', e.target.value)} />}
      </Field>
      <Field label={<Trans>Type</Trans>} error={form.error('ewoType')} required>
        {(id) => <Select id={id} data-testid="ewo-type" value={form.draft.ewoType} onChange={(e) => form.set('ewoType', e.target.value as EwoType)} options={[{ value: '', label: t`Choose…` }, ...options(labels.type)]} />}
      </Field>
      <Field label={<Trans>Source</Trans>} error={form.error('source')} required>
        {(id) => <Select id={id} data-testid="ewo-source" value={form.draft.source} onChange={(e) => form.set('source', e.target.value as EwoSource)} options={[{ value: '', label: t`Choose…` }, ...options(labels.source)]} />}
      </Field>
      <Field label={<Trans>Closing date</Trans>} error={form.error('closingDate')} hint={<Trans>When the change is planned to close.</Trans>}>
        {(id) => <TextInput id={id} type="date" data-testid="ewo-closing-date" value={form.draft.closingDate} onChange={(e) => form.set('closingDate', e.target.value)} />}
      </Field>
      <Field label={<Trans>Tracker</Trans>} error={form.error('trackerId')} required hint={<Trans>Follows the change up, and its breakpoint once published.</Trans>}>
        {(id) => <PersonPicker id={id} role="tracker" ewoId={ewo?.id} testId="ewo-tracker" text={form.draft.trackerText} onText={(text) => form.set('trackerText', text)} onPick={(userId) => form.set('trackerId', userId)} />}
      </Field>
    </FormDialog>
  );
}
