import { describe, expect, it } from 'vitest';
import { featureClassesFor } from './feature-classes.ts';
import { winningClassification } from './types.ts';

const cls = (category: string, priority: number | null, customer: string | null = null) => ({ category, priority, customer });

const CLASSES = [
  cls('一般', 3),
  cls('关键', 1),
  cls('重要', 2),
  cls('SC', 2, '上汽大众'),
  cls('CC', 1, ' saic volkswagen '),
  cls('YC', 1, 'BYD'),
];

describe('the characteristic classes a project uses', () => {
  it('are its customer’s own, found by any of the customer’s names, smallest priority first', () => {
    const { scope, items } = featureClassesFor(CLASSES, ['1', '上汽大众', 'SAIC Volkswagen']);
    expect(scope).toBe('customer');
    expect(items.map((c) => c.category)).toEqual(['CC', 'SC']);
    expect(winningClassification(items)?.category).toBe('CC');
  });

  it('are the general ones when the customer has none of its own, or the project names no customer', () => {
    expect(featureClassesFor(CLASSES, ['2', '一汽奥迪', 'FAW Audi'])).toEqual({ scope: 'general', items: [cls('关键', 1), cls('重要', 2), cls('一般', 3)] });
    expect(featureClassesFor(CLASSES, [null, '', undefined]).items.map((c) => c.category)).toEqual(['关键', '重要', '一般']);
  });

  it('put classes without a priority last, and order equal priorities by name', () => {
    const { items } = featureClassesFor([cls('B', null), cls('Z', 1), cls('A', 1)], []);
    expect(items.map((c) => c.category)).toEqual(['A', 'Z', 'B']);
  });

  it('is empty when there are no general classes and the customer has none', () => {
    expect(featureClassesFor([cls('YC', 1, 'BYD')], ['SAIC'])).toEqual({ scope: 'general', items: [] });
  });
});
