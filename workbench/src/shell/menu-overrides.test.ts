import { describe, expect, it } from 'vitest';
import { AREAS } from '@fmea/core/domain';
import type { UserInfo } from '@fmea/sdk';
import { navPages, topMenuItems } from './areas.ts';

/** The shell's menus follow the menu rows the routers carry (System → Menus and resources): title, hidden flag, sort. */
const router = (routeName: string, title: string, titleEn: string, sort: number, hidden = false) => ({ routeName, title, titleEn, sort, hidden, buttons: [] });

describe('the shell’s menus', () => {
  it('take the administrator’s titles and sort, and leave hidden menus out', () => {
    const user = {
      isAdmin: false,
      routers: [
        router('home_index', '首页', 'Home', 0),
        router('dfmea_index', '设计FMEA', 'Design FMEA', 500),
        router('pfmea_index', 'PFMEA', 'PFMEA', 30, true),
        router('system_index', '系统管理', 'System', 200),
        router('system_user', '用户管理', 'Users', 1),
        router('system_log', '日志', 'Log book', 0),
        router('system_role', '角色管理', 'Roles', 2, true),
      ],
    } as unknown as UserInfo;
    const top = topMenuItems(user, 'en-US', AREAS);
    expect(top.map((i) => i.title)).toEqual(['Home', 'System', 'Design FMEA']);
    const system = AREAS.find((a) => a.id === 'system')!;
    expect(navPages(system, user).map((p) => p.title['zh-CN'])).toEqual(['日志', '用户管理']);
  });
});
