import { defineArea } from './define.ts';
import { pagePath } from './derive.ts';

/**
 * EWO, engineering change orders (issue 24; spec 001 §2 EWO screens, §3 EWO fields; docs/domain/ewo.md): each
 * change numbered EC…, opened, followed up, published after an approver agrees, its breakpoint (cut-in) followed
 * up, then closed. The spec names no route for the area: `ewo_index` is ours. The list is the landing page; one
 * EWO opens at 'ewoDetail' by its id or number.
 */
export const ewoArea = defineArea({
  id: 'ewo',
  routeName: 'ewo_index',
  basePath: '/main/ewo',
  title: { 'zh-CN': '工程变更', 'en-US': 'EWO' },
  icon: 'ewo',
  sort: 38,
  buttons: ['add', 'edit', 'del', 'import', 'export', 'audit'],
  showIn: 'topMenu',
  everyone: false,
  layout: 'plain',
  contributes: {
    // the tracker's follow-ups and the approver's decision (My tasks), and the messages of both: they open the EWO's page (docs/domain/ewo.md)
    taskSources: ['ewo'],
    // an FMEA change proposal of the EWO was decided (docs/domain/closed-loop.md) opens it too
    messageCodes: ['ewo', 'fmeaProposalResult'],
  },
  pages: [
    { microRoute: '', title: { 'zh-CN': '工程变更单', 'en-US': 'Engineering changes' }, listed: true },
    { microRoute: 'ewoDetail', title: { 'zh-CN': '工程变更详情', 'en-US': 'Engineering change' }, listed: false },
  ],
});

/** The path of one EWO's page, by its id or number (the page reads `id`): what messages and My tasks link to. */
export const ewoDetailPath = (ewo: string): string => `${pagePath(ewoArea, { microRoute: 'ewoDetail' satisfies (typeof ewoArea.pages)[number]['microRoute'] })}?id=${encodeURIComponent(ewo)}`;
