export {
  MESSAGE_BOXES,
  countUnreadMessages,
  deleteMessage,
  latestMessageAndNotice,
  listMessages,
  readAllMessages,
  readMessage,
  requestModuleExport,
  sendMessages,
  type ExportRequestInput,
  type MessageBox,
  type MessageDraft,
  type MessageListQuery,
  type MessageRow,
  type MessageView,
} from './inbox.ts';
export {
  applyReadProject,
  countPendingReadApprovals,
  decideApplication,
  listMyReadApplications,
  listReadApprovals,
  type ApplicationListQuery,
  type ApplicationResult,
  type ApplyReadInput,
  type ReadApplicationRow,
  type ReadApplicationView,
} from './applications.ts';
export { storeFmeaReviewMessages, type FmeaReviewMessage, type FmeaReviewReason } from './fmea-review.ts';
export { storeActionTaskMessage, taskLink } from './fmea-task.ts';
