import type ExcelJS from 'exceljs';
import type { DbOrTx } from '../../../db/client.ts';
import { readAnalysisSource, sealSnapshot, snapshotOf, type AnalysisSource } from '../../fmea-baseline/source.ts';
import { SEAL_PREFIX } from '../../fmea-baseline/seal.ts';

/**
 * What binds an exported workbook to a version of the analysis
 * (docs/domain/fmea-baselines.md): the project number, the version, the
 * baseline (null: the working copy, not released) and the content hash of
 * the analysis it shows. Written in the form's stamp row and in the
 * workbook's document properties.
 */
export interface WorkbookStamp {
  readonly serialNum: string;
  readonly name: string;
  /** The baseline's version label ("B/2"); the working copy's: the project's version. */
  readonly versionLabel: string | null;
  /** "BL2", or null for the working copy. */
  readonly baselineLabel: string | null;
  readonly contentHash: string;
  /** The baseline's time (so two exports of it are alike); the working copy's: now. */
  readonly at: Date;
}

/** The working copy's stamp from the analysis read once (`readAnalysisSource`): the hash of the analysis as it stands. */
export function stampOf(source: AnalysisSource, now: Date): WorkbookStamp {
  const p = source.project;
  return { serialNum: p.serialNum, name: p.name, versionLabel: p.versionLabel ?? null, baselineLabel: null, contentHash: sealSnapshot(snapshotOf(source)).hash, at: now };
}

/** The working copy's stamp: the hash of the analysis as it stands. */
export async function workingStamp(db: DbOrTx, projectId: string, now: Date): Promise<WorkbookStamp> {
  return stampOf(await readAnalysisSource(db, projectId), now);
}

/** The stamp's cells: the baseline (or "working copy, not released") and the content hash, as label/value pairs. */
export function stampCells(stamp: WorkbookStamp, t: (key: string) => string): { label: string; value: string }[] {
  const baseline = stamp.baselineLabel ? `${stamp.baselineLabel} · ${stamp.versionLabel ?? ''}` : t('fmeaBaseline.stamp.working');
  return [
    { label: t('fmeaBaseline.stamp.baseline'), value: baseline },
    { label: t('fmeaBaseline.stamp.hash'), value: `sha256:${stamp.contentHash}` },
  ];
}

/** Keywords are how verify reads a file's stamp back: `fmea-project:<num> fmea-baseline:<label|working> fmea-content-hash:<hex>`. */
export const stampKeywords = (stamp: WorkbookStamp) =>
  `fmea-project:${stamp.serialNum} fmea-baseline:${stamp.baselineLabel ?? 'working'} fmea-content-hash:${stamp.contentHash}`;

export function readStampKeywords(keywords: string | undefined): { serialNum: string; baselineLabel: string | null; contentHash: string; seal: string | null } | null {
  const get = (key: string) => new RegExp(`(?:^|\\s)${key}:(\\S+)`).exec(keywords ?? '')?.[1];
  const serialNum = get('fmea-project');
  const baseline = get('fmea-baseline');
  const contentHash = get('fmea-content-hash');
  if (!serialNum || !baseline || !contentHash || !/^[0-9a-f]{64}$/.test(contentHash)) return null;
  const seal = new RegExp(`(?:^|\\s)${SEAL_PREFIX}([0-9a-f]{64})`).exec(keywords ?? '')?.[1] ?? null;
  return { serialNum, baselineLabel: baseline === 'working' ? null : baseline, contentHash, seal };
}

/** The document properties (title, subject, keywords, description, times) and, last, the seal of the written cells. */
export function applyStamp(workbook: ExcelJS.stream.xlsx.WorkbookWriter | ExcelJS.Workbook, stamp: WorkbookStamp, seal: string, t: (key: string) => string): void {
  const props = workbook as unknown as Record<string, unknown>;
  const [baseline, hash] = stampCells(stamp, t);
  props.title = `${stamp.serialNum} ${stamp.name}`.trim();
  props.subject = baseline!.value;
  // the seal also among the keywords: programs that rewrite a workbook keep keywords more often than the identifier
  props.keywords = `${stampKeywords(stamp)} ${SEAL_PREFIX}${seal}`;
  props.description = `${t('fmeaExcel.header.serialNum')}: ${stamp.serialNum}; ${t('fmeaExcel.header.versionLabel')}: ${stamp.versionLabel ?? ''}; ${baseline!.label}: ${baseline!.value}; ${hash!.label}: ${hash!.value}`;
  props.identifier = `${SEAL_PREFIX}${seal}`;
  props.creator = 'FMEA Workbench';
  props.lastModifiedBy = 'FMEA Workbench';
  props.created = stamp.at;
  props.modified = stamp.at;
}
