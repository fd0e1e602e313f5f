import { describe, expect, it } from 'vitest';
import { syntheticSnapshot } from '../../testing/baseline.ts';
import { createHash } from 'node:crypto';
import { canonicalJson, canonicalSnapshot, parseSnapshot, snapshotCounts, type FmeaSnapshot, type SnapshotSource } from './snapshot.ts';
import { diffSnapshots, emptySnapshotLike } from './diff.ts';

const source = (): SnapshotSource => ({
  project: { id: 'p1', serialNum: 'PF0001', projectType: 'pfmea', name: 'Housing line', versionLabel: 'B', apTable: 'pfmea', subject: 'Housing', updatedAt: new Date(1) } as SnapshotSource['project'],
  ap: { table: 'pfmea', selection: '', rules: [] },
  members: [{ id: 'u1', userId: 'u1', userName: 'li', roles: [1, 0] }],
  nodes: [
    { id: 'n2', parentId: 'n1', nodeType: 2, name: 'Pressing', processNo: '20', sort: 1, version: 7, updatedAt: new Date(5) },
    { id: 'n1', parentId: null, nodeType: 1, name: 'Housing', sort: 1 },
    { id: 'n3', parentId: 'n2', nodeType: 3, name: 'Machine', sort: 1 },
  ],
  functions: [{ id: 'f1', nodeId: 'n3', description: 'Press the bushing', sort: 1 }],
  functionLinks: [],
  characteristics: [],
  interfaces: [],
  failures: [
    { id: 'c1', functionId: 'f1', kind: 'FC', description: 'Force too low', occurrence: 4, detection: 6, sort: 1 },
    { id: 'm1', functionId: 'f1', kind: 'FM', description: 'Bushing loose', sort: 2 },
  ],
  failureLinks: [{ id: 'l1', higherFailureId: 'm1', lowerFailureId: 'c1' }],
  controls: [{ id: 'k1', causeId: 'c1', kind: 'detection', description: 'Force monitor', sort: 1 }],
  actions: [],
});

/** An FMEA-MSR project's analysis as a release freezes it; `msr` sets the cause's MSR ratings. */
const msrSource = (msr: Record<string, unknown> = {}): SnapshotSource => ({
  project: { id: 'p1', serialNum: 'DF0007', projectType: 'msr', name: 'Lifter ECU', versionLabel: 'A', apTable: 'dfmea' },
  ap: { table: 'dfmea', selection: 'SOD', rules: [{ ruleType: 'SOD', ap: 'H', sMin: 9, sMax: 10, oMin: 4, oMax: 10, dMin: 1, dMax: 10 }] },
  members: [{ id: 'u1', userId: 'u1', userName: 'li', roles: [0] }],
  nodes: [{ id: 'n1', parentId: null, nodeType: 1, name: 'ECU', sort: 1 }],
  functions: [{ id: 'f1', nodeId: 'n1', description: 'Reverse on obstacle', sort: 1 }],
  functionLinks: [],
  characteristics: [],
  interfaces: [],
  failures: [
    { id: 'e1', functionId: 'f1', kind: 'FE', description: 'Occupant pinched', severity: 10, sort: 1, msrFrequency: null, msrMonitoring: null, msrSeverity: null, msrEffect: null },
    { id: 'm1', functionId: 'f1', kind: 'FM', description: 'Obstacle missed', sort: 2 },
    { id: 'c1', functionId: 'f1', kind: 'FC', description: 'Hall pulses lost', occurrence: 3, detection: 4, sort: 3, msrFrequency: null, msrMonitoring: null, msrSeverity: null, msrEffect: null, ...msr },
  ],
  failureLinks: [
    { id: 'l1', higherFailureId: 'e1', lowerFailureId: 'm1' },
    { id: 'l2', higherFailureId: 'm1', lowerFailureId: 'c1' },
  ],
  controls: [{ id: 'k1', causeId: 'c1', kind: 'monitoring', description: 'Pulse period watched', sort: 1 }],
  actions: [{ id: 'a1', causeId: 'c1', kind: 'response', description: 'Inching only', status: 'open', targetDate: '2026-09-30', raDetection: 2, sort: 1 }],
});
const hashOf = (s: FmeaSnapshot) => createHash('sha256').update(canonicalJson(s), 'utf8').digest('hex');

