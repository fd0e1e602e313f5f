/**
 * `fmea template list|apply|publish`: the FMEA templates (TD design, TP process) for
 * CI jobs and administrators (issue 14; docs/domain/fmea-reuse.md). Thin over
 * core's templates service; `apply` acts as a named user (`--as`), so the
 * template and project rules are the service's and the project made gets
 * that user as its owner.
 */
import type { Command } from 'commander';
import type { ServiceContext, TemplateView } from '@fmea/core/services';
import { contextOf } from '../../context.ts';
import { UsageError } from '../../errors.ts';
import { formatDateTime } from '../../ui/format.ts';
import { actingContext } from '../kb/shared.ts';
import { FMEA_SIDES } from '@fmea/core/domain';

const SIDES = FMEA_SIDES;
const SCOPES = ['private', 'site', 'all'] as const;

/**
 * A node of the project named by its id, or by its path of names from the
 * root ("Gearbox/Gear"; the root's own name may lead). Functions drawn in
 * the tree are not nodes and never match.
 */
export async function resolveNode(ctx: ServiceContext, projectId: string, node: string): Promise<string> {
  const { getStructureTree } = await import('@fmea/core/services');
  const root = await getStructureTree(ctx, projectId);
  if (!root) throw new UsageError('cli.template.node_unknown', { node });
  type TreeNode = typeof root;
  const all: TreeNode[] = [];
  const walk = (n: TreeNode) => {
    all.push(n);
    n.children.forEach(walk);
  };
  walk(root);
  const byId = all.find((n) => n.id === node && n.nodeType !== 2);
  if (byId) return byId.id;
  const parts = node.split('/').map((p) => p.trim()).filter((p) => p !== '');
  if (parts[0] === root.name) parts.shift();
  let at: TreeNode = root;
  for (const part of parts) {
    const next = at.children.find((c) => c.nodeType !== 2 && c.name === part);
    if (!next) throw new UsageError('cli.template.node_unknown', { node });
    at = next;
  }
  return at.id;
}

export function registerTemplate(program: Command): void {
  const { t } = contextOf(program);
  const template = program.command('template').description(t('cli.template.description'));
  template
    .command('list')
    .description(t('cli.template.list.description'))
    .option('--type <type>', t('cli.template.option_type'))
    .action(async (options: { type?: string }, command: Command) => {
      const context = contextOf(command);
      const { t: tr } = context;
      if (options.type !== undefined && !(SIDES as readonly string[]).includes(options.type)) throw new UsageError('cli.template.type_unknown', { type: options.type });
      const { listTemplates } = await import('@fmea/core/services');
      const items = await listTemplates(await context.services(), { side: options.type as (typeof SIDES)[number] | undefined });
      await context.out.printTable<TemplateView>(
        items,
        [
          { header: tr('cli.template.field.serial_num'), value: 'serialNum' },
          { header: tr('cli.template.field.name'), value: 'name' },
          { header: tr('cli.template.field.kind'), value: (x) => tr(`cli.template.kind.${x.kind}`) },
          { header: tr('cli.template.field.source'), value: (x) => x.sourceProjectNum ?? '' },
          { header: tr('cli.template.field.nodes'), value: (x) => String(x.nodeCount) },
          { header: tr('cli.template.field.scope'), value: (x) => tr(`cli.template.scope.${x.scope}`, { site: (context.locale === 'en-US' && x.siteNameEn) || x.siteName || '' }) },
          { header: tr('cli.template.field.created_by'), value: (x) => x.createdByName ?? '' },
          { header: tr('cli.template.field.created_at'), value: (x) => formatDateTime(x.createdAt, context.locale, context.io.env) },
        ],
        { items },
      );
      await context.out.printMessage(tr('cli.template.list.footer', { total: items.length }));
    });
  template
    .command('apply')
    .description(t('cli.template.apply.description'))
    .argument('<template>', t('cli.template.arg_template'))
    .requiredOption('--as <userName>', t('cli.template.option_as'))
    .option('--project <projectNum>', t('cli.template.option_project'))
    .option('--node <idOrPath>', t('cli.template.option_node'))
    .option('--new', t('cli.template.option_new'))
    .option('--name <name>', t('cli.template.option_name'))
    .action(async (ref: string, options: { as: string; project?: string; node?: string; new?: boolean; name?: string }, command: Command) => {
      const context = contextOf(command);
      if (options.new === true && options.project !== undefined) throw new UsageError('cli.template.project_or_new');
      if (options.new !== true && options.project === undefined) throw new UsageError('cli.template.project_or_new');
      const ctx = await actingContext(context, options.as);
      const { applyTemplate, createProjectFromTemplate, getProjectBySerialNumber } = await import('@fmea/core/services');
      if (options.new === true) {
        const project = await createProjectFromTemplate(ctx, ref, { name: options.name });
        await context.out.printMessage(context.t('cli.template.apply.created', { template: ref, serialNum: project.serialNum, name: project.name }), {
          projectId: project.id,
          serialNum: project.serialNum,
          name: project.name,
        });
        return;
      }
      const project = await getProjectBySerialNumber(ctx, options.project!);
      const nodeId = options.node === undefined ? project.rootNodeId! : await resolveNode(ctx, project.id, options.node);
      const { node, counts } = await applyTemplate(ctx, ref, { targetNodeId: nodeId });
      await context.out.printMessage(context.t('cli.template.apply.inserted', { template: ref, serialNum: project.serialNum, node: node.name, nodes: counts.nodes, failures: counts.failures }), {
        projectId: project.id,
        nodeId: node.id,
        counts,
      });
    });
  template
    .command('publish')
    .description(t('cli.template.publish.description'))
    .argument('<template>', t('cli.template.arg_template'))
    .requiredOption('--scope <scope>', t('cli.template.option_scope'))
    .option('--as <userName>', t('cli.template.option_as_publisher'))
    .action(async (ref: string, options: { scope: string; as?: string }, command: Command) => {
      const context = contextOf(command);
      if (!(SCOPES as readonly string[]).includes(options.scope)) throw new UsageError('cli.template.scope_unknown', { scope: options.scope });
      const ctx = options.as === undefined ? await context.services() : await actingContext(context, options.as);
      const { publishTemplate } = await import('@fmea/core/services');
      const view = await publishTemplate(ctx, ref, { scope: options.scope as (typeof SCOPES)[number] });
      const site = (context.locale === 'en-US' && view.siteNameEn) || view.siteName || '';
      await context.out.printMessage(context.t('cli.template.publish.done', { template: view.serialNum, scope: context.t(`cli.template.scope.${view.scope}`, { site }) }), {
        id: view.id,
        serialNum: view.serialNum,
        scope: view.scope,
        siteId: view.siteId,
      });
    });
}
