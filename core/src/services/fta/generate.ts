import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { fmeaFailure, fmeaFailureLink, ftaEventLink } from '../../db/schema/index.ts';
import { InvalidInputError, NotFoundError } from '../../errors.ts';
import { DEFAULT_MISSION_TIME, occurrenceProbability, type FtaBasicEvent, type FtaDocument, type FtaGate } from '../../domain/fta/index.ts';
import type { ServiceContext } from '../shared/context.ts';
import { writeAndLog } from '../shared/write.ts';
import { assertProjectMember, ftaCaller } from './access.ts';
import { eventFingerprint, failureFingerprint } from './fingerprint.ts';
import { insertTree, treeView, type FtaTreeView } from './trees.ts';
import type { FtaMessageKey } from './messages.ts';

/**
 * A fault tree from an FMEA's failure net (issue 23; docs/domain/fta.md, "Generated from a DFMEA"): the
 * failure effect is the top event, an OR gate over the failure modes linked under it; each mode an OR gate
 * over its causes; each cause a basic event whose probability is its occurrence rating through the AIAG-VDA
 * table (domain/fta/occurrence.ts). A cause under several modes is one basic event (a repeated event, which
 * the engine counts once). A mode without causes is an undeveloped basic event with O 10's probability, so
 * the tree stays valid and the gap shows. Every generated event is linked to its FMEA item.
 * Event names are short and stable (FE1, FM1…, FC1…); the descriptions are the labels.
 */
export interface GenerateInput {
  projectId: string;
  /** The failure effect (FE) of the project that becomes the top event. */
  effectId: string;
  /** The tree's name; default: the effect's description. */
  name?: string;
}

export async function generateFtaFromFmea(ctx: ServiceContext, input: GenerateInput): Promise<FtaTreeView> {
  const caller = await ftaCaller(ctx.db, ctx.actor, 'add');
  return writeAndLog(ctx, async (tx, txCtx) => {
    const { project } = await assertProjectMember(tx, caller, input.projectId, txCtx.now());
    const effect = await tx.select().from(fmeaFailure).where(and(eq(fmeaFailure.id, input.effectId), eq(fmeaFailure.projectId, project.id))).get();
    if (!effect) throw new NotFoundError('fta.failure_not_found' satisfies FtaMessageKey, { failure: input.effectId });
    if (effect.kind !== 'FE') throw new InvalidInputError('fta.generate_not_effect' satisfies FtaMessageKey, { failure: effect.description });

    // in the order the net was drawn (links added in one moment: in the order given)
    const below = async (higher: string[]) =>
      higher.length === 0
        ? []
        : tx
            .select({ higher: fmeaFailureLink.higherFailureId, failure: fmeaFailure })
            .from(fmeaFailureLink)
            .innerJoin(fmeaFailure, eq(fmeaFailure.id, fmeaFailureLink.lowerFailureId))
            .where(inArray(fmeaFailureLink.higherFailureId, higher))
            .orderBy(asc(fmeaFailureLink.createdAt), asc(sql`${fmeaFailureLink}.rowid`));
    const modes = (await below([effect.id])).filter((r) => r.failure.kind === 'FM').map((r) => r.failure);
    if (modes.length === 0) throw new InvalidInputError('fta.generate_no_modes' satisfies FtaMessageKey, { failure: effect.description });
    const causeLinks = (await below(modes.map((m) => m.id))).filter((r) => r.failure.kind === 'FC');

    const names = new Map<string, string>([[effect.id, 'FE1']]);
    const gates: FtaGate[] = [];
    const basicEvents: FtaBasicEvent[] = [];
    const kinds = new Map<string, 'top' | 'gate' | 'basic'>([[effect.id, 'top']]);
    const failures = new Map([[effect.id, effect]]);
    let fc = 0;
    for (const [i, mode] of modes.entries()) {
      const name = `FM${i + 1}`;
      names.set(mode.id, name);
      failures.set(mode.id, mode);
      const causes = causeLinks.filter((l) => l.higher === mode.id).map((l) => l.failure);
      if (causes.length === 0) {
        kinds.set(mode.id, 'basic');
        basicEvents.push({ name, label: mode.description, model: { kind: 'probability', probability: occurrenceProbability(null) } });
        continue;
      }
      kinds.set(mode.id, 'gate');
      for (const cause of causes) {
        if (names.has(cause.id)) continue;
        names.set(cause.id, `FC${++fc}`);
        kinds.set(cause.id, 'basic');
        failures.set(cause.id, cause);
        basicEvents.push({ name: `FC${fc}`, label: cause.description, model: { kind: 'probability', probability: occurrenceProbability(cause.occurrence) } });
      }
      gates.push({ name, label: mode.description, operator: 'or', inputs: causes.map((c) => names.get(c.id)!) });
    }
    const treeName = input.name?.trim() || effect.description;
    const document: FtaDocument = {
      name: treeName,
      missionTime: DEFAULT_MISSION_TIME,
      top: 'FE1',
      gates: [{ name: 'FE1', label: effect.description, operator: 'or', inputs: modes.map((m) => names.get(m.id)!) }, ...gates],
      basicEvents,
      houseEvents: [],
      transfers: [],
    };
    const row = await insertTree(tx, txCtx, { name: treeName, document, projectId: project.id, sourceFailureId: effect.id });
    const now = txCtx.now();
    await tx.insert(ftaEventLink).values(
      [...names].map(([failureId, eventName]) => ({
        treeId: row.id,
        eventName,
        eventKind: kinds.get(failureId)!,
        projectId: project.id,
        failureId,
        failureKind: failures.get(failureId)!.kind,
        fingerprint: failureFingerprint(failures.get(failureId)!),
        eventFingerprint: eventFingerprint(document, eventName)!,
        createdAt: now,
        updatedAt: now,
      })),
    );
    return {
      result: treeView(row, { serialNum: project.serialNum, type: project.projectType }),
      log: { action: 'fta.tree.generate', entity: 'fta_tree', entityId: row.id, after: { ftaNum: row.ftaNum, project: project.serialNum, effect: effect.description, events: names.size } },
    };
  });
}
