/**
 * `fmea field list [entity]` and `fmea field add <entity> <systemName>`: the custom fields of the
 * entities that take them (System › Customisation forms; docs/domain/custom-fields.md), checked by
 * the same service as the page (letters-only unique name, unique positive sort, dictionary of a choice).
 */
import { InvalidArgumentError, type Command } from 'commander';
import { CUSTOM_FIELD_ENTITIES, CUSTOM_FIELD_TYPES, type CustomFieldEntity, type CustomFieldType } from '@fmea/core/domain';
import { contextOf } from '../../context.ts';

interface AddOptions {
  alias: string;
  aliasEn: string;
  type: CustomFieldType;
  dict?: string;
  sort?: string;
  placeholder?: string;
  required?: boolean;
  hidden?: boolean;
}

export function registerField(program: Command): void {
  const { t } = contextOf(program);
  const field = program.command('field').description(t('cli.field.description'));
  const entityOf = (value: string): CustomFieldEntity => {
    if (!(CUSTOM_FIELD_ENTITIES as readonly string[]).includes(value)) throw new InvalidArgumentError(t('cli.field.entity_unknown', { values: CUSTOM_FIELD_ENTITIES.join(', ') }));
    return value as CustomFieldEntity;
  };

  field
    .command('list')
    .description(t('cli.field.list.description'))
    .argument('[entity]', t('cli.field.arg_entity', { values: CUSTOM_FIELD_ENTITIES.join(', ') }), entityOf)
    .action(async (entity: CustomFieldEntity | undefined, _options: object, command: Command) => {
      const context = contextOf(command);
      const { listCustomFields } = await import('@fmea/core/services');
      const { db } = await context.database();
      const rows = await listCustomFields(db, entity);
      const yesNo = (value: boolean) => context.t(value ? 'cli.yes' : 'cli.no');
      await context.out.printTable(
        rows.map((r) => ({ ...r, dictType: r.dictType ?? '', required: yesNo(r.required), shown: yesNo(r.shown) })),
        [
          { header: context.t('cli.field.col.entity'), value: 'entity' },
          { header: context.t('cli.field.col.sort'), value: 'sort', align: 'right' },
          { header: context.t('cli.field.col.system_name'), value: 'systemName' },
          { header: context.t('cli.field.col.alias'), value: 'alias' },
          { header: context.t('cli.field.col.alias_en'), value: 'aliasEn' },
          { header: context.t('cli.field.col.type'), value: 'fieldType' },
          { header: context.t('cli.field.col.dict'), value: 'dictType' },
          { header: context.t('cli.field.col.required'), value: 'required' },
          { header: context.t('cli.field.col.shown'), value: 'shown' },
        ],
      );
    });

  field
    .command('add')
    .description(t('cli.field.add.description'))
    .argument('<entity>', t('cli.field.arg_entity', { values: CUSTOM_FIELD_ENTITIES.join(', ') }), entityOf)
    .argument('<systemName>', t('cli.field.arg_system_name'))
    .requiredOption('--alias <text>', t('cli.field.option_alias'))
    .requiredOption('--alias-en <text>', t('cli.field.option_alias_en'))
    .option('--type <type>', t('cli.field.option_type', { values: CUSTOM_FIELD_TYPES.join(', ') }), 'text')
    .option('--dict <typeCode>', t('cli.field.option_dict'))
    .option('--sort <n>', t('cli.field.option_sort'))
    .option('--placeholder <text>', t('cli.field.option_placeholder'))
    .option('--required', t('cli.field.option_required'))
    .option('--hidden', t('cli.field.option_hidden'))
    .action(async (entity: CustomFieldEntity, systemName: string, options: AddOptions, command: Command) => {
      const context = contextOf(command);
      const { listCustomFields, saveCustomField } = await import('@fmea/core/services');
      const ctx = await context.services();
      const sort = options.sort === undefined ? Math.max(0, ...(await listCustomFields(ctx.db, entity)).map((f) => f.sort)) + 1 : Number(options.sort);
      const row = await saveCustomField(ctx, {
        entity,
        systemName,
        alias: options.alias,
        aliasEn: options.aliasEn,
        fieldType: options.type,
        dictType: options.dict ?? null,
        sort,
        placeholder: options.placeholder ?? null,
        required: options.required === true,
        shown: options.hidden !== true,
      });
      await context.out.printMessage(context.t('cli.field.added', { name: row.systemName, entity: row.entity, sort: row.sort }), row);
    });
}
