/** Props every DFMEA step component receives. */
export interface StepProps {
  readonly projectId: string;
  readonly serialNum: string;
  readonly readOnly: boolean;
  /** Goes up when another member changed the project: the step reads its data again (after the user's open edit). */
  readonly remoteRevision: number;
  /** The structure node a deep link (pptSerial) pointed at: the steps with a tree start there. */
  readonly focusNodeId?: string | null;
}

/** Member roles of a design project (spec 001 §3): 0 responsible … 5 process reviewer. */
export const MEMBER_ROLES = [0, 1, 2, 3, 4, 5] as const;

export interface ProjectMember {
  userId: string;
  userRole: number;
  roles?: number[];
}

/** The dictionary fields named in the caller's language (the server's `labels`). */
export interface ProjectLabels {
  stage: string | null;
  customer: string | null;
  platform: string | null;
  confidentiality: string | null;
}

/** One row of POST /api/project/list. */
export interface ProjectListItem {
  id: string;
  projectId: string;
  serialNum: string;
  name: string;
  stage: string | null;
  customer: string | null;
  versionLabel: string | null;
  sopDate: string | null;
  responsibleUserId: string | null;
  responsibleName: string | null;
  labels: ProjectLabels;
  updatedAt: string;
  myRoles: number[] | null;
  /** Starred by the caller (favourites). */
  collected: boolean;
}

/** GET /api/project/selectProjectById. */
export interface ProjectView {
  id: string;
  projectId: string;
  serialNum: string;
  /** Set when the project was opened through a structure node id (a deep link's pptSerial). */
  focusNodeId?: string | null;
  name: string;
  version: number;
  pptSerial: string | null;
  versionLabel?: string | null;
  /** Dictionary codes; `labels` names them. */
  stage?: string | null;
  customer?: string | null;
  platform?: string | null;
  confidentiality?: string | null;
  labels?: ProjectLabels;
  sopDate?: string | null;
  startDate?: string | null;
  revisionDate?: string | null;
  /** The AIAG-VDA header: free texts of at most 200 characters. */
  carTypeYears?: string | null;
  teamNotes?: string | null;
  companyName?: string | null;
  engineeringLocation?: string | null;
  subject?: string | null;
  fmeaIdNumber?: string | null;
  designResponsibility?: string | null;
  preparedBy?: string | null;
  planIntent?: string | null;
  planTiming?: string | null;
  planTeam?: string | null;
  planTask?: string | null;
  planTool?: string | null;
  analysisBoundaries?: string | null;
  projectMembers: ProjectMember[];
  myRoles: number[] | null;
  canEdit: boolean;
  /** How the caller reaches the project: team member, administrator (not a member), or shared reader (read only). */
  access: 'member' | 'admin' | 'shared';
}

export interface TreeNode {
  id: string;
  name: string;
  nodeType: number;
  version: number;
  parentId?: string | null;
  children: TreeNode[];
}

export interface UserOption {
  id: string;
  userName: string;
  realName: string | null;
}

export interface DictItem {
  code: string;
  name: string;
  enName?: string | null;
}
