/**
 * An EWO's lists (issue 24; spec 001 §3 "EWO change (number, description, type, source, closing date, tracker,
 * before/after documents and versions)", §4 "EWO change opening/closing"; docs/domain/ewo.md). The spec lists the
 * fields but not their values: the types and sources below are ours. The schema (core/src/db/schema/ewo.ts), the
 * services, the API's enums and the plugin's pickers all take them from here.
 */

/** The flow's states (flow.ts), stored by name: the spec gives EWO no codes. */
export const EWO_STATES = ['opening', 'followUp', 'publishPending', 'published', 'breakpointVerified', 'closed'] as const;
export type EwoState = (typeof EWO_STATES)[number];

/** The spec's opening/closing status, derived from the state: every state but closed is an open change. */
export const EWO_OPEN_STATUSES = ['open', 'closed'] as const;
export type EwoOpenStatus = (typeof EWO_OPEN_STATUSES)[number];
export const openStatusOf = (state: string): EwoOpenStatus => (state === 'closed' ? 'closed' : 'open');

/** What is changed: the product's design, the process, a material or supplier, documents only, something else. */
export const EWO_TYPES = ['design', 'process', 'material', 'document', 'other'] as const;
export type EwoType = (typeof EWO_TYPES)[number];

/** Why: a customer request, a quality problem (an 8D), an internal improvement, a supplier, a regulation, other. */
export const EWO_SOURCES = ['customer', 'problem', 'internal', 'supplier', 'regulation', 'other'] as const;
export type EwoSource = (typeof EWO_SOURCES)[number];

/** What an affected item names: a product of the master data, a part of its BOM, an item of an FMEA. */
export const EWO_ITEM_KINDS = ['product', 'bomPart', 'fmeaItem'] as const;
export type EwoItemKind = (typeof EWO_ITEM_KINDS)[number];

/** The FMEA item an affected item points at: a structure node, a function, or a failure (effect, mode, cause). */
export const EWO_FMEA_REFS = ['node', 'function', 'FE', 'FM', 'FC'] as const;
export type EwoFmeaRef = (typeof EWO_FMEA_REFS)[number];

/** A document as it was before the change, or as it is after. */
export const EWO_DOCUMENT_SIDES = ['before', 'after'] as const;
export type EwoDocumentSide = (typeof EWO_DOCUMENT_SIDES)[number];

/** The breakpoint (cut-in): the change applies from this serial number, lot, or date on. */
export const EWO_BREAKPOINT_KINDS = ['serialNumber', 'lot', 'date'] as const;
export type EwoBreakpointKind = (typeof EWO_BREAKPOINT_KINDS)[number];

/** A breakpoint follow-up's finding: the change is seen in effect from the breakpoint on, or not (yet). */
export const EWO_BREAKPOINT_RESULTS = ['effective', 'notEffective'] as const;
export type EwoBreakpointResult = (typeof EWO_BREAKPOINT_RESULTS)[number];

/** An entry of an EWO's history: a follow-up note, a step of the flow, a breakpoint follow-up. */
export const EWO_ENTRY_KINDS = ['followUp', 'startFollowUp', 'submit', 'approve', 'reject', 'withdraw', 'breakpoint', 'close'] as const;
export type EwoEntryKind = (typeof EWO_ENTRY_KINDS)[number];

/** Text limits (spec 001 §5: text fields 200 characters; an EWO's description is its body and holds more). */
export const EWO_DESCRIPTION_MAX = 500;
export const EWO_NOTE_MAX = 200;
export const EWO_DOC_VERSION_MAX = 20;
