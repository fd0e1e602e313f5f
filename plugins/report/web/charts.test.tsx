// @vitest-environment happy-dom
import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { HeatMap } from './charts.tsx';

beforeAll(() => {
  i18n.load('en-US', {});
  i18n.activate('en-US');
});

describe('HeatMap', () => {
  it('draws all 100 S×O cells, each holding its count, coloured by the highest AP of its chains', () => {
    render(
      <I18nProvider i18n={i18n}>
        <HeatMap testId="heat" title="Before" cells={[{ s: 9, o: 8, n: 3, H: 1, M: 2, L: 0 }, { s: 2, o: 1, n: 5, H: 0, M: 0, L: 5 }]} />
      </I18nProvider>,
    );
    const map = screen.getByTestId('heat');
    expect(map.querySelectorAll('[data-s]')).toHaveLength(100);
    const high = map.querySelector('[data-s="9"][data-o="8"]')!;
    expect(high.getAttribute('data-n')).toBe('3');
    expect(high.querySelector('rect')!.getAttribute('stroke')).toBe('#dc2626');
    expect(high.textContent).toBe('3');
    expect(map.querySelector('[data-s="2"][data-o="1"] rect')!.getAttribute('stroke')).toBe('#16a34a');
    // an empty cell has no number and no AP border
    const empty = map.querySelector('[data-s="10"][data-o="10"]')!;
    expect(empty.textContent).toBe('');
    expect(empty.querySelector('rect')!.getAttribute('stroke')).toBe('none');
  });
});