describe('canonical snapshot', () => {
  it('of a cause without MSR ratings is the text baselines were written in before they were frozen (the same hash)', () => {
    // the hash this analysis had before the MSR ratings joined the snapshot: every earlier baseline keeps its hash
    expect(hashOf(canonicalSnapshot(msrSource()))).toBe('b14a98e9853f2579d217c5f22346ecf1cd39085bea6bc350a0f616da929b6e1c');
  });

  it('of a cause with MSR ratings holds F, M, the effect after the response and its severity; a diff names an F change', () => {
    const rated = canonicalSnapshot(msrSource({ msrFrequency: 4, msrMonitoring: 2, msrSeverity: 5, msrEffect: 'Inching only' }));
    const cause = rated.failures.find((f) => f.id === 'c1') as Record<string, unknown>;
    expect(cause).toMatchObject({ msrFrequency: 4, msrMonitoring: 2, msrSeverity: 5, msrEffect: 'Inching only' });
    expect(Object.keys(cause)).toEqual([...Object.keys(cause)].sort());
    // the effect, with none set, is written as before
    expect(Object.keys(rated.failures.find((f) => f.id === 'e1')!)).not.toContain('msrFrequency');
    expect(parseSnapshot(canonicalJson(rated))).toEqual(rated);
    const changed = canonicalSnapshot(msrSource({ msrFrequency: 2, msrMonitoring: 2, msrSeverity: 5, msrEffect: 'Inching only' }));
    expect(diffSnapshots(rated, changed).items).toEqual([expect.objectContaining({ kind: 'cause', change: 'changed', fields: [{ field: 'msrFrequency', old: 4, new: 2 }] })]);
    // all cleared: the fields go from the item, and the diff shows each as emptied
    const cleared = canonicalSnapshot(msrSource());
    expect(diffSnapshots(rated, cleared).items[0]!.fields.map((f) => [f.field, f.new])).toEqual([
      ['msrFrequency', null],
      ['msrMonitoring', null],
      ['msrSeverity', null],
      ['msrEffect', null],
    ]);
  });

  it('is the same JSON whatever the row order, versions or times', () => {
    const a = source();
    const b = source();
    (b.nodes as unknown[]).reverse();
    (b.nodes[0] as Record<string, unknown>).version = 99;
    (b.project as Record<string, unknown>).updatedAt = new Date(9);
    expect(canonicalJson(canonicalSnapshot(a))).toBe(canonicalJson(canonicalSnapshot(b)));
  });

  it('writes every object with its keys sorted, in order or not, index keys and nested lists included, as stored baselines were written', () => {
    expect(canonicalJson({ b: 1, a: [{ d: null, c: 'x' }, 2, undefined], e: undefined })).toBe('{"a":[{"c":"x","d":null},2,null],"b":1}');
    expect(canonicalJson({ 10: 'ten', 9: 'nine', a: { z: 1, y: [3, { 2: true, 1: false }] } })).toBe('{"10":"ten","9":"nine","a":{"y":[3,{"1":false,"2":true}],"z":1}}');
    expect(canonicalJson({ at: new Date(0), n: -0, s: 'é"\n' })).toBe('{"at":{},"n":0,"s":"é\\"\\n"}');
    expect([canonicalJson(undefined), canonicalJson(null), canonicalJson([]), canonicalJson({})]).toEqual(['null', 'null', '[]', '{}']);
    const sorted = { a: 1, b: { c: [1, 2] } };
    expect(canonicalJson(sorted)).toBe(JSON.stringify(sorted));
  });

  it('keeps no volatile field and sorts lists by id and keys by name', () => {
    const json = canonicalJson(canonicalSnapshot(source()));
    expect(json).not.toMatch(/updatedAt|"version"/);
    const s = JSON.parse(json) as FmeaSnapshot;
    expect(s.nodes.map((n) => n.id)).toEqual(['n1', 'n2', 'n3']);
    expect(s.members[0]!.roles).toEqual([0, 1]);
    expect(Object.keys(s.nodes[0]!)).toEqual([...Object.keys(s.nodes[0]!)].sort());
    expect(parseSnapshot(json)).toEqual(s);
  });

  it('counts nodes and chains; a foreign text is no snapshot', () => {
    expect(snapshotCounts(canonicalSnapshot(source()))).toEqual({ nodes: 3, chains: 1 });
    expect(parseSnapshot('not json')).toBeNull();
    expect(parseSnapshot('{"format":99}')).toBeNull();
  });
});

