import { useEffect, useState, type ReactNode } from 'react';
import { projectLink, recentContributors } from '@fmea/core/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, type ApiData, Button, EmptyState, formatDate, PageHeader, personName, useGuardedNavigate, type UserInfo } from '@fmea/sdk';
import { holds } from '@fmea/sdk/host';
import { HOSTED, hostedAreas, type Hosted } from '../plugins/registry.ts';
import { type RecentPath, type RecentProject } from './recent.ts';

type NoticeItem = ApiData<'/api/notice/selectList'>['items'][number];
type Task = ApiData<'/api/task/myTasks'>['items'][number];
type Counts = ApiData<'/api/message/getMessageCount'>;
type Latest = ApiData<'/api/message/getLatestMessageAndNotice'>;

const PERSONAL = '/systemInfo/ownspaceIndex';

/** What a card shows while it reads, when the read failed (no right to it: the card says nothing), and its rows. */
function Card({ title, testId, link, children }: { title: ReactNode; testId: string; link?: { label: ReactNode; onClick: () => void }; children: ReactNode }) {
  return (
    <section className="card" data-testid={testId}>
      <h3 style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
        <span>{title}</span>
        {link ? (
          <Button kind="link" onClick={link.onClick}>
            {link.label}
          </Button>
        ) : null}
      </h3>
      {children}
    </section>
  );
}

/** Reads once; null while reading, undefined when refused or failed. */
function useOnce<T>(read: () => Promise<T>): T | null | undefined {
  const [value, setValue] = useState<T | null | undefined>(null);
  useEffect(() => {
    let live = true;
    read().then(
      (v) => live && setValue(v),
      () => live && setValue(undefined),
    );
    return () => {
      live = false;
    };
    // read once: the card shows what was there when the page opened
  }, []);
  return value;
}

/**
 * Landing page: notices, my tasks (count and the nearest ones), approvals
 * waiting for me, unread messages, and the projects I opened lately: the
 * recent lists the hosted areas contribute (`contributes.recent`), each only
 * when the user's menu has the area.
 */
export function HomePage({ user, hosted = HOSTED }: { user: UserInfo; hosted?: Hosted }) {
  const { t, i18n } = useLingui();
  const go = useGuardedNavigate();
  const open = (path: string) => void go(path);
  const notices = useOnce<NoticeItem[]>(async () => (await api.get('/api/notice/selectList', { page: 1, limit: 5 })).items);
  const tasks = useOnce(() => api.get('/api/task/myTasks', { page: 1, limit: 5, taskStatus: '0,1,4' }));
  const counts = useOnce<Counts>(() => api.get('/api/message/getMessageCount'));
  const latest = useOnce<Latest>(() => api.get('/api/message/getLatestMessageAndNotice'));
  // only the areas the user's menu holds (the server would refuse the others); a list that fails leaves the others
  const recentLists = useOnce<RecentProject[][]>(() =>
    Promise.all(
      recentContributors(hostedAreas(hosted))
        .filter((area) => holds(user, area.routeName))
        .map((area): Promise<RecentProject[]> => api.get(area.contributes.recent.path as RecentPath, { limit: 5 }).catch(() => [])),
    ),
  );
  // each project once (the design list's answer may hold the process projects too)
  const recent = [...new Map((recentLists ?? []).flat().map((p) => [p.id, p])).values()];
  const taskLabel = (task: Task) =>
    task.taskSource === 'review' ? (task.reviewStep === 'opinion' ? t`Give your review opinion` : task.reviewStep === 'approve' ? t`Approve the review` : t`Release`) : task.taskDesc;

  return (
    <div className="page home-page" data-testid="home-page">
      <PageHeader title={t`Welcome, ${personName(i18n.locale, user)}`} />
      <div className="cards">
        <Card title={<Trans>Notices</Trans>} testId="home-notices">
          {notices === null ? null : notices?.length ? (
            <ul>
              {notices.map((n) => (
                <li key={n.id}>{n.title}</li>
              ))}
            </ul>
          ) : (
            <EmptyState title={t`No notices`} />
          )}
        </Card>
        <Card title={tasks ? t`My tasks (${tasks.total})` : t`My tasks`} testId="home-tasks" link={{ label: <Trans>All tasks</Trans>, onClick: () => open(`${PERSONAL}/myTask`) }}>
          {tasks === null ? null : tasks?.items.length ? (
            <ul>
              {tasks.items.map((task) => (
                <li key={task.id}>
                  <Button kind="link" className="btn btn-link home-card-link" onClick={() => open(task.route)}>
                    {/* a program task on no FMEA is named by its own number */}
                    {task.fmeaNum ?? task.taskNum} · <span data-user-content>{taskLabel(task)}</span>
                  </Button>
                  {task.taskEndDate ? <small className="muted"> {formatDate(task.taskEndDate)}</small> : null}
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState title={t`Nothing to do`} />
          )}
        </Card>
        <Card title={<Trans>Pending approvals</Trans>} testId="home-approvals" link={{ label: <Trans>My approvals</Trans>, onClick: () => open(`${PERSONAL}/myAudit`) }}>
          {counts === null ? null : counts ? (
            <p data-testid="home-approvals-count">{counts.bMessageCount ? t`${counts.bMessageCount} waiting for your decision` : t`Nothing waits for your decision`}</p>
          ) : null}
        </Card>
        <Card title={<Trans>Unread messages</Trans>} testId="home-messages" link={{ label: <Trans>My messages</Trans>, onClick: () => open(`${PERSONAL}/myMessage`) }}>
          {counts === null ? null : counts ? <p data-testid="home-messages-count">{t`${counts.unreadBusiness + counts.sMessageCount} unread`}</p> : null}
          {latest?.message ? (
            <Button kind="link" className="btn btn-link home-card-link" onClick={() => (latest.message?.route ? open(latest.message.route) : open(`${PERSONAL}/myMessage`))}>
              {latest.message.title}
            </Button>
          ) : null}
        </Card>
        <Card title={<Trans>Recent projects</Trans>} testId="home-recent">
          {recentLists === null ? null : recent.length ? (
            <ul>
              {recent.map((p) => (
                <li key={p.id}>
                  <Button kind="link" className="btn btn-link home-card-link" title={`${p.serialNum} · ${p.name}`} onClick={() => open(projectLink(p.projectType, p.id))}>
                    {p.serialNum} · <span data-user-content>{p.name}</span>
                  </Button>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState title={t`No projects opened yet`} />
          )}
        </Card>
      </div>
    </div>
  );
}
