import { z } from '../../http/route.ts';

/**
 * The custom-field filters and sort every list that answers `customFields` takes (project, problem,
 * task and catalog lists; docs/domain/custom-fields.md "Lists"). Checked in core against the entity's
 * fields: an unknown system name or a bad value is a 400 naming the field.
 */
const Scalar = z.union([z.string().max(200), z.number()]);

export const CustomListFields = {
  customFilters: z
    .record(z.string().max(50), z.union([Scalar, z.array(z.string().max(200)).max(100), z.strictObject({ from: Scalar.nullable().optional(), to: Scalar.nullable().optional() })]))
    .optional()
    .openapi({
      description:
        'Filters by custom field system name, all of which must hold: a text field contains the text (any case); a number or date field equals the value, or lies in { from, to } (inclusive, either end left out; numbers compared as numbers, dates as YYYY-MM-DD); a choice field has the dictionary code, or any of a list of codes. Blank means no filter.',
    }),
  customSort: z
    .strictObject({
      field: z.string().max(50).openapi({ description: 'The custom field’s system name' }),
      order: z.enum(['asc', 'desc']).optional().openapi({ description: 'Default asc' }),
    })
    .optional()
    .openapi({ description: 'Sort by a custom field (numbers as numbers, 9 before 10; records without a value last), before the list’s own order' }),
};
