/**
 * The SPC work area's lists (issue 25; docs/domain/spc.md, "The SPC work area"). The statistics themselves
 * are core/src/domain/spc; these are what a study stores.
 */

/** The charts a study draws: variables (X̄-R, X̄-S, I-MR) and attributes (p, np, c, u), named as the CLI names them. */
export const STUDY_CHARTS = ['xbar-r', 'xbar-s', 'i-mr', 'p', 'np', 'c', 'u'] as const;
export type StudyChart = (typeof STUDY_CHARTS)[number];

export const STUDY_VARIABLE_CHARTS = ['xbar-r', 'xbar-s', 'i-mr'] as const satisfies readonly StudyChart[];
export type StudyVariableChart = (typeof STUDY_VARIABLE_CHARTS)[number];
export type StudyAttributeChart = Exclude<StudyChart, StudyVariableChart>;
export const isVariableStudyChart = (chart: StudyChart): chart is StudyVariableChart => (STUDY_VARIABLE_CHARTS as readonly string[]).includes(chart);

/** Where a measurement came from: typed on the study page, a file import, or a machine's posted batch. */
export const MEASUREMENT_SOURCES = ['entered', 'import', 'machine'] as const;
export type MeasurementSource = (typeof MEASUREMENT_SOURCES)[number];

/** Nelson's eight run rules, by number (rule 1: a point beyond the 3σ limits). */
export const STUDY_RUN_RULES = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export type StudyRunRule = (typeof STUDY_RUN_RULES)[number];

/**
 * The rules a new study checks: on the primary chart the Western Electric set in Nelson's numbers (1, 2, 5,
 * 6), on the range / S / MR chart rule 1 only, as Minitab and Wheeler recommend (the statistics' defaults).
 */
export const DEFAULT_STUDY_RULES: { readonly primary: readonly StudyRunRule[]; readonly secondary: readonly StudyRunRule[] } = { primary: [1, 2, 5, 6], secondary: [1] };

/** Subgroup sizes a study accepts (I-MR: 1; the others up to the constants' range, 25, as the textbooks tabulate). */
export const STUDY_SUBGROUP_MAX = 25;

/** One measurement batch (an entry, a file, a machine's post) is at most this many rows. */
export const MEASUREMENT_BATCH_LIMIT = 200_000;

/** Phase-I limits are frozen from at least this many subgroups (the textbooks ask for 20 to 25). */
export const FREEZE_MIN_SUBGROUPS = 20;
