// @vitest-environment happy-dom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { ConfirmHost, session } from '@fmea/sdk';
import type { ProjectView } from '../types.ts';
import { ReviewPanel } from './ReviewPanel.tsx';
import type { FmeaReview } from './labels.ts';

beforeAll(() => {
  i18n.load('en-US', {});
  i18n.activate('en-US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  session.user = null;
});

const ME = 'u-tech';
const PROJECT = { id: 'p-1', serialNum: 'DF1', reviewStatus: 'under_review', access: 'member', responsibleUserId: 'u-owner', canEdit: false } as unknown as ProjectView;
const person = (userId: string, realName: string) => ({ userId, userName: userId, realName });
const assignees = [
  { role: 'professional', ...person('u-pro', 'Pro Reviewer') },
  { role: 'quality', ...person('u-qa', 'Quality Reviewer') },
  { role: 'technical', ...person(ME, 'Tech Director') },
  { role: 'countersign', ...person('u-sign', 'Signer') },
];
const opinion = (role: string, userId: string, conclusion: string) => ({ role, userId, conclusion, text: `${conclusion} opinion`, at: '2026-04-01T08:00:00.000Z' });

interface Sent {
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** The review routes as far as the panel reads them; `refuse` answers one POST path with the server's error envelope. */
function serve(state: Partial<FmeaReview>, refuse: Record<string, { status: number; message: string; data: unknown }> = {}, nominees: Record<string, string[]> = {}): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      sent.push({ path: url.pathname, query: url.searchParams, body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null });
      const refusal = refuse[url.pathname];
      if (refusal) return new Response(JSON.stringify({ meta: { success: false, code: refusal.status, message: refusal.message }, data: refusal.data }), { status: refusal.status, headers: { 'content-type': 'application/json' } });
      let data: unknown = null;
      if (url.pathname === '/api/project/review/state') data = { projectId: PROJECT.id, round: 1, status: 'under_review', assignees: [], opinions: [], waitingFor: [], walks: [], ...state };
      if (url.pathname === '/api/project/review/history') data = [];
      if (url.pathname === '/api/user/list') {
        // per review role, the server's list of whom the workflow settings allow (every reader unless told)
        const allowed = nominees[url.searchParams.get('reviewRole') ?? ''];
        data = [person('u-owner', 'Owner'), person('u-pro', 'Pro Reviewer'), person('u-qa', 'Quality Reviewer')].filter((p) => !allowed || allowed.includes(p.userId)).map(({ userId, userName, realName }) => ({ id: userId, userName, realName }));
      }
      return new Response(JSON.stringify({ meta: { success: true, code: 200, message: '' }, data }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return sent;
}

function show(project: ProjectView = PROJECT) {
  render(
    <I18nProvider i18n={i18n}>
      <ReviewPanel project={project} onClose={() => undefined} onChanged={() => undefined} />
      <ConfirmHost />
    </I18nProvider>,
  );
}

describe('the review panel', () => {
  it('disables Approve with the reason while an opinion is incompatible (issue 20: it was offered and failed with a 409)', async () => {
    session.user = { userId: ME, isAdmin: false, routers: [] } as unknown as typeof session.user;
    const sent = serve({ assignees, opinions: [opinion('professional', 'u-pro', 'conform'), opinion('quality', 'u-qa', 'incompatible')], waitingFor: [ME] } as unknown as Partial<FmeaReview>);
    show();
    const approve = await screen.findByTestId('review-approve');
    expect((approve as HTMLButtonElement).disabled).toBe(true);
    const reason = 'A reviewer found the FMEA incompatible: reject it back to the author instead of approving.';
    expect(approve.getAttribute('title')).toBe(reason);
    expect(screen.getByTestId('review-approve-blocked').textContent).toBe(reason);
    fireEvent.click(approve);
    expect(sent.some((s) => s.path === '/api/project/review/approve')).toBe(false);
  });

  it('offers Approve once every opinion may be approved over', async () => {
    session.user = { userId: ME, isAdmin: false, routers: [] } as unknown as typeof session.user;
    serve({ assignees, opinions: [opinion('professional', 'u-pro', 'conform'), opinion('quality', 'u-qa', 'partial')], waitingFor: [ME] } as unknown as Partial<FmeaReview>);
    show();
    expect(((await screen.findByTestId('review-approve')) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('review-approve-blocked')).toBeNull();
  });

  it('names the project’s readers only, and shows a refused reviewer under that role’s picker (issue 20)', async () => {
    session.user = { userId: 'u-owner', isAdmin: false, routers: [] } as unknown as typeof session.user;
    const message = 'Every named reviewer must be able to read this project\nQuality reviewer Quality Reviewer cannot read this project: add them to the team or share it with them';
    const sent = serve(
      { status: 'draft', round: 0 } as Partial<FmeaReview>,
      { '/api/project/review/submit': { status: 403, message, data: { code: 'not_allowed', messageKey: 'fmea.reviewers_cannot_read', params: {}, issues: [{ messageKey: 'fmea.reviewer_cannot_read', field: 'assignees.quality', message: message.split('\n')[1] }] } } },
    );
    show({ ...PROJECT, reviewStatus: 'draft', responsibleUserId: 'u-owner' } as ProjectView);
    fireEvent.click(await screen.findByTestId('review-submit'));
    const dialog = await screen.findByTestId('review-submit-dialog');
    await waitFor(() => expect(within(dialog).getByTestId('review-role-quality').querySelectorAll('option').length).toBe(4));
    // the pickers ask for the project's readers
    expect(sent.find((s) => s.path === '/api/user/list')?.query.get('projectId')).toBe(PROJECT.id);
    const pick = (role: string, userId: string) => fireEvent.change(within(dialog).getByTestId(`review-role-${role}`), { target: { value: userId } });
    pick('professional', 'u-pro');
    pick('quality', 'u-qa');
    pick('technical', 'u-owner');
    pick('countersign', 'u-pro');
    // someone already named for another role says so
    const countersign = within(dialog).getByTestId('review-role-countersign');
    expect([...countersign.querySelectorAll('option')].find((o) => o.value === 'u-owner')?.textContent).toBe('Owner (u-owner) — already Technical director');
    fireEvent.click(screen.getByTestId('review-submit-save'));
    const quality = within(dialog).getByTestId('review-role-quality').closest('.field')!;
    await waitFor(() => expect(quality.querySelector('.field-message')?.textContent).toBe('Quality reviewer Quality Reviewer cannot read this project: add them to the team or share it with them'));
    expect(quality.classList.contains('field-error')).toBe(true);
  });
  it('offers in each picker only whom the FMEA type’s review requirements allow for that role, as the server lists them', async () => {
    session.user = { userId: 'u-owner', isAdmin: false, routers: [] } as unknown as typeof session.user;
    const sent = serve({ status: 'draft', round: 0 } as Partial<FmeaReview>, {}, { technical: ['u-owner'], countersign: ['u-owner', 'u-qa'] });
    // another project than the other tests': the pickers' lists are kept a minute per project
    show({ ...PROJECT, id: 'p-nominees', reviewStatus: 'draft', responsibleUserId: 'u-owner' } as ProjectView);
    fireEvent.click(await screen.findByTestId('review-submit'));
    const dialog = await screen.findByTestId('review-submit-dialog');
    const offered = (role: string) => [...within(dialog).getByTestId(`review-role-${role}`).querySelectorAll('option')].map((o) => o.value).filter(Boolean);
    await waitFor(() => expect(offered('technical')).toEqual(['u-owner']));
    expect(offered('countersign')).toEqual(['u-owner', 'u-qa']);
    expect(offered('professional')).toEqual(['u-owner', 'u-pro', 'u-qa']);
    // one list per role, each asked of the server for this project
    const asked = sent.filter((s) => s.path === '/api/user/list');
    expect(asked.map((s) => s.query.get('reviewRole')).sort()).toEqual(['countersign', 'professional', 'quality', 'technical']);
    expect(asked.every((s) => s.query.get('projectId') === 'p-nominees')).toBe(true);
  });

  it('asks for no countersigner when the FMEA type’s workflow needs none, and sends none (the server names the director)', async () => {
    session.user = { userId: 'u-owner', isAdmin: false, routers: [] } as unknown as typeof session.user;
    const sent = serve({ status: 'draft', round: 0, namedRoles: ['professional', 'quality', 'technical'] } as Partial<FmeaReview>);
    show({ ...PROJECT, reviewStatus: 'draft', responsibleUserId: 'u-owner' } as ProjectView);
    fireEvent.click(await screen.findByTestId('review-submit'));
    const dialog = await screen.findByTestId('review-submit-dialog');
    await waitFor(() => expect(within(dialog).getByTestId('review-role-quality').querySelectorAll('option').length).toBe(4));
    expect(within(dialog).queryByTestId('review-role-countersign')).toBeNull();
    const pick = (role: string, userId: string) => fireEvent.change(within(dialog).getByTestId(`review-role-${role}`), { target: { value: userId } });
    pick('professional', 'u-pro');
    pick('quality', 'u-qa');
    pick('technical', 'u-owner');
    fireEvent.click(screen.getByTestId('review-submit-save'));
    await waitFor(() => expect(sent.find((s) => s.path === '/api/project/review/submit')?.body).toMatchObject({ assignees: { professional: 'u-pro', quality: 'u-qa', technical: 'u-owner', countersign: null } }));
  });
});
