import { describe, expect, it } from 'vitest';
import { shortName } from './UserMenu.tsx';

describe('the header’s short name (spec 000 §5)', () => {
  it('keeps names up to 6 double-width characters and shortens longer ones to the room of 4', () => {
    expect(shortName('系统管理员')).toBe('系统管理员');
    expect(shortName('欧阳娜娜娜娜娜')).toBe('欧阳娜娜…');
    expect(shortName('Li Wei')).toBe('Li Wei');
    expect(shortName('Quality Eng')).toBe('Quality Eng');
    // a Latin name keeps as many letters as fit where 4 Chinese characters do
    expect(shortName('System administrator')).toBe('System a…');
  });
});
