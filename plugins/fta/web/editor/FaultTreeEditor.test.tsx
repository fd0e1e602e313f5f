// @vitest-environment happy-dom
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { FtaDocument } from '@fmea/core/domain';
import FaultTreeEditor from './FaultTreeEditor.tsx';
import { randomTree, smallTree } from './sample-trees.ts';

beforeAll(() => {
  i18n.load('en-US', {});
  i18n.activate('en-US');
});

/** The editor over a document it owns, as the tree page holds it; every change is kept. */
function Harness({ initial, changes, readOnly = false, highlight }: { initial: FtaDocument; changes: FtaDocument[]; readOnly?: boolean; highlight?: string[] }) {
  const [doc, setDoc] = useState(initial);
  return (
    <FaultTreeEditor
      document={doc}
      readOnly={readOnly}
      highlight={highlight}
      onChange={(next) => {
        changes.push(next);
        setDoc(next);
      }}
    />
  );
}

const mount = (initial: FtaDocument, options: { readOnly?: boolean; highlight?: string[] } = {}) => {
  const changes: FtaDocument[] = [];
  const view = render(
    <I18nProvider i18n={i18n}>
      <Harness initial={initial} changes={changes} {...options} />
    </I18nProvider>,
  );
  return { changes, view };
};
const nodeEl = (key: string) => document.querySelector(`[data-key="${key}"]`)!;

