export {
  addComment,
  commentCounts,
  commentLink,
  deleteComment,
  listComments,
  markCommentsRead,
  projectsOfUser,
  type AddCommentInput,
  type CommentPerson,
  type FmeaCommentView,
  type ProjectDiscussion,
} from './comments.ts';
export { rowHistory, type HistoryChange, type RowHistoryEntry } from './history.ts';
export { findRowPlace, type RowPlace } from './targets.ts';
