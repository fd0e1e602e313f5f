import { buildChains } from './chains.ts';
import { bySortThenId, indexGraph } from './graph.ts';
import { buildRiskRow, rowAction, type ChainRater, type RiskGridRow, type RowAction, type RowCatalogRef, type RowCharacteristic, type RowControl } from './risk-row.ts';
import type { CharacteristicClass, ControlKind, FailureKind } from './vocabulary.ts';

/**
 * The rows of a project's analysis tables the risk grid is built from (the
 * columns of the stored rows; extra columns are ignored). Whole-project
 * readers (the workbook export) read these once for everything they write
 * and build the grid here rather than asking SQL for it again.
 */
export interface GridTables {
  readonly nodes: readonly { readonly id: string; readonly parentId: string | null; readonly name: string; readonly nodeType: number; readonly sort: number }[];
  readonly functions: readonly { readonly id: string; readonly nodeId: string; readonly description: string; readonly requirement: string | null; readonly catalogRecordId: string | null; readonly sort: number }[];
  readonly characteristics: readonly { readonly id: string; readonly functionId: string; readonly name: string; readonly characteristicClass: CharacteristicClass; readonly special: boolean; readonly sort: number }[];
  readonly failures: readonly {
    readonly id: string;
    readonly functionId: string;
    readonly kind: FailureKind;
    readonly description: string;
    readonly severity: number | null;
    readonly occurrence: number | null;
    readonly detection: number | null;
    readonly frequencyRatio: number | null;
    readonly version: number;
    readonly catalogRecordId: string | null;
    readonly sort: number;
  }[];
  readonly failureLinks: readonly { readonly id: string; readonly higherFailureId: string; readonly lowerFailureId: string }[];
  readonly controls: readonly { readonly id: string; readonly causeId: string; readonly kind: ControlKind; readonly description: string; readonly version: number; readonly catalogRecordId: string | null; readonly sort: number }[];
  readonly actions: readonly (RowAction & { readonly causeId: string; readonly sort: number })[];
}

/** The catalog version a cited record id names (`null` for an item in its own wording). */
export type CatalogRefOf = (recordId: string | null) => RowCatalogRef | null;

/** The grid's order within a list of characteristics and actions: sort, then id as the grid's reader compares them. */
const bySortLocale = <T extends { sort: number; id: string }>(a: T, b: T) => a.sort - b.sort || a.id.localeCompare(b.id);
const controlOrder = (a: GridTables['controls'][number], b: GridTables['controls'][number]) =>
  (a.kind === b.kind ? 0 : a.kind === 'prevention' ? -1 : 1) || bySortThenId(a, b);

function grouped<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

/**
 * Every chain of the project as the risk grid's rows (`readRiskGrid` with no
 * filter and every row), in the same order (`buildChains`, the order the
 * grid's SQL keeps) and with the same facts and ratings, from the tables in
 * memory: no SQL join per chain. Each failure, control list and
 * characteristic list is built once and shared by the rows that show it.
 */
