import { Trans, useLingui } from '@lingui/react/macro';
import { api, Field, FormDialog, notify, TextArea, useForm, type ApiData } from '@fmea/sdk';

type Problem = ApiData<'/api/problem/get'>;
type Lesson = ApiData<'/api/problem/lesson'>;

const cut = (text: string) => (Array.from(text).length > 200 ? `${Array.from(text).slice(0, 199).join('')}…` : text);

/**
 * A closed problem's lesson pushed to the experience library (catalog type experience): the failure, its
 * causes and the measures, prefilled from the 8D (the server drafts the rest: type, classification,
 * product) and a remark; the record then goes through the library's own review before it is released.
 */
export function ExperienceDialog({ problem, onClose, onDone }: { problem: Problem; onClose: () => void; onDone: (p: Problem) => void }) {
  const { t } = useLingui();
  const roots = problem.causes.filter((c) => c.rootCause);
  const measures = problem.actions.filter((a) => a.kind === 'corrective' || a.kind === 'preventive' || a.kind === 'readAcross');
  const form = useForm<{ failureDesc: string; cause: string; preventiveMeasures: string; remark: string }, Lesson>({
    initial: {
      failureDesc: cut(problem.brief),
      cause: cut((roots.length ? roots : problem.causes).map((c) => c.description).join('；')),
      preventiveMeasures: cut(measures.map((a) => a.description).join('；')),
      remark: '',
    },
    validate: (d) => ({ fields: { failureDesc: !d.failureDesc.trim() && t`Failure: say what failed.`, cause: !d.cause.trim() && t`Cause: say why it failed.` } }),
    save: (d) =>
      api.post('/api/problem/lesson', {
        id: problem.id,
        version: problem.version,
        values: { failureDesc: d.failureDesc.trim(), cause: d.cause.trim(), preventiveMeasures: d.preventiveMeasures.trim() },
        remark: d.remark.trim() || null,
      }),
    onSaved: (lesson) => {
      const num = lesson.experience.serialNum;
      notify('success', t`Lesson ${num} sent to the experience library for review`);
      onDone(lesson.problem);
    },
  });
  const area = (key: 'failureDesc' | 'cause' | 'preventiveMeasures' | 'remark', testId: string) => (id: string) => (
    <TextArea id={id} data-testid={testId} rows={3} maxLength={200} value={form.draft[key]} onChange={(e) => form.set(key, e.target.value)} />
  );
  return (
    <FormDialog form={form} title={<Trans>Push the lesson to the experience library</Trans>} onClose={onClose} submitLabel={<Trans>Push</Trans>} saveTestId="experience-push" width={620}>
      <Field label={<Trans>Failure</Trans>} required error={form.error('failureDesc')}>
        {area('failureDesc', 'lesson-failure')}
      </Field>
      <Field label={<Trans>Cause</Trans>} required error={form.error('cause')}>
        {area('cause', 'lesson-cause')}
      </Field>
      <Field label={<Trans>Preventive measures</Trans>} error={form.error('preventiveMeasures')}>
        {area('preventiveMeasures', 'lesson-measures')}
      </Field>
      <Field label={<Trans>Remark</Trans>} error={form.error('remark')} hint={<Trans>The experience record goes through the library's review before it is released.</Trans>}>
        {area('remark', 'lesson-remark')}
      </Field>
    </FormDialog>
  );
}
