import { and, eq } from 'drizzle-orm';
import { catalogRecord, fmeaProject } from '../../db/schema/index.ts';
import { CATALOG_TYPES, featureClassesFor, type FeatureClassScope } from '../../domain/catalog/index.ts';
import { kindOf } from '../../domain/fmea/kinds.ts';
import { KNOWLEDGE_STATUS } from '../../domain/status/index.ts';
import { valuesOfRow } from '../catalog/store.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { Locale } from '../../i18n/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { openableProject, projectNotFound } from './access.ts';
import { projectDictionaries } from './project-codes.ts';
import { resolveProjectReference } from './projects.ts';
import { live } from '../../db/live.ts';

/**
 * The characteristic classes an FMEA project uses (spec 001 §7
 * getFeatureClassifyByCustomer/{type}/{projectSerial}): the released
 * classifications of the project's customer, else the general ones
 * (domain/catalog/feature-classes.ts). `type` says which project table the
 * spec's number is looked up in: '0' design-side projects (DFMEA, family,
 * FMEA-MSR: pptSerial), '1' process projects (PFMEA: pppSerial).
 */
export const FEATURE_CLASSIFY_PROJECT_KINDS = ['0', '1'] as const;
export type FeatureClassifyProjectKind = (typeof FEATURE_CLASSIFY_PROJECT_KINDS)[number];

const KIND_OF = { design: '0', process: '1' } as const;

export interface ProjectFeatureClass {
  readonly id: string;
  readonly rootId: string;
  readonly serialNum: string;
  readonly versionNo: number;
  readonly category: string;
  readonly enCategory: string | null;
  readonly priority: number | null;
  readonly customer: string | null;
  /** '1': the class follows the S/O/D ratings; '0' (or unset) it does not. */
  readonly isRelateSod: '0' | '1';
}

export interface ProjectFeatureClasses {
  readonly projectId: string;
  readonly serialNum: string;
  /** The project's customer: its dictionary code and names, null when it names none. */
  readonly customer: { readonly code: string; readonly name: string | null; readonly enName: string | null } | null;
  /** customer: the customer's own classes; general: those without a customer. */
  readonly scope: FeatureClassScope;
  /** '1' when any class listed follows the S/O/D ratings (the spec's featureClassify.isRelateSod; '0' not related). */
  readonly isRelateSod: '0' | '1';
  /** Smallest priority first: the first class a characteristic qualifies for wins. */
  readonly items: ProjectFeatureClass[];
}

/**
 * A project (by number, or a structure node's id as deep links carry it) the
 * caller may open (openableProject: the area's route, membership or a
 * share; a deleted one is not found), of the kind asked (another kind: not
 * found, as the spec's separate tables would say), and its classes.
 */
export async function projectFeatureClasses(ctx: ServiceContext, kind: FeatureClassifyProjectKind, projectSerial: string): Promise<ProjectFeatureClasses> {
  const reference = await resolveProjectReference(ctx.db, projectSerial);
  if (KIND_OF[kindOf(reference.projectType).memberKind] !== kind) throw projectNotFound(projectSerial);
  const { project } = await openableProject(ctx.db, ctx.actor, reference.projectId, ctx.now());

  const { customer, scope, items } = await featureClassesOfProject(ctx.db, project);
  return { projectId: project.id, serialNum: project.serialNum, customer, scope, isRelateSod: items.some((c) => c.isRelateSod === '1') ? '1' : '0', items };
}

/**
 * The classes of a project without any access check (the caller has opened
 * or is editing it): its customer's released classifications, else the
 * general ones. The characteristic services hold customerClass to these names.
 */
export async function featureClassesOfProject(
  db: DbOrTx,
  project: { readonly customer: string | null },
): Promise<{ customer: ProjectFeatureClasses['customer']; scope: FeatureClassScope; items: ProjectFeatureClass[] }> {
  const code = project.customer?.trim() || null;
  const item = code ? (await projectDictionaries(db)).items('customer').find((i) => i.code === code) : undefined;
  const customer = code ? { code, name: item?.name ?? null, enName: item?.enName || null } : null;

  const type = CATALOG_TYPES.featureClassification;
  const rows = await db
    .select()
    .from(catalogRecord)
    .where(and(eq(catalogRecord.type, type.id), live(catalogRecord), eq(catalogRecord.isLatestVersion, true), eq(catalogRecord.status, KNOWLEDGE_STATUS.released)));
  const classes = rows.map((row): ProjectFeatureClass => {
    const values = valuesOfRow(type, row);
    return {
      id: row.id,
      rootId: row.rootId,
      serialNum: row.serialNum,
      versionNo: row.versionNo,
      category: String(values.category ?? ''),
      enCategory: typeof values.enCategory === 'string' ? values.enCategory : null,
      priority: typeof values.priority === 'number' ? values.priority : null,
      customer: typeof values.customer === 'string' ? values.customer : null,
      isRelateSod: values.isRelateSod === '1' ? '1' : '0',
    };
  });
  return { customer, ...featureClassesFor(classes, customer ? [customer.code, customer.name, customer.enName] : []) };
}

/**
 * A characteristic keeps its customer's class by the class's Chinese name (the
 * category it was picked by). A reader of English sees the class record's
 * English name where it has one, else the name as stored (docs/architecture.md,
 * "One language at a time"): the answer maps a stored name to the reader's.
 * Chinese readers cost no query.
 */
export async function customerClassNamer(db: DbOrTx, project: { readonly customer: string | null }, locale: Locale | undefined): Promise<(stored: string) => string> {
  if (locale !== 'en-US') return (stored) => stored;
  const { items } = await featureClassesOfProject(db, project);
  const english = new Map(items.filter((c) => c.enCategory?.trim()).map((c) => [c.category.trim(), c.enCategory!.trim()]));
  return (stored) => english.get(stored.trim()) ?? stored;
}

/** customerClassNamer for a project by its id (the caller has read it: a control plan's line, a flow). */
export async function projectClassNamer(db: DbOrTx, projectId: string, locale: Locale | undefined): Promise<(stored: string) => string> {
  if (locale !== 'en-US') return (stored) => stored;
  const project = await db.select({ customer: fmeaProject.customer }).from(fmeaProject).where(eq(fmeaProject.id, projectId)).get();
  return customerClassNamer(db, project ?? { customer: null }, locale);
}
