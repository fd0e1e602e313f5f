import { useState } from 'react';
import { Tabs } from 'radix-ui';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyState, PageHeader } from '@fmea/workbench/sdk';
import '../personal.css';

type Tab = 'pending' | 'processed' | 'system';

/**
 * My messages (spec 000 §2.5): pending, processed and system. Messages come
 * from the FMEA work areas (tasks, approvals, comments); until those exist
 * each tab says what will appear in it.
 */
export default function MyMessagesPage() {
  const { t } = useLingui();
  const [tab, setTab] = useState<Tab>('pending');
  return (
    <div className="page" data-testid="my-messages-page">
      <PageHeader title={t`My messages`} />
      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <Tabs.List className="personal-tabs-list" aria-label={t`My messages`}>
          <Tabs.Trigger className="personal-tab" value="pending" data-testid="tab-pending">
            <Trans>Pending</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger className="personal-tab" value="processed" data-testid="tab-processed">
            <Trans>Processed</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger className="personal-tab" value="system" data-testid="tab-system">
            <Trans>System</Trans>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="pending">
          <EmptyState title={t`No pending messages`}>
            <Trans>Task reminders, approval requests and comments that need your action appear here when FMEA projects send them to you.</Trans>
          </EmptyState>
        </Tabs.Content>
        <Tabs.Content value="processed">
          <EmptyState title={t`No processed messages`}>
            <Trans>Messages you have dealt with are kept here for reference.</Trans>
          </EmptyState>
        </Tabs.Content>
        <Tabs.Content value="system">
          <EmptyState title={t`No system messages`}>
            <Trans>Messages from the system about your account and the FMEA projects you take part in appear here. Notices from the administrator are under My notices.</Trans>
          </EmptyState>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
