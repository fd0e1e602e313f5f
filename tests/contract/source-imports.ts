import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Reading what a repository's TypeScript imports, for the contract tests (browser code, plugins, package graph). */
export const REPO = fileURLToPath(new URL('../..', import.meta.url));
const SKIPPED = new Set(['node_modules', 'dist', 'artifacts', '.git']);

/** One import of a source file: what it names and whether only types come through it. */
export interface SourceImport {
  readonly from: string;
  readonly typeOnly: boolean;
}

/** Every .ts/.tsx file under a folder (node_modules and dist left out); tests too unless `tests: false`. */
export function sourcesUnder(dir: string, { tests = true }: { tests?: boolean } = {}): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (SKIPPED.has(name)) return [];
    if (statSync(path).isDirectory()) return sourcesUnder(path, { tests });
    return /\.(ts|tsx)$/.test(name) && (tests || !isTestFile(name)) ? [path] : [];
  });
}

/** Every .ts/.tsx file below a folder; tests only when asked. */
export const sources = (dir: string, { tests = false }: { tests?: boolean } = {}): string[] => sourcesUnder(dir, { tests });

export const isTestFile = (path: string): boolean => /\.test\.(ts|tsx)$/.test(path);

/** Every `import … from '…'`, `export … from '…'`, side-effect `import '…'` and `import('…')` of a file, with whether it is type-only. */
export function importsOf(text: string): SourceImport[] {
  const found: SourceImport[] = [];
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

/** The package a bare specifier names (`@fmea/core/domain` → `@fmea/core`, `react/jsx-runtime` → `react`); null for a relative path. */
export function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/')) return null;
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}
