import { useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, confirmLeave, DataGrid, type DataGridColumn, notify, PageHeader, useLoad, usePermission } from '@fmea/sdk';
import { useGridLabels } from '@fmea/sdk';
import { moduleName } from './module-names.ts';
import { previewRule, type RuleRow } from './rule-model.ts';
import { RuleEditor } from './RuleEditor.tsx';
import '../../system.css';

/** Numbering rules (spec 000 §3 "Numbering rule"): every module's prefix and code elements; edit one with a live preview. */
export default function NumberingPage() {
  const { t, i18n } = useLingui();
  const allowed = usePermission('system_numbering');
  const labels = useGridLabels();
  const rules = useLoad(() => api.get('/api/numberingRule/list').then((d) => d.items), []);
  const [openModule, setOpenModule] = useState<string | null>(null);
  const list = rules.data ?? [];
  const open = list.find((r) => r.module === openModule) ?? null;

  async function choose(module: string) {
    if (module !== openModule && (await confirmLeave())) setOpenModule(module);
  }

  const columns = useMemo<DataGridColumn<RuleRow>[]>(
    () => [
      { id: 'module', header: t`Module`, accessor: (r) => moduleName(r.module), width: 190, hideable: false },
      { id: 'prefix', header: t`Prefix`, accessor: 'prefix', width: 70 },
      { id: 'pattern', header: t`Elements`, accessor: (r) => previewRule(r).pattern, width: 170 },
      { id: 'sample', header: t`Example`, cell: (r) => <code>{previewRule(r).sample ?? '—'}</code>, width: 150 },
      { id: 'allowManual', header: t`Manual entry`, accessor: (r) => (r.allowManual ? t`Allowed` : t`Not allowed`), width: 120 },
      {
        id: 'actions',
        header: t`Actions`,
        width: 90,
        hideable: false,
        cell: (r) => (
          <Button kind="link" onClick={(e) => (e.stopPropagation(), void choose(r.module))}>
            {allowed('edit') ? <Trans>Edit</Trans> : <Trans>View</Trans>}
          </Button>
        ),
      },
    ],
    // choose reads openModule: rebuild when it changes
    [t, i18n.locale, openModule],
  );

  return (
    <div className="page" data-testid="system-numbering">
      <PageHeader title={<Trans>Numbering rules</Trans>} />
      <div className="sys-split">
        <div className="sys-split-left sys-wide">
          <DataGrid<RuleRow>
            aria-label={t`Numbering rules`}
            columns={columns}
            rows={list}
            pageLocalRows
            pageSize={20}
            rowKey={(r) => r.module}
            onRowClick={(r) => void choose(r.module)}
            selectedKey={openModule}
            labels={labels}
            emptyText={rules.error ?? (rules.loading ? t`Loading…` : t`No numbered modules`)}
          />
        </div>
        {open ? (
          <div className="sys-split-right">
            <RuleEditor
              key={`${open.module}:${JSON.stringify(open)}`}
              rule={open}
              canEdit={allowed('edit')}
              onClose={() => setOpenModule(null)}
              onSaved={(saved) => {
                notify('success', t`Numbering rule of ${moduleName(saved.module)} saved`);
                rules.set(list.map((r) => (r.module === saved.module ? saved : r)));
              }}
            />
          </div>
        ) : null}
      </div>
    </div>
  );
}
