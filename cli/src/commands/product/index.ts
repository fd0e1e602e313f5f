import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { registerKbExport, registerKbImport, registerKbList, type KbScope } from '../kb/index.ts';

/** The product catalog type: `fmea product list|export|import` are `fmea kb … product`, with their own help. */
const PRODUCT_SCOPE: KbScope = { type: 'product', keys: 'cli.product' };

/** `fmea product …`: master-data products, a shortcut over the catalog commands. */
export function registerProduct(program: Command): void {
  const { t } = contextOf(program);
  const product = program.command('product').description(t('cli.product.description'));
  registerKbList(product, PRODUCT_SCOPE);
  registerKbExport(product, PRODUCT_SCOPE);
  registerKbImport(product, PRODUCT_SCOPE);
}
