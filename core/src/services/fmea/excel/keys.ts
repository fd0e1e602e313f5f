/**
 * Stable keys of the file: items numbered in the order they are first
 * written (the chain sheet in grid order, then the analysis sheets' other
 * items in tree order), so an import and a new export give the same keys.
 */
export class KeyMaker {
  private readonly maps = new Map<string, Map<string, string>>();
  key(prefix: string, id: string | null | undefined): string {
    if (!id) return '';
    let map = this.maps.get(prefix);
    if (!map) this.maps.set(prefix, (map = new Map()));
    let key = map.get(id);
    if (!key) map.set(id, (key = `${prefix}${map.size + 1}`));
    return key;
  }
}

/** The key prefix of a failure kind: E effects, M modes, C causes. */
export const FAILURE_PREFIX = { FE: 'E', FM: 'M', FC: 'C' } as const;
