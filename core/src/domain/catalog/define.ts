import { CODE_PREFIXES, type NumberingModule } from '../numbering/codes.ts';
import type { RuleFlag } from '../rules/rule-flags.ts';

/**
 * One catalog engine (issue 12): every knowledge-base and master-data entity
 * (function, failure mode, measures, interface descriptions, hardware,
 * standards, experience, products, …) lives the same life — a numbered,
 * bilingual, classified record with audit fields, a review flow, versions, a
 * quote count, import and export. That life is built once; an entity type is
 * declared here as data (docs/domain/catalog.md, "Adding an entity type").
 */

export interface CatalogText {
  readonly 'zh-CN': string;
  readonly 'en-US': string;
}

/** The creator rule that governs a type's records (spec 000 §5/§6): knowledge → zskcjzRule, master data → zsjcjzRule. */
export type CatalogArea = 'knowledge' | 'masterData';

/**
 * Where a field is stored: the engine's own columns of `catalog_record`
 * (searched, filtered and indexed for every type) or the JSON `data` of the
 * type's other fields (the default).
 */
export type CatalogColumn = 'text' | 'enText' | 'productType' | 'category';

/** The rule flags a declaration may tie a field's requiredness to. */
export type CatalogRequiredFlag = Extract<RuleFlag, 'EnglishRequiredRuleFlag' | 'failureToUseRequired'>;

interface FieldBase {
  /** The spec's field name, as the API and the JSON data carry it (`invalidmode`, `enInvalidMode`). */
  readonly key: string;
  /** The Excel column header and form label in both languages; import accepts either. */
  readonly header: CatalogText;
  readonly required?: boolean;
  /** Required only while this rule flag is '1' (e.g. failureToUseRequired). */
  readonly requiredBy?: CatalogRequiredFlag;
  /** Stored in an engine column instead of the JSON data (one field per column at most). */
  readonly column?: CatalogColumn;
  /** Names a record of a type (its own too) by that type's unique field; such a record cannot be deleted while named (text and code fields). */
  readonly references?: CatalogReference;
}

/**
 * A field that names another record by its unique field: a product's
 * category names a product category, a secondary classification its
 * primary. The engine refuses deleting a record that a current record names
 * (spec 001 §5: "category … in use cannot be deleted", "a primary with
 * secondaries cannot be deleted").
 */
export interface CatalogReference {
  /** The named record's type id. */
  readonly type: string;
  /** Its field the value matches: alone a unique rule of that type, so a value names one record. */
  readonly field: string;
}

/** Free text, at most `max` characters (200 unless said, spec 001 §5). */
export interface CatalogTextField extends FieldBase {
  readonly kind: 'text';
  readonly max?: number;
}

/** The English counterpart of a Chinese text field; required while EnglishRequiredRuleFlag is '1'. */
export interface CatalogEnTextField extends FieldBase {
  readonly kind: 'enText';
  /** The key of the text field it translates. */
  readonly of: string;
  readonly max?: number;
}

/** A short code on one line (standard code, process code, hardware number): 20 characters unless said. */
export interface CatalogCodeField extends FieldBase {
  readonly kind: 'code';
  readonly max?: number;
}

/** A number, optionally whole, within bounds (severity 1..10). */
export interface CatalogNumberField extends FieldBase {
  readonly kind: 'number';
  readonly integer?: boolean;
  readonly min?: number;
  readonly max?: number;
}

/** A code of a dictionary type (`productType`, `interfaceType`, …); the services check it exists. */
export interface CatalogDictionaryField extends FieldBase {
  readonly kind: 'dictionary';
  /** The dictionary type's code. */
  readonly dictionary: string;
  readonly multiple?: boolean;
}

/** One of a fixed list of codes (invalid-use types, experience problem types); `multiple` takes several. */
export interface CatalogEnumField extends FieldBase {
  readonly kind: 'enum';
  /** The codes, as stored and as the API carries them, in the order the form offers them. */
  readonly values: readonly string[];
  /**
   * Each code's name in both languages, by code: what the form, the list and
   * an export show; an import takes the code or either name.
   */
  readonly labels: Readonly<Record<string, CatalogText>>;
  readonly multiple?: boolean;
}

/** Characters that separate a multiple field's values (spec 001 §3, "comma-separated codes"): no enum name may hold one. */
export const CATALOG_LIST_SEPARATORS = /[,，;；]/;

