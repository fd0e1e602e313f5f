import { describe, expect, it } from 'vitest';
import { indexGraph } from './graph.ts';
import { brokenLinkCount, brokenLinks, failureLinkRefusal, functionLinkRefusal, linksBrokenBy } from './links.ts';
import { graphBuilder, threeLevelGraph } from './test-builders.ts';

describe('failure links across three structure levels', () => {
  const base = threeLevelGraph()
    .fe('EA2', 'a2')
    .fm('MC', 'c1')
    .fc('KP', 'p1')
    .fe('EC', 'c1')
    .fm('MB', 'b1');
  const index = indexGraph(base.build());

  it('allows an effect on the next higher level and causes on the next lower level', () => {
    expect(failureLinkRefusal(index, 'E1', 'M1')).toBeNull();
    expect(failureLinkRefusal(index, 'M1', 'K1')).toBeNull();
    expect(failureLinkRefusal(index, 'M1', 'K3')).toBeNull();
  });

  it('refuses an effect two levels up, a sibling or below the mode', () => {
    expect(failureLinkRefusal(index, 'E1', 'MC')).toBe('fmea.link_effect_level');
    expect(failureLinkRefusal(index, 'EC', 'M1')).toBe('fmea.link_effect_level');
    expect(failureLinkRefusal(index, 'E1', 'MB')).toBeNull();
  });

  it('refuses a cause above the mode or on another branch', () => {
    expect(failureLinkRefusal(index, 'M1', 'KP')).toBe('fmea.link_cause_level');
    expect(failureLinkRefusal(index, 'MB', 'K1')).toBe('fmea.link_cause_level');
  });

  it("refuses an effect on the same element's other function unless the function net links them", () => {
    expect(failureLinkRefusal(index, 'EA2', 'M1')).toBe('fmea.link_effect_level');
    const netted = indexGraph(base.fnLink('a2', 'a1').build());
    expect(failureLinkRefusal(netted, 'EA2', 'M1')).toBeNull();
  });

  it('accepts a cause on a lower function the function net names', () => {
    const netted = indexGraph(graphBuilder().root().fn('p1', 'P').fn('p2', 'P').fm('M', 'p1').fc('K', 'p2').fnLink('p1', 'p2').build());
    expect(failureLinkRefusal(netted, 'M', 'K')).toBeNull();
  });

  it.each([
    ['E1', 'K1'],
    ['M1', 'E1'],
    ['K1', 'M1'],
    ['E1', 'EA2'],
    ['M1', 'MC'],
  ])('refuses linking %s to %s: only FE→FM and FM→FC', (higher, lower) => {
    expect(failureLinkRefusal(index, higher, lower)).toBe('fmea.link_kinds');
  });

  it('refuses a failure linked to itself and an end that does not exist', () => {
    expect(failureLinkRefusal(index, 'M1', 'M1')).toBe('fmea.link_self');
    expect(failureLinkRefusal(index, 'M1', 'nope')).toBe('fmea.link_unknown_end');
  });
});

describe('function net', () => {
  const index = indexGraph(threeLevelGraph().fnLink('a2', 'a1').build());

  it('links a function to a function of the same element or of the next lower level', () => {
    expect(functionLinkRefusal(index, 'p1', 'a1')).toBeNull();
    expect(functionLinkRefusal(index, 'a1', 'c1')).toBeNull();
    expect(functionLinkRefusal(index, 'a1', 'a2', { checkCycle: false })).toBeNull();
  });

  it('refuses skipping a level, going upwards or across branches', () => {
    expect(functionLinkRefusal(index, 'p1', 'c1')).toBe('fmea.function_link_level');
    expect(functionLinkRefusal(index, 'c1', 'a1')).toBe('fmea.function_link_level');
    expect(functionLinkRefusal(index, 'b1', 'c1')).toBe('fmea.function_link_level');
  });

  it('refuses a same-element link that closes a cycle, and self links', () => {
    expect(functionLinkRefusal(index, 'a1', 'a2')).toBe('fmea.function_link_cycle');
    expect(functionLinkRefusal(index, 'a1', 'a1')).toBe('fmea.link_self');
    expect(functionLinkRefusal(index, 'a1', 'zz')).toBe('fmea.link_unknown_end');
  });
});

describe('brokenLinks', () => {
  it('finds nothing in a valid graph', () => {
    const broken = brokenLinks(threeLevelGraph().fnLink('a1', 'c1').build());
    expect(broken).toEqual({ functionLinks: [], failureLinks: [] });
    expect(brokenLinkCount(broken)).toBe(0);
  });

  it('finds the links a move would break', () => {
    const graph = threeLevelGraph().fnLink('a1', 'c1').build();
    const moved = { ...graph, nodes: graph.nodes.map((n) => (n.id === 'C' ? { ...n, parentId: 'B' } : n)) };
    expect(brokenLinks(moved)).toEqual({ functionLinks: ['fl:a1>c1'], failureLinks: ['l:M1>K1', 'l:M1>K2'] });
  });

  it('finds failure links that relied on a removed function-net link', () => {
    const graph = threeLevelGraph().fe('EA2', 'a2').fnLink('a2', 'a1').link('EA2', 'M1').build();
    expect(brokenLinks(graph).failureLinks).toEqual([]);
    expect(brokenLinks({ ...graph, functionLinks: [] }).failureLinks).toEqual(['l:EA2>M1']);
  });
});

describe('linksBrokenBy', () => {
  it('counts only the links the change breaks, not those broken before', () => {
    const before = threeLevelGraph().fe('EC', 'c1').link('EC', 'M1').build();
    const after = { ...before, nodes: before.nodes.map((n) => (n.id === 'D' ? { ...n, parentId: 'B' } : n)) };
    expect(brokenLinks(before).failureLinks).toEqual(['l:EC>M1']);
    expect(linksBrokenBy(before, after)).toEqual({ functionLinks: [], failureLinks: ['l:M1>K3'] });
  });
});
