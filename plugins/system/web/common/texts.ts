import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { RuleFlag, RuleGroup } from '@fmea/core/domain';
import type { ButtonOf, RouteName } from '@fmea/sdk';

/** A label and a one-line description, both translated: what an administrator reads beside a switch or a checkbox. */
export interface Described {
  readonly label: MessageDescriptor;
  readonly description: MessageDescriptor;
}

/** Every button any work area declares (core/src/domain/areas). */
export type AreaButton = ButtonOf<RouteName>;

/**
 * The permission tree's buttons (spec 000 §6). `satisfies` keeps the map
 * complete: a button a new area declares does not compile until it is named
 * and described here (and the catalog test asks for its Chinese).
 */
export const BUTTON_TEXTS = {
  add: { label: msg`Add`, description: msg`Create new records on this page.` },
  edit: { label: msg`Edit`, description: msg`Change records; with the creator rule on, only one's own.` },
  del: { label: msg`Delete`, description: msg`Delete records; with the creator rule on, only one's own.` },
  import: { label: msg`Import`, description: msg`Read records in from a workbook.` },
  export: { label: msg`Export`, description: msg`Write records out to a workbook.` },
  audit: { label: msg`Audit`, description: msg`Audit records applied for release; with the creator rule off, also edit others' records.` },
  approve: { label: msg`Approve`, description: msg`Approve audited records, which releases them.` },
  copy: { label: msg`Copy`, description: msg`Copy a project or part of its structure (of projects one is responsible for).` },
  share: { label: msg`Share`, description: msg`Let people outside the team read a project one is responsible for.` },
  resetPwd: { label: msg`Reset password`, description: msg`Give a user a new password they must change at the next sign-in.` },
  lock: { label: msg`Lock`, description: msg`Lock and unlock user accounts.` },
  grant: { label: msg`Grant permissions`, description: msg`Give roles their menus and buttons.` },
  publish: { label: msg`Publish`, description: msg`Publish notices to everyone, and withdraw them.` },
  cancel: { label: msg`Cancel tasks`, description: msg`Cancel tasks, one or many at once, whoever launched them.` },
  schedule: { label: msg`Schedule`, description: msg`Move a program's tasks in its plan and change their dependencies.` },
  baseline: { label: msg`Save baseline`, description: msg`Save a copy of a program's plan to compare against later.` },
} as const satisfies Record<AreaButton, Described>;

export const isAreaButton = (code: string): code is AreaButton => Object.hasOwn(BUTTON_TEXTS, code);

/**
 * What each business rule does (spec 000 §5, 001 §5; core/src/domain/rules/rule-flags.ts).
 * The rule's name comes from the database in both languages; the description is the
 * workbench's. Complete by `satisfies`, like the buttons.
 */
