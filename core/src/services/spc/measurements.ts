import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { insertRows } from '../../db/bulk-insert.ts';
import { jsonRows } from '../../db/portable.ts';
import { spcMeasurement, spcStudy } from '../../db/schema/index.ts';
import { measurementIssues, type MeasurementSource } from '../../domain/spc-study/index.ts';
import { assertNoIssues } from '../../domain/validation/index.ts';
import { readDb, type ServiceContext } from '../shared/context.ts';
import { pageWindow, type Page, type PageQuery } from '../shared/paging.ts';
import { writeAndLog } from '../shared/write.ts';
import { readableStudy, spcCaller, writableStudy, type SpcButton } from './access.ts';

/** One measurement to add: its subgroup, and a value (variables charts) or a count and a size (attribute charts). */
export interface MeasurementInput {
  subgroup: string;
  value?: number | null;
  count?: number | null;
  size?: number | null;
  /** When it was measured; absent: now. */
  measuredAt?: Date | null;
}

export interface AddedMeasurements {
  readonly added: number;
  readonly firstSeq: number;
  readonly lastSeq: number;
}

/** The button each source needs: typing on the study page is editing it, a file or a machine's batch is importing. */
const BUTTON_OF: Record<MeasurementSource, SpcButton> = { entered: 'edit', import: 'import', machine: 'import' };

/** Rows a statement inserts at once (one JSON parameter each: db/bulk-insert.ts). */
const CHUNK = 10_000;

/**
 * Adds a batch of measurements to a study, all or nothing: every row is checked first and the refusal lists
 * each bad row by its number (`firstRow` numbers them as the file does). Rows continue the study's sequence.
 */
export async function addMeasurements(
  ctx: ServiceContext,
  key: string,
  rows: readonly MeasurementInput[],
  source: MeasurementSource,
  { firstRow = 1, onProgress }: { firstRow?: number; onProgress?: (done: number, total: number) => void } = {},
): Promise<AddedMeasurements> {
  const caller = await spcCaller(ctx.db, ctx.actor, BUTTON_OF[source]);
  return writeAndLog(ctx, async (tx) => {
    const { study } = await writableStudy(tx, caller, key, ctx.now());
    assertNoIssues(measurementIssues(study.chart, rows, firstRow));
    const now = ctx.now();
    const first = study.lastSeq + 1;
    for (let start = 0; start < rows.length; start += CHUNK) {
      onProgress?.(start, rows.length);
      await insertRows(
        tx,
        spcMeasurement,
        rows.slice(start, start + CHUNK).map((r, i) => ({
          studyId: study.id,
          seq: first + start + i,
          subgroup: r.subgroup.trim(),
          value: r.value ?? null,
          count: r.count ?? null,
          size: r.size ?? null,
          measuredAt: r.measuredAt ?? now,
          source,
        })),
      );
    }
    onProgress?.(rows.length, rows.length);
    const last = study.lastSeq + rows.length;
    // the sequence moves without a new version: a study page open elsewhere may still save its settings
    await tx.update(spcStudy).set({ lastSeq: sql`${spcStudy.lastSeq} + ${rows.length}` }).where(eq(spcStudy.id, study.id));
    return {
      result: { added: rows.length, firstSeq: first, lastSeq: last },
      log: { action: 'spc.measurement.add', entity: 'spc_study', entityId: study.id, after: { studyNum: study.studyNum, source, added: rows.length, firstSeq: first, lastSeq: last } },
    };
  });
}

export interface MeasurementRow {
  readonly seq: number;
  readonly subgroup: string;
  readonly value: number | null;
  readonly count: number | null;
  readonly size: number | null;
  readonly measuredAt: Date;
  readonly source: MeasurementSource;
}

/** A study's measurements, newest first, a page at a time (the data table under the chart). */
export async function listMeasurements(ctx: ServiceContext, key: string, query: PageQuery): Promise<Page<MeasurementRow>> {
  const caller = await spcCaller(ctx.db, ctx.actor);
  const db = await readDb(ctx);
  const { study } = await readableStudy(db, caller, key, ctx.now());
  const { page, limit, offset } = pageWindow(query);
  const items = await db
    .select({ seq: spcMeasurement.seq, subgroup: spcMeasurement.subgroup, value: spcMeasurement.value, count: spcMeasurement.count, size: spcMeasurement.size, measuredAt: spcMeasurement.measuredAt, source: spcMeasurement.source })
    .from(spcMeasurement)
    .where(eq(spcMeasurement.studyId, study.id))
    .orderBy(desc(spcMeasurement.seq))
    .limit(limit)
    .offset(offset);
  const total = await db.select({ n: sql<number>`count(*)` }).from(spcMeasurement).where(eq(spcMeasurement.studyId, study.id)).get();
  return { items, total: Number(total?.n ?? 0), page, limit };
}

/**
 * Every measurement of a study in sequence order (the analysis reads them all): the rows aggregated into one
 * JSON text by the database and parsed at once (db/portable.ts `jsonRows`), far cheaper than a driver object
 * per row for a study of 100,000 measurements.
 */
export async function readAllMeasurements(db: Parameters<typeof readableStudy>[0], studyId: string, afterSeq = 0) {
  const found = await db
    .select({ rows: jsonRows([spcMeasurement.seq, spcMeasurement.subgroup, spcMeasurement.value, spcMeasurement.count, spcMeasurement.size]) })
    .from(spcMeasurement)
    .where(and(eq(spcMeasurement.studyId, studyId), gt(spcMeasurement.seq, afterSeq)))
    .get();
  const rows = JSON.parse(found?.rows ?? '[]') as [number, string, number | null, number | null, number | null][];
  // the aggregate's order is the engine's: the sequence decides
  rows.sort((a, b) => a[0] - b[0]);
  return rows.map(([seq, subgroup, value, count, size]) => ({ seq, subgroup, value, count, size }));
}
