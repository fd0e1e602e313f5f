import type { DictionaryNode, DictionaryRow } from '@fmea/core';
import { z } from '../../http/route.ts';
import { DateTime } from '../../http/fields.ts';

const Id = z.string().min(1).max(64);
/** Forms send '' or null for "new"; both mean absent. */
const OptionalId = z.union([Id, z.literal('')]).nullable().optional();

/** Spec 000 §3 "Dictionary item": id, code, name, enName, parentId, children, createtime, updatetime. */
const itemFields = {
  id: z.string(),
  parentId: z.string().openapi({ description: "'' for a dictionary type (root)" }),
  code: z.string(),
  name: z.string(),
  enName: z.string(),
  sort: z.number().int(),
  createtime: DateTime,
  updatetime: DateTime,
};

export const DictionaryItemSchema = z.strictObject(itemFields).openapi('DictionaryItem');

export type DictionaryItemOut = z.infer<typeof DictionaryItemSchema>;
export interface DictionaryNodeOut extends DictionaryItemOut {
  children: DictionaryNodeOut[];
}

/** Recursive through z.lazy so the OpenAPI document can refer to itself. */
export const DictionaryNodeSchema: z.ZodType<DictionaryNodeOut> = z
  .lazy(() => z.strictObject({ ...itemFields, children: z.array(DictionaryNodeSchema) }))
  .openapi('DictionaryNode');

export function presentItem(row: DictionaryRow): DictionaryItemOut {
  return {
    id: row.id,
    parentId: row.parentId,
    code: row.code,
    name: row.name,
    enName: row.enName,
    sort: row.sort,
    createtime: row.createdAt.toISOString(),
    updatetime: row.updatedAt.toISOString(),
  };
}

export function presentNode(node: DictionaryNode): DictionaryNodeOut {
  return { ...presentItem(node), children: node.children.map(presentNode) };
}

/** The client sends back what it read: timestamps and children are accepted and ignored (spec 000 §5). */
export const SaveDictionaryBody = z
  .object({
    id: OptionalId.openapi({ description: 'Absent, empty or null to create' }),
    parentId: z.string().max(64).optional().openapi({ description: "The parent item; '' or absent for a dictionary type" }),
    code: z.string().max(50),
    name: z.string().max(200),
    enName: z.string().max(200).optional(),
    sort: z.number().int().min(1).max(1_000_000).optional(),
    createtime: z.unknown().optional().openapi({ description: 'Accepted and ignored' }),
    updatetime: z.unknown().optional().openapi({ description: 'Accepted and ignored' }),
    children: z.unknown().optional().openapi({ description: 'Accepted and ignored' }),
  })
  .openapi('SaveDictionaryBody');

export const IdBody = z.object({ id: Id });

export const CheckCodeBody = z.object({
  code: z.string().max(50),
  id: OptionalId,
  parentId: z.string().max(64).optional().openapi({ description: "Defaults to the edited item's parent, else the root level" }),
});

export const CheckNameBody = z.object({
  name: z.string().max(200),
  parentId: z.string().max(64).optional(),
  id: OptionalId,
});
