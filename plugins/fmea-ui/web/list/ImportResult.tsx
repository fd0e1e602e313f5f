import { Trans, useLingui } from '@lingui/react/macro';
import type { ApiData } from '@fmea/sdk';

/**
 * What the import answers: `created` counts by kind, `unmapped` what the user
 * agreed to leave out, `unknownNames` responsibility names that are no user
 * (kept in the action text).
 */
export type ImportReport = ApiData<'/api/project/importData'>;

/** The import's result: rows imported, and what was created by kind, so a missing kind shows at once. */
export function ImportSummary({ report }: { report: ImportReport }) {
  const { t } = useLingui();
  const { imported, rows, serialNum, created, unknownNames } = report;
  const kinds: [string, number][] = [
    [t`Structure nodes`, created.nodes],
    [t`Functions`, created.functions],
    [t`Characteristics`, created.characteristics],
    [t`Failure effects`, created.effects],
    [t`Failure modes`, created.modes],
    [t`Failure causes`, created.causes],
    [t`Controls`, created.controls],
    [t`Ratings (S, O, D)`, created.ratings],
    [t`Actions`, created.actions],
    [t`Re-ratings`, created.reRatings],
  ];
  const names = unknownNames.join(', ');
  return (
    <>
      <p>
        <Trans>
          {imported} of {rows} rows imported into {serialNum}.
        </Trans>
      </p>
      <table className="dfmea-problems" data-testid="dfmea-import-created">
        <caption>{t`Created`}</caption>
        <tbody>
          {kinds.map(([label, count]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>{count}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {unknownNames.length ? (
        <p className="muted">
          <Trans>Responsibility that names no user here, kept in the action text: {names}</Trans>
        </p>
      ) : null}
    </>
  );
}
