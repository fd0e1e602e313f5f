import { eq } from 'drizzle-orm';
import { fmeaBaseline, fmeaProject, user } from '../../db/schema/index.ts';
import { DomainError, InvalidInputError, NotAllowedError } from '../../errors.ts';
import { translate, type Locale } from '../../i18n/index.ts';
import { openableProject } from '../fmea/access.ts';
import { assertWorkbookFile } from '../fmea/excel/import.ts';
import { readStampKeywords } from '../fmea/excel/stamp.ts';
import { readAllSheets } from '../fmea/excel/workbook-io.ts';
import type { ServiceContext } from '../shared/context.ts';
import { SPREADSHEET_LIMIT_BYTES } from '../shared/xlsx.ts';
import { spreadsheetLimits } from '../shared/zip-guard.ts';
import { readCoreProperties, SEAL_PREFIX, sealOfSheets } from './seal.ts';

/**
 * What a workbook file is (docs/domain/fmea-baselines.md, "Verify"):
 * - `baseline`: its seal holds and its content hash is a baseline of a project the caller can open;
 * - `working`: its seal holds and it is a working-copy export (not released);
 * - `unknown`: its seal holds, it says it is a baseline, and no baseline here has its hash;
 * - `changed`: a cell was changed after export (the seal no longer matches);
 * - `otherProject`: its seal holds, and it belongs to another project than the
 *   one it is verified in (`projectId`: the baselines panel of a project, `fmea
 *   … verify --project`), which it names.
 * A file that is no workbook, or a workbook without our seal, is refused with a clear message.
 * Every workbook of a project carries the stamp: the PFMEA or DFMEA form, the
 * control plan and the flow chart (which name their PFMEA).
 */
export type WorkbookVerdict = {
  outcome: 'baseline' | 'working' | 'unknown' | 'changed' | 'otherProject';
  /** As the file states it. */
  serialNum: string;
  baselineLabel: string | null;
  contentHash: string;
  /** Set for `baseline`. */
  projectId: string | null;
  baselineId: string | null;
  versionLabel: string | null;
  releasedAt: Date | null;
  releasedBy: string | null;
  messageKey: string;
  message: string;
};

export async function verifyWorkbook(ctx: ServiceContext, data: Uint8Array, options: { fileName: string; locale?: Locale; limit?: number; projectId?: string }): Promise<WorkbookVerdict> {
  const locale = options.locale ?? 'zh-CN';
  const limit = options.limit ?? SPREADSHEET_LIMIT_BYTES;
  assertWorkbookFile(options.fileName, data.byteLength, limit);
  let sheets: Awaited<ReturnType<typeof readAllSheets>>;
  let props: ReturnType<typeof readCoreProperties>;
  try {
    sheets = await readAllSheets(data, spreadsheetLimits('dfmea', limit));
    props = readCoreProperties(data);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    throw new InvalidInputError('fmeaBaseline.verify_unreadable');
  }
  const stamp = readStampKeywords(props.keywords);
  if (!stamp) throw new InvalidInputError('fmeaBaseline.verify_foreign');
  const seal = props.identifier?.startsWith(SEAL_PREFIX) ? props.identifier.slice(SEAL_PREFIX.length) : stamp.seal;

  const base = { serialNum: stamp.serialNum, baselineLabel: stamp.baselineLabel, contentHash: stamp.contentHash, projectId: null, baselineId: null, versionLabel: null, releasedAt: null, releasedBy: null };
  const params = { project: stamp.serialNum, baseline: stamp.baselineLabel ?? translate(locale, 'fmeaBaseline.diff.working'), hash: stamp.contentHash.slice(0, 12) };
  const answer = (outcome: WorkbookVerdict['outcome'], extra: Partial<WorkbookVerdict> = {}, more: Record<string, string> = {}): WorkbookVerdict => {
    const messageKey = `fmeaBaseline.verify.${outcome}`;
    return { ...base, ...extra, outcome, messageKey, message: translate(locale, messageKey, { ...params, ...more }) };
  };
  // a stamp whose seal is gone was rewritten by some program: changed too
  if (!seal || sealOfSheets(sheets) !== seal) return answer('changed');
  if (options.projectId !== undefined) {
    // checked in a project: a file of another one says whose it is (the caller may open this one; the other's number is the file's own)
    const { project } = await openableProject(ctx.db, ctx.actor, options.projectId, ctx.now());
    if (project.serialNum !== stamp.serialNum) return answer('otherProject', {}, { expected: project.serialNum, expectedName: project.name });
  }
  if (stamp.baselineLabel === null) return answer('working');

  const candidates = await ctx.db
    .select({ id: fmeaBaseline.id, projectId: fmeaBaseline.projectId, label: fmeaBaseline.label, versionLabel: fmeaBaseline.versionLabel, createdAt: fmeaBaseline.createdAt, serialNum: fmeaProject.serialNum, releasedBy: user.userName })
    .from(fmeaBaseline)
    .innerJoin(fmeaProject, eq(fmeaProject.id, fmeaBaseline.projectId))
    .leftJoin(user, eq(user.id, fmeaBaseline.createdBy))
    .where(eq(fmeaBaseline.contentHash, stamp.contentHash));
  let hidden = false;
  for (const c of candidates) {
    try {
      await openableProject(ctx.db, ctx.actor, c.projectId, ctx.now());
    } catch (error) {
      if (error instanceof DomainError) {
        hidden = true;
        continue;
      }
      throw error;
    }
    return answer(
      'baseline',
      { serialNum: c.serialNum, baselineLabel: c.label, projectId: c.projectId, baselineId: c.id, versionLabel: c.versionLabel, releasedAt: c.createdAt, releasedBy: c.releasedBy },
      { project: c.serialNum, baseline: c.label, version: c.versionLabel },
    );
  }
  // it is a baseline of a project the caller may not open: say so rather than "unknown"
  if (hidden) throw new NotAllowedError('fmeaBaseline.verify_not_allowed');
  return answer('unknown');
}
