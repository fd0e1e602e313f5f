import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { REPO } from './paths.ts';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the `fmea` CLI as an operator would beside the running server: on the
 * server's own database file (`--db`), plain output, a clean language.
 */
export function runCli(serverDir: string, args: readonly string[], timeoutMs = 60_000): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: 'true', NO_COLOR: '1' };
  for (const name of ['DATABASE_URL', 'FMEA_LANG', 'LANG', 'LC_ALL', 'ADMIN_PASSWORD']) delete env[name];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(REPO, 'cli', 'bin', 'fmea.js'), '--db', `file:${join(serverDir, 'e2e.db')}`, ...args], { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, stdout, stderr });
    });
  });
}
