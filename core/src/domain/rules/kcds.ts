import type { CharacteristicClass } from '../fmea/vocabulary.ts';
import type { Rules } from './read.ts';

/** The two kinds of line a KCDS (key characteristics designation list) holds. */
export type KcdsClass = 'critical' | 'significant';

/**
 * The KCDS creation rule (business-rule tab "KCDS creation rule"; docs/domain/business-rules.md): whether a
 * characteristic enters the key characteristics list, and as what. Safety and critical characteristics, and
 * any characteristic whose worst linked failure reaches the rule's severity, are listed as critical; a
 * significant (or specially marked) one only while the rule lists significant characteristics; general ones
 * never. `maxSeverity` is the highest S of the failure chains the characteristic is linked to (null: none).
 */
export function kcdsClassOf(
  characteristic: { readonly characteristicClass: CharacteristicClass; readonly special: boolean },
  maxSeverity: number | null,
  rule: Rules['kcds'],
): KcdsClass | null {
  const { characteristicClass, special } = characteristic;
  if (characteristicClass === 'safety' || characteristicClass === 'critical') return 'critical';
  if (maxSeverity !== null && maxSeverity >= rule.criticalSeverity) return 'critical';
  if (characteristicClass === 'significant' || special) return rule.includeSignificant ? 'significant' : null;
  return null;
}
