import { RULE_FLAGS, type RuleFlag } from './rule-flags.ts';

/**
 * The one reader of the rule flags. The spec stores and answers each flag as
 * a digit string ('0' off, '1' on; a check '0' off, '1' warning, '2' error;
 * a default detection '1'…'10'): that is what `business_rule`, the rules API
 * and the session's `rules` carry. Everything that acts on a flag reads it
 * here, as a boolean (or level, or number) with an English name, so no code
 * compares a flag with '1' (tests/contract/vocabulary.test.ts holds it).
 *
 * A flag that is missing, or holds a value it does not offer, reads as its
 * default (RULE_FLAGS): a partial map, such as a test's, means "the rest as
 * installed".
 */

/** Flag values as stored, by the spec's flag names. */
export type RuleValues = Readonly<Partial<Record<RuleFlag, string>>>;

type FlagOffering<V> = { [F in RuleFlag]: (typeof RULE_FLAGS)[F]['values'] extends V ? F : never }[RuleFlag];
/** The on/off flags. */
export type SwitchFlag = FlagOffering<readonly ['0', '1']>;
/** The checks before release (group `report`). */
export type CheckFlag = FlagOffering<readonly ['0', '1', '2']>;
/** The default detection ratings. */
type RatingFlag = Exclude<RuleFlag, SwitchFlag | CheckFlag>;

/** A check's level: switched off, or finding at this severity. */
export type CheckRuleLevel = 'off' | 'warning' | 'error';
const CHECK_LEVEL_OF = { '0': 'off', '1': 'warning', '2': 'error' } as const satisfies Record<string, CheckRuleLevel>;

function valueOf(values: RuleValues, flag: RuleFlag): string {
  const value = values[flag];
  const offered: readonly string[] = RULE_FLAGS[flag].values;
  return value !== undefined && offered.includes(value) ? value : RULE_FLAGS[flag].defaultValue;
}

/** Whether an on/off flag is on. */
export const switchOn = (values: RuleValues, flag: SwitchFlag): boolean => valueOf(values, flag) === '1';

/** The level of a check flag. */
export const checkLevel = (values: RuleValues, flag: CheckFlag): CheckRuleLevel => CHECK_LEVEL_OF[valueOf(values, flag) as keyof typeof CHECK_LEVEL_OF];

const rating = (values: RuleValues, flag: RatingFlag): number => Number(valueOf(values, flag));

/** The rule flags, named for what they do. */
export interface Rules {
  /** EnglishRequiredRuleFlag: catalog records need their English wording, the checks ask for English names. */
  readonly englishRequired: boolean;
  /** failureToUseRequired: a failure-mode record needs its use types. */
  readonly failureUseTypeRequired: boolean;
  /** isGenerateProcessNoRequired: process item numbers are generated. */
  readonly generateProcessNumbers: boolean;
  /** Only the team's head (or an administrator) may … */
  readonly headOnly: {
    /** bomImportHeadOnly: import a BOM into a project and reuse nodes. */
    readonly bomImport: boolean;
    /** treeCopyHeadOnly: copy or borrow structure-tree nodes. */
    readonly treeCopy: boolean;
    /** treeDeleteHeadOnly: delete structure-tree nodes. */
    readonly treeDelete: boolean;
  };
  /** fmeaReleaseAll: every releaser must release an FMEA (else one suffices). */
  readonly everyReleaserReleases: boolean;
  /** fmeaReviewInOrder: opinion reviewers walk the steps in order before their opinion. */
  readonly reviewInOrder: boolean;
  /** separationOfDuties: nobody decides their own application or holds two roles of one review. */
  readonly separationOfDuties: boolean;
  /** The data-creator rules: only a record's creator edits or deletes it, in … */
  readonly dataCreator: {
    /** xmcjzRule: programs (projects). */
    readonly project: boolean;
    /** zskcjzRule: the knowledge base. */
    readonly knowledge: boolean;
    /** zsjcjzRule: master data. */
    readonly masterData: boolean;
  };
  /** pushRule: a released FMEA proposes its own wording to the knowledge base. */
  readonly knowledgePush: boolean;
  /** ruleOpen: a change or deletion of an interface says why. */
  readonly interfaceReasonRequired: boolean;
  /** Ratings supplied from the knowledge base, and the default detection, per FMEA type. */
  readonly scoreSupply: {
    readonly dfmea: { readonly fromKnowledge: boolean; readonly defaultDetection: number };
    readonly pfmea: { readonly fromKnowledge: boolean; readonly defaultDetection: number };
  };
  /** The optional columns the control plan shows. */
  readonly controlPlanColumns: {
    readonly machine: boolean;
    readonly characteristicNo: boolean;
    readonly specialClass: boolean;
  };
  /** The KCDS creation rule (kcds.ts): the severity that makes a characteristic critical, and whether significant ones are listed. */
  readonly kcds: { readonly criticalSeverity: number; readonly includeSignificant: boolean };
  /** The level of each check before release, by its flag. */
  readonly checks: Readonly<Record<CheckFlag, CheckRuleLevel>>;
}

const CHECK_FLAGS = (Object.keys(RULE_FLAGS) as RuleFlag[]).filter((flag) => RULE_FLAGS[flag].values.length === 3) as CheckFlag[];

/** The rule flags as named values. */
export function readRules(values: RuleValues): Rules {
  const on = (flag: SwitchFlag) => switchOn(values, flag);
  return {
    englishRequired: on('EnglishRequiredRuleFlag'),
    failureUseTypeRequired: on('failureToUseRequired'),
    generateProcessNumbers: on('isGenerateProcessNoRequired'),
    headOnly: { bomImport: on('bomImportHeadOnly'), treeCopy: on('treeCopyHeadOnly'), treeDelete: on('treeDeleteHeadOnly') },
    everyReleaserReleases: on('fmeaReleaseAll'),
    reviewInOrder: on('fmeaReviewInOrder'),
    separationOfDuties: on('separationOfDuties'),
    dataCreator: { project: on('xmcjzRule'), knowledge: on('zskcjzRule'), masterData: on('zsjcjzRule') },
    knowledgePush: on('pushRule'),
    interfaceReasonRequired: on('ruleOpen'),
    scoreSupply: {
      dfmea: { fromKnowledge: on('dfmeaScoreSupply'), defaultDetection: rating(values, 'dfmeaDefaultDet') },
      pfmea: { fromKnowledge: on('pfmeaScoreSupply'), defaultDetection: rating(values, 'pfmeaDefaultDet') },
    },
    controlPlanColumns: {
      machine: on('controlPlanMachineColumn'),
      characteristicNo: on('controlPlanCharacteristicNoColumn'),
      specialClass: on('controlPlanSpecialClassColumn'),
    },
    kcds: { criticalSeverity: rating(values, 'kcdsCriticalSeverity'), includeSignificant: on('kcdsIncludeSignificant') },
    checks: Object.fromEntries(CHECK_FLAGS.map((flag) => [flag, checkLevel(values, flag)])) as Record<CheckFlag, CheckRuleLevel>,
  };
}