export const RULE_DESCRIPTIONS = {
  EnglishRequiredRuleFlag: msg`Knowledge-base and master-data records need their English wording, and the FMEA checks ask for English names.`,
  failureToUseRequired: msg`A failure-mode record needs its use type, and the FMEA checks ask for it.`,
  isGenerateProcessNoRequired: msg`A new process step without a number gets the next one (steps of 10).`,
  bomImportHeadOnly: msg`Only the FMEA's responsible person generates structure from a BOM or reuses nodes of other projects.`,
  treeCopyHeadOnly: msg`Only the FMEA's responsible person copies structure nodes or saves them as templates.`,
  treeDeleteHeadOnly: msg`Only the FMEA's responsible person deletes structure nodes.`,
  fmeaReleaseAll: msg`On: every releaser named in the review must release the FMEA. Off: one release is enough.`,
  fmeaReviewInOrder: msg`Opinion reviewers mark the steps reviewed in order, from the block diagram, before giving their opinion.`,
  separationOfDuties: msg`On: nobody audits, approves or rejects their own catalog application, and one person holds only one role of an FMEA review.`,
  xmcjzRule: msg`On: only a project's creator edits or deletes it. Off: holders of the audit button may too.`,
  zskcjzRule: msg`On: only a knowledge-base record's creator edits or deletes it. Off: holders of the audit button may too.`,
  zsjcjzRule: msg`On: only a master-data record's creator edits or deletes it. Off: holders of the audit button may too.`,
  kcdsCriticalSeverity: msg`A characteristic linked to a failure of at least this severity enters the KCDS as critical.`,
  kcdsIncludeSignificant: msg`On: the KCDS lists significant characteristics beside the critical ones. Off: critical ones only.`,
  pushRule: msg`A released FMEA's own wording (not taken from the knowledge base) is proposed to the knowledge base.`,
  ruleOpen: msg`Changing or deleting an interface in the block diagram asks for a reason, kept in the history.`,
  dfmeaScoreSupply: msg`DFMEA ratings are filled in from the cited knowledge-base records.`,
  dfmeaDefaultDet: msg`The detection rating a DFMEA cause starts with.`,
  pfmeaScoreSupply: msg`PFMEA ratings are filled in from the cited knowledge-base records.`,
  pfmeaDefaultDet: msg`The detection rating a PFMEA cause starts with.`,
  controlPlanMachineColumn: msg`The control plan shows the machine, device, jig and tools column.`,
  controlPlanCharacteristicNoColumn: msg`The control plan shows the characteristic number column.`,
  controlPlanSpecialClassColumn: msg`The control plan shows the special characteristic class column.`,
  checkTeamResponsible: msg`The FMEA's team names a responsible person.`,
  checkNodeWithoutFunction: msg`Every structure element has a function.`,
  checkFunctionWithoutFailure: msg`Every function has a failure analysed.`,
  checkEnglishNames: msg`Functions, failures and controls have English wording (while English is required).`,
  checkModeWithoutCause: msg`Every failure mode has a cause.`,
  checkModeWithoutEffect: msg`Every failure mode has an effect.`,
  checkCauseOrphan: msg`Every failure cause is linked to a failure mode.`,
  checkFailureUseType: msg`Failures name their use type (while it is required).`,
  checkRatingMissing: msg`Every chain has its S, O and D ratings.`,
  checkSpecialControlPlan: msg`Every CC or SC characteristic of a PFMEA has a control plan line.`,
  checkDetectionDvp: msg`Every detection control names its DVP test.`,
  checkHighApAction: msg`Every row with action priority high has an action.`,
  checkCompletedRerating: msg`Every completed action is followed by new ratings.`,
  checkTargetDate: msg`Every action has its planned completion date.`,
  checkActionOverdue: msg`No action is past its planned completion date.`,
  checkFamilyItem: msg`A family FMEA holds exactly one item.`,
  checkMsrRatingMissing: msg`Every failure cause of an FMEA-MSR has its frequency (F) and monitoring (M) rated.`,
  checkMsrHighApAction: msg`A failure cause of MSR AP high has a monitoring or system response action.`,
} as const satisfies Record<RuleFlag, MessageDescriptor>;

/** The business-rule tabs (spec 000 §2.4): the rule groups, the AP rules and numbering. */
export type RuleTab = RuleGroup | 'ap' | 'numbering';

/** Each tab's name and what its rules decide, in the spec's tab order. Complete by `satisfies`, like the rules. */
export const RULE_TAB_TEXTS = {
  ap: { label: msg`AP rules`, description: msg`Which action priority (high, medium, low) each combination of S, O and D gives.` },
  basic: { label: msg`Basic rules`, description: msg`How FMEA reviews run and whether one person may hold two of their roles.` },
  copy: { label: msg`Copy rules`, description: msg`Who may copy structure nodes, reuse nodes of other projects and generate structure from a BOM.` },
  tree: { label: msg`Tree rules`, description: msg`Who may delete nodes of the structure tree.` },
  numbering: { label: msg`Numbering`, description: msg`The numbers each module gives its new records: prefix, date, serial number and separators.` },
  required: { label: msg`Required rules`, description: msg`Which fields a record cannot be saved without, and whether process numbers are generated.` },
  englishRequired: { label: msg`English-required rule`, description: msg`Whether records need their English wording beside the Chinese.` },
  dataCreator: { label: msg`Data creator permissions`, description: msg`Whether only a record's creator edits and deletes it, per kind of data.` },
  interfaceReason: { label: msg`Interface reason`, description: msg`Whether a change to an interface of the block diagram asks for a reason.` },
  knowledgePush: { label: msg`Knowledge push`, description: msg`Whether a released FMEA proposes its own wording to the knowledge base.` },
  scoreSupply: { label: msg`Score supply`, description: msg`Whether S, O and D come from the knowledge base, and the detection a new cause starts with.` },
  kcds: { label: msg`KCDS creation rule`, description: msg`Which characteristics the key characteristics list (KCDS) holds, and as what.` },
  report: { label: msg`FMEA export and report rules`, description: msg`The checks before an FMEA is released or exported: off, a warning or an error.` },
  controlPlanTemplate: { label: msg`Control plan template`, description: msg`Which optional columns the control plan shows.` },
} as const satisfies Record<RuleTab, Described>;

/** The tabs in the spec's order: AP, the groups with numbering after the tree rules. */
export const RULE_TABS: readonly RuleTab[] = Object.keys(RULE_TAB_TEXTS) as RuleTab[];
