import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { registerBomExport } from './export.ts';
import { registerBomGenerate } from './generate.ts';
import { registerBomImport } from './import.ts';
import { registerBomShow } from './show.ts';

/** `fmea bom …`: a product's bill of materials in and out, and a DFMEA structure from it. */
export function registerBom(program: Command): void {
  const { t } = contextOf(program);
  const bom = program.command('bom').description(t('cli.bom.description'));
  registerBomShow(bom);
  registerBomImport(bom);
  registerBomExport(bom);
  registerBomGenerate(bom);
}
