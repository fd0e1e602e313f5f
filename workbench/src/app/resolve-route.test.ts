// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { AREAS } from '@fmea/core/domain';
import type { UserInfo } from '@fmea/sdk';
import { redirectLink, redirectTarget, userMenuItems } from '../shell/areas.ts';
import { resolveRoute } from './resolve-route.ts';

const userHolding = (routes: Record<string, string[]>, isAdmin = false) => ({ isAdmin, routers: Object.entries(routes).map(([routeName, buttons]) => ({ routeName, buttons })) }) as unknown as UserInfo;
const everyone = { home_index: [], ownspace_index: [], user_info_index: [], resetPwd_index: [], myApply_index: [], myAudit_index: [], myScore_index: [], myCollection_index: [], my_notice_index: [], my_task_index: [], my_message_index: [] };
const engineer = userHolding({ ...everyone, dfmea_index: ['add'] });
const noticeAdmin = userHolding({ ...everyone, system_index: [], system_notice: [], system_log: [] });

describe('the guard over the defined areas', () => {
  it('redirects the legacy DFMEA deep link to the project page, keeping the query', () => {
    expect(resolveRoute('/main/dfmeaProject', engineer, '?type=1&projectId=p1')).toEqual({ kind: 'redirect', to: '/main/dfmea/dfmeaProject?type=1&projectId=p1' });
  });

  it('redirects the legacy PFMEA deep link to the process project page, keeping the query; the area is refused without its route', () => {
    const processEngineer = userHolding({ ...everyone, pfmea_index: ['add'] });
    expect(resolveRoute('/main/pfmeaProject', processEngineer, '?type=1&projectId=p1')).toEqual({ kind: 'redirect', to: '/main/pfmea/pfmeaProject?type=1&projectId=p1' });
    expect(resolveRoute('/main/pfmea/pfmeaProject', processEngineer, '?pppSerial=n1')).toMatchObject({ kind: 'area', microRoute: 'pfmeaProject' });
    expect(resolveRoute('/main/pfmea', engineer)).toEqual({ kind: 'forbidden' });
    // an area nobody defines is unknown, even to an administrator
    expect(resolveRoute('/main/retired', userHolding({}, true))).toEqual({ kind: 'notFound' });
  });

  it('opens the FMEDA area (issue 23) and its legacy project link for a holder of its route, and refuses it to others', () => {
    const safetyEngineer = userHolding({ ...everyone, fmeda_index: ['add'] });
    expect(resolveRoute('/main/fmedaProject', safetyEngineer, '?type=1&projectId=p1')).toEqual({ kind: 'redirect', to: '/main/fmeda/fmedaProject?type=1&projectId=p1' });
    expect(resolveRoute('/main/fmeda', safetyEngineer)).toMatchObject({ kind: 'area', microRoute: '' });
    expect(resolveRoute('/main/fmeda', engineer)).toEqual({ kind: 'forbidden' });
  });

  it('sends the inbox paths of spec 000 §2.1 to the personal centre', () => {
    for (const [path, page] of [
      ['/main/my_notice', 'myNotice'],
      ['/main/view_my_notice', 'myNotice'],
      ['/main/my_task', 'myTask'],
      ['/main/my_message', 'myMessage'],
      ['/my_message', 'myMessage'],
    ]) {
      expect(resolveRoute(path!, engineer)).toEqual({ kind: 'redirect', to: `/systemInfo/ownspaceIndex/${page}` });
    }
  });

  it('shows the home page at /main/homeIndex and sends /main there', () => {
    expect(resolveRoute('/main/homeIndex', engineer)).toMatchObject({ kind: 'shell', title: { 'en-US': 'Home' } });
    expect(resolveRoute('/main', engineer)).toEqual({ kind: 'redirect', to: '/main/homeIndex' });
  });

  it('opens the DFMEA list at the area’s own path and the project page below it', () => {
    expect(resolveRoute('/main/dfmea', engineer)).toMatchObject({ kind: 'area', microRoute: '', title: { 'zh-CN': 'DFMEA' } });
    expect(resolveRoute('/main/dfmea/dfmeaProject', engineer, '?projectId=p1')).toMatchObject({ kind: 'area', microRoute: 'dfmeaProject' });
    expect(resolveRoute('/main/dfmea', noticeAdmin)).toEqual({ kind: 'forbidden' });
  });

  it('lands the system area on the remembered page while it is still open, else on the first open one', () => {
    expect(resolveRoute('/main/system', noticeAdmin)).toEqual({ kind: 'redirect', to: '/main/system/notice' });
    expect(resolveRoute('/main/system', noticeAdmin, '', { rememberedPage: () => 'log' })).toEqual({ kind: 'redirect', to: '/main/system/log' });
    expect(resolveRoute('/main/system', noticeAdmin, '', { rememberedPage: () => 'user' })).toEqual({ kind: 'redirect', to: '/main/system/notice' });
    expect(resolveRoute('/main/system/user', noticeAdmin)).toEqual({ kind: 'forbidden' });
    expect(resolveRoute('/main/system/menu', userHolding({}, true))).toEqual({ kind: 'notFound' });
  });

  it('lands the personal centre on personal info, and never remembers (it is not asked to)', () => {
    expect(resolveRoute('/systemInfo/ownspaceIndex', engineer, '', { rememberedPage: () => 'myTask' })).toEqual({ kind: 'redirect', to: '/systemInfo/ownspaceIndex/userInfo' });
  });
});

describe('the redirect landing and the user menu', () => {
  it('open the pages the areas claim, and go home for types of areas not built yet', () => {
    expect(redirectTarget('message', AREAS)).toBe('/systemInfo/ownspaceIndex/myMessage');
    expect(redirectTarget('dfmea', AREAS)).toBe('/main/dfmea');
    expect(redirectTarget('pfmea', AREAS)).toBe('/main/pfmea');
    expect(redirectTarget('dvp', AREAS)).toBe('/main/dvpIndex/dvpDetails');
    for (const type of ['taskTodo', null]) expect(redirectTarget(type, AREAS)).toBe('/main/homeIndex');
    // the rest of the query goes along: a DVP message's landing opens the plan at its test
    expect(redirectLink('type=dvp&id=DP2601010001&test=t1', AREAS)).toBe('/main/dvpIndex/dvpDetails?id=DP2601010001&test=t1');
    expect(redirectLink('type=taskTodo&id=x', AREAS)).toBe('/main/homeIndex');
  });

  it('lists the personal centre’s shortcuts in the user’s language', () => {
    expect(userMenuItems(engineer, 'zh-CN', AREAS).map((i) => i.title)).toEqual(['个人信息', '修改密码', '我的申请', '我的审批', '我的积分', '我的收藏']);
    expect(userMenuItems(engineer, 'en-US', AREAS)[0]).toEqual({ routeName: 'user_info_index', path: '/systemInfo/ownspaceIndex/userInfo', title: 'Personal info' });
  });
});
