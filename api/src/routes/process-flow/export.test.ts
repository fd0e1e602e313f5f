import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readWorkbookSheets } from '@fmea/core';
import { caller, expectRefused, openTestApp, signedInWith, NOT_MEMBER, type Person } from '../../testing.ts';

const api = await openTestApp();
afterAll(() => api.dispose());

let owner: Person;
let outsider: Person;
let project: { id: string; serialNum: string; pptSerial: string };

beforeAll(async () => {
  owner = await signedInWith(api, 'owner', [{ routeName: 'pfmea_index', buttons: ['add', 'edit', 'del'] }]);
  outsider = await signedInWith(api, 'outsider', [{ routeName: 'pfmea_index', buttons: [] }]);
  const as = caller(api, owner);
  project = await as.ok('POST', '/api/project/save', { projectType: 'pfmea', name: '齿轮箱壳体 <line>', projectMembers: [{ userId: owner.user.id, roles: [0] }] });
  const turn = await as.ok('POST', '/api/fmea/addNode', { parentId: project.pptSerial, name: '车削内孔', processNo: '10' });
  const check = await as.ok('POST', '/api/fmea/addNode', { parentId: project.pptSerial, name: 'Check & pack', processNo: '20' });
  await as.ok('POST', '/api/processFlow/saveStep', { id: check.id, version: check.version, flowSymbol: 'combined' });
  await as.ok('POST', '/api/processFlow/saveBranch', { fromNodeId: check.id, kind: 'rework', toNodeId: turn.id, label: '尺寸超差' });
});

const pfd = () => project.serialNum.replace(/^PF/, 'PFD');

async function download(person: Person | null, query: string, lang = 'en-US') {
  const res = await api.app.request(`/api/processFlow/exportData?${query}`, { headers: person ? { token: person.token, lang } : { lang } });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('GET /api/processFlow/exportData', () => {
  it('answers the PFD workbook named after the chart, in the caller’s language', async () => {
    const { res, bytes } = await download(owner, `projectId=${project.id}`, 'zh-CN');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toContain(`filename="${pfd()}.xlsx"`);
    const [sheet] = await readWorkbookSheets(bytes);
    const rows = sheet!.rows.map((r) => r.cells.slice(1));
    expect(rows[0]).toEqual([`过程流程图 ${pfd()}`]);
    // the stamp row: the PFMEA's version and content hash
    expect(rows[2]!.slice(0, 3)).toEqual(['基线', '工作副本，未发布', '内容哈希']);
    expect(rows[3]![0]).toBe('工序号');
    expect(rows[4]!.slice(0, 3)).toEqual(['10', '加工', '车削内孔']);
    expect(rows[5]).toEqual(['20', '加工兼检验', 'Check & pack', '', '', '', '', '', '返工 → 10 车削内孔：尺寸超差']);
  });

  it('answers the SVG picture with every text escaped, and runs nothing when opened', async () => {
    const { res, bytes } = await download(owner, `projectId=${project.id}&format=svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain(`filename="${pfd()}.svg"`);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    const svg = new TextDecoder().decode(bytes);
    expect(svg).toContain(`Process flow chart ${pfd()}`);
    expect(svg).toContain('>20 Check &amp; pack</text>');
    expect(svg).toContain('齿轮箱壳体 &lt;line&gt;');
    expect(svg).not.toContain('<line>');
    expect(svg).toContain('data-kind="rework"');
  });

  it('is 401 without a session, 403 without the PFMEA route or as an outsider, 400 for another format', async () => {
    const { token } = await signedInWith(api, 'design', [{ routeName: 'dfmea_index', buttons: ['add', 'edit', 'del', 'export'] }]);
    await expectRefused(api, { method: 'GET', path: `/api/processFlow/exportData?projectId=${project.id}` }, token);
    const { res, bytes } = await download(outsider, `projectId=${project.id}`);
    expect(res.status).toBe(403);
    expect(JSON.parse(new TextDecoder().decode(bytes)).meta.message).toBe(NOT_MEMBER);
    const png = await download(owner, `projectId=${project.id}&format=png`);
    expect(png.res.status).toBe(400);
  });
});
