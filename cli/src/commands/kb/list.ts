/**
 * `fmea kb list <type> [--search] [--status] [--product-type] [--all-versions]
 * [--page] [--limit] [--as]`: one page of a type's records, newest change
 * first, as core lists them for the caller. The table names the number and
 * description by the type's own headers; the description in the run's
 * language where the record has it. JSON gives core's page object.
 */
import type { Command } from 'commander';
import { catalogColumnField, catalogTextField, KNOWLEDGE_STATUS_KEYS, type CatalogTypeDefinition, type KnowledgeStatus } from '@fmea/core/domain';
import type { CatalogRecordView } from '@fmea/core/services';
import type { Locale } from '../../i18n/index.ts';
import { formatDateTime } from '../../ui/index.ts';
import { addFilterOptions, listQuery, type KbFilterOptions } from './filters.ts';
import { actingContext, addAsOption, typedAction, typedCommand, type KbScope } from './shared.ts';

interface KbListOptions extends KbFilterOptions {
  readonly as?: string;
}

/** The record's description in `locale`: the English one in en-US where it is filled, else the description. */
export function describeRecord(type: CatalogTypeDefinition, record: CatalogRecordView, locale: Locale): string {
  const text = record.values[catalogTextField(type).key];
  const english = catalogColumnField(type, 'enText');
  const en = english ? record.values[english.key] : null;
  return String((locale === 'en-US' && en ? en : text) ?? '');
}

export function registerKbList(parent: Command, scope: KbScope): void {
  const command = addAsOption(addFilterOptions(typedCommand(parent, 'list', scope), '20'));
  command.action(
    typedAction<KbListOptions>(scope, async ({ context, type, options }) => {
      const { t, locale, out } = context;
      const query = listQuery(options);
      const { listCatalogRecords } = await import('@fmea/core/services');
      const page = await listCatalogRecords(await actingContext(context, options.as), type.id, query);
      await out.printTable<CatalogRecordView>(
        page.items,
        [
          { header: type.serialHeader[locale], value: 'serialNum' },
          { header: catalogTextField(type).header[locale], value: (r) => describeRecord(type, r, locale) },
          { header: t('cli.kb.field.status'), value: (r) => t(KNOWLEDGE_STATUS_KEYS[r.status as KnowledgeStatus]) },
          { header: t('cli.kb.field.version'), value: 'versionNo', align: 'right' },
          { header: t('cli.kb.field.quote_count'), value: 'quoteCount', align: 'right' },
          { header: t('cli.kb.field.updated_at'), value: (r) => formatDateTime(r.updatedAt, locale, context.io.env) },
        ],
        page,
      );
      const pages = Math.max(1, Math.ceil(page.total / page.limit));
      await out.printMessage(t('cli.list.footer', { total: page.total, page: page.page, pages }));
    }),
  );
}
