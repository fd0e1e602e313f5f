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
  localName,
  notify,
  notifyError,
  PageHeader,
  Select,
  session,
  TextInput,
  useForm,
  useGridLabels,
  useGuardedNavigate,
  useLoad,
  type ApiData,
  type DataGridColumn,
  type UserInfo,
} from '@fmea/sdk';
import { kindOf, projectPageLink } from '@fmea/core/domain';
import { useFmeaKind } from '../kind.tsx';
import type { ProjectView } from '../types.ts';
import { useDeleteWithUsage } from './usage.ts';
import '../fmea.css';

export type FmeaTemplate = ApiData<'/api/fmeaTemplate/list'>[number];

/** "basic FMEA" or "node with subnodes", in the reader's language. */
export function useTemplateKindLabel(): (kind: FmeaTemplate['kind']) => string {
  const { t } = useLingui();
  return (kind) => (kind === 'basic' ? t`Basic FMEA` : t`Node with subnodes`);
}

/** To whom a template is open, in the reader's language: private, its site by name, or every site. */
export function useTemplateScopeLabel(): (template: Pick<FmeaTemplate, 'scope' | 'siteName' | 'siteNameEn'>) => string {
  const { t, i18n } = useLingui();
  return (x) => {
    if (x.scope === 'all') return t`Every site`;
    if (x.scope === 'private') return t`Private (not published)`;
    const site = localName(i18n.locale, x.siteName, x.siteNameEn);
    return t`Site ${site}`;
  };
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
  const [publishing, setPublishing] = useState<FmeaTemplate | null>(null);
  const scopeLabel = useTemplateScopeLabel();
  const templates = useLoad(() => api.get('/api/fmeaTemplate/list', { side: kindOf(kind.projectType).side }), [kind.projectType, reloadKey]);
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
      { id: 'serialNum', header: t`Number`, accessor: 'serialNum', width: 140, hideable: false },
      { id: 'name', header: t`Template name`, accessor: 'name', width: 170, hideable: false },
      { id: 'kind', header: t`Kind`, accessor: (x) => kindLabel(x.kind), width: 130 },
      { id: 'source', header: t`Saved from`, accessor: (x) => (x.sourceProjectNum ? `${x.sourceProjectNum} ${x.sourceProjectName ?? ''}` : '—'), width: 180 },
      { id: 'nodes', header: t`Nodes`, accessor: (x) => String(x.nodeCount), width: 70, hidden: true },
      { id: 'usedBy', header: t`Used by`, accessor: (x) => String(x.usedBy), width: 70 },
      { id: 'scope', header: t`Visible to`, accessor: (x) => scopeLabel(x), width: 140 },
      { id: 'createdBy', header: t`Saved by`, accessor: (x) => x.createdByName ?? '', width: 110 },
      { id: 'createdAt', header: t`Saved at`, accessor: (x) => formatDateTime(x.createdAt, i18n.locale), width: 150, hidden: true },
      {
        id: 'actions',
        header: t`Actions`,
        width: 330,
        hideable: false,
        cell: (x) => (
          <span className="dfmea-actions">
            {canAdd ? (
              <Button kind="link" data-testid="template-new-project" onClick={() => setUsing(x)}>
                <Trans>New project from it</Trans>
              </Button>
            ) : null}
            {x.canPublish ? (
              <Button kind="link" data-testid="template-publish" onClick={() => setPublishing(x)}>
                <Trans>Publish…</Trans>
              </Button>
            ) : null}
            {x.canDelete ? (
              <Button kind="link" onClick={() => void navigate(projectPageLink(kind.projectType, x.id))}>
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
    [t, i18n.locale, canAdd, canDel, basePath, kind.projectType],
  );

  return (
    <div className="page dfmea-list" data-testid="fmea-templates">
      <PageHeader
        title={kind.texts?.templatesTitle ?? <Trans>DFMEA templates</Trans>}
        actions={
          <Button onClick={() => void navigate(basePath)}>
            <Trans>Back to the projects</Trans>
          </Button>
        }
      />
      <p className="muted">
        <Trans>
          Save a structure node with its subnodes as a template from the structure analysis of a project; the product node saves a basic FMEA (its responsible person only). A new template is private until the responsible person of its
          project publishes it to a site or to every site.
        </Trans>
      </p>
      {templates.data && templates.data.length === 0 ? (
        <EmptyState title={<Trans>No templates yet</Trans>} />
      ) : (
        <DataGrid<FmeaTemplate> aria-label={t`FMEA templates`} columns={columns} rowKey={(x) => x.id} rows={templates.data ?? []} labels={labels} emptyText={t`No templates yet`} />
      )}
      {publishing ? (
        <PublishTemplateDialog
          template={publishing}
          onClose={() => setPublishing(null)}
          onSaved={() => {
            setPublishing(null);
            notify('success', t`Template visibility saved`);
            setReloadKey((k) => k + 1);
          }}
        />
      ) : null}
      {using ? (
        <ProjectFromTemplateDialog
          template={using}
          onClose={() => setUsing(null)}
          onSaved={(project) => {
            setUsing(null);
            notify('success', t`Project created from the template`);
            void navigate(projectPageLink(project.projectType, project.id));
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

/** The source project's responsible person (or an administrator) opens a template to its site or every site, or withdraws it. */
function PublishTemplateDialog({ template, onClose, onSaved }: { template: FmeaTemplate; onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const scopeLabel = useTemplateScopeLabel();
  const form = useForm({
    initial: { scope: template.scope },
    save: ({ scope }) => api.post('/api/fmeaTemplate/publish', { template: template.id, scope }),
    onSaved,
  });
  const serialNum = template.serialNum;
  const options = (['private', 'site', 'all'] as const).map((scope) => ({ value: scope, label: scopeLabel({ ...template, scope }) }));
  return (
    <FormDialog form={form} title={t`Publish template ${serialNum}`} saveTestId="template-publish-save" onClose={onClose}>
      <Field label={t`Visible to`} hint={t`Published templates can be used by everyone in the chosen scope who holds this work area; their content is the analysis as saved.`} error={form.error('scope')}>
        {(id) => <Select id={id} data-testid="template-scope" value={form.draft.scope} onChange={(e) => form.set('scope', e.target.value as FmeaTemplate['scope'])} options={options} />}
      </Field>
    </FormDialog>
  );
}
