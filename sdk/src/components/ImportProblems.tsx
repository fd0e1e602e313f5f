import { Trans } from '@lingui/react/macro';

/** A row- or column-level problem of an import, as the server lists it (translated). */
export interface ImportProblem {
  row?: number;
  field?: string;
  message?: string;
  messageKey: string;
}

/**
 * The problems of an import by row (or by column: no row to show), in the
 * reader's language; `fieldLabel` names a field by its header rather than its
 * key. Every import dialog shows its refusals and left-out rows with it.
 */
export function ImportProblems({
  problems,
  caption,
  fieldLabel = (field) => field,
  byRow = true,
  testId,
}: {
  problems: readonly ImportProblem[];
  caption: string;
  fieldLabel?: (field: string) => string;
  byRow?: boolean;
  testId?: string;
}) {
  return (
    <div className="import-problems" data-testid={testId}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {byRow ? (
              <th>
                <Trans>Row</Trans>
              </th>
            ) : null}
            <th>
              <Trans>Column</Trans>
            </th>
            <th>
              <Trans>Problem</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {problems.map((p, i) => (
            <tr key={i}>
              {byRow ? <td>{p.row ?? ''}</td> : null}
              <td>{p.field ? fieldLabel(p.field) : ''}</td>
              <td>{p.message ?? p.messageKey}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
