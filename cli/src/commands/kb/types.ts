/**
 * `fmea kb types`: the declared catalog types, for scripts that loop over
 * them: id, the spec's entity name (the id unless the spec names it otherwise), title in the run's language, number
 * prefix, route (whose buttons govern it) and area. JSON gives both titles.
 */
import type { Command } from 'commander';
import { CATALOG_TYPES, catalogEntity } from '@fmea/core/domain';
import { contextOf } from '../../context.ts';

interface TypeRow {
  readonly id: string;
  readonly entity: string;
  readonly title: { readonly 'zh-CN': string; readonly 'en-US': string };
  readonly prefix: string;
  readonly tableKey: string;
  readonly serialField: string;
  readonly route: string;
  readonly area: string;
}

export function registerKbTypes(kb: Command): void {
  const { t } = contextOf(kb);
  kb.command('types')
    .description(t('cli.kb.types.description'))
    .action(async (_options: object, command: Command) => {
      const { t: tr, locale, out } = contextOf(command);
      const rows: TypeRow[] = Object.values(CATALOG_TYPES).map((type) => ({
        id: type.id,
        entity: catalogEntity(type),
        title: type.title,
        prefix: type.numbering.prefix,
        tableKey: type.tableKey,
        serialField: type.serialField,
        route: type.route,
        area: type.area,
      }));
      await out.printTable<TypeRow>(rows, [
        { header: tr('cli.kb.types.field.id'), value: 'id' },
        { header: tr('cli.kb.types.field.entity'), value: 'entity' },
        { header: tr('cli.kb.types.field.title'), value: (r) => r.title[locale] },
        { header: tr('cli.kb.types.field.prefix'), value: 'prefix' },
        { header: tr('cli.kb.types.field.route'), value: 'route' },
        { header: tr('cli.kb.types.field.area'), value: (r) => tr(`cli.kb.area.${r.area}`) },
      ]);
    });
}
