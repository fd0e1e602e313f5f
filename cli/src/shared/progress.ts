/**
 * Adapts core's `onProgress(done, total)` callbacks to the output's progress
 * bar, created on the first call (when the total is known).
 */
import type { Output, Progress } from '../ui/index.ts';

export interface ProgressCallback {
  readonly onProgress: (done: number, total: number) => void;
  /** Completes the bar if one was started. */
  done(): Promise<void>;
}

export function progressCallback(out: Output, label: string): ProgressCallback {
  let progress: Progress | undefined;
  let current = 0;
  return {
    onProgress(done, total) {
      progress ??= out.createProgress(label, total);
      if (done > current) progress.tick(done - current);
      current = done;
    },
    async done() {
      await progress?.done();
    },
  };
}
