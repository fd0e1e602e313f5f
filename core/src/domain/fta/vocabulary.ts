/**
 * The stored fault tree's lists (issue 23): what a tree's status, a link's event kind and a link's review
 * reason may be. The schema (core/src/db/schema/fta.ts) and the services take them from here.
 */
/** The review flow's states (core/src/domain/status/fta.ts); a tree changes only while a draft. */
export const FTA_STATUSES = ['draft', 'underReview', 'released'] as const;
export type FtaStatus = (typeof FTA_STATUSES)[number];

/** The tree event a link ties to an FMEA item: the top event (an effect), a gate (a mode) or a basic event (a cause). */
export const FTA_LINK_EVENT_KINDS = ['top', 'gate', 'basic'] as const;
export type FtaLinkEventKind = (typeof FTA_LINK_EVENT_KINDS)[number];

/**
 * Why a link needs review: the tree's event changed (its operator, inputs, probability or label; set when the
 * tree is saved), or the FMEA item changed or went (found on read: its fingerprint differs from the one stored).
 */
export const FTA_REVIEW_REASONS = ['treeChanged', 'fmeaChanged', 'fmeaDeleted'] as const;
export type FtaReviewReason = (typeof FTA_REVIEW_REASONS)[number];
