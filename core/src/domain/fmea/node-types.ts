import { InvalidInputError } from '../../errors.ts';
import type { FmeaMessageKey } from './messages.ts';

/**
 * Structure tree node types as data (spec 001 §3 "Tree node"): product 1,
 * function 2, element 9; "types starting with 8 and types 1 and 12 are
 * special". Our reading, documented in docs/domain/fmea-engine.md:
 *
 * - 1 product: the root of every structure tree, created with the project.
 *   Exactly one per tree; never deleted, moved or copied.
 * - 2 function: functions are drawn as nodes of the tree (mind map), but they
 *   live in their own table; a structure node is never of type 2.
 * - 9 element: an ordinary structure element (system, subsystem, component).
 * - 12 and every type whose decimal code starts with 8: fixed nodes placed by
 *   a generator (a BOM assembly part, a process or MSR anchor). They hold
 *   functions like elements, but the structure editor may not delete or move
 *   them ("assembly parts cannot be removed", spec 001 §5).
 */
export const NODE_TYPES = { product: 1, function: 2, element: 9, assembly: 12 } as const;

export interface NodeTypeProfile {
  readonly code: number;
  /** Stored in the structure table (type 2 is only drawn). */
  readonly structural: boolean;
  /** Only the product may be, and must be, the root. */
  readonly root: boolean;
  /** The spec's "special" marker. */
  readonly special: boolean;
  /** The structure editor may delete and move it. */
  readonly editable: boolean;
  readonly labelKey: string;
}

const PROFILES: Readonly<Record<number, NodeTypeProfile>> = {
  1: { code: 1, structural: true, root: true, special: true, editable: false, labelKey: 'fmea.node_type.product' },
  2: { code: 2, structural: false, root: false, special: false, editable: false, labelKey: 'fmea.node_type.function' },
  9: { code: 9, structural: true, root: false, special: false, editable: true, labelKey: 'fmea.node_type.element' },
  12: { code: 12, structural: true, root: false, special: true, editable: false, labelKey: 'fmea.node_type.assembly' },
};

const FIXED_PROFILE = (code: number): NodeTypeProfile => ({
  code,
  structural: true,
  root: false,
  special: true,
  editable: false,
  labelKey: 'fmea.node_type.fixed',
});

const startsWithEight = (code: number) => String(code).startsWith('8');

/** Positive whole numbers only: 8, 80, 812 … start with 8; 0.8 or -8 are no node types. */
const isCode = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value) && value > 0;

/** True for 1, 12 and every code starting with 8 (spec 001 §3). */
export function isSpecialNodeType(code: number): boolean {
  return code === NODE_TYPES.product || code === NODE_TYPES.assembly || (isCode(code) && startsWithEight(code));
}

/** The profile of a known type, or undefined. Codes starting with 8 are all known (fixed nodes). */
export function nodeTypeProfile(code: unknown): NodeTypeProfile | undefined {
  if (!isCode(code)) return undefined;
  if (Object.hasOwn(PROFILES, code)) return PROFILES[code];
  return startsWithEight(code) ? FIXED_PROFILE(code) : undefined;
}

/**
 * A type a new non-root structure node may have: a known, structural, non-root
 * type. Refuses unknown codes, the function type 2 and a second product.
 */
export function assertChildNodeType(code: unknown): NodeTypeProfile {
  const profile = nodeTypeProfile(code);
  if (!profile) throw new InvalidInputError('fmea.node_type_unknown' satisfies FmeaMessageKey, { nodeType: String(code) });
  if (!profile.structural) throw new InvalidInputError('fmea.node_type_not_structural' satisfies FmeaMessageKey, { nodeType: profile.code });
  if (profile.root) throw new InvalidInputError('fmea.second_root' satisfies FmeaMessageKey);
  return profile;
}
