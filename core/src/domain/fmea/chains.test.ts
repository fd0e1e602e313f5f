import { describe, expect, it } from 'vitest';
import { buildChains, chainKey, chainsThrough } from './chains.ts';
import { indexGraph } from './graph.ts';
import { graphBuilder, threeLevelGraph } from './test-builders.ts';

describe('buildChains', () => {
  it('builds one chain per effect × cause of each mode across three levels', () => {
    const chains = buildChains(indexGraph(threeLevelGraph().build()));
    expect(chains.map(chainKey)).toEqual(['E1:M1:K1', 'E1:M1:K2', 'E1:M1:K3']);
  });

  it('multiplies two effects by two causes', () => {
    const graph = threeLevelGraph().fe('E2', 'p1').link('E2', 'M1').build();
    const withoutK3 = { ...graph, failureLinks: graph.failureLinks.filter((l) => l.lowerId !== 'K3') };
    expect(buildChains(indexGraph(withoutK3)).map(chainKey)).toEqual(['E1:M1:K1', 'E1:M1:K2', 'E2:M1:K1', 'E2:M1:K2']);
  });

  it('keeps a mode without effect or cause as a row with empty ends', () => {
    const graph = graphBuilder().root().node('A', 'P').node('C', 'A').fn('p1', 'P').fn('a1', 'A').fn('c1', 'C');
    graph.fm('M1', 'a1').fm('M2', 'a1').fm('M3', 'a1').fe('E1', 'p1').fc('K1', 'c1').link('E1', 'M2').link('M3', 'K1');
    expect(buildChains(indexGraph(graph.build()))).toEqual([
      { effectId: null, modeId: 'M1', causeId: null },
      { effectId: 'E1', modeId: 'M2', causeId: null },
      { effectId: null, modeId: 'M3', causeId: 'K1' },
    ]);
  });

  it('orders rows in form order: structure pre-order, then function, mode, effect and cause by sort', () => {
    const graph = threeLevelGraph().fm('MC', 'c1').fm('MB', 'b1').fm('M0', 'p1').fm('MA2', 'a2').build();
    const modes = [...new Set(buildChains(indexGraph(graph)).map((c) => c.modeId))];
    expect(modes).toEqual(['M0', 'M1', 'MA2', 'MC', 'MB']);
  });

  it('orders causes by their place in the structure, then function, then their own sort', () => {
    const graph = graphBuilder().root().node('A', 'P').node('C', 'A').node('D', 'A').fn('a1', 'A').fn('d1', 'D').fn('c1', 'C').fn('c2', 'C');
    graph.fm('M', 'a1').fc('KD', 'd1').fc('KC2', 'c2').fc('KC1b', 'c1').fc('KC1a', 'c1');
    for (const k of ['KD', 'KC2', 'KC1b', 'KC1a']) graph.link('M', k);
    expect(buildChains(indexGraph(graph.build())).map((c) => c.causeId)).toEqual(['KC1b', 'KC1a', 'KC2', 'KD']);
  });

  it('ignores links to failures that are not there', () => {
    const graph = threeLevelGraph().link('M1', 'ghost').build();
    expect(buildChains(indexGraph(graph))).toHaveLength(3);
  });

  it('lists the chains through a failure', () => {
    const chains = buildChains(indexGraph(threeLevelGraph().build()));
    expect(chainsThrough(chains, 'K3').map(chainKey)).toEqual(['E1:M1:K3']);
    expect(chainsThrough(chains, 'E1')).toHaveLength(3);
  });
});
