import type { FtaDocument, FtaGate } from './document.ts';
import { FaultTreeError } from './model.ts';

/**
 * A stored document as Open-PSA MEF XML (issue 23), what `readMefDocuments` reads back to the same
 * document: `define-fault-tree` (the mission time as its `mission-time` attribute), `define-gate` with
 * and/or/atleast/not/xor, `define-basic-event` with `float` or `exponential` (`float` rate,
 * `system-mission-time`), `define-house-event`, `label`. A transfer is written as a gate whose formula is
 * the other tree's top, and the other tree (found by `resolve`) as one more `define-fault-tree`, so the
 * file analyses alone in SCRAM and reads back as the same transfer. Every name and label is escaped.
 */
export interface WriteMefOptions {
  /** The document a transfer names (a stored tree's number); every transfer must resolve. */
  resolve?: (tree: string) => FtaDocument | undefined;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const label = (text: string | undefined, indent: string) => (text ? `${indent}<label>${escapeText(text)}</label>\n` : '');
/** Numbers as JavaScript writes them: the shortest text that reads back to the same double. */
const number = (value: number) => String(value);

export function writeMef(doc: FtaDocument, options: WriteMefOptions = {}): string {
  // the document and every tree its transfers reach, each once
  const docs: FtaDocument[] = [];
  const byTree = new Map<string, FtaDocument>();
  const collect = (d: FtaDocument) => {
    if (docs.includes(d)) return;
    docs.push(d);
    for (const t of d.transfers) {
      const other = byTree.get(t.tree) ?? options.resolve?.(t.tree);
      if (!other) throw new FaultTreeError('undefined', `${t.name} → ${t.tree}`, { name: t.name, input: t.tree });
      byTree.set(t.tree, other);
      collect(other);
    }
  };
  collect(doc);

  const kinds = new Map<string, 'gate' | 'basic-event' | 'house-event'>();
  for (const d of docs) {
    for (const g of d.gates) kinds.set(g.name, 'gate');
    for (const t of d.transfers) kinds.set(t.name, 'gate');
    for (const e of d.basicEvents) kinds.set(e.name, 'basic-event');
    for (const h of d.houseEvents) kinds.set(h.name, 'house-event');
  }
  const reference = (gate: string, input: string) => {
    const kind = kinds.get(input);
    if (!kind) throw new FaultTreeError('undefined', `${gate} → ${input}`, { name: gate, input });
    return `<${kind} name="${escapeAttribute(input)}"/>`;
  };
  const formula = (g: FtaGate, indent: string) => {
    const open = g.operator === 'atleast' ? `<atleast min="${g.min ?? 1}">` : `<${g.operator}>`;
    return `${indent}${open}\n${g.inputs.map((input) => `${indent}  ${reference(g.name, input)}\n`).join('')}${indent}</${g.operator}>\n`;
  };

  const written = new Set<string>();
  const once = (name: string) => !written.has(name) && written.add(name) !== undefined;
  let out = '<?xml version="1.0" encoding="UTF-8"?>\n<opsa-mef>\n';
  for (const d of docs) {
    out += `  <define-fault-tree name="${escapeAttribute(d.name)}">\n`;
    out += `    <attributes>\n      <attribute name="mission-time" value="${number(d.missionTime)}"/>\n    </attributes>\n`;
    for (const g of d.gates) {
      if (!once(g.name)) continue;
      out += `    <define-gate name="${escapeAttribute(g.name)}">\n${label(g.label, '      ')}${formula(g, '      ')}    </define-gate>\n`;
    }
    for (const t of d.transfers) {
      if (!once(t.name)) continue;
      out += `    <define-gate name="${escapeAttribute(t.name)}">\n${label(t.label, '      ')}      <gate name="${escapeAttribute(byTree.get(t.tree)!.top)}"/>\n    </define-gate>\n`;
    }
    for (const e of d.basicEvents) {
      if (!once(e.name)) continue;
      const value =
        e.model.kind === 'probability'
          ? `      <float value="${number(e.model.probability)}"/>\n`
          : `      <exponential>\n        <float value="${number(e.model.rate)}"/>\n        <system-mission-time/>\n      </exponential>\n`;
      out += `    <define-basic-event name="${escapeAttribute(e.name)}">\n${label(e.label, '      ')}${value}    </define-basic-event>\n`;
    }
    for (const h of d.houseEvents) {
      if (!once(h.name)) continue;
      out += `    <define-house-event name="${escapeAttribute(h.name)}">\n${label(h.label, '      ')}      <constant value="${h.state}"/>\n    </define-house-event>\n`;
    }
    out += '  </define-fault-tree>\n';
  }
  return `${out}</opsa-mef>\n`;
}
