// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { applyProgress } from '@fmea/sdk/host';
import { ui } from '@fmea/sdk';
import { JobProgress } from './ProgressBars.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  Object.assign(ui.progress, { visible: false, value: 0, text: '', waiting: false });
});

describe('the job progress bar', () => {
  it('shows the server’s words without a percentage while an import waits for a slot, then the percentage', async () => {
    render(<JobProgress />);
    await act(async () => applyProgress(0, 'Waiting to import: 1 import ahead', true));
    expect(screen.getByTestId('job-progress').textContent).toBe('Waiting to import: 1 import ahead');
    await act(async () => applyProgress(12, 'Importing bom.xlsx'));
    expect(screen.getByTestId('job-progress').textContent).toBe('Importing bom.xlsx 12%');
  });
});
