export {
  addComment,
  commentCounts,
  commentLink,
  deleteComment,
  listComments,
  type AddCommentInput,
  type FmeaCommentView,
} from './comments.ts';
export { markCommentsRead, projectsOfUser, type ProjectDiscussion } from './discussions.ts';
export { rowHistory, type HistoryChange, type RowHistoryEntry } from './history.ts';
export { findRowPlace, type RowPlace } from './targets.ts';
export type { CommentPerson } from './people.ts';
