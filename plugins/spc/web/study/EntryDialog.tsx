import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Field, FormDialog, notify, TextArea, useForm, type ApiData } from '@fmea/sdk';

type Study = ApiData<'/api/spc/get'>;

/** A typed line as a measurement: "subgroup, value" (variables charts) or "subgroup, count, size" (attribute charts). */
export function parseEntry(text: string, attributes: boolean) {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [subgroup = '', a = '', b = ''] = line.split(/\s*[,;\t]\s*|\s+/);
      const num = (s: string) => (s.trim() === '' ? null : Number(s));
      return attributes ? { subgroup, count: num(a), size: num(b) } : { subgroup, value: num(a) };
    });
}

/**
 * Measurements typed or pasted, one per line. All are added or none: the server names each wrong line by
 * its number under the field.
 */
export function EntryDialog({ study, onClose, onSaved }: { study: Study; onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const attributes = !['xbar-r', 'xbar-s', 'i-mr'].includes(study.chart);
  const form = useForm({
    initial: { lines: '' },
    guard: false,
    validate: (d) => ({ fields: { lines: !d.lines.trim() && t`Measurements: one per line.` } }),
    save: (d) => api.post('/api/spc/measurements/add', { id: study.id, measurements: parseEntry(d.lines, attributes) }),
    onSaved: ({ added }) => {
      notify('success', plural(added, { one: '# measurement added', other: '# measurements added' }));
      onSaved();
    },
  });
  return (
    <FormDialog form={form} title={<Trans>Enter measurements</Trans>} onClose={onClose} submitLabel={<Trans>Add</Trans>} saveTestId="spc-entry-save">
      <Field
        label={<Trans>Measurements</Trans>}
        error={form.error('lines') || form.error('measurements')}
        required
        hint={attributes ? <Trans>One subgroup per line: subgroup, count, sample size (e.g. “Lot 12, 3, 200”).</Trans> : <Trans>One value per line: subgroup, value (e.g. “S26, 20.012”); the values of a subgroup share its name.</Trans>}
      >
        {(id) => <TextArea id={id} data-testid="spc-entry-lines" rows={8} value={form.draft.lines} onChange={(e) => form.set('lines', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}
