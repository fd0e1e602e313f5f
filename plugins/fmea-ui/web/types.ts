import type { ApiData } from '@fmea/sdk';

/** Props every DFMEA step component receives. */
export interface StepProps {
  readonly projectId: string;
  readonly serialNum: string;
  readonly readOnly: boolean;
  /** The AP rule set the project rates with (its own setting: an MSR project rates with the MSR table). */
  readonly apTable: ProjectView['apTable'];
  /** Goes up when another member changed the project: the step reads its data again (after the user's open edit). */
  readonly remoteRevision: number;
  /** The structure node a deep link (pptSerial) pointed at: the steps with a tree start there. */
  readonly focusNodeId?: string | null;
  /** The item a finding of the checks points at (rows carry data-item-id; the page scrolls to it). */
  readonly focusItemId?: string | null;
}

/** Member roles of a design project (spec 001 §3): 0 responsible … 5 process reviewer. */
export const MEMBER_ROLES = [0, 1, 2, 3, 4, 5] as const;

/** The answers the DFMEA pages read, named from the routes' own schemas (see /api/docs). */

/** One row of the project list. */
export type ProjectListItem = ApiData<'/api/project/list'>['items'][number];

/** A project with its header and team; opened through a structure node (a deep link's pptSerial), it also names that node. */
export type ProjectView = ApiData<'/api/project/selectProjectById'> & Partial<Pick<ApiData<'/api/project/selectProjectBySerialNum'>, 'focusNodeId'>>;

/** A team member as a form edits it: the user and their roles (a design member holds one, a process member a list). */
export type ProjectMember = Pick<ProjectView['projectMembers'][number], 'userId' | 'roles'>;

/** The dictionary fields named in the caller's language (the server's `labels`). */
export type ProjectLabels = ProjectView['labels'];

type TreeLevel = NonNullable<ApiData<'/api/fmea/structureTree'>>;
/** A structure node; the schema describes one level, children have the same shape. */
export type TreeNode = Omit<TreeLevel, 'children'> & { children: TreeNode[] };
/** The structure tree as answered, its children read as nodes of the same shape (what the schema says of them). */
export const treeOf = (root: ApiData<'/api/fmea/structureTree'>): TreeNode | null => root as TreeNode | null;

export type UserOption = ApiData<'/api/user/list'>[number];

export type DictItem = ApiData<'/api/dictionary/getDics'>[number];
