import { ISHIKAWA_CATEGORIES, type IshikawaCategory } from '@fmea/core/domain';
import { fitLines } from '@fmea/sdk';

/**
 * The Ishikawa (fishbone) board's geometry, pure so it is tested without a DOM: the effect in a head on the
 * right, a spine to it, three bones above and three below slanting towards the head (man, machine,
 * material above; method, measurement, environment below, the usual 6M order read left to right), each
 * cause a short branch off its bone with its words to the left. Bones grow with their causes, so a long
 * list never overlaps; the words are cut to two lines (the whole text is the cause's title).
 */
export const SIX_M = ISHIKAWA_CATEGORIES;
export type SixM = IshikawaCategory;

export interface BoardCause {
  id: string;
  category: SixM;
  text: string;
  /** Verified as a root cause (checked by a test or data, not only suspected). */
  rootCause: boolean;
}

export interface PlacedCause {
  cause: BoardCause;
  /** Where the branch meets the bone. */
  x: number;
  y: number;
  lines: string[];
}

export interface PlacedBone {
  category: SixM;
  /** The end at the category's label, and the end on the spine. */
  x1: number;
  y1: number;
  x2: number;
  y2: number;
  /** The label box's centre. */
  labelX: number;
  labelY: number;
  above: boolean;
  causes: PlacedCause[];
}

export interface FishboneLayout {
  width: number;
  height: number;
  spineY: number;
  spineX1: number;
  spineX2: number;
  head: { x: number; y: number; width: number; height: number; lines: string[] };
  bones: PlacedBone[];
}

export const WIDTH = 1000;
const HEAD_WIDTH = 170;
const SPINE_X1 = 24;
const ROW = 34;
const MIN_BONE = 120;
const LABEL_SPACE = 34;
/** Horizontal run of a bone per unit of height (the slant). */
const SLANT = 0.42;
/** A cause's words: units per line (a CJK character is two). */
export const CAUSE_UNITS = 26;

export function layoutFishbone(effect: string, causes: readonly BoardCause[]): FishboneLayout {
  const byCategory = new Map<SixM, BoardCause[]>(SIX_M.map((m) => [m, []]));
  for (const c of causes) byCategory.get(c.category)?.push(c);
  const boneHeight = (cats: readonly SixM[]) => Math.max(MIN_BONE, ...cats.map((m) => byCategory.get(m)!.length * ROW + 24));
  const top = boneHeight(SIX_M.slice(0, 3));
  const bottom = boneHeight(SIX_M.slice(3));
  const spineY = LABEL_SPACE + top;
  const spineX2 = WIDTH - HEAD_WIDTH - 12;
  const step = (spineX2 - SPINE_X1) / 3.3;
  const headLines = fitLines(effect || '—', 22, 5);
  const headHeight = Math.max(56, headLines.length * 16 + 20);
  const bones = SIX_M.map((category, i): PlacedBone => {
    const above = i < 3;
    const height = above ? top : bottom;
    const x2 = SPINE_X1 + step * ((i % 3) + 1) + 30;
    const x1 = x2 - height * SLANT;
    const y1 = above ? spineY - height : spineY + height;
    const list = byCategory.get(category)!;
    // read top to bottom: above the spine from the label down to the spine, below it from the spine down to the label
    const placed = list.map((cause, k): PlacedCause => {
      const d = above ? height - 16 - (k + 0.5) * ROW : 8 + (k + 0.5) * ROW;
      const y = above ? spineY - d : spineY + d;
      return { cause, x: x2 - d * SLANT, y, lines: fitLines(cause.text, CAUSE_UNITS, 2) };
    });
    return { category, x1, y1, x2, y2: spineY, labelX: x1, labelY: above ? y1 - 14 : y1 + 14, above, causes: placed };
  });
  return {
    width: WIDTH,
    height: spineY + bottom + LABEL_SPACE,
    spineY,
    spineX1: SPINE_X1,
    spineX2,
    head: { x: spineX2, y: spineY - headHeight / 2, width: HEAD_WIDTH, height: headHeight, lines: headLines },
    bones,
  };
}

/**
 * Where the arrow keys go from `at` (a cause's id, or a category for its label): up and down along the
 * bone as drawn (above the spine the label is at the top, below it at the bottom), left and right to the
 * same place on the neighbouring bone of the same row, its nearest cause, or its label when it has none.
 */
export function moveFocus(causes: readonly BoardCause[], at: string, key: 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight'): string {
  const category = (SIX_M as readonly string[]).includes(at) ? (at as SixM) : causes.find((c) => c.id === at)?.category;
  if (!category) return at;
  const list = causes.filter((c) => c.category === category);
  const index = list.findIndex((c) => c.id === at); // -1 on the label
  const i = SIX_M.indexOf(category);
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    const column = i < 3 ? [category, ...list.map((c) => c.id)] : [...list.map((c) => c.id), category];
    const here = column.indexOf(at);
    return column[Math.max(0, Math.min(column.length - 1, here + (key === 'ArrowDown' ? 1 : -1)))]!;
  }
  const row = i < 3 ? 0 : 3;
  const col = (i % 3) + (key === 'ArrowRight' ? 1 : -1);
  if (col < 0 || col > 2) return at;
  const other = SIX_M[row + col]!;
  const target = causes.filter((c) => c.category === other);
  if (index < 0 || target.length === 0) return other;
  return target[Math.min(index, target.length - 1)]!.id;
}