describe('the fault-tree editor', () => {
  it('draws every gate and event with its symbol, a shared event once per gate using it, and probabilities under events', () => {
    mount(smallTree());
    const drawn = [...document.querySelectorAll('[data-key]')].map((el) => `${el.getAttribute('data-name')}:${el.getAttribute('data-kind')}`);
    expect(drawn.sort()).toEqual(['A:basic', 'A:basic', 'B:basic', 'C:basic', 'C:basic', 'G1:gate', 'G1:gate', 'G2:gate', 'TOP:gate'].sort());
    // B: exponential 1e-5 per hour over 1000 h
    expect(nodeEl('G1/1').querySelector('[data-probability]')!.textContent).toBe((1 - Math.exp(-0.01)).toPrecision(3));
    expect(nodeEl('TOP').textContent).toContain('System fails');
  });

  it('adds a basic event under the selected gate from the palette, and selects it', () => {
    const { changes } = mount(smallTree());
    fireEvent.pointerDown(nodeEl('TOP/0'), { button: 0 });
    fireEvent.click(screen.getByTestId('fta-palette-basic'));
    expect(changes.at(-1)!.gates.find((g) => g.name === 'G1')!.inputs).toEqual(['A', 'B', 'E1']);
    expect(nodeEl('G1/2').getAttribute('data-selected')).toBe('true');
    expect((screen.getByTestId('fta-name') as HTMLInputElement).value).toBe('E1');
  });

  it('marks what core’s document check finds wrong, and counts it above the diagram', () => {
    const { changes } = mount(smallTree());
    expect(screen.queryByTestId('fta-problems')).toBeNull();
    fireEvent.pointerDown(nodeEl('TOP'), { button: 0 });
    fireEvent.click(screen.getByTestId('fta-palette-and'));
    expect(changes).toHaveLength(1);
    expect(screen.getByTestId('fta-problems').textContent).toBe('1 problem to correct before saving');
    expect(nodeEl('TOP/3').querySelector('title')!.textContent).toBe('Gate G3 has no inputs yet.');
    expect(nodeEl('TOP/3').querySelector('rect')!.getAttribute('stroke')).toBe('#2563eb'); // selected: blue over red
    fireEvent.click(screen.getByTestId('fta-palette-basic'));
    expect(screen.queryByTestId('fta-problems')).toBeNull();
  });

  it('refuses a probability outside 0…1 with the field named, and changes nothing', () => {
    const { changes } = mount(smallTree());
    fireEvent.pointerDown(nodeEl('TOP/1'), { button: 0 });
    fireEvent.change(screen.getByTestId('fta-probability'), { target: { value: '1.5' } });
    fireEvent.click(screen.getByTestId('fta-apply'));
    expect(screen.getByRole('alert').textContent).toBe('Probability: enter a number from 0 to 1.');
    expect(changes).toEqual([]);
    fireEvent.change(screen.getByTestId('fta-probability'), { target: { value: '0.05' } });
    fireEvent.click(screen.getByTestId('fta-apply'));
    expect(changes.at(-1)!.basicEvents.find((e) => e.name === 'C')!.model).toEqual({ kind: 'probability', probability: 0.05 });
  });

  it('checks k, a failure rate, a transfer’s tree and a new name, naming the field, and applies them when right', () => {
    const doc = smallTree();
    doc.transfers.push({ name: 'T1', tree: 'FT1' });
    doc.gates[0]!.inputs.push('T1');
    const { changes } = mount(doc);
    const apply = () => fireEvent.click(screen.getByTestId('fta-apply'));
    const alert = () => screen.getByRole('alert').textContent;
    // G2 = 2 of (A, C, G1)
    fireEvent.pointerDown(nodeEl('TOP/2'), { button: 0 });
    fireEvent.change(screen.getByTestId('fta-min'), { target: { value: '4' } });
    apply();
    expect(alert()).toBe("k: enter a whole number from 1 to 3 (the gate's inputs).");
    fireEvent.change(screen.getByTestId('fta-min'), { target: { value: '3' } });
    fireEvent.change(screen.getByTestId('fta-name'), { target: { value: 'A' } });
    apply();
    expect(alert()).toBe('Name: another gate or event has this name.');
    fireEvent.change(screen.getByTestId('fta-name'), { target: { value: 'VOTE' } });
    apply();
    expect(changes.at(-1)!.gates.find((g) => g.name === 'VOTE')).toEqual({ name: 'VOTE', operator: 'atleast', min: 3, inputs: ['A', 'C', 'G1'] });
    expect(changes.at(-1)!.gates[0]!.inputs).toEqual(['G1', 'C', 'VOTE', 'T1']);
    // B: a failure rate, not negative
    fireEvent.pointerDown(nodeEl('G1/1'), { button: 0 });
    fireEvent.change(screen.getByTestId('fta-rate'), { target: { value: '-1e-6' } });
    apply();
    expect(alert()).toBe('Failure rate: enter a number of 0 or more (per hour).');
    fireEvent.change(screen.getByTestId('fta-rate'), { target: { value: '2e-6' } });
    apply();
    expect(changes.at(-1)!.basicEvents.find((e) => e.name === 'B')!.model).toEqual({ kind: 'exponential', rate: 2e-6 });
    // a transfer names its tree
    fireEvent.pointerDown(nodeEl('TOP/3'), { button: 0 });
    fireEvent.change(screen.getByTestId('fta-tree'), { target: { value: ' ' } });
    apply();
    expect(alert()).toBe('Transferred tree: enter the number of the tree this event stands for.');
    expect(changes).toHaveLength(2);
  });

  it('deletes the selected input with the Delete key, and refuses to delete the top', () => {
    const { changes } = mount(smallTree());
    const svg = screen.getByTestId('fta-diagram');
    fireEvent.pointerDown(nodeEl('TOP/1'), { button: 0 });
    fireEvent.keyDown(svg, { key: 'Delete' });
    expect(changes.at(-1)!.gates[0]!.inputs).toEqual(['G1', 'G2']);
    fireEvent.pointerDown(nodeEl('TOP'), { button: 0 });
    fireEvent.keyDown(svg, { key: 'Delete' });
    expect(screen.getByTestId('fta-notice').textContent).toBe('The top event cannot be deleted.');
    expect(changes).toHaveLength(1);
  });

  it('collapses a gate from its toggle and shows how many events it hides', () => {
    mount(smallTree());
    fireEvent.pointerDown(nodeEl('TOP/0').querySelector('[data-toggle]')!, { button: 0 });
    expect(document.querySelector('[data-key="G1/0"]')).toBeNull();
    expect(nodeEl('TOP/0').textContent).toContain('2 events hidden');
  });

  it('marks the events of a highlighted cut set', () => {
    mount(smallTree(), { highlight: ['A', 'B'] });
    const lit = [...document.querySelectorAll('[data-lit]')].map((el) => el.getAttribute('data-key'));
    expect(lit).toEqual(['G1/0', 'G1/1', 'G2/0']);
  });

  it('offers no palette and no editing when read-only', () => {
    const { changes } = mount(smallTree(), { readOnly: true });
    expect(screen.queryByTestId('fta-palette-basic')).toBeNull();
    fireEvent.pointerDown(nodeEl('TOP/1'), { button: 0 });
    fireEvent.keyDown(screen.getByTestId('fta-diagram'), { key: 'Delete' });
    expect(screen.queryByTestId('fta-delete')).toBeNull();
    expect(changes).toEqual([]);
  });

  it('draws only the part of a 1,000-event tree in view', () => {
    mount(randomTree(1000));
    const drawn = document.querySelectorAll('[data-key]').length;
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThan(100);
  });

  it('prints the whole tree, not only the part in view, and takes the print sheet away after', () => {
    const doc = randomTree(1000);
    mount(doc);
    let printed = 0;
    vi.stubGlobal('print', () => (printed = document.querySelectorAll('.fta-print-sheet [data-kind="basic"]').length));
    fireEvent.click(screen.getByTestId('fta-print'));
    // every basic event's place: one per gate input naming it
    expect(printed).toBe(doc.gates.reduce((n, g) => n + g.inputs.filter((i) => i.startsWith('E')).length, 0));
    expect(document.querySelector('.fta-print-sheet')).toBeNull();
    vi.unstubAllGlobals();
  });

  it('exports the whole diagram as a standalone SVG', async () => {
    const saved: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (saved.push(b), 'blob:x'), revokeObjectURL: () => undefined }));
    mount(randomTree(100));
    fireEvent.click(screen.getByTestId('fta-export-svg'));
    const svg = await saved[0]!.text();
    expect(svg).toMatch(/^<\?xml[^>]*>\n<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg.match(/data-kind="basic"/g)).toHaveLength(randomTree(100).gates.reduce((n, g) => n + g.inputs.filter((i) => i.startsWith('E')).length, 0));
    vi.unstubAllGlobals();
  });
});
