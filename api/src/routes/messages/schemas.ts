import { MESSAGE_CODES, MESSAGE_KINDS, READ_APPLICATION_STATUSES, translate, type Locale, type MessageView, type ReadApplicationView } from '@fmea/core';
import { z } from '../../http/route.ts';
import { DateTime, Id } from '../../http/fields.ts';
import { pageOf, PageQuery } from '../notices/schemas.ts';

/**
 * The stored inbox and read-access applications at the API boundary (spec
 * 001 §7 message calls), in the spec's words where it has them (readFlag,
 * serialNum, rightType, leftType, createTime). docs/domain/messages.md.
 */

const When = DateTime.nullable();

export const MessageSchema = z
  .strictObject({
    id: z.string(),
    kind: z.enum(MESSAGE_KINDS),
    code: z.enum(MESSAGE_CODES).openapi({ description: "Message code: '1' approval, '2','6','7' DFMEA views, '5' PFMEA, comment, task, pfmeaTask, applicationResult, catalogReview, exportRequest, system" }),
    title: z.string().openapi({ description: 'The message in the reader’s language' }),
    messageKey: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])),
    content: z.string().nullable().openapi({ description: 'What the sender wrote (a remark), as written' }),
    senderId: z.string().nullable(),
    senderName: z.string().nullable(),
    projectId: z.string().nullable(),
    serialNum: z.string().nullable(),
    rightType: z.string().nullable(),
    leftType: z.string().nullable(),
    route: z.string().nullable().openapi({ description: 'The view the message opens' }),
    targetId: z.string().nullable(),
    applicationId: z.string().nullable(),
    readFlag: z.number().int().openapi({ description: '1 once read' }),
    readTime: When,
    processed: z.number().int().openapi({ description: '1 once dealt with (an approval decided, any other message read)' }),
    processedTime: When,
    createTime: DateTime,
  })
  .openapi('Message');

export function presentMessage(locale: Locale, row: MessageView) {
  return {
    id: row.id,
    kind: row.kind,
    code: row.code,
    title: translate(locale, row.messageKey, row.params),
    messageKey: row.messageKey,
    params: row.params,
    content: row.content,
    senderId: row.senderId,
    senderName: row.senderName,
    projectId: row.projectId,
    serialNum: row.serialNum,
    rightType: row.rightType,
    leftType: row.leftType,
    route: row.route,
    targetId: row.targetId,
    applicationId: row.applicationId,
    readFlag: row.readFlag,
    readTime: row.readAt,
    processed: row.processed,
    processedTime: row.processedAt,
    createTime: row.createdAt,
  };
}

export const MessagePageSchema = pageOf(MessageSchema).openapi('MessagePage');
export const MessageListQuery = z.object({ ...PageQuery, unread: z.enum(['0', '1']).optional().openapi({ description: '1: unread only' }) });

export const ReadApplicationSchema = z
  .strictObject({
    serialNum: z.string().openapi({ description: 'The application’s id: agreeApplication and disagreeApplication name it' }),
    projectId: z.string(),
    projectSerialNum: z.string(),
    projectName: z.string(),
    projectType: z.string(),
    status: z.enum(READ_APPLICATION_STATUSES),
    applyPerson: z.string(),
    applicantId: z.string(),
    applyTime: DateTime,
    applyRemark: z.string().nullable(),
    approverIds: z.array(z.string()),
    approvePerson: z.string().nullable(),
    approveTime: When,
    approveRemark: z.string().nullable(),
    canDecide: z.boolean(),
  })
  .openapi('ReadApplication');

export function presentApplication(row: ReadApplicationView) {
  return {
    serialNum: row.id,
    projectId: row.projectId,
    projectSerialNum: row.projectSerialNum,
    projectName: row.projectName,
    projectType: row.projectType,
    status: row.status,
    applyPerson: row.applicantName,
    applicantId: row.applicantId,
    applyTime: row.createdAt,
    applyRemark: row.remark,
    approverIds: row.approverIds,
    approvePerson: row.deciderName,
    approveTime: row.decidedAt,
    approveRemark: row.decisionRemark,
    canDecide: row.canDecide,
  };
}

export const ReadApplicationPageSchema = pageOf(ReadApplicationSchema).openapi('ReadApplicationPage');

const Remark = z.string().trim().max(200);

export const ApplyReadBody = z.object({
  projectId: Id.optional().openapi({ description: 'The project’s id' }),
  serialNum: Id.optional().openapi({ description: 'Or its number (DF…/PF…)' }),
  remark: Remark.nullable().optional(),
});

export const DecisionQuery = z.object({ serialNum: Id.openapi({ description: 'The application (its serialNum from the lists)' }), remark: Remark.optional(), timestamp: z.string().max(40).optional() });

export const ExportRequestBody = z.object({
  serialNum: z.string().trim().min(1).max(100),
  oprateUser: Id.openapi({ description: 'The user asked to export: id or user name' }),
  remark: Remark.nullable().optional(),
  type: z.string().max(40).nullable().optional(),
  libraryType: z.string().max(40).nullable().optional(),
  lanTuMessageType: z.string().max(40).nullable().optional(),
  programId: z.string().max(64).nullable().optional(),
});

export const LatestSchema = z
  .strictObject({
    // a union, not .nullable(): the generator would put an open {type: [object, null]} beside the reference
    message: z.union([MessageSchema, z.null()]),
    notice: z.strictObject({ id: z.string(), number: z.string(), title: z.string(), publishTime: When }).nullable(),
  })
  .openapi('LatestMessageAndNotice');
