import { and, eq, inArray } from 'drizzle-orm';
import { bom, bomPart, catalogRecord, ewoItem, fmeaProject } from '../../db/schema/index.ts';
import { isDeleted, live } from '../../db/live.ts';
import { isDomainError } from '../../errors.ts';
import { openableProject } from '../fmea/access.ts';
import { projectLink } from '../../domain/fmea/kinds.ts';
import type { EwoFmeaRef, EwoItemKind } from '../../domain/ewo/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { ewoCaller, readableEwo } from './access.ts';
import { fmeaItemText } from './items.ts';

/**
 * "What it touches" (issue 24, "an EWO lists what it touches"): each affected item as it was when added beside
 * what it is now (gone, or its text changed since), and the FMEA projects touched with their item counts. An FMEA
 * item of a project the caller may no longer open is listed by its kept number and text only, never its current
 * content.
 */
export type TouchState = 'current' | 'changed' | 'gone' | 'hidden';

export interface TouchedItem {
  id: string;
  kind: EwoItemKind;
  fmeaRef: EwoFmeaRef | null;
  code: string;
  label: string;
  /** The item's text now, when it differs from the kept label. */
  currentLabel: string | null;
  state: TouchState;
  changeNote: string | null;
  /** The page that shows it (an FMEA project's), when the caller may open it. */
  link: string | null;
}

export interface TouchedProject {
  projectId: string;
  serialNum: string;
  name: string | null;
  projectType: string | null;
  items: number;
  readable: boolean;
  link: string | null;
}

export interface EwoTouches {
  ewoId: string;
  ewoNum: string;
  products: TouchedItem[];
  bomParts: TouchedItem[];
  fmeaItems: TouchedItem[];
  projects: TouchedProject[];
}

const stateOf = (label: string, now: string | null): { state: TouchState; currentLabel: string | null } =>
  now === null ? { state: 'gone', currentLabel: null } : now === label ? { state: 'current', currentLabel: null } : { state: 'changed', currentLabel: now };

export async function getEwoTouches(ctx: ServiceContext, key: string): Promise<EwoTouches> {
  const caller = await ewoCaller(ctx.db, ctx.actor);
  const row = await readableEwo(ctx.db, caller, key);
  const db = ctx.db;
  const items = await db.select().from(ewoItem).where(eq(ewoItem.ewoId, row.id)).orderBy(ewoItem.sort);
  const base = (i: typeof ewoItem.$inferSelect) => ({ id: i.id, kind: i.kind, fmeaRef: i.fmeaRef, code: i.code, label: i.label, changeNote: i.changeNote, link: null as string | null });

  const productIds = items.filter((i) => i.kind === 'product').map((i) => i.refId);
  const productsNow = productIds.length
    ? new Map((await db.select({ rootId: catalogRecord.rootId, text: catalogRecord.text }).from(catalogRecord).where(and(eq(catalogRecord.type, 'product'), eq(catalogRecord.isLatestVersion, true), live(catalogRecord), inArray(catalogRecord.rootId, productIds)))).map((r) => [r.rootId, r.text]))
    : new Map<string, string>();
  const partIds = items.filter((i) => i.kind === 'bomPart').map((i) => i.refId);
  const partsNow = partIds.length
    ? new Map((await db.select({ id: bomPart.id, name: bomPart.partName }).from(bomPart).innerJoin(bom, eq(bom.id, bomPart.bomId)).where(and(inArray(bomPart.id, partIds), live(bom)))).map((r) => [r.id, r.name]))
    : new Map<string, string>();

  const projectIds = [...new Set(items.filter((i) => i.kind === 'fmeaItem' && i.projectId).map((i) => i.projectId!))];
  const projectRows = projectIds.length ? await db.select().from(fmeaProject).where(inArray(fmeaProject.id, projectIds)) : [];
  const readable = new Set<string>();
  for (const p of projectRows) {
    if (isDeleted(p)) continue;
    try {
      await openableProject(db, caller.operator, p.id, ctx.now());
      readable.add(p.id);
    } catch (error) {
      // not openable: its items stay as they were kept
      if (!isDomainError(error)) throw error;
    }
  }
  const fmeaItems: TouchedItem[] = [];
  for (const i of items.filter((x) => x.kind === 'fmeaItem')) {
    const project = projectRows.find((p) => p.id === i.projectId);
    if (!project || isDeleted(project)) {
      fmeaItems.push({ ...base(i), state: 'gone', currentLabel: null });
      continue;
    }
    if (!readable.has(project.id)) {
      fmeaItems.push({ ...base(i), state: 'hidden', currentLabel: null });
      continue;
    }
    const now = await fmeaItemText(db, project.id, i.fmeaRef!, i.refId);
    fmeaItems.push({ ...base(i), ...stateOf(i.label, now), link: projectLink(project.projectType, project.id) });
  }
  const projects: TouchedProject[] = projectIds.map((id) => {
    const p = projectRows.find((r) => r.id === id);
    const open = readable.has(id);
    const count = items.filter((i) => i.projectId === id).length;
    const kept = items.find((i) => i.projectId === id)!.code;
    return { projectId: id, serialNum: p?.serialNum ?? kept, name: open ? (p?.name ?? null) : null, projectType: p?.projectType ?? null, items: count, readable: open, link: open && p ? projectLink(p.projectType, p.id) : null };
  });
  return {
    ewoId: row.id,
    ewoNum: row.ewoNum,
    products: items.filter((i) => i.kind === 'product').map((i) => ({ ...base(i), ...stateOf(i.label, productsNow.get(i.refId) ?? null) })),
    bomParts: items.filter((i) => i.kind === 'bomPart').map((i) => ({ ...base(i), ...stateOf(i.label, partsNow.get(i.refId) ?? null) })),
    fmeaItems,
    projects,
  };
}
