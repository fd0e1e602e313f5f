import { isVariableStudyChart } from '../../domain/spc-study/index.ts';
import type { Issue } from '../../errors.ts';
import type { ServiceContext } from '../shared/context.ts';
import { findStudy, spcCaller, writableProject } from './access.ts';
import { addMeasurements, type AddedMeasurements, type MeasurementInput } from './measurements.ts';
import { readMeasurements } from './read-measurements.ts';

export interface MeasurementImportOptions {
  readonly fileName: string;
  readonly acceptUnmapped?: boolean;
  /** The file size limit in bytes (the import limit). */
  readonly limit?: number;
  readonly onProgress?: (done: number, total: number) => void;
}

/**
 * A study's measurements from a CSV or xlsx file (docs/domain/spc.md): the statistics' reader (subgroup,value
 * or subgroup,count,size, headers in either language, every unreadable row named) and then one all-or-nothing
 * batch. The caller's right to import into the study is checked before the file is read. Columns with data no
 * field takes refuse the file unless accepted; accepted, they are answered in `unmapped`.
 */
export async function importMeasurementFile(ctx: ServiceContext, key: string, data: Uint8Array, options: MeasurementImportOptions): Promise<AddedMeasurements & { unmapped: Issue[] }> {
  const caller = await spcCaller(ctx.db, ctx.actor, 'import');
  const study = await findStudy(ctx.db, key);
  await writableProject(ctx.db, caller, study.projectId, ctx.now());
  const read = await readMeasurements(options.fileName, data, isVariableStudyChart(study.chart) ? 'variables' : 'attributes', { acceptUnmapped: options.acceptUnmapped, ...(options.limit ? { limit: options.limit } : {}) });
  const rows: MeasurementInput[] =
    read.kind === 'variables' ? read.subgroups.flatMap((g) => g.values.map((value) => ({ subgroup: g.subgroup, value }))) : read.rows.map((r) => ({ subgroup: r.subgroup, count: r.count, size: r.size }));
  const added = await addMeasurements(ctx, study.id, rows, 'import', { firstRow: 2, onProgress: options.onProgress });
  return { ...added, unmapped: read.unmapped };
}
