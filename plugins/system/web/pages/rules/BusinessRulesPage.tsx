import { lazy, Suspense, useState } from 'react';
import { Tabs } from 'radix-ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, can, confirmLeave, EmptyState, PageHeader, useLoad, usePermission, useUser } from '@fmea/sdk';
import { RULE_TAB_TEXTS, RULE_TABS, type RuleTab } from '../../common/texts.ts';
import { FlagList, type BusinessRule } from './FlagList.tsx';
import '../../system.css';

const ApRulesTab = lazy(() => import('./ap/ApRulesTab.tsx'));
// the numbering tab is the numbering page itself (its own route and grants), not a copy of it
const NumberingPage = lazy(() => import('../numbering/NumberingPage.tsx'));

/**
 * Business rules (spec 000 §2.4's fourteen tabs, §5 "Rule flags"): the AP rules, numbering and one tab per
 * rule group, each tab with a line saying what its rules decide.
 */
export default function BusinessRulesPage() {
  const { t, i18n } = useLingui();
  const allowed = usePermission('system_rules');
  const rules = useLoad(() => api.post('/api/sysBusinessRule/query').then((d) => d.items), []);
  const user = useUser();
  const [tab, setTab] = useState<RuleTab>('ap');

  const list = rules.data ?? [];
  const onSaved = (saved: BusinessRule) => rules.set(list.map((r) => (r.ruleType === saved.ruleType ? saved : r)));
  const change = async (next: string) => {
    // the AP tab may hold unsaved rules
    if (next !== tab && (await confirmLeave())) setTab(next as RuleTab);
  };

  function panel(g: RuleTab) {
    if (g === 'ap') {
      return (
        <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
          <ApRulesTab canEdit={allowed('edit')} canImport={allowed('import')} canExport={allowed('export')} />
        </Suspense>
      );
    }
    if (g === 'numbering') {
      return can(user, 'system_numbering') ? (
        <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
          <NumberingPage />
        </Suspense>
      ) : (
        <EmptyState title={t`Your roles do not include the numbering rules page`} />
      );
    }
    const group = list.filter((r) => r.ruleGroup === g);
    if (rules.error) return <div className="alert alert-error">{rules.error}</div>;
    if (group.length === 0) return <EmptyState title={rules.loading ? t`Loading…` : t`No rules in this group`} />;
    return <FlagList rules={group} canEdit={allowed('edit')} onSaved={onSaved} />;
  }

  return (
    <div className="page" data-testid="system-rules">
      <PageHeader title={<Trans>Business rules</Trans>} />
      <Tabs.Root value={tab} onValueChange={(v) => void change(v)} className="sys-tabs">
        <Tabs.List className="sys-tab-list" aria-label={t`Rule groups`}>
          {RULE_TABS.map((g) => (
            <Tabs.Trigger key={g} value={g} className="sys-tab" data-testid={`rule-tab-${g}`}>
              {i18n._(RULE_TAB_TEXTS[g].label)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {RULE_TABS.map((g) => (
          <Tabs.Content key={g} value={g} className="sys-tab-panel">
            <p className="muted sys-tab-description" data-testid="rule-tab-description">
              {i18n._(RULE_TAB_TEXTS[g].description)}
            </p>
            {tab === g ? panel(g) : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </div>
  );
}
