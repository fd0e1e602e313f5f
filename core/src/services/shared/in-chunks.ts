/** Ids per `in (…)` list: well under the parameter limits of SQLite and PostgreSQL. */
const CHUNK = 500;

/** Reads by a list of ids of any length, a few hundred at a time, the answers joined. */
export async function inChunks<T>(ids: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < ids.length; i += CHUNK) out.push(...(await read(ids.slice(i, i + CHUNK))));
  return out;
}
