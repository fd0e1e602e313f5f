import type { Issue } from '../../../errors.ts';
import { chainLists, defineFromAnalysis, listsFromAnalysis, makeFromAnalysis, type AnalysisSheets } from './analysis-import.ts';
import type { AnalysisBuilder } from './builder.ts';
import type { FlatRow } from './columns.ts';
import { Directory } from './directory.ts';
import { buildFromChains, defineFromChains, type Users } from './parse.ts';

/**
 * Our own workbook into the builder: the chain sheet's rows and, when the
 * workbook has them, the analysis sheets. Every keyed item is first
 * described by every row that names it (the analysis sheets first, so they
 * set the order), then made: the structure, functions and failures in their
 * sheets' order, the chains with their links, then the function net,
 * characteristics, interfaces, controls and actions. The sheet's own issues
 * are returned with the names of responsible people who are no user here.
 */
export function buildFromWorkbook(sheet: string, rows: readonly { row: number; values: FlatRow }[], analysis: AnalysisSheets, b: AnalysisBuilder, users: Users): { issues: Issue[]; unknownNames: string[] } {
  const issues: Issue[] = [];
  const dir = new Directory(b, sheet);
  defineFromAnalysis(analysis, dir, issues);
  const bad = defineFromChains(rows, dir, issues);
  makeFromAnalysis(analysis, dir, issues);
  const chains = buildFromChains(rows, bad, dir, b, users, chainLists(analysis));
  const unknownNames = new Set(chains.unknownNames);
  listsFromAnalysis(analysis, dir, b, users, issues, unknownNames);
  return { issues: [...issues, ...chains.issues, ...dir.issues], unknownNames: [...unknownNames] };
}

/** The product's name as the workbook gives it (the structure sheet's '@root' row, else a chain's element on the product), for a new project. */
export function workbookProductName(rows: readonly { values: FlatRow }[], analysis: AnalysisSheets): string | undefined {
  const root = analysis.structure?.rows.find((r) => r.values.elementKey === '@root')?.values.element;
  if (root) return root;
  for (const { values: v } of rows) {
    for (const [key, name] of [
      [v.elementKey, v.element],
      [v.effectElementKey, v.effectElement],
      [v.causeElementKey, v.causeElement],
    ] as const) {
      if (key === '@root' && name) return name;
    }
  }
  return undefined;
}
