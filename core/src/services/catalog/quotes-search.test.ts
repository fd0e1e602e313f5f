import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogLog } from '../../db/schema/index.ts';
import { applyCatalogRecord, approveCatalogRecord, auditCatalogRecord } from './flow.ts';
import { quoteCatalogRecord, unquoteCatalogRecord } from './quotes.ts';
import { createCatalogRecord, getCatalogRecord } from './records.ts';
import { suggestCatalogRecords } from './search.ts';
import type { CatalogRecordView } from './store.ts';
import { listCatalogRecords } from './records.ts';
import { DOOR, SEAT, catalogPerson, openCatalogWorld, type CatalogWorld } from '../../testing/catalog.ts';

let w: CatalogWorld;
beforeEach(async () => {
  w = await openCatalogWorld();
});
afterEach(() => w.t.dispose());

async function release(record: CatalogRecordView): Promise<CatalogRecordView> {
  const applied = await applyCatalogRecord(w.admin, record.id, { version: record.version });
  const audited = await auditCatalogRecord(w.admin, record.id, { version: applied.version, opinion: 'ok' });
  return approveCatalogRecord(w.admin, record.id, { version: audited.version });
}

const releasedMode = async (text: string, extra: Record<string, unknown> = {}) =>
  release(await createCatalogRecord(w.admin, 'invalidMode', { values: { invalidmode: text, ...extra } }));

describe('quote count', () => {
  it('counts the FMEA items citing a released record, never below zero, and logs each', async () => {
    const draft = await createCatalogRecord(w.author, 'invalidMode', { values: { invalidmode: 'Seal leaks' } });
    await expect(quoteCatalogRecord(w.author, draft.id)).rejects.toMatchObject({ code: 'conflict', messageKey: 'catalog.not_quotable', params: { serialNum: draft.serialNum } });
    const record = await release(draft);
    expect(await quoteCatalogRecord(w.author, record.id)).toEqual({ id: record.id, quoteCount: 1 });
    expect(await quoteCatalogRecord(w.colleague, record.id)).toEqual({ id: record.id, quoteCount: 2 });
    expect(await unquoteCatalogRecord(w.author, record.id)).toEqual({ id: record.id, quoteCount: 1 });
    expect(await unquoteCatalogRecord(w.author, record.id)).toEqual({ id: record.id, quoteCount: 0 });
    await expect(unquoteCatalogRecord(w.author, record.id)).rejects.toMatchObject({ code: 'conflict', messageKey: 'catalog.not_quoted' });
    // citing does not move the row version an editor read
    expect((await getCatalogRecord(w.author, record.id)).version).toBe(record.version);
    const log = await w.t.db.select({ action: catalogLog.action }).from(catalogLog).where(eq(catalogLog.recordId, record.id));
    expect(log.map((l) => l.action).filter((a) => a.endsWith('quote'))).toEqual(['quote', 'quote', 'unquote', 'unquote']);
  });

  it('refuses to cite a record of a product type the caller may not use', async () => {
    const seat = await releasedMode('Seat squeak', { productType: SEAT });
    await expect(quoteCatalogRecord(w.author, seat.id)).rejects.toMatchObject({ messageKey: 'catalog.product_type_denied' });
    await expect(quoteCatalogRecord(w.admin, seat.id)).resolves.toMatchObject({ quoteCount: 1 });
  });
});

describe('suggestions of released records', () => {
  it('offers released records only, matching either language, those starting with the text first', async () => {
    await releasedMode('密封条泄漏', { enInvalidMode: 'Weatherstrip leaks' });
    await releasedMode('泄漏', { enInvalidMode: 'Leak' });
    await releasedMode('门把手松动', { enInvalidMode: 'Handle loose' });
    await createCatalogRecord(w.admin, 'invalidMode', { values: { invalidmode: '泄漏严重' } });
    expect((await suggestCatalogRecords(w.author, 'invalidMode', { q: '泄漏' })).map((s) => s.text)).toEqual(['泄漏', '密封条泄漏']);
    expect((await suggestCatalogRecords(w.author, 'invalidMode', { q: 'leak' })).map((s) => s.text)).toEqual(['泄漏', '密封条泄漏']);
    expect((await suggestCatalogRecords(w.author, 'invalidMode', { q: 'handle' }))[0]).toMatchObject({ text: '门把手松动', enText: 'Handle loose', versionNo: 1, values: { invalidmode: '门把手松动' } });
  });

  it('answers ten at a time by default, at most fifty, the most cited first when nothing is typed', async () => {
    const records = [];
    for (let i = 0; i < 12; i++) records.push(await releasedMode(`Mode ${String(i).padStart(2, '0')}`));
    await quoteCatalogRecord(w.admin, records[11]!.id);
    const first = await suggestCatalogRecords(w.author, 'invalidMode');
    expect(first).toHaveLength(10);
    expect(first[0]!.text).toBe('Mode 11');
    expect(await suggestCatalogRecords(w.author, 'invalidMode', { pageSize: 500 })).toHaveLength(12);
    expect(await suggestCatalogRecords(w.author, 'invalidMode', { pageSize: 0 })).toHaveLength(1);
  });

  it('keeps to the caller’s product types (records without one for everyone), administrators to those they ask', async () => {
    await releasedMode('Door leak', { productType: DOOR });
    await releasedMode('Seat squeak', { productType: SEAT });
    await releasedMode('Any rattle');
    const texts = async (ctx: typeof w.author, productTypes?: string[]) => (await suggestCatalogRecords(ctx, 'invalidMode', { productTypes })).map((s) => s.text).sort();
    expect(await texts(w.author)).toEqual(['Any rattle', 'Door leak']);
    expect(await texts(w.author, [SEAT])).toEqual(['Any rattle']);
    expect(await texts(w.admin)).toEqual(['Any rattle', 'Door leak', 'Seat squeak']);
    expect(await texts(w.admin, [SEAT])).toEqual(['Any rattle', 'Seat squeak']);
    // no route is asked: an FMEA writer without the knowledge route still gets suggestions
    const writer = await catalogPerson(w.t, 'writer', { routes: ['dfmea_index'], buttons: ['edit'], productTypes: [SEAT] });
    expect(await texts(writer)).toEqual(['Any rattle', 'Seat squeak']);
    // roles that name no product type limit nothing (not: only records without one)
    const unlimited = await catalogPerson(w.t, 'unlimited', { buttons: [], productTypes: [] });
    expect(await texts(unlimited)).toEqual(['Any rattle', 'Door leak', 'Seat squeak']);
    expect(await texts(unlimited, [SEAT])).toEqual(['Any rattle', 'Seat squeak']);
    const listed = await listCatalogRecords(unlimited, 'invalidMode');
    expect(listed.items.map((r) => r.values.invalidmode).sort()).toEqual(['Any rattle', 'Door leak', 'Seat squeak']);
    expect((await listCatalogRecords(unlimited, 'invalidMode', { productTypes: [DOOR] })).items.map((r) => r.values.invalidmode)).toEqual(['Door leak']);
  });
});
