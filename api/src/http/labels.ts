/** The field labels live in core (core/src/i18n/fields), shared with the CLI. */
export { fieldLabel, labelKey, labelledParams, labelOf } from '@fmea/core/i18n';
