import { taskArea } from '@fmea/core/domain';
import { definePlugin } from '@fmea/sdk/plugin';

// H7's stand-in until the task lists (H2, wt-h2) are merged: at merge keep wt-h2's index.ts, add the scoreRanking line, delete web/pending
const pending = () => import('./web/pending/ListsPending.tsx');

/** Tasks: the definition (core/src/domain/areas/task.ts) bound to its pages and catalogs. */
export const taskPlugin = definePlugin({
  area: taskArea,
  pages: {
    todoList: pending,
    launched: pending,
    all: pending,
    done: pending,
    current: pending,
    history: pending,
    scoreRanking: () => import('./web/ranking/ScoreRankingPage.tsx'),
  },
  catalogs: async (locale) => (await (locale === 'zh-CN' ? import('./locales/zh-CN.po') : import('./locales/en-US.po'))).messages,
});
