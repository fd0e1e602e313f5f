import { defineArea } from './define.ts';
import { pagePath } from './derive.ts';

/**
 * SPC (issue 25; spec 000 §1 lists the sub-application /main/spc): studies of control-plan characteristics,
 * each numbered SP…, with their measurements, control charts, frozen phase-I limits and capability
 * (docs/domain/spc.md, "The SPC work area"). The list is the landing page; one study opens at 'spcStudy'
 * by its id or number. The spec names no route for the area: `spc_index` is ours.
 */
export const spcArea = defineArea({
  id: 'spc',
  routeName: 'spc_index',
  basePath: '/main/spc',
  title: { 'zh-CN': 'SPC', 'en-US': 'SPC' },
  icon: 'spc',
  sort: 37,
  // import: file imports and a machine's posted batches; edit: the study, its data and frozen limits
  buttons: ['add', 'edit', 'del', 'import', 'export'],
  showIn: 'topMenu',
  everyone: false,
  layout: 'plain',
  pages: [
    { microRoute: '', title: { 'zh-CN': 'SPC 研究', 'en-US': 'SPC studies' }, listed: true },
    { microRoute: 'spcStudy', title: { 'zh-CN': 'SPC 研究', 'en-US': 'SPC study' }, listed: false },
  ],
});

/** The path of one study's page, by its id or number (the page reads `id`). */
export const spcStudyPath = (study: string): string => `${pagePath(spcArea, { microRoute: 'spcStudy' satisfies (typeof spcArea.pages)[number]['microRoute'] })}?id=${encodeURIComponent(study)}`;
