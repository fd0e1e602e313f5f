import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, isAvatarType, judgeAvatar } from '../../plugins/personal/web/pages/avatar-image.ts';

const png = (size = 1000) => ({ name: 'me.png', type: 'image/png', size });

describe('the browser’s avatar check (spec 000 §5: jpg/png, 1:1, 1M)', () => {
  it('accepts a square jpg or png of at most 1 MB', () => {
    expect(judgeAvatar(png(AVATAR_MAX_BYTES), { width: 300, height: 300 })).toEqual({ kind: 'ok' });
    expect(judgeAvatar({ name: 'Me.JPEG', type: 'image/jpeg', size: 10 }, { width: 64, height: 64 })).toEqual({ kind: 'ok' });
  });

  it('refuses other types by name or by the type the browser reports', () => {
    expect(judgeAvatar({ name: 'me.gif', type: 'image/gif', size: 10 }, { width: 1, height: 1 })).toEqual({ kind: 'wrongType' });
    expect(isAvatarType({ name: 'me.png', type: 'text/plain' })).toBe(false);
    expect(isAvatarType({ name: 'me.png', type: '' })).toBe(true);
  });

  it('calls a picture it cannot decode unreadable', () => {
    expect(judgeAvatar(png(), null)).toEqual({ kind: 'unreadable' });
  });

  it('offers to crop a picture that is not square and to shrink one over 1 MB', () => {
    expect(judgeAvatar(png(), { width: 300, height: 200 })).toEqual({ kind: 'fixable', notSquare: true, tooLarge: false, width: 300, height: 200 });
    expect(judgeAvatar(png(AVATAR_MAX_BYTES + 1), { width: 900, height: 900 })).toEqual({ kind: 'fixable', notSquare: false, tooLarge: true, width: 900, height: 900 });
  });
});
