import { useCallback, useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { cellCriticality, OCCURRENCE_LEVELS, SEVERITY_CLASSES, type OccurrenceLevel, type SeverityClass } from '@fmea/core/domain';
import { api, Button, DataGrid, notify, notifyError, readServerError, useGridLabels, type ApiData, type DataGridColumn, type DataGridEditable } from '@fmea/sdk';
import { isConflict, type StepProps } from '@fmea/fmea-ui';
import './criticality.css';

type Report = ApiData<'/api/fmea/fmeca'>;
type ModeRow = Report['modes'][number];
type Source = ModeRow['alphaSource'];

/** How many mode names a cell shows before "+ n more" (all are in its title). */
const NAMES_SHOWN = 3;

/**
 * FMECA (MIL-STD-1629A, IEC 60812; docs/domain/fmeca.md): the criticality
 * matrix reliability engineers read — severity class I–IV up the side, the
 * occurrence level A–E along the top, each cell its number of failure modes
 * and their names, coloured from green (lower left) to red (upper right) — and
 * the quantitative table: per mode β and α, per item λp (FIT) and t, Cm and Cr,
 * saved as they are typed. λp and α not typed come from the FMEDA generated
 * from this DFMEA (a tag with its FM number), α then from the frequency ratio.
 */
export default function CriticalityStep({ projectId, serialNum, readOnly, remoteRevision }: StepProps) {
  const { t } = useLingui();
  const labels = useGridLabels();
  const [report, setReport] = useState<Report | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  // saves go one after another, each with the stored versions the one before answered: typing β, then α at
  // once must not refuse the second as stale against the user's own first save
  const versions = useRef(new Map<string, number>());
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const remember = (next: Report) => {
    versions.current.clear();
    for (const mode of next.modes) {
      versions.current.set(`mode:${mode.id}`, mode.inputVersion);
      versions.current.set(`item:${mode.itemId}`, mode.itemInputVersion);
    }
    setReport(next);
  };

  const load = useCallback(async () => {
    try {
      remember(await api.get('/api/fmea/fmeca', { projectId }));
      setReloadKey((n) => n + 1);
    } catch (e) {
      notifyError(e);
    }
  }, [projectId]);
  useEffect(() => {
    void load();
  }, [load, remoteRevision]);

  const className: Record<SeverityClass, string> = { I: t`I Catastrophic`, II: t`II Critical`, III: t`III Marginal`, IV: t`IV Minor` };
  const levelName: Record<OccurrenceLevel, string> = { A: t`A Frequent`, B: t`B Reasonably probable`, C: t`C Occasional`, D: t`D Remote`, E: t`E Extremely unlikely` };

  const save = async (row: ModeRow, columnId: string, text: string) => {
    const value = text.trim() === '' ? null : Number(text);
    if (value !== null && !Number.isFinite(value)) throw new Error(t`Enter a number.`);
    // each save sends the version of the stored inputs last read: one saved by someone else since is refused
    const send = async () => {
      const mode = columnId === 'beta' || columnId === 'alpha';
      const version = versions.current.get(mode ? `mode:${row.id}` : `item:${row.itemId}`) ?? (mode ? row.inputVersion : row.itemInputVersion);
      const body = mode
        ? { projectId, modes: [{ modeId: row.id, version, [columnId]: value }] }
        : { projectId, items: [{ nodeId: row.itemId, version, [columnId]: value }] };
      try {
        remember(await api.post('/api/fmea/saveFmecaInputs', body));
        setReloadKey((n) => n + 1);
      } catch (e) {
        const error = readServerError(e);
        notify('error', error.message ?? t`The value was not saved.`, 6000);
        // a stale read: the table shows what is stored now, so the value can be typed again over it
        if (isConflict(e)) await load();
      }
    };
    const next = saving.current.then(send);
    saving.current = next.catch(() => undefined);
    await next;
  };
  const numberEditor: DataGridEditable<ModeRow> | undefined = readOnly
    ? undefined
    : { type: 'number', validate: (v: string) => (v.trim() !== '' && !Number.isFinite(Number(v)) ? t`Enter a number.` : null) };
  const crOf = (itemId: string) => report?.items.find((i) => i.itemId === itemId)?.cr ?? null;
  const sci = (n: number | null) => (n === null ? '' : n.toExponential(3));
  // the figure and, beside it, where it came from: the FMEDA's FM number, or "ratio" for α's default; a typed one says so in its title
  const sourced = (value: number | null, source: Source) => {
    const fmedaNum = source?.fmedaNum ?? null;
    const byDefault = source?.kind === 'default';
    const title = source === null ? undefined : fmedaNum !== null ? t`From FMEDA ${fmedaNum}` : byDefault ? t`The mode's frequency ratio` : t`Typed`;
    return (
      <span title={title} data-source={source?.kind ?? 'none'}>
        {value ?? ''}
        {fmedaNum !== null ? <span className="dfmea-fmeca-source">{fmedaNum}</span> : byDefault ? <span className="dfmea-fmeca-source">{t`ratio`}</span> : null}
      </span>
    );
  };
  const columns: DataGridColumn<ModeRow>[] = [
    { id: 'item', header: t`Item`, width: 140, accessor: 'itemName' },
    { id: 'mode', header: t`Failure mode (FM)`, width: 190, accessor: 'name' },
    { id: 'severity', header: t`S`, width: 44, accessor: (m) => m.severity ?? '' },
    { id: 'class', header: t`Class`, width: 60, accessor: (m) => m.severityClass ?? '' },
    { id: 'occurrence', header: t`O`, width: 44, accessor: (m) => m.occurrence ?? '' },
    { id: 'level', header: t`Level`, width: 60, accessor: (m) => m.occurrenceLevel ?? '' },
    { id: 'beta', header: t`β`, width: 70, accessor: (m) => m.beta ?? '', editable: numberEditor },
    { id: 'alpha', header: t`α`, width: 165, accessor: (m) => m.alpha ?? '', cell: (m) => sourced(m.alpha, m.alphaSource), editable: numberEditor },
    { id: 'lambdaFit', header: t`λp (FIT)`, width: 175, accessor: (m) => m.lambdaFit ?? '', cell: (m) => sourced(m.lambdaFit, m.lambdaSource), editable: numberEditor },
    { id: 'hours', header: t`t (h)`, width: 80, accessor: (m) => m.hours ?? '', editable: numberEditor },
    { id: 'cm', header: t`Cm`, width: 100, accessor: (m) => sci(m.cm) },
    { id: 'cr', header: t`Cr (item)`, width: 100, accessor: (m) => sci(crOf(m.itemId)) },
  ];

  if (!report) return <div className="page-loading" aria-busy="true" />;
  return (
    <div className="dfmea-fmeca" data-testid="fmeca">
      <div className="dfmea-fmeca-head">
        <h2>{t`Criticality matrix`}</h2>
        <Button data-testid="fmeca-export" onClick={() => void api.download('/api/fmea/fmeca/export', `FMECA-${serialNum}.xlsx`, { projectId }).catch(notifyError)}>
          {t`Export workbook`}
        </Button>
      </div>
      <table className="dfmea-fmeca-matrix" aria-label={t`Criticality matrix`}>
        <thead>
          <tr>
            <th className="dfmea-fmeca-axis" scope="col">
              {t`Severity class`} \ {t`Occurrence level`}
            </th>
            {OCCURRENCE_LEVELS.map((level) => (
              <th key={level} scope="col">
                {levelName[level]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {SEVERITY_CLASSES.map((cls) => (
            <tr key={cls}>
              <th scope="row">{className[cls]}</th>
              {OCCURRENCE_LEVELS.map((level) => {
                const modes = report.matrix.cells[cls][level];
                const names = modes.map((m) => `${m.itemName}: ${m.name}`);
                return (
                  <td key={level} className={`dfmea-fmeca-cell dfmea-fmeca-${cellCriticality(cls, level)}`} data-cell={`${cls}-${level}`} title={names.join('\n')}>
                    {modes.length > 0 ? (
                      <>
                        <span className="dfmea-fmeca-count">{modes.length}</span>
                        <ul>
                          {names.slice(0, NAMES_SHOWN).map((n, i) => (
                            <li key={i} data-user-content>
                              {n}
                            </li>
                          ))}
                          {names.length > NAMES_SHOWN ? <li className="muted">{t`+ ${names.length - NAMES_SHOWN} more`}</li> : null}
                        </ul>
                      </>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <p className="muted dfmea-fmeca-note">{t`Each failure mode sits at the class of its effects' highest S (I: S 9–10, II: 7–8, III: 4–6, IV: 1–3) and the level of its causes' highest O (A: O 9–10, B: 7–8, C: 5–6, D: 3–4, E: 1–2).`}</p>
      {report.matrix.unplaced.length > 0 ? (
        <p className="alert alert-info" data-testid="fmeca-unplaced">
          {t`Not placed (no rated S or O)`}: {report.matrix.unplaced.map((m) => `${m.itemName}: ${m.name}`).join('; ')}
        </p>
      ) : null}
      <h2>{t`Mode and item criticality`}</h2>
      <p className="muted">{t`Cm = β · α · λp · t (λp in FIT, 1 FIT = 1e-9 per hour); Cr is the sum of an item's Cm. λp and α not typed come from the FMEDA generated from this DFMEA (tagged with its FM number), α then from the mode's frequency ratio; a typed value wins.`}</p>
      <DataGrid<ModeRow>
        aria-label={t`Mode and item criticality`}
        columns={columns}
        rowKey={(m) => m.id}
        fetchPage={async () => ({ items: report.modes, total: report.modes.length })}
        reloadKey={reloadKey}
        pageSize={500}
        pageSizeOptions={[500]}
        canEditRow={() => !readOnly}
        onCellChange={readOnly ? undefined : save}
        emptyText={t`No failure modes yet.`}
        labels={labels}
      />
    </div>
  );
}
