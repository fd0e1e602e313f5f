import { useLingui } from '@lingui/react/macro';
import type { ControlPlanColumnKey } from '@fmea/core/domain';
import { Button, RowMarker, type DataGridColumn } from '@fmea/sdk';
import { isOwnColumn, oneLine, useColumnHeader, type CpColumn, type CpLine, type OwnColumn } from './cp-api.ts';
import { reasonsText, useWhoWhen } from './LinePanel.tsx';

/** Starting widths (the user's own widths are kept per user by the grid). */
const WIDTHS: Record<ControlPlanColumnKey, number> = {
  processNo: 110,
  processName: 170,
  machine: 150,
  characteristicNo: 140,
  productCharacteristic: 170,
  processCharacteristic: 170,
  specialClass: 100,
  specification: 180,
  evaluationTechnique: 190,
  sampleSize: 90,
  sampleFrequency: 110,
  controlMethod: 190,
  reactionPlan: 180,
};

export interface LineColumnsOptions {
  /** The columns the server answers (the template's, in the manual's order). */
  columns: readonly CpColumn[];
  readOnly: boolean;
  busy: boolean;
  /** The line with what is typed over it. */
  shown: (line: CpLine) => CpLine;
  isTyped: (line: CpLine, column: OwnColumn) => boolean;
  onReview: (line: CpLine) => void;
  onDelete: (line: CpLine) => void;
}

/**
 * The grid's columns: the line's marks, the form's columns (only the plan's
 * own ones editable), and the row's actions.
 */
export function useLineColumns({ columns, readOnly, busy, shown, isTyped, onReview, onDelete }: LineColumnsOptions): DataGridColumn<CpLine>[] {
  const { t } = useLingui();
  const whoWhen = useWhoWhen();
  const columnHeader = useColumnHeader();
  const textEditor = readOnly ? undefined : ({ type: 'text', validate: (v: string) => (v.trim().length > 200 ? t`At most 200 characters.` : null) } as const);

  /** A control cell: the line's own text marked as its own (red when it contradicts the PFMEA), else the PFMEA's controls. */
  const controlCell = (column: 'controlMethod' | 'evaluationTechnique') => (line: CpLine) => {
    const own = column === 'controlMethod' ? line.ownControlMethod : line.ownEvaluationTechnique;
    const contradicts = line.contradictions.some((c) => c.column === column);
    const text = oneLine(shown(line)[column]);
    // a text typed here shows as typed until its save answers what it is
    if (!line.linked || own === null || isTyped(line, column)) return text;
    return (
      <span className={contradicts ? 'cp-own is-contradiction' : 'cp-own'} title={contradicts ? t`Contradicts the PFMEA` : t`The plan's own text (clear it to follow the PFMEA)`}>
        {text}
      </span>
    );
  };

  return [
    {
      id: 'status',
      header: t`Status`,
      width: 76,
      hideable: false,
      accessor: (l) => (l.suspect ? 'suspect' : l.contradictions.length > 0 ? 'contradiction' : ''),
      cell: (l) => (
        <>
          <StatusIcons line={l} suspectText={reasonsText(l, whoWhen)} contradictionText={l.contradictions.map((c) => c.message).join('\n')} />
          <RowMarker kind="controlPlanLine" id={l.id} label={oneLine(l.productCharacteristic || l.processCharacteristic || l.processName)} />
        </>
      ),
    },
    ...columns.map(
      (column): DataGridColumn<CpLine> => ({
        id: column.key,
        header: columnHeader(column),
        width: WIDTHS[column.key],
        accessor: (l) => oneLine(shown(l)[column.key]),
        cell: column.key === 'controlMethod' || column.key === 'evaluationTechnique' ? controlCell(column.key) : undefined,
        editable: isOwnColumn(column.key) ? textEditor : undefined,
      }),
    ),
    {
      id: 'actions',
      header: t`Actions`,
      width: 150,
      hideable: false,
      cell: (l) =>
        readOnly ? null : (
          <span className="cp-row-actions">
            {l.suspect ? (
              <Button kind="link" disabled={busy} onClick={() => onReview(l)} data-testid="cp-row-review">
                {t`Reviewed`}
              </Button>
            ) : null}
            <Button kind="link" disabled={busy} onClick={() => onDelete(l)} data-testid="cp-row-delete">
              {t`Delete`}
            </Button>
          </span>
        ),
    },
  ];
}

/** The marks of a line: suspect (the PFMEA changed), contradicting (its own text says otherwise), not linked; each tells why on hover. */
function StatusIcons({ line, suspectText, contradictionText }: { line: CpLine; suspectText: string; contradictionText: string }) {
  const { t } = useLingui();
  return (
    <span className="cp-status">
      {line.suspect ? (
        <span className="cp-icon cp-icon-suspect" role="img" title={suspectText} aria-label={t`Suspect: ${suspectText}`} data-testid="cp-suspect">
          ⚠
        </span>
      ) : null}
      {line.contradictions.length > 0 ? (
        <span className="cp-icon cp-icon-contradiction" role="img" title={contradictionText} aria-label={t`Contradicts the PFMEA: ${contradictionText}`} data-testid="cp-contradiction">
          ≠
        </span>
      ) : null}
      {line.linked ? null : (
        <span className="cp-icon cp-icon-unlinked" role="img" title={t`Not linked to the PFMEA`} aria-label={t`Not linked to the PFMEA`} data-testid="cp-unlinked">
          ✎
        </span>
      )}
    </span>
  );
}
