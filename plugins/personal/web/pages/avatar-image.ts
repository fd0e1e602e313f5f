/**
 * The browser's own check of an avatar before upload (spec 000 §5, §9:
 * jpg/png, 1:1, avatar and logo 1M). The server checks the same again; this
 * only spares the user a round trip and offers to crop instead of refusing.
 */
export const AVATAR_MAX_BYTES = 1024 * 1024;
/** Side of the square a cropped or shrunk avatar is stored at: far above the 120 px it is shown at. */
export const AVATAR_OUTPUT_SIDE = 512;

const EXTENSIONS = ['jpg', 'jpeg', 'png'];
const MIME_TYPES = ['image/jpeg', 'image/png'];

export type AvatarVerdict =
  | { kind: 'ok' }
  | { kind: 'wrongType' }
  | { kind: 'unreadable' }
  /** Fixable in the browser: crop to the centre square and/or shrink. */
  | { kind: 'fixable'; notSquare: boolean; tooLarge: boolean; width: number; height: number };

/** Whether the name and the browser-reported type are jpg or png (the server also reads the leading bytes). */
export function isAvatarType(file: { name: string; type: string }): boolean {
  const ext = file.name.toLowerCase().split('.').pop() ?? '';
  return EXTENSIONS.includes(ext) && (file.type === '' || MIME_TYPES.includes(file.type));
}

/** The verdict for a picture of this type, size and dimensions. */
export function judgeAvatar(file: { name: string; type: string; size: number }, size: { width: number; height: number } | null): AvatarVerdict {
  if (!isAvatarType(file)) return { kind: 'wrongType' };
  if (!size || size.width <= 0 || size.height <= 0) return { kind: 'unreadable' };
  const notSquare = size.width !== size.height;
  const tooLarge = file.size > AVATAR_MAX_BYTES;
  return notSquare || tooLarge ? { kind: 'fixable', notSquare, tooLarge, width: size.width, height: size.height } : { kind: 'ok' };
}

/** The picture's pixel size, or null when the browser cannot decode it. */
export async function readImageSize(file: Blob): Promise<{ width: number; height: number } | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return null;
  }
}

/** The centre square of the picture, at most AVATAR_OUTPUT_SIDE pixels wide, in the same format (jpg stays jpg). */
export async function cropToSquare(file: File, maxSide = AVATAR_OUTPUT_SIDE): Promise<File> {
  const bitmap = await createImageBitmap(file);
  const side = Math.min(bitmap.width, bitmap.height);
  const out = Math.min(side, maxSide);
  const canvas = document.createElement('canvas');
  canvas.width = out;
  canvas.height = out;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas');
  const png = file.type === 'image/png' || file.name.toLowerCase().endsWith('.png');
  if (!png) {
    // jpg has no transparency: paint white under it rather than black
    context.fillStyle = '#fff';
    context.fillRect(0, 0, out, out);
  }
  context.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, out, out);
  bitmap.close();
  const type = png ? 'image/png' : 'image/jpeg';
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, 0.9));
  if (!blob) throw new Error('canvas');
  const base = file.name.replace(/\.[^.]+$/, '') || 'avatar';
  return new File([blob], `${base}-square.${png ? 'png' : 'jpg'}`, { type });
}
