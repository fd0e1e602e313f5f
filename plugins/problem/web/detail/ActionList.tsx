import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Select, TextInput } from '@fmea/sdk';
import { personOption, type Person } from '../people.ts';
import { TableHead } from '../table-head.tsx';

/** An action as the step edits it (the server's row, or a new one without an id). */
export interface ActionDraft {
  key: string;
  id?: string;
  description: string;
  ownerId: string;
  plannedAt: string;
  status: 'open' | 'done';
  result: string;
  causeId: string;
}

export interface ActionListProps {
  actions: readonly ActionDraft[];
  readOnly: boolean;
  people: readonly Person[];
  onChange: (actions: ActionDraft[]) => void;
  /** The root causes an action may address (corrective and preventive actions), by id and words. */
  causes?: readonly { id: string; text: string }[];
  /** What the result column is called here: effectiveness of containment, a verification's finding. */
  resultLabel: string;
  newKey: () => string;
  testId: string;
}

/**
 * The actions of a step as a table (what, who, by when, done, with what effect); a row is added empty and
 * checked on save (the server refuses an action without words and says which row).
 */
export function ActionList({ actions, readOnly, people, onChange, causes, resultLabel, newKey, testId }: ActionListProps) {
  const { t } = useLingui();
  const set = (key: string, change: Partial<ActionDraft>) => onChange(actions.map((a) => (a.key === key ? { ...a, ...change } : a)));
  const add = () => onChange([...actions, { key: newKey(), description: '', ownerId: '', plannedAt: '', status: 'open', result: '', causeId: causes?.[0]?.id ?? '' }]);
  return (
    <div className="problem-actions" data-testid={testId}>
      <table className="problem-table">
        <TableHead
          cells={['#', <Trans>Action</Trans>, ...(causes ? [<Trans>Root cause addressed</Trans>] : []), <Trans>Owner</Trans>, <Trans>Planned</Trans>, <Trans>Done</Trans>, resultLabel, ...(readOnly ? [] : [null])]}
        />
        <tbody>
          {actions.length === 0 ? (
            <tr>
              <td colSpan={8} className="muted">
                <Trans>No actions yet.</Trans>
              </td>
            </tr>
          ) : null}
          {actions.map((a, i) => {
            const n = i + 1;
            return (
              <tr key={a.key} data-testid={`${testId}-row`}>
                <td>{n}</td>
                <td>
                  <TextInput aria-label={t`Action ${n}`} data-testid={`${testId}-description`} readOnly={readOnly} value={a.description} maxLength={500} onChange={(e) => set(a.key, { description: e.target.value })} />
                </td>
                {causes ? (
                  <td>
                    <Select
                      aria-label={t`Root cause addressed by action ${n}`}
                      disabled={readOnly}
                      value={a.causeId}
                      onChange={(e) => set(a.key, { causeId: e.target.value })}
                      options={[{ value: '', label: t`None` }, ...causes.map((c) => ({ value: c.id, label: c.text }))]}
                    />
                  </td>
                ) : null}
                <td>
                  <Select aria-label={t`Owner of action ${n}`} disabled={readOnly} value={a.ownerId} onChange={(e) => set(a.key, { ownerId: e.target.value })} options={[{ value: '', label: t`Choose…` }, ...people.map(personOption)]} />
                </td>
                <td>
                  <TextInput type="date" aria-label={t`Planned date of action ${n}`} readOnly={readOnly} value={a.plannedAt} onChange={(e) => set(a.key, { plannedAt: e.target.value })} />
                </td>
                <td className="problem-center">
                  <input type="checkbox" aria-label={t`Action ${n} done`} disabled={readOnly} checked={a.status === 'done'} onChange={(e) => set(a.key, { status: e.target.checked ? 'done' : 'open' })} />
                </td>
                <td>
                  <TextInput aria-label={t`${resultLabel} of action ${n}`} readOnly={readOnly} value={a.result} maxLength={500} onChange={(e) => set(a.key, { result: e.target.value })} />
                </td>
                {readOnly ? null : (
                  <td>
                    <Button kind="link" aria-label={t`Remove action ${n}`} onClick={() => onChange(actions.filter((x) => x.key !== a.key))}>
                      ×
                    </Button>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      {readOnly ? null : (
        <Button data-testid={`${testId}-add`} onClick={add}>
          <Trans>Add action</Trans>
        </Button>
      )}
    </div>
  );
}
