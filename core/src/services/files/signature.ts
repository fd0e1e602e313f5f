import type { Signature } from './limits.ts';

/** Magic numbers at offset 0. OLE is the compound-document header of .xls/.doc; ZIP that of .xlsx/.docx. */
const SIGNATURES: readonly [Signature, readonly number[]][] = [
  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['jpeg', [0xff, 0xd8, 0xff]],
  ['pdf', [0x25, 0x50, 0x44, 0x46]], // %PDF
  ['zip', [0x50, 0x4b, 0x03, 0x04]], // PK\x03\x04
  ['ole', [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]],
];

/** Which known format the bytes start with, if any. */
export function detectSignature(data: Uint8Array): Signature | undefined {
  return SIGNATURES.find(([, magic]) => magic.length <= data.length && magic.every((byte, i) => data[i] === byte))?.[0];
}

export interface ImageSize {
  width: number;
  height: number;
}

const u16 = (data: Uint8Array, at: number) => (data[at]! << 8) | data[at + 1]!;
const u32 = (data: Uint8Array, at: number) => ((data[at]! << 24) >>> 0) + (data[at + 1]! << 16) + (data[at + 2]! << 8) + data[at + 3]!;

/** PNG: the first chunk must be IHDR (length 13), holding width and height as big-endian 32-bit numbers. */
function pngSize(data: Uint8Array): ImageSize | undefined {
  if (data.length < 24) return undefined;
  const type = String.fromCharCode(data[12]!, data[13]!, data[14]!, data[15]!);
  if (type !== 'IHDR') return undefined;
  return { width: u32(data, 16), height: u32(data, 20) };
}

/** Start-of-frame markers carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but are not frames. */
const isStartOfFrame = (marker: number) => marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/** JPEG: walks the marker segments up to the first SOF, which holds height then width. */
function jpegSize(data: Uint8Array): ImageSize | undefined {
  let at = 2;
  while (at < data.length) {
    if (data[at] !== 0xff) return undefined;
    while (data[at] === 0xff) at++;
    const marker = data[at++];
    if (marker === undefined) return undefined;
    // markers without a length: TEM, RST0-7 (SOI cannot appear again)
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) continue;
    // end of image or start of scan before any frame header: no size to read
    if (marker === 0xd9 || marker === 0xda || at + 2 > data.length) return undefined;
    const length = u16(data, at);
    if (length < 2) return undefined;
    if (isStartOfFrame(marker)) {
      if (at + 7 > data.length) return undefined;
      return { height: u16(data, at + 3), width: u16(data, at + 5) };
    }
    at += length;
  }
  return undefined;
}

/** Width and height from the PNG IHDR or the JPEG SOF header; undefined when unreadable. */
export function imageSize(data: Uint8Array): ImageSize | undefined {
  const signature = detectSignature(data);
  if (signature === 'png') return pngSize(data);
  if (signature === 'jpeg') return jpegSize(data);
  return undefined;
}
