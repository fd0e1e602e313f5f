// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { Dialog } from './dialog.tsx';
import { Autocomplete, type FetchSuggestions, type SuggestionOption } from './Autocomplete.tsx';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const TEXTS = ['Seal the door', 'Seal against water', 'Seal against dust', 'Hold the seal'];

function Harness({ fetchSuggestions, onDialogClose, onPick }: { fetchSuggestions: FetchSuggestions; onDialogClose?: () => void; onPick?: (option: SuggestionOption) => void }) {
  const [value, setValue] = useState('');
  const [open, setOpen] = useState(true);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onDialogClose?.();
      }}
      title="Add function"
    >
      <Autocomplete id="fn" data-testid="fn" maxLength={200} value={value} onChange={(e) => setValue(e.target.value)} fetchSuggestions={fetchSuggestions} onPick={onPick} />
      <output data-testid="value">{value}</output>
    </Dialog>
  );
}

const filtered: FetchSuggestions = async (q) => TEXTS.filter((t) => t.toLowerCase().includes(q.trim().toLowerCase()));
const input = () => screen.getByRole('combobox') as HTMLInputElement;
const options = () => screen.queryAllByRole('option').map((o) => o.textContent);

async function type(text: string) {
  fireEvent.change(input(), { target: { value: text } });
}
/** Lets the debounce run out and the lookup settle. */
async function settle(ms = 300) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('Autocomplete', () => {
  it('is a combobox that keeps the input props and asks only 300 ms after the last keystroke', async () => {
    const fetchSuggestions = vi.fn(filtered);
    render(<Harness fetchSuggestions={fetchSuggestions} />);
    input().focus();
    expect(input().id).toBe('fn');
    expect(input().getAttribute('data-testid')).toBe('fn');
    expect(input().maxLength).toBe(200);
    expect(input().getAttribute('aria-expanded')).toBe('false');

    await type('s');
    await settle(200);
    await type('se');
    await settle(299);
    expect(fetchSuggestions).not.toHaveBeenCalled();
    await settle(1);
    expect(fetchSuggestions).toHaveBeenCalledTimes(1);
    expect(fetchSuggestions.mock.calls[0]![0]).toBe('se');

    expect(input().getAttribute('aria-expanded')).toBe('true');
    const listbox = screen.getByRole('listbox');
    expect(input().getAttribute('aria-controls')).toBe(listbox.id);
    expect(options()).toEqual(TEXTS);
  });

  it('shows at most 10 options and drops the text already typed', async () => {
    render(<Harness fetchSuggestions={async () => ['abc', ...Array.from({ length: 20 }, (_, i) => `abc ${i}`)]} />);
    input().focus();
    await type('ABC');
    await settle();
    expect(options()).toHaveLength(10);
    expect(options()).not.toContain('abc');
  });

  it('shows where each option comes from, keeps the first of a repeated text and tells the caller which one was picked', async () => {
    const onPick = vi.fn();
    const catalog = { text: 'Seal the door', note: 'Catalog FU2603010001 v1', key: 'record-1' };
    render(<Harness onPick={onPick} fetchSuggestions={async () => [catalog, { text: 'Seal the door', note: 'FMEA wording' }, 'Seal against water']} />);
    input().focus();
    await type('Seal the door');
    await settle();
    // the catalog entry stays even though its text is typed in full: picking it links the item
    expect(options()).toEqual(['Seal the door Catalog FU2603010001 v1', 'Seal against water']);
    fireEvent.click(screen.getAllByRole('option')[0]!);
    expect(screen.getByTestId('value').textContent).toBe('Seal the door');
    expect(onPick).toHaveBeenCalledWith(catalog);
  });

  it('moves with the arrow keys, marks the active option and picks it with Enter', async () => {
    render(<Harness fetchSuggestions={filtered} />);
    input().focus();
    await type('seal a');
    await settle();
    expect(options()).toEqual(['Seal against water', 'Seal against dust']);

    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    const second = screen.getAllByRole('option')[1]!;
    expect(second.getAttribute('aria-selected')).toBe('true');
    expect(input().getAttribute('aria-activedescendant')).toBe(second.id);
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    fireEvent.keyDown(input(), { key: 'ArrowUp' });
    expect(input().getAttribute('aria-activedescendant')).toBe(second.id);

    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(screen.getByTestId('value').textContent).toBe('Seal against dust');
    expect(input().getAttribute('aria-expanded')).toBe('false');
    // picking is not typing: no new lookup opens the list again
    await settle(1000);
    expect(options()).toEqual([]);
  });

  it('picks with the mouse without losing the focus', async () => {
    render(<Harness fetchSuggestions={filtered} />);
    input().focus();
    await type('door');
    await settle();
    const option = screen.getByRole('option');
    expect(fireEvent.mouseDown(option)).toBe(false);
    fireEvent.click(option);
    expect(screen.getByTestId('value').textContent).toBe('Seal the door');
    expect(document.activeElement).toBe(input());
  });

  it('closes the list, not the dialog, on Escape; a second Escape closes the dialog', async () => {
    const onDialogClose = vi.fn();
    render(<Harness fetchSuggestions={filtered} onDialogClose={onDialogClose} />);
    input().focus();
    await type('seal');
    await settle();
    expect(options()).toHaveLength(4);

    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(options()).toEqual([]);
    expect(onDialogClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();

    fireEvent.keyDown(input(), { key: 'Escape' });
    expect(onDialogClose).toHaveBeenCalledTimes(1);
  });

  it('lets Enter through when no option is active, and keeps free text', async () => {
    render(<Harness fetchSuggestions={filtered} />);
    input().focus();
    await type('Seal the lid');
    await settle();
    const enter = fireEvent.keyDown(input(), { key: 'Enter' });
    expect(enter).toBe(true);
    expect(screen.getByTestId('value').textContent).toBe('Seal the lid');
  });

  it('closes on blur and ignores an answer that arrives after it', async () => {
    let resolve: (texts: string[]) => void = () => {};
    render(<Harness fetchSuggestions={() => new Promise((r) => (resolve = r))} />);
    input().focus();
    await type('seal');
    await settle();
    fireEvent.blur(input());
    input().blur();
    await act(async () => resolve(TEXTS));
    expect(options()).toEqual([]);
  });

  it('keeps the list in place while a press elsewhere (Save) is held, so the click lands where it was aimed', async () => {
    render(<Harness fetchSuggestions={filtered} />);
    input().focus();
    await type('seal');
    await settle();
    fireEvent.pointerDown(window);
    fireEvent.blur(input());
    expect(options()).toHaveLength(4);
    fireEvent.pointerUp(window);
    await settle(0);
    expect(options()).toEqual([]);
  });

  it('aborts the older lookup when a newer one starts and shows only the newer answer', async () => {
    const signals: AbortSignal[] = [];
    const answers: ((texts: string[]) => void)[] = [];
    render(
      <Harness
        fetchSuggestions={(_q, signal) => {
          signals.push(signal);
          return new Promise((r) => answers.push(r));
        }}
      />,
    );
    input().focus();
    await type('se');
    await settle();
    await type('seal');
    await settle();
    expect(signals.map((s) => s.aborted)).toEqual([true, false]);
    await act(async () => answers[1]!(['Seal the door']));
    await act(async () => answers[0]!(['Stale answer']));
    expect(options()).toEqual(['Seal the door']);
  });

  it('asks at once on ArrowDown and shows nothing when the lookup fails', async () => {
    const fetchSuggestions = vi.fn<FetchSuggestions>(async () => {
      throw new Error('offline');
    });
    render(<Harness fetchSuggestions={fetchSuggestions} />);
    input().focus();
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    await settle(0);
    expect(fetchSuggestions).toHaveBeenCalledWith('', expect.any(AbortSignal));
    expect(options()).toEqual([]);
    await type('x');
    expect(input().value).toBe('x');
  });
});
