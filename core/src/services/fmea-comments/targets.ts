import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { controlPlanLine, fmeaAction, fmeaCharacteristic, fmeaControl, fmeaFailure, fmeaFailureLink, fmeaFunction, fmeaInterface, fmeaNode } from '../../db/schema/index.ts';
import type { CommentTargetKind } from '../../domain/fmea-comments/index.ts';
import { NotFoundError } from '../../errors.ts';

/** Where a row of the analysis lives: its project and the structure node it is shown on. */
export interface RowPlace {
  readonly projectId: string;
  readonly nodeId: string | null;
  /** What the row says (its description or name), for lists that name it. */
  readonly text: string;
}

async function functionPlace(db: DbOrTx, functionId: string): Promise<{ nodeId: string } | undefined> {
  return db.select({ nodeId: fmeaFunction.nodeId }).from(fmeaFunction).where(eq(fmeaFunction.id, functionId)).get();
}

async function failurePlace(db: DbOrTx, failureId: string): Promise<RowPlace | undefined> {
  const row = await db
    .select({ projectId: fmeaFailure.projectId, nodeId: fmeaFunction.nodeId, text: fmeaFailure.description })
    .from(fmeaFailure)
    .innerJoin(fmeaFunction, eq(fmeaFunction.id, fmeaFailure.functionId))
    .where(eq(fmeaFailure.id, failureId))
    .get();
  return row;
}

/**
 * Finds a row by kind and id. A failure link is shown on its failure mode's
 * node (the higher end of FM → FC, the lower end of FE → FM); controls and
 * actions on their cause's node. Not found: 'fmea_comment.target_not_found'.
 */
export async function findRowPlace(db: DbOrTx, kind: CommentTargetKind, id: string): Promise<RowPlace> {
  let place: RowPlace | undefined;
  switch (kind) {
    case 'node':
      place = await db.select({ projectId: fmeaNode.projectId, nodeId: fmeaNode.id, text: fmeaNode.name }).from(fmeaNode).where(eq(fmeaNode.id, id)).get();
      break;
    case 'function':
      place = await db.select({ projectId: fmeaFunction.projectId, nodeId: fmeaFunction.nodeId, text: fmeaFunction.description }).from(fmeaFunction).where(eq(fmeaFunction.id, id)).get();
      break;
    case 'characteristic': {
      const row = await db.select({ projectId: fmeaCharacteristic.projectId, functionId: fmeaCharacteristic.functionId, text: fmeaCharacteristic.name }).from(fmeaCharacteristic).where(eq(fmeaCharacteristic.id, id)).get();
      if (row) place = { projectId: row.projectId, nodeId: (await functionPlace(db, row.functionId))?.nodeId ?? null, text: row.text };
      break;
    }
    case 'failure':
      place = await failurePlace(db, id);
      break;
    case 'failureLink': {
      const link = await db.select().from(fmeaFailureLink).where(eq(fmeaFailureLink.id, id)).get();
      if (link) {
        const higher = await db.select({ kind: fmeaFailure.kind }).from(fmeaFailure).where(eq(fmeaFailure.id, link.higherFailureId)).get();
        // the link belongs to its failure mode: the higher end of FM → FC, the lower end of FE → FM
        const mode = higher?.kind === 'FM' ? link.higherFailureId : link.lowerFailureId;
        const [m, h, l] = await Promise.all([failurePlace(db, mode), failurePlace(db, link.higherFailureId), failurePlace(db, link.lowerFailureId)]);
        if (m) place = { projectId: link.projectId, nodeId: m.nodeId, text: `${h?.text ?? ''} → ${l?.text ?? ''}` };
      }
      break;
    }
    case 'control': {
      const row = await db.select({ causeId: fmeaControl.causeId, text: fmeaControl.description }).from(fmeaControl).where(eq(fmeaControl.id, id)).get();
      const cause = row ? await failurePlace(db, row.causeId) : undefined;
      if (row && cause) place = { ...cause, text: row.text };
      break;
    }
    case 'action': {
      const row = await db.select({ causeId: fmeaAction.causeId, text: fmeaAction.description }).from(fmeaAction).where(eq(fmeaAction.id, id)).get();
      const cause = row ? await failurePlace(db, row.causeId) : undefined;
      if (row && cause) place = { ...cause, text: row.text };
      break;
    }
    case 'interface': {
      const row = await db.select({ projectId: fmeaInterface.projectId, nodeId: fmeaInterface.firstNodeId, text: fmeaInterface.description }).from(fmeaInterface).where(eq(fmeaInterface.id, id)).get();
      if (row) place = { projectId: row.projectId, nodeId: row.nodeId, text: row.text ?? '' };
      break;
    }
    case 'controlPlanLine': {
      // a line is shown on its process step; it reads as its characteristic (the PFMEA's name while linked, else its own text)
      const row = await db
        .select({ projectId: controlPlanLine.projectId, nodeId: controlPlanLine.stepNodeId, linkedName: fmeaCharacteristic.name, product: controlPlanLine.productCharacteristic, process: controlPlanLine.processCharacteristic, processName: controlPlanLine.processName })
        .from(controlPlanLine)
        .leftJoin(fmeaCharacteristic, eq(fmeaCharacteristic.id, controlPlanLine.characteristicId))
        .where(eq(controlPlanLine.id, id))
        .get();
      if (row) place = { projectId: row.projectId, nodeId: row.nodeId, text: row.linkedName ?? row.product ?? row.process ?? row.processName ?? '' };
      break;
    }
  }
  if (!place) throw new NotFoundError('fmea_comment.target_not_found', { kind, id });
  return place;
}
