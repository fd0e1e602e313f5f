import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { ftaTree } from '../../db/schema/index.ts';
import { InvalidInputError } from '../../errors.ts';
import { FaultTreeError, readMefDocuments, writeMef, type FtaDocument } from '../../domain/fta/index.ts';
import { formatBytes } from '../shared/xlsx.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertTreeReadable, ftaCaller, liveTreeByNumber, readableTree, type FtaCaller, type FtaTreeRow } from './access.ts';
import { insertTree } from './trees.ts';
import type { FtaMessageKey } from './messages.ts';

/**
 * Open-PSA MEF in and out of the store (issue 23). An import makes one new tree per `define-fault-tree`
 * (a transfer between them names the new tree's number); an export writes the tree and every tree its
 * transfers reach, so the file analyses alone (SCRAM reads it).
 */

/** A model the reader refuses, in the user's words: what is wrong, where (`file` is the file or the tree's number). */
export function modelError(error: FaultTreeError, file: string): InvalidInputError {
  return new InvalidInputError(`fta.model_${error.reason}`, { file, name: error.names.name ?? '', input: error.names.input ?? '' });
}

export interface ImportedTree {
  id: string;
  ftaNum: string;
  name: string;
}

export interface MefImportOptions {
  fileName: string;
  /** The import's size limit in bytes (IMPORT_MAX_MB): a larger file is refused before it is read. */
  limitBytes: number;
  /** Hours; overrides the model's own. */
  missionTime?: number;
}

export async function importFtaMef(ctx: ServiceContext, bytes: Uint8Array, options: MefImportOptions): Promise<{ trees: ImportedTree[] }> {
  await ftaCaller(ctx.db, ctx.actor, 'import');
  if (!options.fileName.toLowerCase().endsWith('.xml')) throw new InvalidInputError('fta.file_not_xml' satisfies FtaMessageKey, { file: options.fileName });
  if (bytes.byteLength > options.limitBytes) throw new InvalidInputError('file.too_large', { limit: formatBytes(options.limitBytes) });
  let docs: FtaDocument[];
  try {
    docs = readMefDocuments(new TextDecoder().decode(bytes), options.missionTime === undefined ? {} : { missionTime: options.missionTime });
  } catch (error) {
    if (error instanceof FaultTreeError) throw modelError(error, options.fileName);
    throw error;
  }
  return writeAndLog(ctx, async (tx, txCtx) => {
    const rows: FtaTreeRow[] = [];
    for (const doc of docs) rows.push(await insertTree(tx, txCtx, { name: doc.name, document: doc }));
    // transfers named the model's trees; they now name the stored ones
    const numbers = new Map(docs.map((d, i) => [d.name, rows[i]!.ftaNum]));
    for (const [i, doc] of docs.entries()) {
      if (!doc.transfers.length) continue;
      const document = { ...rows[i]!.document, transfers: doc.transfers.map((t) => ({ ...t, tree: numbers.get(t.tree) ?? t.tree })) };
      await tx.update(ftaTree).set({ document }).where(eq(ftaTree.id, rows[i]!.id));
    }
    const trees = rows.map((r) => ({ id: r.id, ftaNum: r.ftaNum, name: r.name }));
    return { result: { trees }, log: trees.map((t) => ({ action: 'fta.tree.import' as const, entity: 'fta_tree' as const, entityId: t.id, after: { ftaNum: t.ftaNum, name: t.name, file: options.fileName } })) };
  });
}

/**
 * The documents a tree's transfers reach, by number, each checked as readable (a linked project the caller
 * may not open refuses the whole call). A number no live tree has is left out: the engine names it.
 */
export async function transferredTrees(db: DbOrTx, caller: FtaCaller, doc: FtaDocument, now: Date): Promise<Map<string, FtaDocument>> {
  const found = new Map<string, FtaDocument>();
  const queue = doc.transfers.map((t) => t.tree);
  while (queue.length) {
    const num = queue.shift()!;
    if (found.has(num)) continue;
    const row = await db.select().from(ftaTree).where(liveTreeByNumber(num)).get();
    if (!row) continue;
    await assertTreeReadable(db, caller, row, now);
    found.set(num, row.document);
    queue.push(...row.document.transfers.map((t) => t.tree));
  }
  return found;
}

export async function exportFtaMef(ctx: ServiceContext, key: string): Promise<{ fileName: string; xml: string }> {
  const caller = await ftaCaller(ctx.db, ctx.actor, 'export');
  const row = await readableTree(ctx.db, caller, key, ctx.now());
  const others = await transferredTrees(ctx.db, caller, row.document, ctx.now());
  try {
    return { fileName: `${row.ftaNum}.xml`, xml: writeMef(row.document, { resolve: (tree) => others.get(tree) }) };
  } catch (error) {
    if (error instanceof FaultTreeError) throw modelError(error, row.ftaNum);
    throw error;
  }
}
