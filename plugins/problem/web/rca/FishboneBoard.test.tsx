// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest';
import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { FishboneBoard } from './FishboneBoard.tsx';
import type { BoardCause } from './fishbone-layout.ts';

beforeAll(() => {
  i18n.load('en-US', {});
  i18n.activate('en-US');
});

let ids = 0;
function Harness({ initial, changes }: { initial: BoardCause[]; changes: BoardCause[][] }) {
  const [causes, setCauses] = useState(initial);
  return (
    <FishboneBoard
      effect="Window does not close"
      causes={causes}
      readOnly={false}
      newId={() => `n${++ids}`}
      onChange={(next) => {
        changes.push(next);
        setCauses(next);
      }}
    />
  );
}

const mount = (initial: BoardCause[] = []) => {
  const changes: BoardCause[][] = [];
  render(
    <I18nProvider i18n={i18n}>
      <Harness initial={initial} changes={changes} />
    </I18nProvider>,
  );
  return changes;
};
const item = (id: string) => document.querySelector<SVGGElement>(`[data-focus-id="${id}"]`)!;
const svg = () => document.querySelector('svg')!;

describe('the Ishikawa board', () => {
  it('adds a cause under the chosen bone, marks it as the verified root cause and removes it, with the panel’s buttons', () => {
    const changes = mount();
    fireEvent.click(item('machine'));
    fireEvent.change(screen.getByTestId('fishbone-text'), { target: { value: 'Motor torque too low' } });
    fireEvent.click(screen.getByTestId('fishbone-save'));
    expect(changes.at(-1)).toEqual([{ id: 'n1', category: 'machine', text: 'Motor torque too low', rootCause: false }]);
    // the new cause is drawn on the machine bone
    expect(document.querySelector('[data-category="machine"] [data-cause="Motor torque too low"]')).not.toBeNull();
    fireEvent.click(item('n1'));
    fireEvent.click(screen.getByTestId('fishbone-root'));
    expect(changes.at(-1)![0]!.rootCause).toBe(true);
    expect(item('n1').getAttribute('data-root')).toBe('true');
    fireEvent.click(screen.getByTestId('fishbone-remove'));
    expect(changes.at(-1)).toEqual([]);
  });

  it('refuses an empty cause and says why', () => {
    const changes = mount();
    fireEvent.click(screen.getByTestId('fishbone-save'));
    expect(changes).toEqual([]);
    expect(screen.getByText('Cause: enter what may have caused the problem.')).toBeTruthy();
  });

  it('works from the keyboard: arrows move between causes and bones, R marks the root cause, Delete removes', async () => {
    const changes = mount([
      { id: 'a', category: 'man', text: 'Operator not trained', rootCause: false },
      { id: 'b', category: 'machine', text: 'Worn gear', rootCause: false },
    ]);
    // one stop in the tab order (roving tab index): the first bone's label
    expect([...document.querySelectorAll('[tabindex="0"]')].map((e) => e.getAttribute('data-focus-id'))).toEqual(['man']);
    const key = async (k: string) => {
      fireEvent.keyDown(svg(), { key: k });
      await act(() => new Promise((r) => requestAnimationFrame(() => r(undefined))));
    };
    await key('ArrowDown');
    expect(item('a').getAttribute('aria-selected')).toBe('true');
    await key('ArrowRight');
    expect(item('b').getAttribute('aria-selected')).toBe('true');
    expect(item('b').getAttribute('tabindex')).toBe('0');
    await key('r');
    expect(changes.at(-1)!.find((c) => c.id === 'b')!.rootCause).toBe(true);
    expect(item('b').getAttribute('aria-label')).toBe('Worn gear (verified root cause)');
    await key('Delete');
    expect(changes.at(-1)!.map((c) => c.id)).toEqual(['a']);
    // focus goes back to the bone the cause was on
    expect(item('machine').getAttribute('aria-selected')).toBe('true');
  });
});
