import { taskArea } from '@fmea/core/domain';
import { definePlugin } from '@fmea/sdk/plugin';

const lists = () => import('./web/lists/TaskListPage.tsx');

/** Tasks: the definition (core/src/domain/areas/task.ts) bound to its lists (one page module, the list named by the micro route), the user score ranking, and catalogs. */
export const taskPlugin = definePlugin({
  area: taskArea,
  pages: {
    todoList: lists,
    launched: lists,
    all: lists,
    done: lists,
    current: lists,
    history: lists,
    scoreRanking: () => import('./web/ranking/ScoreRankingPage.tsx'),
  },
  catalogs: async (locale) => (await (locale === 'zh-CN' ? import('./locales/zh-CN.po') : import('./locales/en-US.po'))).messages,
});
