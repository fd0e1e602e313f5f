import { homeArea, projectLink, recentContributors } from '@fmea/core/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, type ApiData, Button, EmptyState, PageHeader, personName, useGuardedNavigate, type UserInfo } from '@fmea/sdk';
import { holds } from '@fmea/sdk/host';
import { HOSTED, hostedAreas, type Hosted } from '../plugins/registry.ts';
import { Card, Dashboard, useOnce, type Indicator } from './Dashboard.tsx';
import { type RecentPath, type RecentProject } from './recent.ts';

type NoticeItem = ApiData<'/api/notice/selectList'>['items'][number];
type Counts = ApiData<'/api/message/getMessageCount'>;
type Latest = ApiData<'/api/message/getLatestMessageAndNotice'>;

const PERSONAL = '/systemInfo/ownspaceIndex';
/** The home area's own indicator: the recent projects, which the shell gathers from the areas' recent lists. */
const RECENT = homeArea.contributes.indicators[0];

/**
 * Recent projects: the recent lists the hosted areas contribute (`contributes.recent`), each read only when
 * the user's menu has the area, each project once.
 */
function RecentCard({ user, hosted, title }: { user: UserInfo; hosted: Hosted; title: string }) {
  const { t } = useLingui();
  const go = useGuardedNavigate();
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
  return (
    <Card title={title} testId="home-recent">
      {recentLists === null ? null : recent.length ? (
        <ul className="indicator-rows">
          {recent.map((p) => (
            <li key={p.id}>
              <Button kind="link" className="btn btn-link home-card-link" title={`${p.serialNum} · ${p.name}`} onClick={() => void go(projectLink(p.projectType, p.id))}>
                {p.serialNum} · <span data-user-content>{p.name}</span>
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title={t`No projects opened yet`} />
      )}
    </Card>
  );
}

/**
 * Landing page: notices and unread messages (the shell's), then the dashboard of workbench indicators the
 * areas contribute, in the order the administrator set (Dashboard.tsx; docs/domain/dashboard.md).
 */
export function HomePage({ user, hosted = HOSTED }: { user: UserInfo; hosted?: Hosted }) {
  const { t, i18n } = useLingui();
  const go = useGuardedNavigate();
  const open = (path: string) => void go(path);
  const notices = useOnce<NoticeItem[]>(async () => (await api.get('/api/notice/selectList', { page: 1, limit: 3 })).items);
  const counts = useOnce<Counts>(() => api.get('/api/message/getMessageCount'));
  const latest = useOnce<Latest>(() => api.get('/api/message/getLatestMessageAndNotice'));
  const render = (indicator: Indicator) =>
    indicator.id === RECENT.id ? <RecentCard user={user} hosted={hosted} title={i18n.locale === 'en-US' ? indicator.title['en-US'] : indicator.title['zh-CN']} /> : undefined;

  return (
    <div className="page home-page" data-testid="home-page">
      <PageHeader title={t`Welcome, ${personName(i18n.locale, user)}`} />
      <div className="home-strip">
        <Card title={<Trans>Notices</Trans>} testId="home-notices">
          {notices === null ? null : notices?.length ? (
            <ul className="indicator-rows">
              {notices.map((n) => (
                <li key={n.id} className="home-card-link">
                  {n.title}
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState title={t`No notices`} />
          )}
        </Card>
        <Card title={<Trans>Unread messages</Trans>} testId="home-messages" link={{ label: <Trans>My messages</Trans>, onClick: () => open(`${PERSONAL}/myMessage`) }}>
          {counts === null ? null : counts ? <p data-testid="home-messages-count">{t`${counts.unreadBusiness + counts.sMessageCount} unread`}</p> : null}
          {latest?.message ? (
            <Button kind="link" className="btn btn-link home-card-link" onClick={() => (latest.message?.route ? open(latest.message.route) : open(`${PERSONAL}/myMessage`))}>
              {latest.message.title}
            </Button>
          ) : null}
        </Card>
      </div>
      <Dashboard render={render} />
    </div>
  );
}
