import { useState } from 'react';
import { kindOf } from '@fmea/core/domain';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, notify, notifyError, TextArea } from '@fmea/sdk';

/** What a project page leaves in the history state when it sends a non-member to 403. */
export interface ReadApplyState {
  readApply?: { projectType: string; project: string };
}

/**
 * On the 403 page of an FMEA project: a non-member may ask the project's
 * responsible persons for read access (spec 001 §7 applyReadProject,
 * applyReadPfmeaProject; docs/domain/messages.md). The answer arrives as a
 * message that opens the project.
 */
export function ReadAccessApply() {
  const { t } = useLingui();
  const target = (history.state as ReadApplyState | null)?.readApply;
  const [remark, setRemark] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!target) return null;

  async function apply() {
    if (!target) return;
    setBusy(true);
    try {
      const body = { projectId: target.project, remark: remark.trim() || null };
      await api.post(kindOf(target.projectType).readApplyRoute, body);
      setSent(true);
      notify('success', t`Applied: the project's responsible person decides`);
    } catch (e) {
      notifyError(e);
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <p data-testid="read-apply-sent">
        <Trans>Your application was sent. You will get a message when the responsible person decides.</Trans>
      </p>
    );
  }
  return (
    <div className="read-apply" data-testid="read-apply">
      <p>
        <Trans>You are not a member of this project. You can ask its responsible person for read access.</Trans>
      </p>
      <TextArea aria-label={t`Reason for the application`} placeholder={t`Reason for the application`} maxLength={500} value={remark} onChange={(e) => setRemark(e.target.value)} />
      <Button kind="primary" data-testid="read-apply-send" disabled={busy} onClick={() => void apply()}>
        <Trans>Apply for read access</Trans>
      </Button>
    </div>
  );
}
