import { Trans, useLingui } from '@lingui/react/macro';
import { TextArea } from '@fmea/sdk';
import { useIsNotLabel, type IsNotDimension } from '../labels.ts';
import { TableHead } from '../table-head.tsx';

export type IsNotDraft = Record<IsNotDimension, { is: string; isNot: string }>;
export const IS_NOT_ROWS: IsNotDimension[] = ['what', 'where', 'when', 'howMany'];

/**
 * D2: the is / is-not table (Kepner-Tregoe, as the VDA 8D volume asks): for what, where, when and how much,
 * what the problem is and what it could be but is not; the contrast is where the cause hides.
 */
export function IsNotEditor({ rows, readOnly, onChange }: { rows: IsNotDraft; readOnly: boolean; onChange: (rows: IsNotDraft) => void }) {
  const { t } = useLingui();
  const label = useIsNotLabel();
  return (
    <table className="problem-table is-not" data-testid="is-not">
      <TableHead cells={[null, <Trans>Is</Trans>, <Trans>Is not</Trans>]} />
      <tbody>
        {IS_NOT_ROWS.map((d) => {
          const name = label(d);
          return (
            <tr key={d}>
              <th scope="row">{name}</th>
              <td>
                <TextArea aria-label={t`${name}: is`} data-testid={`is-${d}`} rows={2} readOnly={readOnly} maxLength={1000} value={rows[d].is} onChange={(e) => onChange({ ...rows, [d]: { ...rows[d], is: e.target.value } })} />
              </td>
              <td>
                <TextArea aria-label={t`${name}: is not`} data-testid={`is-not-${d}`} rows={2} readOnly={readOnly} maxLength={1000} value={rows[d].isNot} onChange={(e) => onChange({ ...rows, [d]: { ...rows[d], isNot: e.target.value } })} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
