import { checkLabelKey, checkStepLabelKey, FMEA_CHECK_CODES, FMEA_CHECK_SEVERITIES, FMEA_CHECK_STEPS } from './checks.ts';

/**
 * The checks' message keys (`fmeaCheck.*`); the texts are in locales/ beside
 * this file, and messages.test.ts holds both catalogs to this list.
 */
export const FMEA_CHECK_REFUSAL_KEYS = ['fmeaCheck.report_incomplete', 'fmeaCheck.warnings_unacknowledged'] as const;
export type FmeaCheckMessageKey = (typeof FMEA_CHECK_REFUSAL_KEYS)[number];

export const checkSeverityLabelKey = (severity: (typeof FMEA_CHECK_SEVERITIES)[number]) => `fmeaCheck.severity.${severity}`;

export const FMEA_CHECK_MESSAGE_KEYS: readonly string[] = [
  ...FMEA_CHECK_REFUSAL_KEYS,
  'fmeaCheck.acknowledged',
  ...FMEA_CHECK_CODES.map(checkLabelKey),
  ...FMEA_CHECK_STEPS.map(checkStepLabelKey),
  ...FMEA_CHECK_SEVERITIES.map(checkSeverityLabelKey),
];
