import { Fragment, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, FormError, loadUser, localName, notify, PageHeader, useLoad, usePermission } from '@fmea/sdk';
import { MenuDialog, type MenuEntry } from './MenuDialog.tsx';
import '../../system.css';

/** The calls one route or button opens, as method and path with the summary on hover. */
function Calls({ calls }: { calls: MenuEntry['resources']['route'] }) {
  if (!calls.length) return <span className="muted">—</span>;
  return (
    <ul className="sys-resources">
      {calls.map((c) => (
        <li key={`${c.method} ${c.path}`} title={c.summary}>
          <code>
            {c.method} {c.path}
          </code>
        </li>
      ))}
    </ul>
  );
}

/**
 * Menus and resources (spec 000 §2.4; docs/domain/administration.md "Menus and resources"): the menu tree as
 * the work areas declare it, with what the administrator changed (title, English title, icon, hidden, sort),
 * and per route and button the API calls (resources) that need it, read from the API's own access rules.
 */
export default function MenusPage() {
  const { t, i18n } = useLingui();
  const canEdit = usePermission('system_menus')('edit');
  const tree = useLoad(() => api.get('/api/menu/tree'), []);
  const [editing, setEditing] = useState<MenuEntry | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const rows = tree.data ?? [];

  return (
    <div className="page" data-testid="system-menus">
      <PageHeader title={<Trans>Menus and resources</Trans>} />
      <p className="muted">
        <Trans>
          The work areas declare the menus, their paths and their buttons; here you change how a menu reads and where it sits: its titles, icon, sort and whether the menus show it. Changes are kept when the
          server starts again. Resources are the server calls that need a menu or one of its buttons.
        </Trans>
      </p>
      {tree.error ? <FormError message={tree.error} /> : null}
      <table className="sys-table sys-menus" aria-busy={!tree.data}>
        <thead>
          <tr>
            <th>{t`Title`}</th>
            <th>{t`English title`}</th>
            <th>{t`Icon`}</th>
            <th>{t`Sort`}</th>
            <th>{t`In the menus`}</th>
            <th>{t`Buttons`}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((m) => {
            const changed = (field: MenuEntry['overridden'][number]) => (m.overridden.includes(field) ? 'sys-changed' : undefined);
            const shown = open === m.routeName;
            return (
              <Fragment key={m.routeName}>
                <tr data-route={m.routeName} className={m.parentRouteName ? 'sys-menu-page' : 'sys-menu-area'}>
                  <td className={changed('title')}>{m.title}</td>
                  <td className={changed('titleEn')}>{m.titleEn}</td>
                  <td className={changed('icon')}>{m.icon}</td>
                  <td className={changed('sort')}>{m.sort}</td>
                  <td className={changed('hidden')}>{m.hidden ? t`Hidden` : t`Shown`}</td>
                  <td>{m.buttons.join(', ') || '—'}</td>
                  <td className="sys-inline">
                    <Button kind="link" aria-expanded={shown} data-testid={`menu-resources-${m.routeName}`} onClick={() => setOpen(shown ? null : m.routeName)}>
                      {t`Resources`}
                    </Button>
                    {canEdit ? (
                      <Button kind="link" data-testid={`menu-edit-${m.routeName}`} aria-label={t`Edit ${localName(i18n.locale, m.title, m.titleEn)}`} onClick={() => setEditing(m)}>
                        {t`Edit`}
                      </Button>
                    ) : null}
                  </td>
                </tr>
                {shown ? (
                  <tr className="sys-menu-resources" data-testid={`menu-resources-of-${m.routeName}`}>
                    <td colSpan={7}>
                      <dl>
                        <dt>{t`The menu itself (${m.path})`}</dt>
                        <dd>
                          <Calls calls={m.resources.route} />
                        </dd>
                        {m.buttons.map((b) => (
                          <Fragment key={b}>
                            <dt>{t`Button ${b}`}</dt>
                            <dd data-button={b}>
                              <Calls calls={m.resources.buttons[b] ?? []} />
                            </dd>
                          </Fragment>
                        ))}
                      </dl>
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
        </tbody>
      </table>
      {editing ? (
        <MenuDialog
          entry={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            notify('success', t`Menu saved`);
            tree.reload();
            // the shell's menus are built from the session's routers: read them again so the change shows at once
            void loadUser(true);
          }}
        />
      ) : null}
    </div>
  );
}
