/**
 * The stored message inbox's vocabulary (spec 001 §2 message codes, §7 message
 * calls; docs/domain/messages.md).
 */

/** business: asks something of the reader or tells them of their own request; system: announcements. */
export const MESSAGE_KINDS = ['business', 'system'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/**
 * Message codes. The spec's: '1' approval (a read-access application waiting
 * for the reader), '2', '6', '7' open DFMEA views, '5' opens a PFMEA, comment,
 * task, pfmeaTask. Ours where the spec shows none: 'applicationResult' (the
 * applicant is told the decision), 'catalogReview' (a knowledge-base or
 * master-data review step), 'ftaReview' (a fault tree to
 * approve, or its decision), 'ewo' (an engineering change to follow up or approve, or its decision),
 * 'problemReview' (an 8D report to approve, or its decision), 'exportRequest' (appExportForModule),
 * 'fmeaProposalResult' (an FMEA change proposal was decided: opens the problem
 * or EWO it came from), 'programTask' (a program task given to the reader, submitted to them, or decided:
 * issue 24), 'system'.
 */
export const MESSAGE_CODES = ['1', '2', '5', '6', '7', 'comment', 'task', 'pfmeaTask', 'applicationResult', 'catalogReview', 'ftaReview', 'ewo', 'problemReview', 'exportRequest', 'fmeaProposalResult', 'programTask', 'dvp', 'system'] as const;
export type MessageCode = (typeof MESSAGE_CODES)[number];


/** Read-access application states. */
export const READ_APPLICATION_STATUSES = ['pending', 'agreed', 'disagreed'] as const;
export type ReadApplicationStatus = (typeof READ_APPLICATION_STATUSES)[number];

/** Where the personal centre's lists open (core/src/domain/areas/personal.ts): the target of approval and result messages. */
export const MY_APPROVALS_ROUTE = '/systemInfo/ownspaceIndex/myAudit';
export const MY_APPLICATIONS_ROUTE = '/systemInfo/ownspaceIndex/myApply';

/**
 * The close code a server stopping on purpose sends its browsers' sockets (RFC 6455 "Service Restart"):
 * the server sends it (api/src/server.ts), the workbench reconnects at once on it (sdk realtime client).
 */
export const SOCKET_CLOSE_SERVICE_RESTART = 1012;
