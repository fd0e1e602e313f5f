import type { FtaDocument, FtaGate } from '@fmea/core/domain';

/**
 * Fault trees for the editor's tests and the layout bench: a random tree of `events` basic events under
 * AND, OR and 2-of-n gates, about one event in ten shared by a second gate. Seeded, so a run repeats.
 */
export function randomTree(events: number, seed = 1): FtaDocument {
  let s = seed;
  const rand = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
  const eventNames = Array.from({ length: events }, (_, i) => `E${i + 1}`);
  const gates: FtaGate[] = [];
  // build bottom-up: group the open names three to five at a time under a new gate until one is left
  let open = [...eventNames];
  while (open.length > 1) {
    const next: string[] = [];
    for (let i = 0; i < open.length; ) {
      const size = Math.min(open.length - i, 3 + Math.floor(rand() * 3));
      const inputs = open.slice(i, i + size);
      i += size;
      if (inputs.length === 1) {
        next.push(inputs[0]!);
        continue;
      }
      const name = `G${gates.length + 1}`;
      const pick = rand();
      if (rand() < 0.1) inputs.push(eventNames[Math.floor(rand() * events)]!);
      const unique = [...new Set(inputs)];
      gates.push(pick < 0.15 && unique.length > 2 ? { name, operator: 'atleast', min: 2, inputs: unique } : { name, operator: pick < 0.5 ? 'and' : 'or', inputs: unique });
      next.push(name);
    }
    open = next;
  }
  const top = open[0]!;
  if (!top.startsWith('G')) gates.push({ name: 'G1', operator: 'or', inputs: [top] });
  return {
    name: `random-${events}`,
    missionTime: 8760,
    top: top.startsWith('G') ? top : 'G1',
    gates,
    basicEvents: eventNames.map((name, i) => ({ name, model: i % 2 ? { kind: 'probability', probability: 0.001 } : { kind: 'exponential', rate: 1e-6 } })),
    houseEvents: [],
    transfers: [],
  };
}

/** The e2e and unit tests' small tree: TOP = (A and B) or C … with B shared as given. */
export function smallTree(): FtaDocument {
  return {
    name: 'small',
    missionTime: 1000,
    top: 'TOP',
    gates: [
      { name: 'TOP', label: 'System fails', operator: 'or', inputs: ['G1', 'C', 'G2'] },
      { name: 'G1', operator: 'and', inputs: ['A', 'B'] },
      { name: 'G2', operator: 'atleast', min: 2, inputs: ['A', 'C', 'G1'] },
    ],
    basicEvents: [
      { name: 'A', label: 'Pump fails', model: { kind: 'probability', probability: 0.01 } },
      { name: 'B', model: { kind: 'exponential', rate: 1e-5 } },
      { name: 'C', model: { kind: 'probability', probability: 0.02 } },
    ],
    houseEvents: [],
    transfers: [],
  };
}
