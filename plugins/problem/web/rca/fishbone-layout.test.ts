import { describe, expect, it } from 'vitest';
import { layoutFishbone, moveFocus, type BoardCause } from './fishbone-layout.ts';

const cause = (id: string, category: BoardCause['category'], text = id): BoardCause => ({ id, category, text, rootCause: false });

describe('the Ishikawa board’s layout', () => {
  it('draws man, machine and material above the spine and method, measurement and environment below, each bone ending on the spine left of the head', () => {
    const layout = layoutFishbone('Window does not close', []);
    expect(layout.bones.map((b) => [b.category, b.above])).toEqual([
      ['man', true],
      ['machine', true],
      ['material', true],
      ['method', false],
      ['measurement', false],
      ['environment', false],
    ]);
    for (const b of layout.bones) {
      expect(b.y2).toBe(layout.spineY);
      expect(b.x2).toBeLessThan(layout.head.x);
      expect(b.x1).toBeLessThan(b.x2);
      expect(b.above ? b.y1 < layout.spineY : b.y1 > layout.spineY).toBe(true);
    }
    expect(layout.head.lines).toEqual(['Window does not close']);
  });

  it('lengthens the bones of a row with many causes so no two causes overlap, and keeps every cause inside the drawing', () => {
    const many = Array.from({ length: 9 }, (_, i) => cause(`m${i}`, 'machine', `Cause number ${i} of the machine`));
    const small = layoutFishbone('E', []);
    const big = layoutFishbone('E', [...many, cause('e1', 'environment')]);
    expect(big.spineY).toBeGreaterThan(small.spineY);
    const ys = big.bones[1]!.causes.map((c) => c.y);
    for (let i = 1; i < ys.length; i++) expect(ys[i]! - ys[i - 1]!).toBeGreaterThanOrEqual(30);
    for (const b of big.bones) for (const c of b.causes) expect(c.y > 20 && c.y < big.height - 20).toBe(true);
    // the cause's branch lies on its bone
    const bone = big.bones[1]!;
    const c0 = bone.causes[0]!;
    const onBone = bone.x2 - ((bone.x2 - bone.x1) * (bone.y2 - c0.y)) / (bone.y2 - bone.y1);
    expect(Math.abs(onBone - c0.x)).toBeLessThan(0.01);
  });

  it('moves the keyboard focus along a bone as drawn and across to the neighbouring bone of the same row', () => {
    const causes = [cause('a', 'man'), cause('b', 'man'), cause('c', 'machine'), cause('d', 'method')];
    expect(moveFocus(causes, 'man', 'ArrowDown')).toBe('a');
    expect(moveFocus(causes, 'a', 'ArrowDown')).toBe('b');
    expect(moveFocus(causes, 'b', 'ArrowDown')).toBe('b');
    expect(moveFocus(causes, 'a', 'ArrowUp')).toBe('man');
    expect(moveFocus(causes, 'b', 'ArrowRight')).toBe('c');
    expect(moveFocus(causes, 'c', 'ArrowRight')).toBe('material');
    expect(moveFocus(causes, 'man', 'ArrowLeft')).toBe('man');
    // below the spine the label is at the bottom: down from the last cause reaches it
    expect(moveFocus(causes, 'd', 'ArrowDown')).toBe('method');
    expect(moveFocus(causes, 'method', 'ArrowUp')).toBe('d');
  });
});
