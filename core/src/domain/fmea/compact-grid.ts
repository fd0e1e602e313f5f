import type { ApLevel } from '../ap/index.ts';
import { mostSeriousClass, type RowCatalogRef } from './risk-row.ts';
import type { CharacteristicClass } from './vocabulary.ts';

/**
 * The risk grid in its compact form (`GET /api/fmea/riskGrid?format=compact`):
 * what the chains of a page share is sent once, in lists (the mode's
 * function with its element, modes, effects, causes with their controls and
 * actions, characteristic lists), and each row is an array of the values of
 * these columns: indices into those lists (`null`: no effect, no cause),
 * then what the server rated (`rateChain`). 20,000 chains of the bench come
 * to 2.5 MB instead of 28 MB of row objects; `expandCompactGrid` turns it
 * back into the rows form.
 */
export const COMPACT_GRID_COLUMNS = [
  'function',
  'mode',
  'effect',
  'cause',
  'characteristics',
  'ap',
  'rpn',
  'raseverity',
  'raoccurrence',
  'radet',
  'rarpn',
  'raAp',
  'hasOpenActions',
] as const;

/** One row of the compact form: the values of `COMPACT_GRID_COLUMNS`, in that order. */
export type CompactGridValues = [
  fn: number,
  mode: number,
  effect: number | null,
  cause: number | null,
  characteristics: number,
  ap: ApLevel | null,
  rpn: number | null,
  raseverity: number | null,
  raoccurrence: number | null,
  radet: number | null,
  rarpn: number | null,
  raAp: ApLevel | null,
  hasOpenActions: boolean,
];

/** What `expandCompactGrid` reads of a compact page; the item types are the caller's (the API's schemas). */
export interface CompactGridShape {
  readonly columns: readonly string[];
  readonly functions: readonly {
    elementId: string;
    elementName: string;
    functionId: string;
    functionDescription: string;
    requirement: string | null;
    functionCatalog: RowCatalogRef | null;
  }[];
  readonly modes: readonly unknown[];
  readonly effects: readonly { severity: number | null }[];
  readonly causes: readonly { occurrence: number | null; detection: number | null }[];
  readonly controls: readonly (readonly unknown[])[];
  readonly actions: readonly (readonly unknown[])[];
  readonly characteristics: readonly (readonly { special: boolean; characteristicClass: CharacteristicClass }[])[];
  readonly rows: readonly CompactGridValues[];
}

type Item<L> = L extends readonly (infer T)[] ? T : never;

/** A row of the rows form, rebuilt: the items are the compact page's own objects, shared by the rows that name them. */
export interface ExpandedGridRow<G extends CompactGridShape> {
  elementId: string;
  elementName: string;
  functionId: string;
  functionDescription: string;
  requirement: string | null;
  functionCatalog: RowCatalogRef | null;
  effect: Item<G['effects']> | null;
  mode: Item<G['modes']>;
  cause: Item<G['causes']> | null;
  controls: Item<G['controls']>;
  characteristics: Item<G['characteristics']>;
  actions: Item<G['actions']>;
  specialCharacteristics: Item<Item<G['characteristics']>>[];
  characteristicClass: CharacteristicClass | null;
  hasOpenActions: boolean;
  severity: number | null;
  occurrence: number | null;
  detection: number | null;
  det: number | null;
  ap: ApLevel | null;
  rpn: number | null;
  raseverity: number | null;
  raoccurrence: number | null;
  radet: number | null;
  rarpn: number | null;
  raAp: ApLevel | null;
}

/**
 * The rows of a compact page as the rows form sends them (the same values,
 * field for field): S from the effect, O and D from the cause, the special
 * characteristics and their most serious class from the row's list (worked
 * out once per list), the rest from the row's values. Refuses columns it
 * does not know, so a changed server is not read wrongly.
 */
export function expandCompactGrid<G extends CompactGridShape>(grid: G): ExpandedGridRow<G>[] {
  if (grid.columns.length !== COMPACT_GRID_COLUMNS.length || grid.columns.some((c, i) => c !== COMPACT_GRID_COLUMNS[i])) {
    throw new Error(`The risk grid's columns are not the ones this client reads: ${grid.columns.join(', ')}`);
  }
  type Row = ExpandedGridRow<G>;
  const specials = grid.characteristics.map((list) => {
    const special = list.filter((c) => c.special) as Row['specialCharacteristics'];
    return { special, characteristicClass: mostSeriousClass(special) };
  });
  return grid.rows.map(([fn, mode, e, c, chars, ap, rpn, raseverity, raoccurrence, radet, rarpn, raAp, hasOpenActions]): Row => {
    const f = grid.functions[fn]!;
    const effect = e === null ? null : (grid.effects[e] as Row['effect']);
    const cause = c === null ? null : (grid.causes[c] as Row['cause'] & CompactGridShape['causes'][number]);
    const { special, characteristicClass } = specials[chars]!;
    return {
      elementId: f.elementId,
      elementName: f.elementName,
      functionId: f.functionId,
      functionDescription: f.functionDescription,
      requirement: f.requirement,
      functionCatalog: f.functionCatalog,
      effect,
      mode: grid.modes[mode] as Row['mode'],
      cause,
      controls: (c === null ? [] : grid.controls[c]) as Row['controls'],
      characteristics: grid.characteristics[chars] as Row['characteristics'],
      actions: (c === null ? [] : grid.actions[c]) as Row['actions'],
      specialCharacteristics: special,
      characteristicClass,
      hasOpenActions,
      severity: (effect as CompactGridShape['effects'][number] | null)?.severity ?? null,
      occurrence: cause?.occurrence ?? null,
      detection: cause?.detection ?? null,
      det: cause?.detection ?? null,
      ap,
      rpn,
      raseverity,
      raoccurrence,
      radet,
      rarpn,
      raAp,
    };
  });
}
