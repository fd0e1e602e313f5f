import type { Area } from '@fmea/core/domain';
import type { GetPath } from '@fmea/sdk';

/** One row of a contributed recent list: a project, opened by its project link. */
export interface RecentProject {
  id: string;
  serialNum: string;
  name: string;
  projectType: string;
}

type MustGet<P extends GetPath> = P;
type Contributed = Extract<Area, { readonly contributes: { readonly recent: object } }>['contributes']['recent']['path'];
/**
 * The recent lists the areas contribute (`contributes.recent.path`): a path
 * the API does not answer with GET does not compile here (and one whose rows
 * lack what the home page shows does not compile in HomePage).
 */
export type RecentPath = MustGet<Contributed>;
