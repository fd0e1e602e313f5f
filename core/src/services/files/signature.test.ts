import { describe, expect, it } from 'vitest';
import { detectSignature, imageSize } from './signature.ts';
import { jpeg, png } from '../../testing/sample-files.ts';

describe('detectSignature', () => {
  it.each([
    ['png', png(1, 1)],
    ['jpeg', jpeg(1, 1)],
    ['pdf', new TextEncoder().encode('%PDF-1.7\n')],
    ['zip', new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00])],
    ['ole', new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00])],
  ] as const)('recognises %s', (expected, data) => {
    expect(detectSignature(data)).toBe(expected);
  });

  it('recognises nothing in text, empty or truncated bytes', () => {
    expect(detectSignature(new TextEncoder().encode('<script>alert(1)</script>'))).toBeUndefined();
    expect(detectSignature(new Uint8Array())).toBeUndefined();
    expect(detectSignature(new Uint8Array([0x89, 0x50, 0x4e]))).toBeUndefined();
    expect(detectSignature(new Uint8Array([0xd0, 0xcf, 0x11, 0xe0]))).toBeUndefined();
  });
});

describe('imageSize', () => {
  it('reads a PNG size from IHDR', () => {
    expect(imageSize(png(640, 480))).toEqual({ width: 640, height: 480 });
    expect(imageSize(png(70000, 70000))).toEqual({ width: 70000, height: 70000 });
  });

  it('reads a JPEG size from the first start-of-frame, past APP segments, DHT and fill bytes', () => {
    expect(imageSize(jpeg(300, 200))).toEqual({ width: 300, height: 200 });
    expect(imageSize(jpeg(1024, 1024, { exif: true }))).toEqual({ width: 1024, height: 1024 });
    expect(imageSize(jpeg(256, 256, { sof: 0xc2 }))).toEqual({ width: 256, height: 256 }); // progressive
  });

  it('gives up on headers it cannot read', () => {
    expect(imageSize(png(1, 1).slice(0, 20))).toBeUndefined();
    const wrongChunk = png(1, 1);
    wrongChunk[12] = 0x78;
    expect(imageSize(wrongChunk)).toBeUndefined();
    expect(imageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02]))).toBeUndefined();
    expect(imageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0x00]))).toBeUndefined();
    expect(imageSize(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0xff, 0xff, 0x00]))).toBeUndefined();
    expect(imageSize(new TextEncoder().encode('%PDF-1.4'))).toBeUndefined();
  });
});
