import { defineArea } from './define.ts';

/**
 * DRBFM, design review based on failure mode (spec 000 §1, 001 §1: /main/drbfm; issue 25): the list of DRBFM
 * projects is the landing page; one opens at the micro route 'drbfmProject' with the shared header, team, review
 * and baselines of every FMEA kind, and its own worksheet (change, parts, concerns, actions, meetings).
 */
export const drbfmArea = defineArea({
  id: 'drbfm',
  routeName: 'drbfm_index',
  basePath: '/main/drbfm',
  title: { 'zh-CN': 'DRBFM', 'en-US': 'DRBFM' },
  icon: 'drbfm',
  sort: 32,
  buttons: ['add', 'edit', 'del', 'import', 'export', 'audit', 'copy', 'share'],
  showIn: 'topMenu',
  everyone: false,
  layout: 'plain',
  pages: [
    { microRoute: '', title: { 'zh-CN': 'DRBFM', 'en-US': 'DRBFM' }, listed: true },
    { microRoute: 'drbfmProject', title: { 'zh-CN': 'DRBFM 项目', 'en-US': 'DRBFM project' }, listed: false },
  ],
  aliases: [{ path: '/main/drbfmProject', microRoute: 'drbfmProject' }],
  redirectTypes: { drbfm: '' },
  projectTypes: ['drbfm'],
  projectPage: 'drbfmProject',
  contributes: {
    recent: { path: '/api/drbfm/selectRecentDrbfmProject' },
    // the review steps waiting for the caller, and the DRBFM actions they are responsible for
    taskSources: ['review', 'drbfmAction'],
    favourites: [{ type: 'drbfmProject', title: { 'zh-CN': 'DRBFM 项目', 'en-US': 'DRBFM project' }, projects: true }],
    // a review step waiting ('1'), its design-side outcomes, a task, an agreed read application, a DFMEA's decision on a concern sent to it
    messageCodes: ['1', '2', '6', '7', 'task', 'applicationResult', 'fmeaProposalResult'],
  },
});

/** The page a DRBFM project opens on (the closed loop's link back from a DFMEA row to the concern it came from). */
export const drbfmProjectPath = (projectId: string) => `/main/drbfm/drbfmProject?projectId=${encodeURIComponent(projectId)}`;
