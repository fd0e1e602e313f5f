import type { Command } from 'commander';
import { contextOf } from '../../context.ts';
import { registerKbExport, registerKbTemplate } from './export.ts';
import { registerKbFlow } from './flow.ts';
import { registerKbImport } from './import.ts';
import { registerKbList } from './list.ts';
import { KB_SCOPE, type KbScope } from './shared.ts';
import { registerKbTypes } from './types.ts';

export { type KbScope } from './shared.ts';
export { registerKbExport, registerKbImport, registerKbList };

/** `fmea kb …`: the catalog engine (knowledge base and master data) for admins and CI, every declared type alike. */
export function registerKb(program: Command): void {
  const { t } = contextOf(program);
  const kb = program.command('kb').description(t('cli.kb.description'));
  const scope: KbScope = KB_SCOPE;
  registerKbTypes(kb);
  registerKbList(kb, scope);
  registerKbExport(kb, scope);
  registerKbTemplate(kb, scope);
  registerKbImport(kb, scope);
  registerKbFlow(kb, scope);
}