export type CatalogField =
  | CatalogTextField
  | CatalogEnTextField
  | CatalogCodeField
  | CatalogNumberField
  | CatalogDictionaryField
  | CatalogEnumField;

export type CatalogFieldKind = CatalogField['kind'];
export const CATALOG_FIELD_KINDS = ['text', 'enText', 'code', 'number', 'dictionary', 'enum'] as const satisfies readonly CatalogFieldKind[];

/**
 * How a record gets its number (spec 001 §3, "Numbering"): `rule` — the next
 * number of the module's rule, or one typed by hand where that rule allows
 * manual numbers (as projects); `required` — the user types the number (a
 * product's own number), required and unique within the type.
 */
export type CatalogNumberEntry = 'rule' | 'required';

export interface CatalogNumbering {
  readonly module: NumberingModule;
  /** The module's code prefix (spec 001 §3), repeated here so the declaration reads alone; checked against CODE_PREFIXES. */
  readonly prefix: string;
  readonly entry?: CatalogNumberEntry;
}

export interface CatalogTypeDefinition {
  /** The type's id: `catalog_record.type`, the log's and the services' name for it. */
  readonly id: string;
  /**
   * The spec's entity name in call paths (001 §7: `occMeasure`, `detMeasure`,
   * `hardwareRepository`): `/api/knowledge/{entity}/…`. Default: the id.
   */
  readonly entity?: string;
  /** The spec's route name whose buttons govern the type (`invalid_index`, `function_index`). */
  readonly route: string;
  /** Which data-creator rule governs edit and delete. */
  readonly area: CatalogArea;
  /** The spec's table key (001 §3, "Table keys"). */
  readonly tableKey: string;
  /** The spec's name of the number field (`invalidmodeNum`), as the API and the sheet name it. */
  readonly serialField: string;
  /** The number column's header in both languages. */
  readonly serialHeader: CatalogText;
  readonly numbering: CatalogNumbering;
  readonly title: CatalogText;
  /** In sheet and form order. Exactly one field is stored in the `text` column: the record's description. */
  readonly fields: readonly CatalogField[];
  /** Each entry a set of field keys whose values together must not repeat among the type's current records. */
  readonly unique?: readonly (readonly string[])[];
}

/** Names the engine uses for its own columns and inputs: no field may take them. */
export const CATALOG_RESERVED_KEYS = [
  'id',
  'type',
  'rootId',
  'serialNum',
  'status',
  'versionNo',
  'isLatestVersion',
  'quoteCount',
  'remark',
  'version',
  'delFlg',
  'data',
] as const;

export const DEFAULT_CATALOG_TEXT_MAX = 200;
export const DEFAULT_CATALOG_CODE_MAX = 20;

const fail = (type: string, message: string): never => {
  throw new Error(`catalog type ${type}: ${message}`);
};

/**
 * Every value of an enum is named in both languages, and the names tell the
 * values apart (an import reads a name back to its code), so no name is
 * another value's code or name, and none holds a list separator.
 */
function checkEnumLabels(id: string, field: CatalogEnumField): void {
  if (field.values.length === 0) fail(id, `enum ${field.key} has no values`);
  const names = new Map<string, string>();
  const claim = (name: string, value: string) => {
    const key = name.trim().toLowerCase();
    const holder = names.get(key);
    if (holder !== undefined && holder !== value) fail(id, `enum ${field.key}: "${name}" names both ${holder} and ${value}`);
    names.set(key, value);
  };
  for (const value of field.values) claim(value, value);
  for (const value of field.values) {
    const label = Object.hasOwn(field.labels, value) ? field.labels[value] : undefined;
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const name = label?.[locale]?.trim();
      if (!name) fail(id, `enum ${field.key}: value ${value} has no ${locale} label`);
      if (CATALOG_LIST_SEPARATORS.test(name!)) fail(id, `enum ${field.key}: label "${name}" holds a list separator`);
      claim(name!, value);
    }
  }
  for (const key of Object.keys(field.labels)) if (!field.values.includes(key)) fail(id, `enum ${field.key}: a label for unknown value ${key}`);
}

/**
 * A catalog type as data. Checks the declaration once, so a typo (a unique
 * rule naming no field, an English text for a missing field, a prefix that is
 * not the module's) fails at import time, not in use.
 */
