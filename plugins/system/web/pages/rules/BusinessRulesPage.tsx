import { lazy, Suspense, useState } from 'react';
import { Tabs } from 'radix-ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { RULE_GROUPS } from '@fmea/core/domain';
import { api, confirmLeave, EmptyState, PageHeader, useLoad, usePermission } from '@fmea/sdk';
import { FlagList, type BusinessRule } from './FlagList.tsx';
import '../../system.css';

const ApRulesTab = lazy(() => import('./ap/ApRulesTab.tsx'));

/** Business rules (spec 000 §2.4 tabs, §5 "Rule flags"): the AP rules and one tab per rule group. */
export default function BusinessRulesPage() {
  const { t } = useLingui();
  const allowed = usePermission('system_rules');
  const rules = useLoad(() => api.post('/api/sysBusinessRule/query').then((d) => d.items), []);
  const [tab, setTab] = useState('ap');

  const groupLabel = (group: string) => {
    switch (group) {
      case 'required':
        return t`Required rules`;
      case 'basic':
        return t`Basic rules`;
      case 'dataCreator':
        return t`Data creator permissions`;
      case 'knowledgePush':
        return t`Knowledge push`;
      case 'interfaceReason':
        return t`Interface reason`;
      case 'scoreSupply':
        return t`Score supply`;
      case 'controlPlanTemplate':
        return t`Control plan template`;
      case 'report':
        return t`FMEA export and report rules`;
      default:
        return group;
    }
  };

  const list = rules.data ?? [];
  const onSaved = (saved: BusinessRule) => rules.set(list.map((r) => (r.ruleType === saved.ruleType ? saved : r)));
  const change = async (next: string) => {
    // the AP tab may hold unsaved rules
    if (next !== tab && (await confirmLeave())) setTab(next);
  };

  return (
    <div className="page" data-testid="system-rules">
      <PageHeader title={<Trans>Business rules</Trans>} />
      <Tabs.Root value={tab} onValueChange={(v) => void change(v)} className="sys-tabs">
        <Tabs.List className="sys-tab-list" aria-label={t`Rule groups`}>
          <Tabs.Trigger value="ap" className="sys-tab">
            <Trans>AP rules</Trans>
          </Tabs.Trigger>
          {RULE_GROUPS.map((g) => (
            <Tabs.Trigger key={g} value={g} className="sys-tab" data-testid={`rule-tab-${g}`}>
              {groupLabel(g)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="ap" className="sys-tab-panel">
          <Suspense fallback={<div className="page-loading" aria-busy="true" />}>
            <ApRulesTab canEdit={allowed('edit')} canImport={allowed('import')} canExport={allowed('export')} />
          </Suspense>
        </Tabs.Content>
        {RULE_GROUPS.map((g) => {
          const group = list.filter((r) => r.ruleGroup === g);
          return (
            <Tabs.Content key={g} value={g} className="sys-tab-panel">
              {rules.error ? (
                <div className="alert alert-error">{rules.error}</div>
              ) : group.length === 0 ? (
                <EmptyState title={rules.loading ? t`Loading…` : t`No rules in this group`} />
              ) : (
                <FlagList rules={group} canEdit={allowed('edit')} onSaved={onSaved} />
              )}
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
    </div>
  );
}
