import { useEffect, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, type ApiData } from '../api/typed-client.ts';
import type { UserInfo } from '../api/types.ts';
import { EmptyState, PageHeader } from '../components/form.tsx';

type NoticeItem = ApiData<'/api/notice/selectList'>['items'][number];

/** Landing page: greeting, published notices, and honest placeholders for areas still to come. */
export function HomePage({ user }: { user: UserInfo }) {
  const { t } = useLingui();
  const [notices, setNotices] = useState<NoticeItem[] | null>(null);
  useEffect(() => {
    api.get('/api/notice/selectList', { page: 1, limit: 5 }).then(
      (data) => setNotices(data.items),
      () => setNotices([]),
    );
  }, []);
  return (
    <div className="page home-page" data-testid="home-page">
      <PageHeader title={t`Welcome, ${user.realName || user.userName}`} />
      <div className="cards">
        <section className="card">
          <h3>
            <Trans>Notices</Trans>
          </h3>
          {notices === null ? null : notices.length ? (
            <ul>
              {notices.map((n) => (
                <li key={n.id}>{n.title}</li>
              ))}
            </ul>
          ) : (
            <EmptyState title={t`No notices`} />
          )}
        </section>
        <section className="card">
          <h3>
            <Trans>My tasks</Trans>
          </h3>
          <EmptyState title={t`No tasks yet`}>
            <Trans>Tasks appear here once FMEA projects assign work to you.</Trans>
          </EmptyState>
        </section>
      </div>
    </div>
  );
}
