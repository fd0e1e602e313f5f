/**
 * DRBFM, design review based on failure mode (issue 25, docs/domain/drbfm.md): the lists its tables and
 * requests take. Pure and browser-safe.
 */

/** What a changed part is: a part of a product's BOM, a structure element of an FMEA, or named in free text. */
export const DRBFM_PART_KINDS = ['bomPart', 'fmeaNode', 'text'] as const;
export type DrbfmPartKind = (typeof DRBFM_PART_KINDS)[number];

/** How much a concern matters (Toyota's worksheet ranks concerns; ours is optional): high, medium, low. */
export const DRBFM_IMPORTANCES = ['high', 'medium', 'low'] as const;
export type DrbfmImportance = (typeof DRBFM_IMPORTANCES)[number];

/** The two action columns of the DRBFM sheet: what the design does about a concern, and how it is verified. */
export const DRBFM_ACTION_KINDS = ['design', 'evaluation'] as const;
export type DrbfmActionKind = (typeof DRBFM_ACTION_KINDS)[number];

export const DRBFM_ACTION_STATUSES = ['open', 'done'] as const;
export type DrbfmActionStatus = (typeof DRBFM_ACTION_STATUSES)[number];

/**
 * Text limits: the change point is the change's body (500, as an EWO's description it is often copied from) and a
 * meeting's minutes a paragraph (2,000); every other text is a line of the sheet (200, spec 001 §5).
 */
export const DRBFM_CHANGE_TEXT = 500;
export const DRBFM_MINUTES_TEXT = 2000;
export const DRBFM_LINE_TEXT = 200;