export function riskRowsOf(tables: GridTables, catalog: CatalogRefOf, rate: ChainRater): RiskGridRow[] {
  const index = indexGraph({
    nodes: tables.nodes,
    functions: tables.functions,
    functionLinks: [],
    characteristics: [],
    interfaces: [],
    failures: tables.failures,
    failureLinks: tables.failureLinks.map((l) => ({ id: l.id, higherId: l.higherFailureId, lowerId: l.lowerFailureId })),
    controls: [],
    actions: [],
  });
  const node = new Map(tables.nodes.map((n) => [n.id, n]));
  const fn = new Map(tables.functions.map((f) => [f.id, f]));
  const failure = new Map(tables.failures.map((f) => [f.id, f]));
  const linksDown = grouped(tables.failureLinks, (l) => l.higherFailureId);
  const linksUp = grouped(tables.failureLinks, (l) => l.lowerFailureId);
  const charsOf = grouped(tables.characteristics, (c) => c.functionId);
  const actionsOf = grouped(tables.actions, (a) => a.causeId);
  const controlsOf = grouped(tables.controls, (c) => c.causeId);

  // how many chains of the project pass through an effect (a cause): one per cause (effect) of each mode it links to, at least one
  const downCount = (id: string) => linksDown.get(id)?.length ?? 0;
  const upCount = (id: string) => linksUp.get(id)?.length ?? 0;
  const ends = new Map<string, { elementName: string; functionDescription: string; catalog: RowCatalogRef | null }>();
  const endOf = (f: GridTables['failures'][number]) => {
    let end = ends.get(f.id);
    if (!end) {
      const owner = fn.get(f.functionId);
      ends.set(f.id, (end = { elementName: (owner && node.get(owner.nodeId)?.name) ?? '', functionDescription: owner?.description ?? '', catalog: catalog(f.catalogRecordId) }));
    }
    return end;
  };
  const effects = new Map<string, NonNullable<RiskGridRow['effect']>>();
  const effectOf = (id: string) => {
    let effect = effects.get(id);
    if (!effect) {
      const f = failure.get(id)!;
      const end = endOf(f);
      const chains = (linksDown.get(id) ?? []).reduce((n, l) => n + Math.max(1, downCount(l.lowerFailureId)), 0);
      effects.set(id, (effect = { id, description: f.description, severity: f.severity, version: f.version, catalog: end.catalog, elementName: end.elementName, functionDescription: end.functionDescription, chains: chains || 1 }));
    }
    return effect;
  };
  const causes = new Map<string, { cause: NonNullable<RiskGridRow['cause']>; controls: RowControl[]; prevention: string[]; detection: string[]; actions: RowAction[] }>();
  const causeOf = (id: string) => {
    let entry = causes.get(id);
    if (!entry) {
      const f = failure.get(id)!;
      const end = endOf(f);
      const chains = (linksUp.get(id) ?? []).reduce((n, l) => n + Math.max(1, upCount(l.higherFailureId)), 0);
      const controls: RowControl[] = [];
      const prevention: string[] = [];
      const detection: string[] = [];
      for (const c of [...(controlsOf.get(id) ?? [])].sort(controlOrder)) {
        controls.push({ id: c.id, version: c.version, kind: c.kind, description: c.description, sort: c.sort, catalog: catalog(c.catalogRecordId) });
        (c.kind === 'prevention' ? prevention : detection).push(c.description);
      }
      const actions = [...(actionsOf.get(id) ?? [])].sort(bySortLocale).map(rowAction);
      const cause = { id, description: f.description, occurrence: f.occurrence, detection: f.detection, version: f.version, catalog: end.catalog, elementName: end.elementName, functionDescription: end.functionDescription, chains: chains || 1 };
      causes.set(id, (entry = { cause, controls, prevention, detection, actions }));
    }
    return entry;
  };
  const characteristics = new Map<string, RowCharacteristic[]>();
  const characteristicsOf = (modeFunctionId: string, causeFunctionId: string | null) => {
    const key = causeFunctionId === null || causeFunctionId === modeFunctionId ? modeFunctionId : `${modeFunctionId}|${causeFunctionId}`;
    let list = characteristics.get(key);
    if (!list) {
      const rows = [...(charsOf.get(modeFunctionId) ?? []), ...(key === modeFunctionId ? [] : (charsOf.get(causeFunctionId!) ?? []))].sort(bySortLocale);
      characteristics.set(key, (list = rows.map((c) => ({ id: c.id, name: c.name, characteristicClass: c.characteristicClass, special: c.special }))));
    }
    return list;
  };
  const NONE: never[] = [];

  const rows: RiskGridRow[] = [];
  for (const chain of buildChains(index)) {
    const mode = failure.get(chain.modeId)!;
    const modeFn = fn.get(mode.functionId)!;
    const element = node.get(modeFn.nodeId)!;
    const cause = chain.causeId === null ? null : causeOf(chain.causeId);
    rows.push(
      buildRiskRow(
        {
          elementId: element.id,
          elementName: element.name,
          functionId: modeFn.id,
          functionDescription: modeFn.description,
          requirement: modeFn.requirement,
          functionCatalog: catalog(modeFn.catalogRecordId),
          effect: chain.effectId === null ? null : effectOf(chain.effectId),
          mode: { id: mode.id, description: mode.description, frequencyRatio: mode.frequencyRatio, version: mode.version, catalog: catalog(mode.catalogRecordId) },
          cause: cause?.cause ?? null,
          preventionControls: cause?.prevention ?? NONE,
          detectionControls: cause?.detection ?? NONE,
          controls: cause?.controls ?? NONE,
          characteristics: characteristicsOf(modeFn.id, cause ? failure.get(chain.causeId!)!.functionId : null),
          actions: cause?.actions ?? NONE,
        },
        rate,
      ),
    );
  }
  return rows;
}
