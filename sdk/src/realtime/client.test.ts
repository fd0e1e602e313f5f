import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { handleEvent, onChangeNotice, realtime } from './client.ts';
import { ui } from '../stores/ui.ts';

beforeAll(() => {
  // no catalog needed: messages fall back to their English source
  i18n.loadAndActivate({ locale: 'en-US', messages: {} });
});

afterEach(() => {
  realtime.received = 0;
  vi.useRealTimers();
});

describe('realtime events', () => {
  it('hands FMEA change notices to their subscribers, not to the inbox', () => {
    const seen: unknown[] = [];
    const stop = onChangeNotice('fmeaChanged', (data) => seen.push(data.projectId));
    handleEvent('receiveMessage', { type: 'fmeaChanged', projectId: 'p1' });
    expect(seen).toEqual(['p1']);
    expect(realtime.received).toBe(0);
    stop();
    handleEvent('receiveMessage', { type: 'fmeaChanged', projectId: 'p2' });
    expect(seen).toEqual(['p1']);
    expect(realtime.received).toBe(0);
  });

  it('counts a real message as received, for the shell to read the badges again', () => {
    handleEvent('receiveMessage', { type: 'notice', title: 'Plant shutdown' });
    expect(realtime.received).toBe(1);
  });

  it('creeps the job progress 1% every 2 s up to 99, then hides 3 s after 100', () => {
    vi.useFakeTimers();
    handleEvent('receiveProgressInfo', { val: 97, text: 'Importing' });
    expect(ui.progress).toMatchObject({ visible: true, value: 97, text: 'Importing' });
    vi.advanceTimersByTime(2000 * 5);
    expect(ui.progress.value).toBe(99);
    handleEvent('receiveProgressInfo', { val: 100, text: 'Done' });
    expect(ui.progress.value).toBe(100);
    vi.advanceTimersByTime(2999);
    expect(ui.progress.visible).toBe(true);
    vi.advanceTimersByTime(1);
    expect(ui.progress.visible).toBe(false);
  });

  it('stands still while an import waits for a free slot on the server, then runs as usual', () => {
    vi.useFakeTimers();
    handleEvent('receiveProgressInfo', { val: 0, text: 'Waiting to import: 1 import ahead', waiting: true });
    expect(ui.progress).toMatchObject({ visible: true, value: 0, text: 'Waiting to import: 1 import ahead', waiting: true });
    vi.advanceTimersByTime(2000 * 5);
    expect(ui.progress.value).toBe(0);
    handleEvent('receiveProgressInfo', { val: 3, text: 'Importing bom.xlsx' });
    expect(ui.progress).toMatchObject({ value: 3, text: 'Importing bom.xlsx', waiting: false });
    vi.advanceTimersByTime(2000);
    expect(ui.progress.value).toBe(4);
    handleEvent('receiveProgressInfo', { val: 100, text: 'Done' });
    vi.advanceTimersByTime(3000);
    expect(ui.progress.visible).toBe(false);
  });
});
