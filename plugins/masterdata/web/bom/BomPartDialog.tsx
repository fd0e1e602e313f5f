import { useLingui } from '@lingui/react/macro';
import { subtreeIds } from '@fmea/core/domain';
import { api, Field, FormDialog, Select, TextInput, useForm, type ApiData } from '@fmea/sdk';

/** A part as the BOM tree answers it. */
export type BomPartView = ApiData<'/api/mainData/bom/tree'>['parts'][number];

interface PartDraft {
  partNum: string;
  partName: string;
  enPartName: string;
  quantity: string;
  unit: string;
}

const NUMBER = /^[+]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Adds a part (under `parent`, or under the product when null) or changes
 * one (`part`): number, name, English name, quantity and unit. The server
 * checks them as the sheet import does ("sub-part already exists" under the
 * same parent) and its problems show under their fields.
 */
export function BomPartDialog({ productId, parent, part, onClose, onSaved }: { productId: string; parent: BomPartView | null; part: BomPartView | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const form = useForm<PartDraft, BomPartView>({
    initial: { partNum: part?.partNum ?? '', partName: part?.partName ?? '', enPartName: part?.enPartName ?? '', quantity: part ? String(part.quantity) : '1', unit: part?.unit ?? '' },
    validate: (d) => {
      const quantity = d.quantity.trim();
      if (quantity === '') return { fields: { quantity: t`Quantity cannot be empty` } };
      if (!NUMBER.test(quantity) || Number(quantity) <= 0) return { fields: { quantity: t`Quantity must be a number above 0` } };
      return null;
    },
    save: (d) => {
      const values = { partNum: d.partNum, partName: d.partName, enPartName: d.enPartName.trim() || null, quantity: Number(d.quantity.trim()), unit: d.unit.trim() || null };
      return part
        ? api.post('/api/mainData/bom/updatePart', { id: part.id, version: part.version, ...values })
        : api.post('/api/mainData/bom/addPart', { productId, parentId: parent?.id ?? null, ...values });
    },
    onSaved,
  });
  const { draft, set, error } = form;
  const partNum = part?.partNum ?? '';
  const parentNum = parent?.partNum ?? '';
  const parentName = parent?.partName ?? '';
  const title = part ? t`Edit part ${partNum}` : parent ? t`Add a part under ${parentNum} ${parentName}` : t`Add a part under the product`;
  return (
    <FormDialog form={form} title={title} width={560} onClose={onClose} saveTestId="bom-part-save" formLabel={title}>
      <Field label={t`Part number`} error={error('partNum')} required>
        {(id) => <TextInput id={id} name="partNum" data-testid="bom-part-num" maxLength={50} value={draft.partNum} onChange={(e) => set('partNum', e.target.value)} />}
      </Field>
      <Field label={t`Part name`} error={error('partName')} required>
        {(id) => <TextInput id={id} name="partName" maxLength={200} value={draft.partName} onChange={(e) => set('partName', e.target.value)} />}
      </Field>
      <Field label={t`English name`} error={error('enPartName')}>
        {(id) => <TextInput id={id} name="enPartName" maxLength={200} value={draft.enPartName} onChange={(e) => set('enPartName', e.target.value)} />}
      </Field>
      <Field label={t`Quantity`} error={error('quantity')} required>
        {(id) => <TextInput id={id} name="quantity" inputMode="decimal" maxLength={20} value={draft.quantity} onChange={(e) => set('quantity', e.target.value)} />}
      </Field>
      <Field label={t`Unit`} error={error('unit')}>
        {(id) => <TextInput id={id} name="unit" maxLength={20} value={draft.unit} onChange={(e) => set('unit', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}

/**
 * Moves a part, with the parts below it, under another parent: any part
 * outside its own subtree, or the product itself. It goes after the new
 * parent's parts.
 */
export function BomMoveDialog({ part, parts, onClose, onSaved }: { part: BomPartView; parts: readonly BomPartView[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const own = new Set(subtreeIds(parts, part.id));
  const form = useForm({
    initial: { parentId: part.parentId ?? '' },
    save: (d) => api.post('/api/mainData/bom/movePart', { id: part.id, version: part.version, parentId: d.parentId || null }),
    onSaved,
  });
  const options = [
    { value: '', label: t`The product itself (level 1)` },
    ...parts.filter((p) => !own.has(p.id)).map((p) => ({ value: p.id, label: `${'\u00a0\u00a0'.repeat(p.level - 1)}${p.partNum} ${p.partName}` })),
  ];
  const partNum = part.partNum;
  const title = t`Move part ${partNum}`;
  return (
    <FormDialog form={form} title={title} width={520} onClose={onClose} saveTestId="bom-move-save" formLabel={title} submitLabel={t`Move`} submitDisabled={!form.dirty}>
      <Field label={t`New parent`} error={form.error('parentId') ?? form.error('partNum')} hint={t`Its sub-parts move with it.`}>
        {(id) => <Select id={id} name="parentId" data-testid="bom-move-parent" value={form.draft.parentId} onChange={(e) => form.set('parentId', e.target.value)} options={options} />}
      </Field>
    </FormDialog>
  );
}
