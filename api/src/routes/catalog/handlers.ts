import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  applyCatalogRecord,
  approveCatalogRecord,
  assertSpreadsheet,
  auditCatalogRecord,
  catalogTypeByEntity,
  createCatalogRecord,
  deleteCatalogRecord,
  exportCatalogRecords,
  exportCatalogTemplate,
  findCatalogRow,
  getCatalogRecord,
  importCatalogRecords,
  InvalidInputError,
  labelCatalogError,
  labelCatalogIssues,
  listCatalogLog,
  listCatalogRecords,
  listCatalogVersions,
  NotFoundError,
  rejectCatalogRecord,
  suggestCatalogRecords,
  translate,
  updateCatalogRecord,
  withdrawCatalogRecord,
  type CatalogFlowInput,
  type CatalogRecordView,
  type CatalogTypeDefinition,
  type Issue,
  type ServiceContext,
} from '@fmea/core';
import { ok } from '../../envelope.ts';
import type { AppEnv } from '../../http/env.ts';
import { serviceContext } from '../../http/context.ts';
import { issueMessage } from '../../http/errors.ts';
import { sendBytes, XLSX_TYPE } from '../../http/files.ts';
import { progressReporter } from '../../realtime/progress.ts';
import { notifyReviewStep } from '../../realtime/review-notice.ts';
import { presentLogRow, presentRecord, presentSuggestion } from './present.ts';
import type { CatalogRoutes } from './routes.ts';
import { CATALOG_BASES, type CatalogBase } from './schemas.ts';

type Ctx = Context<AppEnv>;

/** The type a base serves under the path's entity (the enum already refused others). */
function typeOf(base: CatalogBase, entity: string): CatalogTypeDefinition {
  const type = catalogTypeByEntity(CATALOG_BASES[base].area, entity);
  if (!type) throw new InvalidInputError('catalog.type_unknown', { type: entity });
  return type;
}

/** Runs a service call, naming the type's fields in its refusals by their headers (core labelCatalogError). */
async function run<T>(c: Ctx, type: CatalogTypeDefinition, call: (ctx: ServiceContext) => Promise<T>): Promise<T> {
  try {
    return await call(serviceContext(c));
  } catch (error) {
    throw labelCatalogError(error, type, c.var.locale);
  }
}

/** A record id reached through one entity's path must be of that entity's type (else: not found, as an unknown id). */
async function ofType(ctx: ServiceContext, type: CatalogTypeDefinition, id: string): Promise<void> {
  const row = await findCatalogRow(ctx.db, id);
  if (row.type !== type.id) throw new NotFoundError('catalog.record_not_found', { id });
}

const list = (text: string | undefined) => (text === undefined ? undefined : text.split(',').map((s) => s.trim()).filter(Boolean));

type FlowCall = (ctx: ServiceContext, id: string, input: CatalogFlowInput) => Promise<CatalogRecordView>;

