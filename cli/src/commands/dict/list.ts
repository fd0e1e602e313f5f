/**
 * `fmea dict list`: every dictionary type with its items, as an indented tree;
 * `fmea dict list <typeCode>`: one type's items as a table.
 */
import type { Command } from 'commander';
import type { DictionaryNode } from '@fmea/core/services';
import { contextOf } from '../../context.ts';

function treeLines(nodes: readonly DictionaryNode[], depth = 0): string[] {
  return nodes.flatMap((node) => [
    `${'  '.repeat(depth)}${[node.code, node.name, node.enName].filter(Boolean).join('\t')}`,
    ...treeLines(node.children, depth + 1),
  ]);
}

export function registerDictList(dict: Command): void {
  const { t } = contextOf(dict);
  dict
    .command('list')
    .description(t('cli.dict.list.description'))
    .argument('[typeCode]', t('cli.dict.list.arg_type'))
    .action(async (typeCode: string | undefined, _options: object, command: Command) => {
      const context = contextOf(command);
      const { dictionaryTree, listDictionaryItems } = await import('@fmea/core/services');
      const ctx = await context.services();
      if (typeCode === undefined) {
        const tree = await dictionaryTree(ctx);
        await context.out.printLines(treeLines(tree), tree);
        return;
      }
      const items = await listDictionaryItems(ctx, typeCode);
      await context.out.printTable(items, [
        { header: context.t('cli.dict.field.code'), value: 'code' },
        { header: context.t('cli.field.name'), value: 'name' },
        { header: context.t('cli.field.name_en'), value: 'enName' },
        { header: context.t('cli.dict.field.sort'), value: 'sort', align: 'right' },
      ]);
    });
}