export function defineCatalogType<const T extends CatalogTypeDefinition>(definition: T): T {
  const { id, fields, numbering } = definition;
  if (!/^[a-z][A-Za-z]*$/.test(id)) fail(id, 'the id is a camelCase word');
  if (definition.entity !== undefined && !/^[a-z][A-Za-z]*$/.test(definition.entity)) fail(id, 'the entity is a camelCase word');
  if (CODE_PREFIXES[numbering.module] !== numbering.prefix) {
    fail(id, `prefix ${numbering.prefix} is not the prefix of module ${numbering.module} (${CODE_PREFIXES[numbering.module]})`);
  }
  const keys = new Set<string>();
  const columns = new Set<CatalogColumn>();
  for (const field of fields) {
    if (keys.has(field.key)) fail(id, `field ${field.key} declared twice`);
    if ((CATALOG_RESERVED_KEYS as readonly string[]).includes(field.key) || field.key === definition.serialField) {
      fail(id, `field ${field.key} takes a name the engine uses`);
    }
    keys.add(field.key);
    if (field.column) {
      if (columns.has(field.column)) fail(id, `two fields in column ${field.column}`);
      columns.add(field.column);
    }
    if ((field.column === 'text' || field.column === 'enText') && field.kind !== 'text' && field.kind !== 'enText') {
      fail(id, `field ${field.key} in column ${field.column} must be text`);
    }
    if (field.column === 'productType' && !(field.kind === 'dictionary' && field.dictionary === 'productType' && !field.multiple)) {
      fail(id, `field ${field.key} in column productType must be one code of the productType dictionary`);
    }
    if (field.column === 'enText' && field.kind !== 'enText') fail(id, `field ${field.key} in column enText must be an English text`);
    if (field.references && field.kind !== 'text' && field.kind !== 'code') fail(id, `reference ${field.key} must be a text or code field`);
    if (field.kind === 'enum') checkEnumLabels(id, field);
    if (field.kind === 'number' && field.min !== undefined && field.max !== undefined && field.min > field.max) fail(id, `number ${field.key}: min above max`);
  }
  if (!columns.has('text')) fail(id, 'no field is stored in the text column');
  if (!fields.some((f) => f.column === 'text' && f.required)) fail(id, 'the field in the text column must be required');
  for (const field of fields) {
    if (field.kind !== 'enText') continue;
    const of = fields.find((f) => f.key === field.of);
    if (!of || of.kind !== 'text') fail(id, `English text ${field.key} translates ${field.of}, which is no text field`);
  }
  for (const group of definition.unique ?? []) {
    if (group.length === 0) fail(id, 'an empty unique rule');
    for (const key of group) if (!keys.has(key)) fail(id, `unique rule names unknown field ${key}`);
  }
  return definition;
}

/** The field stored in the `text` column: the record's description, searched and suggested. */
export function catalogTextField(type: CatalogTypeDefinition): CatalogTextField {
  return type.fields.find((f) => f.column === 'text') as CatalogTextField;
}

/** The field stored in `column`, if the type has one. */
export function catalogColumnField(type: CatalogTypeDefinition, column: CatalogColumn): CatalogField | undefined {
  return type.fields.find((f) => f.column === column);
}

/** The type's name in call paths (spec 001 §7): its `entity`, else its id. */
export const catalogEntity = (type: Pick<CatalogTypeDefinition, 'id' | 'entity'>): string => type.entity ?? type.id;

export const catalogNumberEntry = (type: CatalogTypeDefinition): CatalogNumberEntry => type.numbering.entry ?? 'rule';

/** An enum value's name in the reader's language; a code the declaration does not name shows as it is. */
export const catalogEnumLabel = (field: CatalogEnumField, code: string, locale: keyof CatalogText): string =>
  (Object.hasOwn(field.labels, code) ? field.labels[code]![locale] : undefined) ?? code;

/** The code a typed value stands for: the code itself or its name in either language (trimmed, any case); undefined when it names none. */
export function catalogEnumCode(field: CatalogEnumField, input: string): string | undefined {
  const typed = input.trim().toLowerCase();
  return field.values.find((value) => {
    const label = Object.hasOwn(field.labels, value) ? field.labels[value] : undefined;
    return [value, label?.['zh-CN'], label?.['en-US']].some((name) => name?.trim().toLowerCase() === typed);
  });
}
