import { useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  api,
  Button,
  can,
  DataGrid,
  EmptyState,
  Field,
  FormDialog,
  formatDateTime,
  notify,
  notifyError,
  PageHeader,
  session,
  TextInput,
  useForm,
  useGridLabels,
  useGuardedNavigate,
  useLoad,
  type ApiData,
  type DataGridColumn,
  type UserInfo,
} from '@fmea/workbench/sdk';
import { useFmeaKind } from '../kind.tsx';
import type { ProjectView } from '../types.ts';
import { useDeleteWithUsage } from './usage.ts';
import '../dfmea.css';

export type FmeaTemplate = ApiData<'/api/fmeaTemplate/list'>[number];

/** The DFMEA area's templates page (TD…): the shared page with the design kind. */
export default function DfmeaTemplatesPage({ basePath }: { basePath: string }) {
  return <TemplatesPage basePath={basePath} />;
}

/** "basic FMEA" or "node with subnodes", in the reader's language. */
export function useTemplateKindLabel(): (kind: FmeaTemplate['kind']) => string {
  const { t } = useLingui();
  return (kind) => (kind === 'basic' ? t`Basic FMEA` : t`Node with subnodes`);
}

/**
 * The FMEA templates of the area's side (spec 001 §2: TD design, TP process):
 * who saved each, when and from where, how many nodes and how often it is
 * used; a new project from one; deleting one (its owner or an administrator)
 * asks first when projects or nodes use it. Templates are saved from a node of
 * the structure analysis ("Save as template").
 */
export function TemplatesPage({ basePath }: { basePath: string }) {
  const { t, i18n } = useLingui();
  const kind = useFmeaKind();
  const labels = useGridLabels();
  const kindLabel = useTemplateKindLabel();
  const navigate = useGuardedNavigate();
  const deleteWithUsage = useDeleteWithUsage();
  const user = useSnapshot(session).user as UserInfo | null;
  const [reloadKey, setReloadKey] = useState(0);
  const [using, setUsing] = useState<FmeaTemplate | null>(null);
  const templates = useLoad(() => api.get('/api/fmeaTemplate/list', { side: kind.projectType }), [kind.projectType, reloadKey]);
  const canAdd = can(user, kind.route, 'add');
  const canDel = can(user, kind.route, 'del');

  const remove = async (template: FmeaTemplate) => {
    try {
      const view = await api.get('/api/project/selectProjectById', { projectId: template.id });
      if (await deleteWithUsage(template.name, view.version, template.id)) {
        notify('success', t`Template deleted`);
        setReloadKey((k) => k + 1);
      }
    } catch (error) {
      notifyError(error);
    }
  };

  const columns = useMemo<DataGridColumn<FmeaTemplate>[]>(
    () => [
      { id: 'serialNum', header: t`Number`, accessor: 'serialNum', width: 150, hideable: false },
      { id: 'name', header: t`Template name`, accessor: 'name', width: 200, hideable: false },
      { id: 'kind', header: t`Kind`, accessor: (x) => kindLabel(x.kind), width: 140 },
      { id: 'source', header: t`Saved from`, accessor: (x) => (x.sourceProjectNum ? `${x.sourceProjectNum} ${x.sourceProjectName ?? ''}` : '—'), width: 220 },
      { id: 'nodes', header: t`Nodes`, accessor: (x) => String(x.nodeCount), width: 80 },
      { id: 'usedBy', header: t`Used by`, accessor: (x) => String(x.usedBy), width: 80 },
      { id: 'createdBy', header: t`Saved by`, accessor: (x) => x.createdByName ?? '', width: 120 },
      { id: 'createdAt', header: t`Saved at`, accessor: (x) => formatDateTime(x.createdAt, i18n.locale), width: 160 },
      {
        id: 'actions',
        header: t`Actions`,
        width: 280,
        hideable: false,
        cell: (x) => (
          <span className="dfmea-actions">
            {canAdd ? (
              <Button kind="link" data-testid="template-new-project" onClick={() => setUsing(x)}>
                <Trans>New project from it</Trans>
              </Button>
            ) : null}
            {x.canDelete ? (
              <Button kind="link" onClick={() => void navigate(`${basePath}/${kind.projectPage}?projectId=${encodeURIComponent(x.id)}`)}>
                <Trans>Open</Trans>
              </Button>
            ) : null}
            {canDel && x.canDelete ? (
              <Button kind="link" onClick={() => void remove(x)}>
                <Trans>Delete</Trans>
              </Button>
            ) : null}
          </span>
        ),
      },
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n.locale, canAdd, canDel, basePath, kind.projectPage],
  );

  return (
    <div className="page dfmea-list" data-testid="fmea-templates">
      <PageHeader
        title={kind.projectType === 'pfmea' ? <Trans>PFMEA templates</Trans> : <Trans>DFMEA templates</Trans>}
        actions={
          <Button onClick={() => void navigate(basePath)}>
            <Trans>Back to the projects</Trans>
          </Button>
        }
      />
      <p className="muted">
        <Trans>Save a structure node with its subnodes as a template from the structure analysis of a project; the product node saves a basic FMEA.</Trans>
      </p>
      {templates.data && templates.data.length === 0 ? (
        <EmptyState title={<Trans>No templates yet</Trans>} />
      ) : (
        <DataGrid<FmeaTemplate> aria-label={t`FMEA templates`} columns={columns} rowKey={(x) => x.id} rows={templates.data ?? []} labels={labels} emptyText={t`No templates yet`} />
      )}
      {using ? (
        <ProjectFromTemplateDialog
          template={using}
          onClose={() => setUsing(null)}
          onSaved={(project) => {
            setUsing(null);
            notify('success', t`Project created from the template`);
            void navigate(`${basePath}/${kind.projectPage}?projectId=${encodeURIComponent(project.id)}`);
          }}
        />
      ) : null}
    </div>
  );
}

/** Names the project made from a template (the template's name unless changed). */
function ProjectFromTemplateDialog({ template, onClose, onSaved }: { template: FmeaTemplate; onClose: () => void; onSaved: (p: ProjectView) => void }) {
  const { t } = useLingui();
  const form = useForm({
    initial: { name: template.name },
    save: ({ name }) => api.post('/api/fmeaTemplate/createProject', { template: template.id, name: name.trim() }),
    onSaved,
  });
  const serialNum = template.serialNum;
  return (
    <FormDialog form={form} title={t`New project from template ${serialNum}`} saveTestId="template-project-save" submitDisabled={!form.draft.name.trim()} onClose={onClose}>
      <Field label={t`Project name`} required error={form.error('name')}>
        {(id) => <TextInput id={id} data-testid="template-project-name" autoFocus value={form.draft.name} maxLength={200} onChange={(e) => form.set('name', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}
