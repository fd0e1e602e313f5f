/**
 * `fmea kb apply|audit|approve|reject|withdraw <type> <serialNum> [--opinion]
 * [--as]`: one step of core's review flow on the record with that number.
 * The step acts on the record's present as the list shows it: the version in
 * preparation beside a release, else the latest. The opinion is required for
 * audit and reject (core says so, naming the field).
 */
import type { Command } from 'commander';
import { NotFoundError } from '@fmea/core/errors';
import { KNOWLEDGE_STATUS_KEYS, type CatalogFlowAction, type CatalogTypeDefinition, type KnowledgeStatus } from '@fmea/core/domain';
import type { CatalogRecordView, ServiceContext } from '@fmea/core/services';
import { contextOf } from '../../context.ts';
import type { Locale } from '../../i18n/index.ts';
import { actingContext, addAsOption, typedAction, typedCommand, type KbScope } from './shared.ts';

const FLOW_ACTIONS = ['apply', 'audit', 'approve', 'reject', 'withdraw'] as const satisfies readonly CatalogFlowAction[];

/** The record's present by its number, through core's list (so the caller's read rights and product types apply). */
async function currentRecord(ctx: ServiceContext, type: CatalogTypeDefinition, serialNum: string, locale: Locale): Promise<CatalogRecordView> {
  const { listCatalogRecords, MAX_LIMIT } = await import('@fmea/core/services');
  const wanted = serialNum.trim();
  const { items } = await listCatalogRecords(ctx, type.id, { search: wanted, limit: MAX_LIMIT });
  const versions = items.filter((r) => r.serialNum === wanted);
  // at most one version is unreleased, and it is numbered past the release beside it
  const present = versions.sort((a, b) => b.versionNo - a.versionNo)[0];
  if (!present) throw new NotFoundError('cli.kb.record_not_found', { title: type.title[locale], serialNum: wanted });
  return present;
}

export function registerKbFlow(parent: Command, scope: KbScope): void {
  const { t } = contextOf(parent);
  for (const action of FLOW_ACTIONS) {
    const command = typedCommand(parent, action, scope).argument('<serialNum>', t('cli.kb.arg_serial_num'));
    if (action !== 'withdraw') command.option('--opinion <text>', t(action === 'audit' || action === 'reject' ? 'cli.kb.option_opinion_required' : 'cli.kb.option_opinion'));
    addAsOption(command).action(
      typedAction<{ opinion?: string; as?: string }>(scope, async ({ context, type, args, options }) => {
        const services = await import('@fmea/core/services');
        const step = {
          apply: services.applyCatalogRecord,
          audit: services.auditCatalogRecord,
          approve: services.approveCatalogRecord,
          reject: services.rejectCatalogRecord,
          withdraw: services.withdrawCatalogRecord,
        }[action];
        const ctx = await actingContext(context, options.as);
        const record = await currentRecord(ctx, type, args[0]!, context.locale);
        const done = await step(ctx, record.id, { version: record.version, opinion: options.opinion });
        const status = context.t(KNOWLEDGE_STATUS_KEYS[done.status as KnowledgeStatus]);
        await context.out.printMessage(
          context.t(`cli.kb.${action}.done`, { title: type.title[context.locale], serialNum: done.serialNum, versionNo: done.versionNo, status }),
          done,
        );
      }),
    );
  }
}
