/** `fmea bom show <product> [--as]`: the product's BOM as an indented tree (JSON: the header and the parts with parentId and level). */
import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { actingContext, addAsOption } from '../kb/shared.ts';

export function registerBomShow(bom: Command): void {
  const { t } = contextOf(bom);
  const command = bom.command('show').description(t('cli.bom.show.description')).argument('<product>', t('cli.bom.arg_product'));
  addAsOption(command).action(async (product: string, options: { as?: string }, cmd: Command) => {
    const context = contextOf(cmd);
    const { getBomTree } = await import('@fmea/core/services');
    const view = await getBomTree(await actingContext(context, options.as), product);
    const name = context.locale === 'en-US' ? (view.product.enProductName ?? view.product.productName) : view.product.productName;
    if (!view.bom) {
      await context.out.printMessage(context.t('cli.bom.show.none', { product: view.product.productNum, name }), { product: view.product, bom: null, parts: [] });
      return;
    }
    const lines = [
      context.t('cli.bom.show.header', { bomNum: view.bom.bomNum, product: view.product.productNum, name, count: view.parts.length }),
      ...view.parts.map((p) => `${'  '.repeat(p.level)}${p.partNum}  ${p.partName}  × ${p.quantity}${p.unit ? ` ${p.unit}` : ''}`),
    ];
    await context.out.printLines(lines, { product: view.product, bom: view.bom, parts: view.parts });
  });
}
