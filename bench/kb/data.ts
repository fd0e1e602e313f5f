/**
 * The knowledge base of `npm run bench:kb`: synthetic bilingual failure modes
 * (every one distinct, as the type's unique rule wants), their workbook for
 * the import, and the multi-row insert that lays down the 50,000 records.
 */
import ExcelJS from 'exceljs';
import { catalogSheetColumns, CATALOG_TYPES, readCatalogValues, schema, type CatalogValue, type DbOrTx } from '@fmea/core';

export const TYPE = CATALOG_TYPES.invalidMode;

const PARTS: readonly (readonly [string, string])[] = [
  ['钢丝绳', 'cable'], ['绳轮', 'cable drum'], ['导轨', 'guide rail'], ['玻璃托架', 'glass carrier'], ['张紧器', 'tensioner'],
  ['蜗杆', 'worm'], ['蜗轮', 'worm gear'], ['壳体', 'housing'], ['电刷', 'brush'], ['电枢', 'armature'],
  ['永磁体', 'magnet'], ['霍尔传感器', 'Hall sensor'], ['继电器', 'relay'], ['连接器', 'connector'], ['线束', 'wiring harness'],
  ['制动钳活塞', 'caliper piston'], ['密封圈', 'seal'], ['调角器棘爪', 'recliner pawl'], ['焊缝', 'weld seam'], ['卡簧', 'circlip'],
];
const PHENOMENA: readonly (readonly [string, string])[] = [
  ['断裂', 'fractures'], ['磨损', 'wears'], ['变形', 'deforms'], ['松动', 'comes loose'], ['腐蚀', 'corrodes'],
  ['卡滞', 'binds'], ['开裂', 'cracks'], ['异响', 'makes noise'], ['过热', 'overheats'], ['失效', 'fails'],
];
const CONDITIONS: readonly (readonly [string, string])[] = [
  ['低温 −30 °C', 'at −30 °C'], ['高温 80 °C', 'at 80 °C'], ['耐久试验后', 'after the endurance test'], ['振动工况下', 'under vibration'],
  ['湿热环境中', 'in damp heat'], ['堵转载荷下', 'under stall load'], ['装配时', 'during assembly'], ['盐雾试验后', 'after the salt spray test'],
];

/** The i-th failure mode: part × phenomenon × condition, numbered so every description is distinct. */
export function failureMode(i: number, series = 'K'): { zh: string; en: string } {
  const [pz, pe] = PARTS[i % PARTS.length]!;
  const [hz, he] = PHENOMENA[Math.floor(i / PARTS.length) % PHENOMENA.length]!;
  const [cz, ce] = CONDITIONS[Math.floor(i / (PARTS.length * PHENOMENA.length)) % CONDITIONS.length]!;
  return { zh: `${pz}${cz}${hz}（${series}${i}）`, en: `The ${pe} ${he} ${ce} (${series}${i})` };
}

/** The values of the i-th record as the form would send them, of the first `productTypes` product types (or none). */
export function recordInput(i: number, series = 'K', productTypes = 3): Record<string, unknown> {
  const { zh, en } = failureMode(i, series);
  return {
    invalidmode: zh,
    enInvalidMode: en,
    invalidUseType: [['invalidmode'], ['invalidreason'], ['invalidresult'], ['invalidmode', 'invalidreason']][i % 4],
    applicableObject: PARTS[i % PARTS.length]![0],
    // a few without a product type (everyone's), the rest spread over the product types
    productType: i % 10 === 0 ? null : String(1 + (i % productTypes)),
    severity: 1 + (i % 10),
    occurrence: 1 + ((i * 7) % 10),
  };
}

const LOOKUPS = { dictionaries: { productType: ['1', '2', '3'] } };

/**
 * Lays down `count` records in one transaction with multi-row inserts: values
 * checked by the engine's rules (readCatalogValues) and stored in its columns;
 * mostly released, some in every other state. The per-record path
 * (insertCatalogRecord) checks the unique rule against every record of the
 * type, which the bench times separately.
 */
export async function insertKnowledgeBase(db: DbOrTx, count: number, creator: { id: string; userName: string }, now: Date): Promise<void> {
  const statuses = ['2', '2', '2', '2', '2', '2', '2', '0', '1', '4'] as const;
  const batch = 400;
  for (let start = 0; start < count; start += batch) {
    const rows = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      const { values, issues } = readCatalogValues(TYPE, recordInput(i), { EnglishRequiredRuleFlag: '1' }, LOOKUPS);
      if (issues.length) throw new Error(`bench record ${i}: ${JSON.stringify(issues)}`);
      const id = crypto.randomUUID();
      const data: Record<string, CatalogValue> = {};
      for (const field of TYPE.fields) if (!('column' in field && field.column) && values[field.key] != null) data[field.key] = values[field.key]!;
      const at = new Date(now.getTime() - (count - i) * 60_000);
      rows.push({
        id,
        type: TYPE.id,
        rootId: id,
        // a series the numbering rule (FA + yyMMdd + 4 digits) never hands out
        serialNum: `FA-K${String(i).padStart(6, '0')}`,
        status: statuses[i % statuses.length]!,
        text: values.invalidmode as string,
        enText: values.enInvalidMode as string,
        productType: (values.productType as string | null) ?? null,
        data,
        quoteCount: i % 7,
        creatorId: creator.id,
        creatorName: creator.userName,
        updaterId: creator.id,
        createdAt: at,
        updatedAt: at,
      });
    }
    await db.insert(schema.catalogRecord).values(rows);
  }
}

/** A workbook of `count` new failure modes under the Chinese headers, numbers left blank (the rule numbers them), of the engineer's product types 1 and 2. */
export async function importWorkbook(count: number, series = 'N'): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(TYPE.title['zh-CN']);
  const columns = catalogSheetColumns(TYPE, 'zh-CN').filter((c) => c.key === TYPE.serialField || TYPE.fields.some((f) => f.key === c.key));
  sheet.addRow(columns.map((c) => c.headers[0]));
  for (let i = 0; i < count; i++) {
    const input = recordInput(i, series, 2);
    sheet.addRow(columns.map((c) => (c.key === TYPE.serialField ? null : cellOf(input[c.key]))));
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

const cellOf = (value: unknown) => (value === null || value === undefined ? null : Array.isArray(value) ? value.join(',') : (value as string | number));
