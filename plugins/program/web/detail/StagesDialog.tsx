import { useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, Field, FormDialog, notify, TextInput, useForm } from '@fmea/sdk';
import type { ProgramDetail } from '../program-api.ts';

type Row = { key: string; id: string | null; name: string; nameEn: string; startDate: string; endDate: string };
type Draft = { stages: Row[] };
const FIELDS = ['name', 'nameEn', 'startDate', 'endDate'] as const;
type RowField = (typeof FIELDS)[number];
/** The server names a stage's problem by its place in the list (`stages.2.endDate`): the row shown there. */
const at = (index: number, f: RowField) => `stages.${index}.${f}`;
const orNull = (v: string) => (v.trim() ? v.trim() : null);

/**
 * The program's stages edited as one list (docs/domain/programs-tasks-workbench.md "Stages"): added, renamed
 * in both languages, moved up or down, dated and removed, then saved in one call with the program's version.
 * A removed stage that tasks are in is the server's to settle: its tasks keep their place in the plan
 * without a stage; the row says how many before it goes. The server's refusals show under the row's field.
 */
export function StagesDialog({ program, tasksByStage, onClose, onSaved }: { program: ProgramDetail; tasksByStage: ReadonlyMap<string, number>; onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const next = useRef(0);
  const newKey = () => `new-${next.current++}`;
  const form = useForm<Draft>({
    initial: () => ({ stages: program.stages.map((s) => ({ key: s.id, id: s.id, name: s.name, nameEn: s.nameEn ?? '', startDate: s.startDate ?? '', endDate: s.endDate ?? '' })) }),
    // every row's fields are the server's names, so its problems land under them
    serverFields: Object.fromEntries(Array.from({ length: 100 }, (_, i) => FIELDS.map((f) => [at(i, f), at(i, f)])).flat()) as Record<string, 'stages'>,
    save: (d) =>
      api.post('/api/program/saveStages', {
        id: program.id,
        version: program.version,
        stages: d.stages.map((s) => ({ id: s.id, name: s.name.trim(), nameEn: orNull(s.nameEn), startDate: orNull(s.startDate), endDate: orNull(s.endDate) })),
      }),
    onSaved: () => {
      notify('success', t`Stages saved`);
      onSaved();
    },
  });
  const rows = form.draft.stages;
  /** Rows moved or removed: the problems shown were for the old places, so they go. */
  const restructure = (stages: Row[]) => {
    for (let i = 0; i < Math.max(stages.length, rows.length); i++) for (const f of FIELDS) form.setError(at(i, f), null);
    form.set('stages', stages);
  };
  const edit = (index: number, f: RowField, value: string) => {
    form.setError(at(index, f), null);
    form.set(
      'stages',
      rows.map((r, i) => (i === index ? { ...r, [f]: value } : r)),
    );
  };
  const move = (index: number, by: -1 | 1) => {
    const copy = [...rows];
    const [row] = copy.splice(index, 1);
    copy.splice(index + by, 0, row!);
    restructure(copy);
  };
  const removed = program.stages.filter((s) => !rows.some((r) => r.id === s.id));
  const unstaged = removed.reduce((n, s) => n + (tasksByStage.get(s.id) ?? 0), 0);

  return (
    <FormDialog form={form} width={1000} title={<Trans>Edit stages</Trans>} onClose={onClose} saveTestId="program-stages-save">
      <p className="muted">
        <Trans>The stages in their order. Tasks of a removed stage keep their place in the plan, without a stage.</Trans>
      </p>
      {rows.length === 0 ? (
        <p className="muted" data-testid="program-stages-none">
          <Trans>No stages.</Trans>
        </p>
      ) : null}
      <ol className="program-stage-rows">
        {rows.map((r, i) => {
          const inUse = r.id ? (tasksByStage.get(r.id) ?? 0) : 0;
          const position = i + 1;
          return (
            <li key={r.key} className="program-stage-row" data-testid="program-stage-row">
              <span className="program-stage-pos" aria-hidden="true">
                {position}
              </span>
              <Field label={<Trans>Name (Chinese)</Trans>} error={form.error(at(i, 'name'))} required>
                {(id) => <TextInput id={id} data-testid="program-stage-name" value={r.name} maxLength={200} onChange={(e) => edit(i, 'name', e.target.value)} />}
              </Field>
              <Field label={<Trans>Name (English)</Trans>} error={form.error(at(i, 'nameEn'))}>
                {(id) => <TextInput id={id} data-testid="program-stage-name-en" value={r.nameEn} maxLength={200} onChange={(e) => edit(i, 'nameEn', e.target.value)} />}
              </Field>
              <Field label={<Trans>Start</Trans>} error={form.error(at(i, 'startDate'))}>
                {(id) => <TextInput id={id} type="date" data-testid="program-stage-start" value={r.startDate} onChange={(e) => edit(i, 'startDate', e.target.value)} />}
              </Field>
              <Field label={<Trans>End</Trans>} error={form.error(at(i, 'endDate'))}>
                {(id) => <TextInput id={id} type="date" data-testid="program-stage-end" value={r.endDate} onChange={(e) => edit(i, 'endDate', e.target.value)} />}
              </Field>
              <div className="program-stage-actions">
                <Button kind="link" aria-label={t`Move stage ${position} up`} title={t`Move up`} disabled={i === 0} data-testid="program-stage-up" onClick={() => move(i, -1)}>
                  ↑
                </Button>
                <Button kind="link" aria-label={t`Move stage ${position} down`} title={t`Move down`} disabled={i === rows.length - 1} data-testid="program-stage-down" onClick={() => move(i, 1)}>
                  ↓
                </Button>
                <Button
                  kind="link"
                  data-testid="program-stage-remove"
                  title={inUse ? t`${inUse} tasks are in this stage; they stay in the plan without a stage.` : undefined}
                  onClick={() => restructure(rows.filter((_, j) => j !== i))}
                >
                  <Trans>Remove</Trans>
                </Button>
                {inUse ? (
                  <span className="muted" data-testid="program-stage-tasks">
                    <Trans>{inUse} tasks</Trans>
                  </span>
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      <Button data-testid="program-stage-add" onClick={() => form.set('stages', [...rows, { key: newKey(), id: null, name: '', nameEn: '', startDate: '', endDate: '' }])}>
        <Trans>Add stage</Trans>
      </Button>
      {unstaged ? (
        <p className="alert alert-warning" role="status" data-testid="program-stages-unstaged">
          <Trans>{unstaged} tasks of the removed stages will stay in the plan without a stage.</Trans>
        </p>
      ) : null}
    </FormDialog>
  );
}
