import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, FormError, notify, PageHeader, readServerError, session, useLoad } from '@fmea/sdk';
import '../../system.css';

/**
 * Concurrency management (spec 000 §2.4, §4, §8): the licences of each site (group), who is signed in and the
 * logins left. The server refuses a sign-in or a group change to a full site (core/src/services/auth/login.ts);
 * licence counts are set on Sites and departments. What each administrator sees follows the site rules.
 */
export default function ConcurrencyPage() {
  const { t, i18n } = useLingui();
  const en = i18n.locale === 'en-US';
  // the shell loads the user before any page renders
  const me = session.user?.userId;
  const licence = useLoad(() => api.get('/api/getLicenseInfo', {}), []);
  const sites = useLoad(() => api.get('/api/site/selectSiteList'), []);
  const online = useLoad(() => api.get('/api/online/list'), []);

  async function kick(userId: string) {
    try {
      await api.post('/api/removeLoginUser', { userId });
      notify('success', t`Kicked out successfully`);
      online.reload();
      sites.reload();
      licence.reload();
    } catch (e) {
      notify('error', readServerError(e).message ?? t`Operation failed`);
    }
  }

  const l = licence.data;
  return (
    <div className="page" data-testid="system-concurrency">
      <PageHeader title={<Trans>Concurrency management</Trans>} />
      <FormError message={licence.error ?? sites.error ?? online.error} />
      {l ? (
        <p data-testid="licence-summary">
          {l.licensed === null ? t`Licences: no limit` : t`Licences: ${l.licensed}, ${l.remaining ?? 0} left`} · {t`Online: ${l.online}`}
        </p>
      ) : null}
      <section className="sys-panel" aria-label={t`Licences per site`}>
        <h3>
          <Trans>Licences per site</Trans>
        </h3>
        <table className="sys-table" data-testid="concurrency-sites">
          <thead>
            <tr>
              <th>{t`Site`}</th>
              <th>{t`Licences`}</th>
              <th>{t`Online`}</th>
              <th>{t`Logins left`}</th>
            </tr>
          </thead>
          <tbody>
            {(sites.data ?? []).map((s) => {
              const left = s.licenceCount > 0 ? Math.max(0, s.licenceCount - s.onlineCount) : null;
              return (
                <tr key={s.id} className={left === 0 ? 'is-full' : undefined}>
                  <td>{en ? s.siteNameEn || s.siteName : s.siteName}</td>
                  <td>{s.licenceCount > 0 ? s.licenceCount : t`Unlimited`}</td>
                  <td>{s.onlineCount}</td>
                  <td>{left === null ? t`Unlimited` : left === 0 ? t`None (sign-ins and group changes refused)` : left}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
      <section className="sys-panel" aria-label={t`Who is online`}>
        <h3>
          <Trans>Who is online</Trans>
        </h3>
        <table className="sys-table" data-testid="concurrency-online">
          <thead>
            <tr>
              <th>{t`User`}</th>
              <th>{t`Site`}</th>
              <th>{t`Since`}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {(online.data ?? []).map((u) => (
              <tr key={`${u.userId}-${u.since}`}>
                <td>
                  {(en && u.realNameEn) || u.realName} ({u.userName})
                </td>
                <td>{(en ? u.siteNameEn || u.siteName : u.siteName) ?? ''}</td>
                <td>{new Date(u.since).toLocaleString(i18n.locale)}</td>
                <td>
                  {u.userId !== me ? (
                    <Button onClick={() => void kick(u.userId)}>
                      <Trans>Kick out</Trans>
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
