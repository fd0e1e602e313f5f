import { describe, expect, it } from 'vitest';
import { failureOption, failurePlace, type Analysis } from './model.ts';

const node = (id: string, name: string, processNo: string | null = null) => ({ id, name, processNo }) as unknown as Analysis['nodes'][number];
const fn = (id: string, nodeId: string, description: string) => ({ id, nodeId, description }) as unknown as Analysis['functions'][number];

describe('a failure in a picker', () => {
  const analysis = {
    nodes: [node('n1', 'Left gear'), node('n2', 'Right gear'), node('n3', 'Pressing', '20')],
    functions: [fn('f1', 'n1', 'Mesh with worm'), fn('f2', 'n2', 'Mesh with worm'), fn('f3', 'n3', 'Press the bushing')],
  };

  it('tells two causes of the same text apart by their element and function (issue 20: bare text)', () => {
    const left = failureOption(analysis, { id: 'c1', functionId: 'f1', description: 'Teeth worn' });
    const right = failureOption(analysis, { id: 'c2', functionId: 'f2', description: 'Teeth worn' });
    expect(left).toEqual({ value: 'c1', label: 'Left gear › Mesh with worm: Teeth worn' });
    expect(right.label).toBe('Right gear › Mesh with worm: Teeth worn');
  });

  it('names a process step by its number, and falls back to the text where the function is unknown', () => {
    expect(failurePlace(analysis, 'f3')).toBe('20 Pressing › Press the bushing');
    expect(failureOption(analysis, { id: 'c9', functionId: 'gone', description: 'Loose' }).label).toBe('Loose');
  });
});
