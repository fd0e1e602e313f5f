import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Select, TextInput } from '@fmea/sdk';
import { personOption, type Person } from '../people.ts';
import { TableHead } from '../table-head.tsx';
import { useMemberRoleLabel, type MemberRole } from '../labels.ts';

export interface MemberDraft {
  key: string;
  userId: string;
  role: MemberRole;
  duty: string;
}

const ROLES: MemberRole[] = ['champion', 'leader', 'member'];

/** D1: the team, each member with a role (champion, leader, member) and their function in it (quality, production, design…). */
export function TeamEditor({ members, people, readOnly, onChange, newKey }: { members: readonly MemberDraft[]; people: readonly Person[]; readOnly: boolean; onChange: (m: MemberDraft[]) => void; newKey: () => string }) {
  const { t } = useLingui();
  const roleLabel = useMemberRoleLabel();
  const set = (key: string, change: Partial<MemberDraft>) => onChange(members.map((m) => (m.key === key ? { ...m, ...change } : m)));
  return (
    <div data-testid="team">
      <table className="problem-table">
        <TableHead cells={[<Trans>Member</Trans>, <Trans>Role</Trans>, <Trans>Function in the team</Trans>, ...(readOnly ? [] : [null])]} />
        <tbody>
          {members.length === 0 ? (
            <tr>
              <td colSpan={4} className="muted">
                <Trans>No team members yet: an 8D is worked by a team with a leader.</Trans>
              </td>
            </tr>
          ) : null}
          {members.map((m, i) => {
            const n = i + 1;
            return (
              <tr key={m.key} data-testid="team-row">
                <td>
                  <Select aria-label={t`Member ${n}`} data-testid="team-user" disabled={readOnly} value={m.userId} onChange={(e) => set(m.key, { userId: e.target.value })} options={[{ value: '', label: t`Choose…` }, ...people.map(personOption)]} />
                </td>
                <td>
                  <Select aria-label={t`Role of member ${n}`} data-testid="team-role" disabled={readOnly} value={m.role} onChange={(e) => set(m.key, { role: e.target.value as MemberRole })} options={ROLES.map((r) => ({ value: r, label: roleLabel(r) }))} />
                </td>
                <td>
                  <TextInput aria-label={t`Function of member ${n}`} data-testid="team-duty" readOnly={readOnly} value={m.duty} maxLength={100} placeholder={t`Quality, production, design…`} onChange={(e) => set(m.key, { duty: e.target.value })} />
                </td>
                {readOnly ? null : (
                  <td>
                    <Button kind="link" aria-label={t`Remove member ${n}`} onClick={() => onChange(members.filter((x) => x.key !== m.key))}>
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
        <Button data-testid="team-add" onClick={() => onChange([...members, { key: newKey(), userId: '', role: members.length === 0 ? 'leader' : 'member', duty: '' }])}>
          <Trans>Add member</Trans>
        </Button>
      )}
    </div>
  );
}
