import { useMemo, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, EmptyState, FormError, localName, notify, readServerError, useDirty, type ApiData } from '@fmea/sdk';
import { buttonDescription, buttonLabel } from '../../common/labels.ts';
import type { Role } from '../../common/types.ts';

export type Menu = ApiData<'/api/menu/list'>[number];

/** Granted routes and, per route, the granted buttons. */
type Grants = Record<string, string[]>;

const grantsOf = (role: Role): Grants => Object.fromEntries(role.permissions.map((p) => [p.routeName, [...p.buttons]]));
const sameGrants = (a: Grants, b: Grants) => {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((k) => b[k] && a[k]!.length === b[k].length && a[k]!.every((x) => b[k]!.includes(x)));
};

/**
 * A role's permissions: the menus grouped by parent, a checkbox per route and
 * per button it offers. Granting a child grants its parent (the area must open
 * for its page to); taking a route away takes its buttons and children too.
 */
export function PermissionTree({ role, menus, canGrant, onSaved }: { role: Role; menus: Menu[]; canGrant: boolean; onSaved: () => void }) {
  const { t, i18n } = useLingui();
  const [saved, setSaved] = useState<Grants>(() => grantsOf(role));
  const [grants, setGrants] = useState<Grants>(saved);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dirty = !sameGrants(grants, saved);
  useDirty(dirty);

  const { roots, children, byName } = useMemo(() => {
    const sorted = [...menus].sort((a, b) => a.sort - b.sort);
    const names = new Map(sorted.map((m) => [m.routeName, m]));
    const kids = new Map<string, Menu[]>();
    for (const m of sorted) if (m.parentRouteName && names.has(m.parentRouteName)) kids.set(m.parentRouteName, [...(kids.get(m.parentRouteName) ?? []), m]);
    return { roots: sorted.filter((m) => !m.parentRouteName || !names.has(m.parentRouteName)), children: kids, byName: names };
  }, [menus]);

  function setRoute(menu: Menu, on: boolean, next: Grants = { ...grants }): Grants {
    if (on) {
      next[menu.routeName] ??= [];
      const parent = menu.parentRouteName ? byName.get(menu.parentRouteName) : undefined;
      if (parent) setRoute(parent, true, next);
    } else {
      delete next[menu.routeName];
      for (const child of children.get(menu.routeName) ?? []) setRoute(child, false, next);
    }
    return next;
  }

  function setButton(menu: Menu, button: string, on: boolean) {
    const next = setRoute(menu, true);
    const current = next[menu.routeName] ?? [];
    next[menu.routeName] = on ? [...current.filter((b) => b !== button), button] : current.filter((b) => b !== button);
    setGrants(next);
  }

  const allButtons = (menu: Menu, on: boolean) => setGrants({ ...setRoute(menu, true), [menu.routeName]: on ? [...menu.buttons] : [] });

  async function save() {
    setBusy(true);
    setError(null);
    try {
      const permissions = Object.entries(grants).map(([routeName, buttons]) => ({ routeName, buttons }));
      const answer = await api.post('/api/role/savePermissions', { id: role.id, permissions });
      const next = Object.fromEntries(answer.map((p) => [p.routeName, p.buttons]));
      setSaved(next);
      setGrants(next);
      notify('success', t`Permissions of ${localName(i18n.locale, role.name, role.nameEn)} saved`);
      onSaved();
    } catch (e) {
      setError(readServerError(e).message);
    } finally {
      setBusy(false);
    }
  }

  function renderMenu(menu: Menu, depth: number) {
    const granted = grants[menu.routeName];
    const kids = children.get(menu.routeName) ?? [];
    return (
      <li key={menu.routeName} className={depth === 0 ? 'sys-perm-root' : undefined}>
        <div className="sys-perm-row">
          <label className="sys-check sys-perm-route">
            <input type="checkbox" disabled={!canGrant} checked={granted !== undefined} onChange={(e) => setGrants(setRoute(menu, e.target.checked))} data-route={menu.routeName} />
            <span>{localName(i18n.locale, menu.title, menu.titleEn)}</span>
            {menu.hidden ? <span className="muted">{t`(hidden)`}</span> : null}
          </label>
          {menu.buttons.length ? (
            <span className="sys-perm-buttons">
              {menu.buttons.map((b) => (
                <label key={b} className="sys-check" title={buttonDescription(b)}>
                  <input type="checkbox" disabled={!canGrant} checked={granted?.includes(b) ?? false} onChange={(e) => setButton(menu, b, e.target.checked)} data-button={`${menu.routeName}.${b}`} />
                  <span>{buttonLabel(b)}</span>
                </label>
              ))}
              {canGrant && menu.buttons.length > 1 ? (
                <Button kind="link" onClick={() => allButtons(menu, (granted?.length ?? 0) < menu.buttons.length)}>
                  {(granted?.length ?? 0) < menu.buttons.length ? <Trans>All</Trans> : <Trans>None</Trans>}
                </Button>
              ) : null}
            </span>
          ) : null}
        </div>
        {kids.length ? <ul className="sys-perm-children">{kids.map((k) => renderMenu(k, depth + 1))}</ul> : null}
      </li>
    );
  }

  // the server grants everything to holders of the role named admin (spec 000 §6)
  const isAdminRole = role.name === 'admin';
  return (
    <section className="sys-panel" aria-label={t`Permissions`} data-testid="permission-tree">
      <div className="page-header">
        <h3>
          <Trans>Permissions of {localName(i18n.locale, role.name, role.nameEn)}</Trans>
        </h3>
        {canGrant ? (
          <div className="page-actions">
            <Button disabled={!dirty || busy} onClick={() => setGrants(saved)}>
              <Trans>Undo changes</Trans>
            </Button>
            <Button kind="primary" disabled={!dirty || busy} onClick={() => void save()}>
              <Trans>Save permissions</Trans>
            </Button>
          </div>
        ) : null}
      </div>
      {isAdminRole ? (
        <p className="alert alert-info">
          <Trans>Holders of the default administrator role may open every page and use every button, whatever is ticked here.</Trans>
        </p>
      ) : null}
      <FormError message={error} />
      <ButtonLegend menus={menus} />
      {menus.length === 0 ? (
        <EmptyState title={<Trans>No menus to grant</Trans>} />
      ) : (
        <ul className="sys-perm-tree">{roots.map((m) => renderMenu(m, 0))}</ul>
      )}
    </section>
  );
}

/** What each button the tree offers allows: a label alone ("Audit") does not say it. */
function ButtonLegend({ menus }: { menus: Menu[] }) {
  const codes = [...new Set(menus.flatMap((m) => m.buttons))];
  if (codes.length === 0) return null;
  return (
    <details className="sys-perm-legend" data-testid="button-legend">
      <summary>
        <Trans>What the buttons allow</Trans>
      </summary>
      <dl>
        {codes.map((code) => (
          <div key={code} data-button={code}>
            <dt>{buttonLabel(code)}</dt>
            <dd>{buttonDescription(code)}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
