/**
 * Ink rendering, imported lazily by the TTY output only: plain, JSON and
 * batch runs never load React or Ink.
 */
import { render, renderToString } from 'ink';
import type { Progress } from '../types.ts';
import { ErrorBox, ProgressBar, RecordView, Table, type TableProps } from './components.tsx';

export * from './components.tsx';

export function tableToString(props: TableProps, columns: number): string {
  return renderToString(<Table {...props} />, { columns });
}

export function recordToString(entries: readonly (readonly [string, string])[], columns: number): string {
  return renderToString(<RecordView entries={entries} />, { columns });
}

export function errorToString(title: string, lines: readonly string[], columns: number): string {
  return renderToString(<ErrorBox title={title} lines={lines} />, { columns });
}

export interface ProgressBarHandle extends Progress {
  /** Jump to `current` (redraws only when the whole percentage changes). */
  set(current: number): void;
  /** Leave the bar where it is (a failure) and release the terminal. */
  stop(): Promise<void>;
}

/** A live progress bar on `stream` (stderr), redrawn at most once per percent. */
export function startProgressBar(stream: NodeJS.WriteStream, label: string, total: number): ProgressBarHandle {
  let current = 0;
  let shownPercent = -1;
  const element = () => <ProgressBar label={label} current={current} total={total} />;
  const instance = render(element(), { stdout: stream, patchConsole: false, exitOnCtrlC: false });
  const set = (value: number) => {
    current = value;
    const percent = total > 0 ? Math.floor((Math.min(current, total) / total) * 100) : 100;
    if (percent !== shownPercent) {
      shownPercent = percent;
      instance.rerender(element());
    }
  };
  const stop = async () => {
    instance.unmount();
    await instance.waitUntilExit();
  };
  return {
    set,
    stop,
    tick(n = 1) {
      set(current + n);
    },
    async done() {
      set(total);
      await stop();
    },
  };
}
