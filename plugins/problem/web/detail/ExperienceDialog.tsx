import { Trans, useLingui } from '@lingui/react/macro';
import { api, Field, FormDialog, notify, TextArea, TextInput, useForm, type ApiData } from '@fmea/sdk';

type Problem = ApiData<'/api/problem/get'>;

/**
 * A closed problem's lesson pushed to the experience library (catalog type experience): a title and the
 * lesson, prefilled from the problem's brief and its root causes; the record then goes through the
 * library's own review flow before it is released.
 */
export function ExperienceDialog({ problem, onClose, onDone }: { problem: Problem; onClose: () => void; onDone: (p: Problem) => void }) {
  const { t } = useLingui();
  const roots = problem.causes.filter((c) => c.rootCause).map((c) => `- ${c.description}`);
  const form = useForm<{ title: string; lesson: string }, Problem>({
    initial: { title: problem.brief, lesson: roots.join('\n') },
    validate: (d) => ({ fields: { title: !d.title.trim() && t`Title: name the lesson.`, lesson: !d.lesson.trim() && t`Lesson: say what was learned.` } }),
    save: (d) => api.post('/api/problem/experience', { id: problem.id, title: d.title.trim(), lesson: d.lesson.trim() }),
    onSaved: (next) => {
      notify('success', t`Lesson sent to the experience library for review`);
      onDone(next);
    },
  });
  return (
    <FormDialog form={form} title={<Trans>Push the lesson to the experience library</Trans>} onClose={onClose} submitLabel={<Trans>Push</Trans>} saveTestId="experience-push">
      <Field label={<Trans>Title</Trans>} required error={form.error('title')}>
        {(id) => <TextInput id={id} maxLength={200} value={form.draft.title} onChange={(e) => form.set('title', e.target.value)} />}
      </Field>
      <Field label={<Trans>Lesson learned</Trans>} required error={form.error('lesson')} hint={<Trans>The experience record goes through the library's review before it is released.</Trans>}>
        {(id) => <TextArea id={id} rows={6} maxLength={2000} value={form.draft.lesson} onChange={(e) => form.set('lesson', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}
