import { DomainError, isDomainError, type Issue, type MessageParams } from '../../errors.ts';
import { catalogEnumLabel, type CatalogTypeDefinition } from '../../domain/catalog/index.ts';
import type { Locale } from '../../i18n/index.ts';

/**
 * A catalog type's fields are labelled by its declaration (each field's and
 * the number's header), not by the shared field catalog: `invalidmode` is
 * "失效描述" / "Failure description". These give issues about the type's
 * fields those labels in the reader's language (as `params.field`), so the
 * API and the CLI name the field as the form and the sheet do; the issue's
 * `field` stays the key, for the form to place the message.
 */
export function labelCatalogIssues(issues: readonly Issue[], type: CatalogTypeDefinition, locale: Locale): Issue[] {
  const headers = new Map<string, string>([[type.serialField, type.serialHeader[locale]], ...type.fields.map((f) => [f.key, f.header[locale]] as const)]);
  return issues.map((issue) => {
    const label = issue.field === undefined ? undefined : headers.get(issue.field);
    if (label === undefined || issue.params?.field !== issue.field) return issue;
    const params: MessageParams = { ...issue.params, field: label };
    // an enum's allowed values by their names, as the form and the sheet show them
    const field = type.fields.find((f) => f.key === issue.field);
    if (field?.kind === 'enum' && params.allowed !== undefined) params.allowed = field.values.map((v) => catalogEnumLabel(field, v, locale)).join(', ');
    return { ...issue, params };
  });
}

/** The error with its issues labelled (labelCatalogIssues); anything else as it was. */
export function labelCatalogError(error: unknown, type: CatalogTypeDefinition, locale: Locale): unknown {
  if (!isDomainError(error) || error.issues.length === 0) return error;
  const labelled = new DomainError(error.code, error.messageKey, error.params, labelCatalogIssues(error.issues, type, locale));
  labelled.stack = error.stack;
  return labelled;
}
