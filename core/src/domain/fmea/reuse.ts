import { InvalidInputError } from '../../errors.ts';
import type { NumberingModule } from '../numbering/codes.ts';
import type { GraphIndex } from './graph.ts';
import type { FmeaMessageKey } from './messages.ts';
import { NODE_TYPES } from './node-types.ts';
import type { ProjectType } from './vocabulary.ts';
import { kindOf } from './kinds.ts';

/**
 * Rules of FMEA reuse (spec 001 §5; docs/domain/fmea-reuse.md): which nodes
 * may become templates, where a template may go, and how a family variant's
 * ratings compare with its family's. Pure; the services read and write.
 */

const refuse = (key: FmeaMessageKey, params?: Record<string, string | number>) => new InvalidInputError(key, params);

/**
 * A basic FMEA is a template saved from a product node (the root): it holds a
 * whole analysis. Any other template holds one node and its subtree.
 */
export type TemplateKind = 'basic' | 'subtree';

/** Templates are numbered by their side: TD for the design side (DFMEA, family, MSR), TP for the PFMEA. */
export const templateModule = (projectType: ProjectType): NumberingModule => kindOf(projectType).templateNumberingModule;

/**
 * Whether a node may be saved as a template, and as which kind: it must have
 * subnodes ("a node without subnodes cannot be saved as a template"); the
 * root (the product node) makes a basic FMEA ("only product nodes can
 * generate a basic FMEA"). In a PFMEA only the process item and the steps have
 * subnodes, so a process template is a step with its work elements.
 */
export function templateKindOf(index: GraphIndex, nodeId: string): TemplateKind {
  const node = index.node.get(nodeId);
  if (!node) throw refuse('fmea.node_unknown', { nodeId });
  if ((index.children.get(nodeId) ?? []).length === 0) throw refuse('fmea.template_needs_subnodes');
  return node.parentId === null && node.nodeType === NODE_TYPES.product ? 'basic' : 'subtree';
}

/**
 * Where a template may be inserted. A basic FMEA only into a product node
 * ("only product nodes can use a basic FMEA"). A process template (a step)
 * only under the process item, so its work elements land on the tree's last
 * level ("process templates only at the last-level node", read as
 * docs/domain/pfmea.md reads it for catalog procedures). A design subtree
 * template under any node.
 */
export function assertTemplatePlacement(index: GraphIndex, targetNodeId: string, kind: TemplateKind, process: boolean): void {
  const target = index.node.get(targetNodeId);
  if (!target) throw refuse('fmea.node_unknown', { nodeId: targetNodeId });
  if (kind === 'basic' && (target.parentId !== null || target.nodeType !== NODE_TYPES.product)) throw refuse('fmea.basic_template_product_only');
  if (kind === 'subtree' && process && target.parentId !== null) throw refuse('fmea.process_template_last_level');
}

/** A failure's ratings as compared between a family FMEA and a variant. */
export interface RatedFailure {
  readonly id: string;
  /** The variant's: the family failure it was made from; the family's: null. */
  readonly originId: string | null;
  readonly kind: string;
  readonly description: string;
  readonly severity: number | null;
  readonly occurrence: number | null;
  readonly detection: number | null;
}

export type RatingField = 'severity' | 'occurrence' | 'detection';
export const RATING_FIELDS: readonly RatingField[] = ['severity', 'occurrence', 'detection'];

export interface RatingDeviation {
  readonly failureId: string;
  readonly familyFailureId: string;
  readonly kind: string;
  readonly description: string;
  readonly field: RatingField;
  readonly family: number | null;
  readonly variant: number | null;
}

/**
 * Where a variant's ratings differ from its family's: one line per failure
 * and rating that the variant overrode locally. Failures the variant made
 * itself (no origin) or whose family failure is gone are not compared.
 */
export function ratingDeviations(family: readonly RatedFailure[], variant: readonly RatedFailure[]): RatingDeviation[] {
  const byId = new Map(family.map((f) => [f.id, f]));
  const out: RatingDeviation[] = [];
  for (const mine of variant) {
    const theirs = mine.originId === null ? undefined : byId.get(mine.originId);
    if (!theirs) continue;
    for (const field of RATING_FIELDS) {
      if (mine[field] !== theirs[field]) {
        out.push({ failureId: mine.id, familyFailureId: theirs.id, kind: mine.kind, description: mine.description, field, family: theirs[field], variant: mine[field] });
      }
    }
  }
  return out;
}