describe('diff of two snapshots', () => {
  it('lists added, removed and changed items with their path and old → new values', () => {
    const before = canonicalSnapshot(source());
    const next = source();
    (next.failures[0] as Record<string, unknown>).occurrence = 3;
    (next.project as Record<string, unknown>).subject = 'Housing v2';
    (next as unknown as { controls: unknown[] }).controls = [{ id: 'k2', causeId: 'c1', kind: 'prevention', description: 'Torque spec', sort: 1 }];
    const d = diffSnapshots(before, canonicalSnapshot(next));
    expect({ added: d.added, removed: d.removed, changed: d.changed }).toEqual({ added: 1, removed: 1, changed: 2 });
    const cause = d.items.find((i) => i.id === 'c1')!;
    expect(cause).toMatchObject({ change: 'changed', kind: 'cause', path: 'Housing / 20 Pressing / Machine / Press the bushing / Force too low' });
    expect(cause.fields).toEqual([{ field: 'occurrence', old: 4, new: 3 }]);
    expect(d.items.find((i) => i.kind === 'project')!.fields).toEqual([{ field: 'subject', old: 'Housing', new: 'Housing v2' }]);
    expect(d.items.find((i) => i.id === 'k1')).toMatchObject({ change: 'removed', kind: 'control', path: 'Housing / 20 Pressing / Machine / Press the bushing / Force too low / Force monitor' });
    const added = d.items.find((i) => i.id === 'k2')!;
    expect(added.change).toBe('added');
    expect(added.fields).toContainEqual({ field: 'causeId', old: null, new: 'Housing / 20 Pressing / Machine / Press the bushing / Force too low' });
  });

  it('leaves out order numbers and internal codes, and names people and catalog records as it is told (issue 20)', () => {
    const before = source();
    (before as unknown as { actions: unknown[] }).actions = [{ id: 'a1', causeId: 'c1', kind: 'prevention', description: 'Torque check', responsibleUserId: 'u1', responsibleName: 'li', sort: 1 }];
    const after = source();
    (after as unknown as { actions: unknown[] }).actions = [{ id: 'a1', causeId: 'c1', kind: 'prevention', description: 'Torque check', responsibleUserId: 'u2', responsibleName: 'wang', sort: 2 }];
    (after.failures[0] as Record<string, unknown>).catalogRecordId = 'rec-9';
    (after.nodes[0] as Record<string, unknown>).sort = 5;
    const names = { person: (id: string) => ({ u1: '李工', u2: '王总' })[id], catalog: (id: string) => (id === 'rec-9' ? 'FC2604010001 v3' : undefined) };
    const d = diffSnapshots(canonicalSnapshot(before), canonicalSnapshot(after), names);
    // a reorder alone is no change
    expect(d.items.map((i) => i.id).sort()).toEqual(['a1', 'c1']);
    expect(d.items.find((i) => i.id === 'a1')!.fields).toEqual([{ field: 'responsibleUserId', old: '李工', new: '王总' }]);
    expect(d.items.find((i) => i.id === 'c1')!.fields).toEqual([{ field: 'catalogRecordId', old: null, new: 'FC2604010001 v3' }]);
    // without names: the frozen login name, never the id
    expect(diffSnapshots(canonicalSnapshot(before), canonicalSnapshot(after)).items.find((i) => i.id === 'a1')!.fields).toEqual([{ field: 'responsibleUserId', old: 'li', new: 'wang' }]);
    const all = diffSnapshots(emptySnapshotLike(canonicalSnapshot(after)), canonicalSnapshot(after), names);
    const fields = all.items.flatMap((i) => i.fields.map((f) => f.field));
    expect(fields).not.toEqual(expect.arrayContaining(['sort']));
    for (const hidden of ['sort', 'nodeType', 'userId', 'userName', 'responsibleName']) expect(fields, hidden).not.toContain(hidden);
    expect(all.items.find((i) => i.kind === 'member')!.path).toBe('李工');
    expect(all.items.find((i) => i.id === 'c1')!.fields.map((f) => f.field)).not.toContain('kind');
  });

  it('is empty for the same analysis and lists everything against an empty one', () => {
    const s = canonicalSnapshot(source());
    expect(diffSnapshots(s, canonicalSnapshot(source())).items).toEqual([]);
    const all = diffSnapshots(emptySnapshotLike(s), s);
    expect(all.added).toBe(3 + 1 + 1 + 2 + 1 + 1);
    expect(all.removed + all.changed).toBe(0);
  });

  it('diffs two 20,000-chain snapshots', () => {
    const a = syntheticSnapshot({ chains: 20_000 });
    expect(snapshotCounts(a).chains).toBe(20_000);
    const b = JSON.parse(canonicalJson(a)) as FmeaSnapshot;
    (b.failures as Record<string, unknown>[]).forEach((f, i) => {
      if (i % 50 === 0 && f.kind === 'FC') f.occurrence = 10;
    });
    const d = diffSnapshots(a, b);
    expect(d.changed).toBeGreaterThan(0);
    expect(d.added + d.removed).toBe(0);
  });
});
