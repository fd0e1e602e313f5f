import { DIALECT } from '../dialect.ts';
import { postgresTables } from '../postgres/tables.ts';
import * as declared from './declared.ts';

/**
 * The tables of this process's dialect (../dialect.ts), under their declared names and types: the
 * declaration itself on the embedded libsql file, its PostgreSQL twins (../postgres/tables.ts) on
 * PostgreSQL. Services are typed against the declaration; on PostgreSQL the database answers sqlite-core's
 * query API too (../postgres/compat.ts), so nothing above core/src/db knows the engine.
 *
 * Every table of declared.ts is named below (a test fails when one is missing): a name left out would keep
 * its SQLite table on PostgreSQL. Everything else of the declaration (enums, types) passes through.
 */
export * from './declared.ts';

const tables = (DIALECT === 'postgres' ? { ...declared, ...postgresTables(declared) } : declared) as typeof declared;

export const apRule = tables.apRule;
export const apRuleSet = tables.apRuleSet;
export const bom = tables.bom;
export const bomPart = tables.bomPart;
export const businessRule = tables.businessRule;
export const catalogLog = tables.catalogLog;
export const catalogRecord = tables.catalogRecord;
export const collection = tables.collection;
export const controlPlan = tables.controlPlan;
export const controlPlanLine = tables.controlPlanLine;
export const controlPlanLineControl = tables.controlPlanLineControl;
export const department = tables.department;
export const customField = tables.customField;
export const customFieldValue = tables.customFieldValue;
export const dictionary = tables.dictionary;
export const drbfmAction = tables.drbfmAction;
export const drbfmConcern = tables.drbfmConcern;
export const drbfmMeeting = tables.drbfmMeeting;
export const drbfmPart = tables.drbfmPart;
export const drbfmProject = tables.drbfmProject;
export const dvpPlan = tables.dvpPlan;
export const dvpTest = tables.dvpTest;
export const dvpTestControl = tables.dvpTestControl;
export const ewo = tables.ewo;
export const ewoDocument = tables.ewoDocument;
export const ewoEntry = tables.ewoEntry;
export const ewoItem = tables.ewoItem;
export const file = tables.file;
export const fmeaAction = tables.fmeaAction;
export const fmeaBaseline = tables.fmeaBaseline;
export const fmeaChangeProposal = tables.fmeaChangeProposal;
export const fmeaCharacteristic = tables.fmeaCharacteristic;
export const fmeaComment = tables.fmeaComment;
export const fmeaCommentRead = tables.fmeaCommentRead;
export const fmeaControl = tables.fmeaControl;
export const fmeaFailure = tables.fmeaFailure;
export const fmeaFailureLink = tables.fmeaFailureLink;
export const fmeaFunction = tables.fmeaFunction;
export const fmeaFunctionLink = tables.fmeaFunctionLink;
export const fmeaInterface = tables.fmeaInterface;
export const fmeaMember = tables.fmeaMember;
export const fmeaNode = tables.fmeaNode;
export const fmeaProject = tables.fmeaProject;
export const fmeaProjectAttachment = tables.fmeaProjectAttachment;
export const fmeaProjectShare = tables.fmeaProjectShare;
export const fmeaProjectShareUser = tables.fmeaProjectShareUser;
export const fmeaProjectVisit = tables.fmeaProjectVisit;
export const fmeaRerateMark = tables.fmeaRerateMark;
export const fmeaReviewAssignee = tables.fmeaReviewAssignee;
export const fmeaReviewRound = tables.fmeaReviewRound;
export const fmeaReviewStep = tables.fmeaReviewStep;
export const fmeaReviewWalk = tables.fmeaReviewWalk;
export const fmecaInput = tables.fmecaInput;
export const fmedaProject = tables.fmedaProject;
export const fmedaRow = tables.fmedaRow;
export const ftaEventLink = tables.ftaEventLink;
export const ftaTree = tables.ftaTree;
export const ftaTreeRelease = tables.ftaTreeRelease;
export const menu = tables.menu;
export const message = tables.message;
export const notice = tables.notice;
export const noticeRead = tables.noticeRead;
export const numberingCounter = tables.numberingCounter;
export const numberingRule = tables.numberingRule;
export const operationLog = tables.operationLog;
export const passwordChangeTicket = tables.passwordChangeTicket;
export const passwordHistory = tables.passwordHistory;
export const problem = tables.problem;
export const problemAction = tables.problemAction;
export const problemCause = tables.problemCause;
export const problemIsNot = tables.problemIsNot;
export const problemMember = tables.problemMember;
export const problemStep = tables.problemStep;
export const problemWhy = tables.problemWhy;
export const processFlowBranch = tables.processFlowBranch;
export const program = tables.program;
export const programBaseline = tables.programBaseline;
export const programFmea = tables.programFmea;
export const programStage = tables.programStage;
export const projectTask = tables.projectTask;
export const readApplication = tables.readApplication;
export const role = tables.role;
export const rolePermission = tables.rolePermission;
export const session = tables.session;
export const setting = tables.setting;
export const signInThrottle = tables.signInThrottle;
export const site = tables.site;
export const spcMeasurement = tables.spcMeasurement;
export const spcStudy = tables.spcStudy;
export const taskDependency = tables.taskDependency;
export const taskLog = tables.taskLog;
export const user = tables.user;
export const userRole = tables.userRole;
export const userSite = tables.userSite;
export const userScoreEvent = tables.userScoreEvent;
