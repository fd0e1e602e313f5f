/**
 * `fmea bom generate <projectNum> <product> [--as]`: a DFMEA's structure from
 * the product's BOM (every part a node under its parent part's node; nodes the
 * tree has are kept). As the CLI operator, or with --as as that user, whose
 * project rights and the bomImportHeadOnly rule then apply.
 */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { actingContext, addAsOption } from '../kb/shared.ts';

export function registerBomGenerate(bom: Command): void {
  const { t } = contextOf(bom);
  const command = bom
    .command('generate')
    .description(t('cli.bom.generate.description'))
    .argument('<projectNum>', t('cli.dfmea.arg_project_num'))
    .argument('<product>', t('cli.bom.arg_product'));
  addAsOption(command).action(async (projectNum: string, product: string, options: { as?: string }, cmd: Command) => {
    const context = contextOf(cmd);
    const { generateStructureFromBom, getProjectBySerialNumber } = await import('@fmea/core/services');
    const ctx = await actingContext(context, options.as);
    const project = await getProjectBySerialNumber(ctx, projectNum);
    const result = await generateStructureFromBom(ctx, project.id, product);
    await context.out.printMessage(context.t('cli.bom.generate.done', { serialNum: project.serialNum, bomNum: result.bomNum, created: result.created, reused: result.reused }), {
      ...result,
      serialNum: project.serialNum,
    });
  });
}
