import { useSnapshot } from 'valtio';
import { ui } from '@fmea/sdk';

/** Top: route/chunk loading. Bottom: long server jobs (receiveProgressInfo). */
export function NavigationProgress() {
  const snap = useSnapshot(ui);
  return snap.navigating ? <div className="nav-progress" role="progressbar" aria-busy="true" /> : null;
}

export function JobProgress() {
  const snap = useSnapshot(ui);
  if (!snap.progress.visible) return null;
  return (
    <div className="job-progress" role="progressbar" aria-valuenow={snap.progress.value} aria-valuemin={0} aria-valuemax={100} data-testid="job-progress">
      <div className="job-progress-fill" style={{ width: `${snap.progress.value}%` }} />
      <span>{snap.progress.waiting ? snap.progress.text : `${snap.progress.text} ${snap.progress.value}%`}</span>
    </div>
  );
}
