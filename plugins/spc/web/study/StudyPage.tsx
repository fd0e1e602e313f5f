import { useEffect, useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { projectLink } from '@fmea/core/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, confirm, EmptyState, formatDateTime, notify, notifyError, PageHeader, useGuardedNavigate, useLoad, type ApiData, type AreaPageProps } from '@fmea/sdk';
import { ControlChart } from '../chart/ControlChart.tsx';
import type { ChartInput } from '../chart/draw.ts';
import { Histogram } from '../chart/Histogram.tsx';
import { fixed, useSpcLabels } from '../labels.ts';
import { StudyDialog } from '../list/StudyDialog.tsx';
import { EntryDialog } from './EntryDialog.tsx';
import { ImportDialog } from './ImportDialog.tsx';
import { LoopPanel } from './LoopPanel.tsx';
import '../spc.css';

type Study = ApiData<'/api/spc/get'>;
type Analysis = ApiData<'/api/spc/analysis'>;

/**
 * One SPC study (spcStudy?id=, by id or number): the figures of all its data (limits, σ, capability, the O it
 * proposes), the primary and secondary control charts with the chosen rules' violations marked and the
 * phase-I boundary, the histogram against the specification, the violations, and the loop to the PFMEA and
 * 8D; entering data, settings, freezing the limits and deleting as the caller may.
 */
export default function StudyPage({ basePath }: AreaPageProps) {
  const { t, i18n } = useLingui();
  const labels = useSpcLabels();
  const id = new URLSearchParams(useSearch()).get('id') ?? '';
  const navigate = useGuardedNavigate();
  const [revision, setRevision] = useState(0);
  const loaded = useLoad(() => (id ? Promise.all([api.get('/api/spc/get', { id }), api.get('/api/spc/analysis', { id })]) : Promise.resolve(null)), [id, revision]);
  const [data, setData] = useState<[Study, Analysis] | null>(null);
  const [dialog, setDialog] = useState<'settings' | 'entry' | 'import' | null>(null);
  useEffect(() => setData(loaded.data ?? null), [loaded.data]);
  const reload = () => setRevision((r) => r + 1);
  const close = () => setDialog(null);
  // a dialog that wrote: closed, and the study and its analysis read again
  const saved = () => {
    setDialog(null);
    reload();
  };
  const analysis = data?.[1];
  const chartLabels = { value: t`Value`, center: t`Centre line`, ucl: t`UCL`, lcl: t`LCL`, violation: t`Out of control` };
  const charts = useMemo(() => {
    if (!analysis) return null;
    const on = (series: 'primary' | 'secondary') => new Set(analysis.violations.filter((v) => v.series === series).map((v) => v.index));
    const primary: ChartInput = { values: analysis.values, center: analysis.center, lcl: analysis.lcl, ucl: analysis.ucl, violations: on('primary'), phaseOne: analysis.phaseOne, subgroups: analysis.subgroups, labels: chartLabels };
    const secondary: ChartInput | null = analysis.secondary
      ? { values: analysis.secondaryValues, center: analysis.secondary.center, lcl: analysis.secondary.lcl, ucl: analysis.secondary.ucl, violations: on('secondary'), phaseOne: analysis.phaseOne, subgroups: analysis.subgroups, labels: chartLabels }
      : null;
    return { primary, secondary };
    // the labels follow the language, which re-renders the page anyway
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [analysis]);

  if (!id || (loaded.error && !data)) return <EmptyState title={loaded.error ?? t`No SPC study chosen.`} />;
  if (!data || !analysis || !charts) return <p className="spc-note">{t`Loading…`}</p>;
  const [study] = data;
  const num = study.studyNum;

  const freeze = async () => {
    try {
      await api.post(study.frozen ? '/api/spc/release' : '/api/spc/freeze', { id: study.id, version: study.version });
      notify('success', study.frozen ? t`Limits of ${num} released` : t`Limits of ${num} frozen`);
      reload();
    } catch (error) {
      notifyError(error);
    }
  };
  const remove = async () => {
    if (!(await confirm({ title: t`Delete study`, message: t`Delete study ${num} and all its measurements?`, danger: true }))) return;
    try {
      await api.post('/api/spc/delete', { id: study.id, version: study.version });
      notify('success', t`Study ${num} deleted`);
      void navigate(basePath);
    } catch (error) {
      notifyError(error);
    }
  };

  const c = analysis.capability;
  const index = (v: number | null | undefined) => (typeof v === 'number' ? (v >= 1.33 ? 'spc-figure spc-figure-good' : v < 1 ? 'spc-figure spc-figure-bad' : 'spc-figure') : 'spc-figure');
  const single = (v: number | (number | null)[] | null) => (typeof v === 'number' ? fixed(v, 4) : v === null ? '—' : t`varies`);
  const figures: [string, string, string, string][] = [
    ['subgroups', t`Subgroups`, String(analysis.values.length), 'spc-figure'],
    ['center', t`Centre`, fixed(analysis.center, 4), 'spc-figure'],
    ['ucl', t`UCL`, single(analysis.ucl), 'spc-figure'],
    ['lcl', t`LCL`, single(analysis.lcl), 'spc-figure'],
    ['sigma', t`σ within`, fixed(analysis.sigma, 4), 'spc-figure'],
    ['cp', 'Cp', fixed(c?.cp, 2), index(c?.cp)],
    ['cpk', 'Cpk', fixed(c?.cpk, 2), index(c?.cpk)],
    ['pp', 'Pp', fixed(c?.pp, 2), index(c?.pp)],
    ['ppk', 'Ppk', fixed(c?.ppk, 2), index(c?.ppk)],
    ['cpm', 'Cpm', fixed(c?.cpm, 2), index(c?.cpm)],
    ['o', t`Proposed O`, String(analysis.proposedOccurrence ?? '—'), 'spc-figure'],
  ];
  const violations = analysis.violations.slice(0, 200);

  return (
    <div className="page spc-study" data-testid="spc-study">
      <PageHeader
        title={
          <span className="spc-head">
            <span data-testid="spc-study-number">{num}</span>
            <span data-user-content>{study.name}</span>
            <span className="spc-sub" data-testid="spc-phase">
              {analysis.phase === 'II' ? t`Phase II: judged against frozen limits` : t`Phase I: limits follow the data`}
            </span>
          </span>
        }
        actions={
          <>
            {study.can.edit ? (
              <Button kind="primary" data-testid="spc-enter" onClick={() => setDialog('entry')}>
                <Trans>Enter data</Trans>
              </Button>
            ) : null}
            {study.can.import ? (
              <Button data-testid="spc-import" onClick={() => setDialog('import')}>
                <Trans>Import</Trans>
              </Button>
            ) : null}
            {study.can.edit ? (
              <Button data-testid="spc-freeze" onClick={() => void freeze()}>
                {study.frozen ? <Trans>Release limits</Trans> : <Trans>Freeze limits</Trans>}
              </Button>
            ) : null}
            {study.can.edit ? (
              <Button data-testid="spc-settings" onClick={() => setDialog('settings')}>
                <Trans>Settings</Trans>
              </Button>
            ) : null}
            {study.can.del ? (
              <Button kind="danger" data-testid="spc-delete" onClick={() => void remove()}>
                <Trans>Delete</Trans>
              </Button>
            ) : null}
          </>
        }
      />
      <p className="spc-sub">
        <Button kind="link" data-testid="spc-pfmea-link" title={t`Open the PFMEA's risk analysis`} onClick={() => void navigate(projectLink(study.projectType, study.projectId, { step: 'risk' }))}>
          <span data-user-content>{`${study.projectSerial} ${study.projectName}`}</span>
        </Button>{' '}
        · {labels.chart[study.chart]} · {t`specification`} <span data-user-content>{study.specification ?? '—'}</span> ·{' '}
        {t`LSL ${fixed(study.lsl, 4)}, target ${fixed(study.target, 4)}, USL ${fixed(study.usl, 4)}`}
        {study.frozen ? ` · ${t`frozen by ${study.frozen.byName ?? '—'} on ${formatDateTime(study.frozen.at, i18n.locale)}`}` : ''}
      </p>
      <dl className="spc-figures" data-testid="spc-figures">
        {figures.map(([key, label, value, className]) => (
          <div key={key} className={className} data-testid={`spc-figure-${key}`}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {analysis.values.length === 0 ? <EmptyState title={t`No measurements yet: enter or import some.`} /> : null}
      <div className="spc-panels">
        <div className="spc-side" style={{ gap: 12 }}>
          {analysis.values.length > 0 ? (
            <div className="spc-chart">
              <h3>{labels.chart[study.chart]}</h3>
              <ControlChart input={charts.primary} testId="spc-chart-primary" />
            </div>
          ) : null}
          {charts.secondary && analysis.values.length > 0 ? (
            <div className="spc-chart">
              <h3>{labels.secondaryName[study.chart]}</h3>
              <ControlChart input={charts.secondary} height={160} testId="spc-chart-secondary" />
            </div>
          ) : null}
        </div>
        <div className="spc-side">
          {analysis.histogram ? (
            <section>
              <h3>
                <Trans>Histogram</Trans>
              </h3>
              <Histogram edges={analysis.histogram.edges} counts={analysis.histogram.counts} lsl={study.lsl} usl={study.usl} target={study.target} />
            </section>
          ) : null}
          <section>
            <h3>{t`Violations (${analysis.violations.length})`}</h3>
            <ul className="spc-violations" data-testid="spc-violations">
              {violations.map((v) => (
                <li key={`${v.series}-${v.index}-${v.rule}`}>
                  <span data-user-content>{v.subgroup}</span> · {v.series === 'secondary' ? `${labels.secondaryName[study.chart]} · ` : ''}
                  {labels.rule[v.rule] ?? String(v.rule)}
                </li>
              ))}
            </ul>
            <p className="spc-note">{t`Rules checked: ${study.rules.join(', ')}; on the range chart: ${study.secondaryRules.join(', ')}.`}</p>
          </section>
          <LoopPanel study={study} analysis={analysis} onChanged={reload} />
        </div>
      </div>
      {dialog === 'settings' ? <StudyDialog study={study} onClose={close} onSaved={saved} /> : null}
      {dialog === 'import' ? <ImportDialog study={study} onClose={close} onImported={saved} /> : null}
      {dialog === 'entry' ? <EntryDialog study={study} onClose={close} onSaved={saved} /> : null}
    </div>
  );
}