export function registerCatalogBase<B extends CatalogBase>(app: OpenAPIHono<AppEnv>, base: B, routes: CatalogRoutes<B>) {
  const record = (type: CatalogTypeDefinition, view: CatalogRecordView) => presentRecord(type, view);

  app.openapi(routes.list, async (c) => {
    const type = typeOf(base, c.req.valid('param').entity);
    const page = await run(c, type, (ctx) => listCatalogRecords(ctx, type.id, c.req.valid('json')));
    return c.json(ok({ items: page.items.map((v) => record(type, v)), total: page.total, page: page.page, limit: page.limit }), 200);
  });

  app.openapi(routes.get, async (c) => {
    const type = typeOf(base, c.req.valid('param').entity);
    const { id } = c.req.valid('query');
    const view = await run(c, type, async (ctx) => {
      await ofType(ctx, type, id);
      return getCatalogRecord(ctx, id);
    });
    return c.json(ok(record(type, view)), 200);
  });

  app.openapi(routes.versions, async (c) => {
    const type = typeOf(base, c.req.valid('param').entity);
    const { id } = c.req.valid('query');
    const views = await run(c, type, async (ctx) => {
      await ofType(ctx, type, id);
      return listCatalogVersions(ctx, id);
    });
    return c.json(ok({ items: views.map((v) => record(type, v)) }), 200);
  });

  app.openapi(routes.log, async (c) => {
    const type = typeOf(base, c.req.valid('param').entity);
    const { id, page, limit } = c.req.valid('query');
    const rows = await run(c, type, async (ctx) => {
      if (id !== undefined) await ofType(ctx, type, id);
      return listCatalogLog(ctx, { type: type.id, recordId: id, page, limit });
    });
    return c.json(ok({ items: rows.items.map((r) => presentLogRow(c.var.locale, r)), total: rows.total, page: rows.page, limit: rows.limit }), 200);
  });

  app.openapi(routes.saveOrUpdate, async (c) => {
    const type = typeOf(base, c.req.valid('param').entity);
    const { id, version, serialNum, values, remark, customFields } = c.req.valid('json');
    const view = await run(c, type, async (ctx) => {
      if (id === undefined) return createCatalogRecord(ctx, type.id, { values, serialNum, remark, customFields });
      // checked here, not in the schema, so the body's text checks run first (a refinement would hide them)
      if (version === undefined) throw new InvalidInputError('request.invalid', {}, [{ messageKey: 'validation.required', field: 'version', params: { field: 'version' } }]);
      await ofType(ctx, type, id);
      // the number is fixed at creation: a client sending the record back with it changes nothing
      return updateCatalogRecord(ctx, id, { version, values, remark, customFields });
    });
    return c.json(ok(record(type, view)), 200);
  });

  app.openapi(routes.remove, async (c) => {
    const type = typeOf(base, c.req.valid('param').entity);
    const { id, version } = c.req.valid('json');
    const result = await run(c, type, async (ctx) => {
      await ofType(ctx, type, id);
      return deleteCatalogRecord(ctx, id, { version });
    });
    return c.json(ok(result), 200);
  });

  // one handler for the five steps of the review flow (their routes differ only in path and summary)
  // the people the step now waits for (or the applicant, once decided) are told at once; a withdrawal waits for nobody
  const flow = (route: CatalogRoutes<B>['apply'], step: FlowCall, notify = true) =>
    app.openapi(route, async (c) => {
      const type = typeOf(base, c.req.valid('param').entity);
      const { id, version, opinion } = c.req.valid('json');
      const view = await run(c, type, async (ctx) => {
        await ofType(ctx, type, id);
        return step(ctx, id, { version, opinion });
      });
      if (notify) await notifyReviewStep(c.var.services.realtime, serviceContext(c), view.id);
      return c.json(ok(record(type, view)), 200);
    });
  flow(routes.apply, applyCatalogRecord);
  flow(routes.audit as unknown as CatalogRoutes<B>['apply'], auditCatalogRecord);
  flow(routes.approve as unknown as CatalogRoutes<B>['apply'], approveCatalogRecord);
  flow(routes.reject as unknown as CatalogRoutes<B>['apply'], rejectCatalogRecord);
  flow(routes.withdraw as unknown as CatalogRoutes<B>['apply'], withdrawCatalogRecord, false);

  app.openapi(routes.search, async (c) => {
    const type = typeOf(base, c.req.valid('param').entity);
    const { from, pageSize, productTypes, searchName } = c.req.valid('json');
    const items = await run(c, type, (ctx) => suggestCatalogRecords(ctx, type.id, { q: searchName, productTypes, pageSize, from }));
    return c.json(ok({ items: items.map(presentSuggestion) }), 200);
  });

  app.openapi(routes.exportData, async (c) => {
    const type = typeOf(base, c.req.valid('param').entity);
    const { status, productTypes, timestamp: _timestamp, ...query } = c.req.valid('query');
    const file = await run(c, type, (ctx) => exportCatalogRecords(ctx, type.id, { ...query, status: list(status), productTypes: list(productTypes), locale: c.var.locale }));
    return sendBytes(c, file.data, file.fileName, XLSX_TYPE);
  });

  app.openapi(routes.exportDescription, async (c) => {
    const type = typeOf(base, c.req.valid('param').entity);
    const file = await run(c, type, (ctx) => exportCatalogTemplate(ctx, type.id, c.var.locale));
    return sendBytes(c, file.data, file.fileName, XLSX_TYPE);
  });

  for (const route of [routes.importData, routes.importDescription] as const) {
    app.openapi(route, async (c) => {
      const type = typeOf(base, c.req.valid('param').entity);
      const { excelFile, importWayType, acceptUnmapped, goodRowsOnly } = c.req.valid('form');
      const { locale, services } = c.var;
      assertSpreadsheet(excelFile.name, excelFile.size, services.importLimitBytes);
      const report = await run(c, type, async (ctx) => {
        // the caller's tabs show a progress bar (receiveProgressInfo); 100 hides it, also after a refusal
        const onProgress = progressReporter(services, ctx.actor.userId!, translate(locale, 'files.import_progress', { name: excelFile.name }));
        return importCatalogRecords(ctx, type.id, new Uint8Array(await excelFile.arrayBuffer()), {
          mode: importWayType,
          acceptUnmapped,
          goodRowsOnly,
          limit: services.importLimitBytes,
          onProgress,
        }).finally(() => onProgress(1, 1));
      });
      // the rows and columns left out read as a refusal's issues do
      const present = (issues: readonly Issue[]) =>
        labelCatalogIssues(issues, type, locale).map((issue) => ({ row: issue.row, field: issue.field, messageKey: issue.messageKey, message: issueMessage(locale, issue) }));
      return c.json(
        ok({
          created: report.created,
          updated: report.updated,
          versioned: report.versioned,
          skipped: report.skipped,
          rowErrors: present(report.rowErrors),
          unmappedColumns: present(report.unmappedColumns),
        }),
        200,
      );
    });
  }
}

/** For the catalog's other route files (checks.ts, aliases.ts). */
export { typeOf as catalogTypeOf, run as runCatalog, list as commaList };
