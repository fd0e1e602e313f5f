export * from './vocabulary.ts';
export { EWO_EDITABLE_STATES, EWO_FLOW_KEYS, EWO_STATE_KEYS, assertEwoDeletable, assertEwoEditable, ewoFlow, type EwoEvent } from './flow.ts';
export { ewoBreakpointIssues, ewoDocumentIssues, ewoFieldIssues, ewoNoteIssues, type EwoFields } from './validate.ts';
