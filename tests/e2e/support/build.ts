import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { REPO, WORKBENCH, WORKBENCH_DIST } from './paths.ts';

/** What the browser bundle is built from: the shell, the SDK, every plugin and the pure core it imports (the area definitions among it). */
const SOURCES = [
  join(WORKBENCH, 'src'),
  join(WORKBENCH, 'index.html'),
  join(WORKBENCH, 'vite.config.ts'),
  join(WORKBENCH, 'lingui.config.ts'),
  join(WORKBENCH, 'package.json'),
  join(REPO, 'sdk'),
  join(REPO, 'plugins'),
  join(REPO, 'core', 'src', 'domain'),
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** Runs a command, resolving with its output; rejects with the output when it fails. */
export function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(output) : reject(new Error(`${command} ${args.join(' ')} exited ${code}\n${output.slice(-4000)}`))));
  });
}

/** `vite build` of the workbench, optionally into another folder and with the manifest. */
export async function buildWorkbench(options: { outDir?: string; manifest?: boolean } = {}): Promise<string> {
  const args = ['vite', 'build'];
  if (options.outDir) args.push('--outDir', options.outDir, '--emptyOutDir');
  if (options.manifest) args.push('--manifest');
  // vitest sets NODE_ENV=test: passed on, Vite would bundle React's development build
  return run('npx', args, { cwd: WORKBENCH, env: { ...process.env, NODE_ENV: 'production' } });
}

/**
 * Builds workbench/dist (what `fmea serve` serves) unless it is newer than
 * every source. E2E_REUSE_DIST=1 keeps an existing dist whatever its age;
 * E2E_REBUILD=1 always builds.
 */
export async function ensureWorkbenchBuilt(): Promise<'built' | 'reused'> {
  const index = join(WORKBENCH_DIST, 'index.html');
  if (existsSync(index) && process.env.E2E_REBUILD !== '1') {
    if (process.env.E2E_REUSE_DIST === '1') return 'reused';
    if (statSync(index).mtimeMs > Math.max(...SOURCES.map(newestMtime))) return 'reused';
  }
  await buildWorkbench();
  return 'built';
}
