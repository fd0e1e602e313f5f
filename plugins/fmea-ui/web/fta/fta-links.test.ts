import { describe, expect, it } from 'vitest';
import { cutSetEvents, formatProbability, summarizeProjectLinks } from './fta-links.ts';

describe('the FMEA side of fault-tree links', () => {
  it('counts for each item the trees holding it, and the items (not links) that ask review', () => {
    const summary = summarizeProjectLinks([
      { treeId: 'T1', failureId: 'cause', reviewNeeded: false },
      { treeId: 'T2', failureId: 'cause', reviewNeeded: true },
      { treeId: 'T2', failureId: 'mode', reviewNeeded: true },
      { treeId: 'T1', failureId: 'effect', reviewNeeded: false },
    ]);
    expect(Object.fromEntries(summary.byFailure)).toEqual({
      cause: { trees: 2, reviewNeeded: true },
      mode: { trees: 1, reviewNeeded: true },
      effect: { trees: 1, reviewNeeded: false },
    });
    expect([summary.trees, summary.reviewItems]).toEqual([2, 2]);
    expect(summarizeProjectLinks([])).toMatchObject({ trees: 0, reviewItems: 0 });
  });

  it('writes probabilities with three significant digits, in exponent form below 0.001', () => {
    expect([0.002, 0.01752, 0.001, 0.000175, 2e-7, 1, 0, null].map(formatProbability)).toEqual(['0.002', '0.0175', '0.001', '1.75e-4', '2.00e-7', '1', '0', '—']);
  });

  it('names a cut set’s events by their labels and marks the item’s own', () => {
    expect(cutSetEvents({ events: ['OBSTACLE', 'FC1'] }, { FC1: 'Hall signal lost' }, 'FC1')).toEqual([
      { name: 'OBSTACLE', text: 'OBSTACLE', own: false },
      { name: 'FC1', text: 'Hall signal lost', own: true },
    ]);
  });
});
