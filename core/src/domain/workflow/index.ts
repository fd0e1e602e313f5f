import type { Issue } from '../../errors.ts';
import { FMEA_KINDS } from '../fmea/kinds.ts';
import { CATALOG_TYPE_IDS } from '../catalog/types.ts';
import type { ReleaseCondition } from '../status/approval.ts';

/**
 * Workflow settings and review requirements (spec 000 §2.4; docs/domain/workflow-settings.md), one set per
 * installation: for each FMEA kind and each catalog type, which review roles its review needs, whether one or
 * every releaser must release, and who may be named. Nothing stored means today's behaviour: the defaults
 * below change nothing (a test holds them to that).
 */

/** Role types of the role table (spec 000 §6): '0' super, '1' site-level, '2' creator, '3' approver: the "rank" a named person may be required to hold. */
export const WORKFLOW_ROLE_TYPES = ['0', '1', '2', '3'] as const;
export type WorkflowRoleType = (typeof WORKFLOW_ROLE_TYPES)[number];

/** 'rule': the business rule fmeaReleaseAll decides (today's behaviour); 'one' / 'all' override it for the kind. */
export const WORKFLOW_RELEASE = ['rule', 'one', 'all'] as const;
export type WorkflowRelease = (typeof WORKFLOW_RELEASE)[number];

/** Who may be named for an FMEA review round of one kind (besides being able to read the project, always required). */
export interface FmeaNominees {
  /** Only members of the project's team (not administrators nor users it is shared with). */
  readonly membersOnly: boolean;
  /** Only users of the submitter's site (their session site, or their own). */
  readonly sameSite: boolean;
  /** The professional and quality reviewers must hold a role of one of these types (empty: any). */
  readonly reviewerRoleTypes: readonly WorkflowRoleType[];
  /** The technical director and the countersigner must hold a role of one of these types (empty: any). */
  readonly approverRoleTypes: readonly WorkflowRoleType[];
}

export interface FmeaWorkflow {
  readonly kind: string;
  /** Whether the verification countersigner is a role of the review: off, the technical director alone releases. */
  readonly countersign: boolean;
  readonly release: WorkflowRelease;
  readonly nominees: FmeaNominees;
}

export interface CatalogWorkflow {
  readonly type: string;
  /** Whether a record needs the reviewer's audit before the approver's release; off, applying sends it straight to approval. */
  readonly audit: boolean;
}

export interface WorkflowSettings {
  readonly fmea: readonly FmeaWorkflow[];
  readonly catalog: readonly CatalogWorkflow[];
}

export const FMEA_WORKFLOW_KINDS = Object.keys(FMEA_KINDS);
export const CATALOG_WORKFLOW_TYPES: readonly string[] = CATALOG_TYPE_IDS;

export const defaultFmeaWorkflow = (kind: string): FmeaWorkflow => ({
  kind,
  countersign: true,
  release: 'rule',
  nominees: { membersOnly: false, sameSite: false, reviewerRoleTypes: [], approverRoleTypes: [] },
});
export const defaultCatalogWorkflow = (type: string): CatalogWorkflow => ({ type, audit: true });

/** Every kind and type with its stored setting or its default, in the kinds' and types' order. */
export function effectiveWorkflow(stored: Partial<WorkflowSettings>): WorkflowSettings {
  const fmea = new Map((stored.fmea ?? []).map((s) => [s.kind, s]));
  const catalog = new Map((stored.catalog ?? []).map((s) => [s.type, s]));
  return {
    fmea: FMEA_WORKFLOW_KINDS.map((kind) => {
      const d = defaultFmeaWorkflow(kind);
      const s = fmea.get(kind);
      return s ? { ...d, ...s, kind, nominees: { ...d.nominees, ...s.nominees } } : d;
    }),
    catalog: CATALOG_WORKFLOW_TYPES.map((type) => ({ ...defaultCatalogWorkflow(type), ...catalog.get(type), type })),
  };
}

/** The release condition of a new round of this kind: the kind's own, or the business rule's. */
export function releaseConditionOf(workflow: FmeaWorkflow, rule: ReleaseCondition): ReleaseCondition {
  return workflow.release === 'rule' ? rule : workflow.release;
}

const issue = (messageKey: string, field: string, params: Record<string, string | number> = {}): Issue => ({ messageKey, field, params: { field, ...params } });

/** What is wrong with settings sent for saving: an unknown kind or type, one named twice, an unknown value. */
export function workflowIssues(input: { fmea?: readonly Partial<FmeaWorkflow>[]; catalog?: readonly Partial<CatalogWorkflow>[] }): Issue[] {
  const issues: Issue[] = [];
  const seenKinds = new Set<string>();
  (input.fmea ?? []).forEach((s, i) => {
    const at = (f: string) => `fmea.${i}.${f}`;
    if (typeof s.kind !== 'string' || !FMEA_WORKFLOW_KINDS.includes(s.kind)) issues.push(issue('workflow.unknown_kind', at('kind'), { value: String(s.kind) }));
    else if (seenKinds.has(s.kind)) issues.push(issue('workflow.listed_twice', at('kind'), { value: s.kind }));
    else seenKinds.add(s.kind);
    if (s.release !== undefined && !(WORKFLOW_RELEASE as readonly string[]).includes(s.release)) issues.push(issue('workflow.release_invalid', at('release'), { value: String(s.release) }));
    for (const list of ['reviewerRoleTypes', 'approverRoleTypes'] as const) {
      const types = s.nominees?.[list] ?? [];
      for (const t of types) if (!(WORKFLOW_ROLE_TYPES as readonly string[]).includes(t)) issues.push(issue('workflow.role_type_invalid', at(`nominees.${list}`), { value: String(t) }));
    }
  });
  const seenTypes = new Set<string>();
  (input.catalog ?? []).forEach((s, i) => {
    const at = `catalog.${i}.type`;
    if (typeof s.type !== 'string' || !CATALOG_WORKFLOW_TYPES.includes(s.type)) issues.push(issue('workflow.unknown_type', at, { value: String(s.type) }));
    else if (seenTypes.has(s.type)) issues.push(issue('workflow.listed_twice', at, { value: s.type }));
    else seenTypes.add(s.type);
  });
  return issues;
}
