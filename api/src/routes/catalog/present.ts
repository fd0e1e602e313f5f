import { catalogEntity, translate, type CatalogLogView, type CatalogRecordView, type CatalogSuggestion, type CatalogTypeDefinition, type Locale } from '@fmea/core';

/** A record version in the spec's names (001 §3): the audit fields by person and time, the values by field key. */
export function presentRecord(type: CatalogTypeDefinition, view: CatalogRecordView) {
  return {
    id: view.id,
    entity: catalogEntity(type),
    rootId: view.rootId,
    serialNum: view.serialNum,
    status: view.status,
    versionNo: view.versionNo,
    isLatestVersion: view.isLatestVersion,
    quoteCount: view.quoteCount,
    remark: view.remark,
    values: { ...view.values } as Record<string, string | number | string[] | null>,
    customFields: view.customFields,
    creatorId: view.creatorId,
    createRealName: view.people.creator,
    createTime: view.createdAt,
    updateRealName: view.people.updater,
    updateTime: view.updatedAt,
    applyPerson: view.people.applicant,
    applyTime: view.applyTime,
    applyRemark: view.applyRemark,
    auditPerson: view.people.auditor,
    auditTime: view.auditTime,
    auditRemark: view.auditRemark,
    approvePerson: view.people.approver,
    approveTime: view.approveTime,
    approveRemark: view.approveRemark,
    version: view.version,
    marker: view.marker,
    can: { ...view.can },
  };
}

export function presentSuggestion(s: CatalogSuggestion) {
  return {
    id: s.id,
    rootId: s.rootId,
    serialNum: s.serialNum,
    versionNo: s.versionNo,
    text: s.text,
    enText: s.enText,
    productType: s.productType,
    quoteCount: s.quoteCount,
    values: { ...s.values } as Record<string, string | number | string[] | null>,
  };
}

export function presentLogRow(locale: Locale, row: CatalogLogView) {
  return {
    id: row.id,
    at: row.at,
    recordId: row.recordId,
    rootId: row.rootId,
    serialNum: row.serialNum,
    versionNo: row.versionNo,
    action: row.action,
    actionName: translate(locale, row.actionKey),
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    remark: row.remark,
    userId: row.userId,
    userName: row.userName,
    userRealName: row.userRealName,
  };
}
