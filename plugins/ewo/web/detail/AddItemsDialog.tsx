import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { EwoItemKind } from '@fmea/core/domain';
import { api, Field, FormDialog, Select, TextInput, useForm, useLoad, type ApiData } from '@fmea/sdk';
import { options, useEwoLabels } from '../labels.ts';

type Ewo = ApiData<'/api/ewo/get'>;
type Candidate = ApiData<'/api/ewo/candidates'>[number];

interface Draft {
  kind: EwoItemKind;
  product: string;
  projectId: string;
  search: string;
  picked: Candidate[];
  changeNote: string;
}

const keyOf = (c: Candidate) => `${c.fmeaRef ?? ''}:${c.refId}`;

/**
 * Adds affected items from what the caller may read (GET /api/ewo/candidates): products of the master data, the
 * parts of one product's BOM, or the nodes, functions and failures of one FMEA project. Several may be ticked at
 * once, with one change note; the server checks each again and adds none when one is wrong.
 */
export function AddItemsDialog({ ewo, onClose, onSaved }: { ewo: Ewo; onClose: () => void; onSaved: (saved: Ewo) => void }) {
  const { t } = useLingui();
  const labels = useEwoLabels();
  const [search, setSearch] = useState('');
  const form = useForm<Draft, Ewo>({
    initial: { kind: 'fmeaItem', product: '', projectId: '', search: '', picked: [], changeNote: '' },
    validate: (d) => ({ fields: { picked: d.picked.length === 0 && t`Items: tick at least one item the change touches.` } }),
    save: (d) =>
      api.post('/api/ewo/items/add', {
        id: ewo.id,
        version: ewo.version,
        items: d.picked.map((c) => ({ kind: d.kind, refId: c.refId, ...(d.kind === 'fmeaItem' ? { projectId: c.projectId, fmeaRef: c.fmeaRef } : {}), changeNote: d.changeNote.trim() || null })),
      }),
    onSaved,
  });
  const d = form.draft;
  const products = useLoad(() => (d.kind === 'bomPart' ? api.get('/api/ewo/candidates', { kind: 'product' }) : Promise.resolve([])), [d.kind]);
  const projects = useLoad(() => (d.kind === 'fmeaItem' ? api.get('/api/ewo/candidates', { kind: 'fmeaProject' }) : Promise.resolve([])), [d.kind]);
  const ready = d.kind === 'product' || (d.kind === 'bomPart' && d.product) || (d.kind === 'fmeaItem' && d.projectId);
  const candidates = useLoad(
    () =>
      ready
        ? api.get('/api/ewo/candidates', { kind: d.kind, ...(search ? { search } : {}), ...(d.kind === 'bomPart' ? { product: d.product } : {}), ...(d.kind === 'fmeaItem' ? { projectId: d.projectId } : {}) })
        : Promise.resolve([]),
    [d.kind, d.product, d.projectId, search, ready],
  );
  const present = new Set(ewo.items.map((i) => `${i.fmeaRef ?? ''}:${i.refId}`));
  const picked = new Set(d.picked.map(keyOf));
  const toggle = (c: Candidate) => form.set('picked', picked.has(keyOf(c)) ? d.picked.filter((p) => keyOf(p) !== keyOf(c)) : [...d.picked, c]);
  const change = (patch: Partial<Draft>) => {
    for (const [key, value] of Object.entries(patch)) form.set(key as keyof Draft, value as never);
    form.set('picked', []);
  };

  return (
    <FormDialog form={form} title={<Trans>Add affected items</Trans>} onClose={onClose} submitLabel={<Trans>Add</Trans>} saveTestId="ewo-items-save">
      <Field label={<Trans>Kind</Trans>}>
        {(id) => <Select id={id} data-testid="ewo-items-kind" value={d.kind} onChange={(e) => change({ kind: e.target.value as EwoItemKind, product: '', projectId: '' })} options={options(labels.itemKind)} />}
      </Field>
      {d.kind === 'bomPart' ? (
        <Field label={<Trans>Product</Trans>} required>
          {(id) => (
            <Select
              id={id}
              data-testid="ewo-items-product"
              value={d.product}
              onChange={(e) => change({ product: e.target.value })}
              options={[{ value: '', label: products.data ? t`Choose the product whose BOM…` : t`Loading…` }, ...(products.data ?? []).map((p) => ({ value: p.refId, label: `${p.code} ${p.label}` }))]}
            />
          )}
        </Field>
      ) : null}
      {d.kind === 'fmeaItem' ? (
        <Field label={<Trans>FMEA project</Trans>} required>
          {(id) => (
            <Select
              id={id}
              data-testid="ewo-items-project"
              value={d.projectId}
              onChange={(e) => change({ projectId: e.target.value })}
              options={[{ value: '', label: projects.data ? t`Choose an FMEA you may open…` : t`Loading…` }, ...(projects.data ?? []).map((p) => ({ value: p.refId, label: `${p.code} ${p.label}` }))]}
            />
          )}
        </Field>
      ) : null}
      {ready ? (
        <>
          <Field label={<Trans>Search</Trans>}>
            {(id) => <TextInput id={id} data-testid="ewo-items-search" value={search} maxLength={100} placeholder={t`Number or text`} onChange={(e) => setSearch(e.target.value.trim())} />}
          </Field>
          <Field label={<Trans>Items</Trans>} required error={form.error('picked')}>
            {() => (
              <div className="ewo-candidates" data-testid="ewo-candidates">
                {(candidates.data ?? []).length === 0 ? <p className="ewo-empty">{candidates.data ? t`Nothing found.` : t`Loading…`}</p> : null}
                {(candidates.data ?? []).map((c) => {
                  const key = keyOf(c);
                  const already = present.has(key);
                  return (
                    <label key={key}>
                      <input type="checkbox" data-testid="ewo-candidate" checked={already || picked.has(key)} disabled={already} onChange={() => toggle(c)} />
                      <span className="ewo-code">{c.fmeaRef ? labels.fmeaRef[c.fmeaRef] : c.code}</span>
                      <span data-user-content>{c.label}</span>
                      {c.context ? <span className="ewo-code" data-user-content>{c.context}</span> : null}
                    </label>
                  );
                })}
              </div>
            )}
          </Field>
          <Field label={<Trans>Change note</Trans>} error={form.error('changeNote')} hint={<Trans>What changes for the ticked items (optional).</Trans>}>
            {(id) => <TextInput id={id} data-testid="ewo-items-note" maxLength={200} value={d.changeNote} onChange={(e) => form.set('changeNote', e.target.value)} />}
          </Field>
        </>
      ) : null}
    </FormDialog>
  );
}
