/**
 * SCRAM (the open-source PSA tool the Aralia trees are measured on; Debian package `scram`) run as a
 * child process on the same file, for `npm run bench:fta` and the FTA engine's cross-check test. Only its report is
 * read: none of its code is used (GPL). Its report lists every product, so it is read as it streams and
 * only the summary line kept.
 */
import { spawn, spawnSync } from 'node:child_process';

export interface ScramAnswer {
  ms: number;
  /** Exact BDD probability (with --probability). */
  probability: number | null;
  products: number | null;
  timedOut: boolean;
  /** It stopped without an answer (it refuses some models, e.g. a gate naming one input twice). */
  refused: boolean;
}

export const scramInstalled = (): boolean => spawnSync('scram', ['--version'], { stdio: 'ignore' }).status === 0;

export function runScram(file: string, args: string[], timeoutMs: number): Promise<ScramAnswer> {
  return new Promise((answer) => {
    const start = performance.now();
    const child = spawn('scram', [...args, file], { stdio: ['ignore', 'pipe', 'ignore'] });
    let head = '';
    let summary: string | null = null;
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (summary !== null) return;
      head = (head + chunk).slice(-100_000);
      summary = /<sum-of-products [^>]*>/.exec(head)?.[0] ?? null;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (_code, signal) => {
      clearTimeout(timer);
      const ms = performance.now() - start;
      const attribute = (name: string) => {
        const value = summary && new RegExp(`${name}="([^"]*)"`).exec(summary)?.[1];
        return value ? Number(value) : null;
      };
      const timedOut = signal === 'SIGKILL' && summary === null;
      answer({ ms, probability: attribute('probability'), products: attribute('products'), timedOut, refused: !timedOut && summary === null });
    });
  });
}
