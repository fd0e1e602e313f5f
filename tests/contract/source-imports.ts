import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Reading what a repository's TypeScript imports, for the contract tests (browser code, package graph). */
export const REPO = fileURLToPath(new URL('../..', import.meta.url));

const SKIPPED = new Set(['node_modules', 'dist', 'artifacts', '.git']);
const isTest = (name: string) => /\.test\.(ts|tsx)$/.test(name);

/** Every .ts/.tsx file below a folder; tests only when asked. */
export function sources(dir: string, options: { tests?: boolean } = {}): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (SKIPPED.has(name)) return [];
    if (statSync(path).isDirectory()) return sources(path, options);
    return /\.(ts|tsx)$/.test(name) && (options.tests || !isTest(name)) ? [path] : [];
  });
}

/** Every `import … from '…'` / `export … from '…'` / `import '…'` / `import('…')` of a file, with whether it is type-only. */
export function importsOf(text: string): { from: string; typeOnly: boolean }[] {
  const found: { from: string; typeOnly: boolean }[] = [];
  for (const match of text.matchAll(/^\s*(import|export)\s+(type\s+)?([^;]*?)\s+from\s+['"]([^'"]+)['"]/gm)) {
    const clause = match[3] ?? '';
    // `import { type A, type B }` is type-only too
    const allTypes = /^\{[^}]*\}$/.test(clause.trim()) && clause.replace(/[{}]/g, '').split(',').every((part) => part.trim() === '' || part.trim().startsWith('type '));
    found.push({ from: match[4]!, typeOnly: Boolean(match[2]) || allTypes });
  }
  for (const match of text.matchAll(/^\s*import\s+['"]([^'"]+)['"]/gm)) found.push({ from: match[1]!, typeOnly: false });
  for (const match of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) found.push({ from: match[1]!, typeOnly: false });
  return found;
}
