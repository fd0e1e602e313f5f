import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, notify, notifyError, PageHeader, ScoreRanking, usePermission } from '@fmea/sdk';
import '../../system.css';

/**
 * User scores (spec 000 §2.4 "user score"): every user's scores and grade with their history, as the
 * ranking report shows them, and the totals rebuilt from the ledger (the edit button).
 */
export default function UserScoresPage() {
  const { t } = useLingui();
  const canEdit = usePermission('system_userScore')('edit');
  const [reloadKey, setReloadKey] = useState(0);
  const [busy, setBusy] = useState(false);

  async function recompute() {
    setBusy(true);
    try {
      const { changed } = await api.post('/api/score/recompute');
      notify('success', t`Totals recomputed from the score history: ${changed} users corrected`);
      setReloadKey((k) => k + 1);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page" data-testid="system-user-scores">
      <PageHeader
        title={<Trans>User scores</Trans>}
        actions={
          canEdit ? (
            <Button disabled={busy} onClick={() => void recompute()} data-testid="scores-recompute">
              <Trans>Recompute totals</Trans>
            </Button>
          ) : null
        }
      />
      <ScoreRanking reloadKey={reloadKey} />
    </div>
  );
}
