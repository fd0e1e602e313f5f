import { useEffect, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { CHARACTERISTIC_CLASSES, type CharacteristicClass } from '@fmea/core/domain';
import { api, Button, DataGrid, notifyError, useGridLabels, type ApiData, type DataGridColumn } from '@fmea/sdk';
import type { Analysis, StepProps } from '@fmea/fmea-ui';

type CharacteristicRow = ApiData<'/api/fmea/characteristics'>[number];

/** Most serious first: core's order is the rank. */
const CLASS_ORDER = CHARACTERISTIC_CLASSES;

/** The characteristic list: every product characteristic of the project with its class and special flag. */
export default function CharacteristicsStep({ projectId, remoteRevision }: StepProps) {
  const { t } = useLingui();
  const labels = useGridLabels();
  const [specialOnly, setSpecialOnly] = useState(false);
  const [rows, setRows] = useState<CharacteristicRow[] | null>(null);
  const [analysis, setAnalysis] = useState<Pick<Analysis, 'functions' | 'nodes'> | null>(null);

  useEffect(() => {
    let alive = true;
    setRows(null);
    api
      .get('/api/fmea/characteristics', { projectId, special: specialOnly ? '1' : undefined })
      .then((list) => alive && setRows(list))
      .catch((e) => {
        notifyError(e);
        if (alive) setRows([]);
      });
    return () => {
      alive = false;
    };
  }, [projectId, specialOnly, remoteRevision]);

  useEffect(() => {
    let alive = true;
    api
      .get('/api/fmea/analysis', { projectId })
      .then((a) => alive && setAnalysis({ functions: a.functions, nodes: a.nodes }))
      .catch(() => undefined);
    return () => {
      alive = false;
    };
  }, [projectId, remoteRevision]);

  const functions = useMemo(() => new Map((analysis?.functions ?? []).map((f) => [f.id, f])), [analysis]);
  const nodes = useMemo(() => new Map((analysis?.nodes ?? []).map((n) => [n.id, n.name])), [analysis]);

  const classLabel: Record<CharacteristicClass, string> = { safety: t`Safety`, critical: t`Critical`, significant: t`Significant`, general: t`General` };

  const columns: DataGridColumn<CharacteristicRow>[] = [
    { id: 'name', header: t`Characteristic`, width: 220, accessor: 'name', sortable: true },
    {
      id: 'characteristicClass',
      header: t`Class`,
      width: 120,
      sortable: true,
      accessor: (r) => CLASS_ORDER.indexOf(r.characteristicClass),
      cell: (r) => classLabel[r.characteristicClass] ?? r.characteristicClass,
    },
    { id: 'special', header: t`Special characteristic`, width: 140, sortable: true, accessor: (r) => (r.special ? 1 : 0), cell: (r) => (r.special ? t`Yes` : t`No`) },
    { id: 'function', header: t`Function`, width: 240, accessor: (r) => functions.get(r.functionId)?.description ?? '' },
    {
      id: 'element',
      header: t`Structure element`,
      width: 180,
      accessor: (r) => {
        const f = functions.get(r.functionId);
        return f ? (nodes.get(f.nodeId) ?? '') : '';
      },
    },
  ];

  return (
    <DataGrid<CharacteristicRow>
      aria-label={t`Characteristic list`}
      columns={columns}
      rowKey={(r) => r.id}
      rows={rows ?? []}
      pageLocalRows
      pageSize={50}
      pageSizeOptions={[20, 50, 100, 500]}
      emptyText={rows === null ? labels.loading : specialOnly ? t`No special characteristics.` : t`No characteristics yet. Add them to functions in the function analysis.`}
      labels={labels}
      toolbar={
        <Button kind={specialOnly ? 'primary' : 'default'} aria-pressed={specialOnly} onClick={() => setSpecialOnly((v) => !v)}>
          {t`Special characteristics only`}
        </Button>
      }
    />
  );
}
