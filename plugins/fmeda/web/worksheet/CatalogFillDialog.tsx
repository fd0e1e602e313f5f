import { useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { api, Autocomplete, Field, FormDialog, Select, useForm, type ApiData, type FetchSuggestions } from '@fmea/sdk';
import { catalogLabel } from '@fmea/fmea-ui';

type Resource = ApiData<'/api/knowledge/{entity}/search'>['items'][number];
type Fmeda = ApiData<'/api/fmeda/worksheet'>;

/** Released hardware resources (the catalog's search: the caller's product types). */
const search = (searchName: string) =>
  // the entity is checked by the route's enum (the typed client cannot narrow it)
  api.post('/api/knowledge/{entity}/search', { params: { entity: 'hardwareRepository' } as { entity: never }, json: { searchName, pageSize: 20 } }).then((answer) => answer.items);

/**
 * "Fill from hardware catalog": a released hardware resource gives an element its λ (FIT) and its modes'
 * shares; modes the worksheet lacks are added (POST /api/fmeda/fillFromCatalog). The element is one of the
 * worksheet's, or a new one named as the resource.
 */
export function CatalogFillDialog({ projectId, version, elements, onClose, onSaved }: { projectId: string; version: number; elements: string[]; onClose: () => void; onSaved: (view: Fmeda) => void }) {
  const { t } = useLingui();
  const found = useRef(new Map<string, Resource>());
  const form = useForm<{ text: string; resource: Resource | null; element: string }, Fmeda>({
    initial: { text: '', resource: null, element: elements[0] ?? '' },
    validate: (d) => ({ fields: { text: !d.resource && t`Choose a released hardware resource.` } }),
    save: (d) => api.post('/api/fmeda/fillFromCatalog', { projectId, version, recordId: d.resource!.id, elementName: d.element || null }),
    serverFields: { recordId: 'text', failureRateFit: 'text', failureModes: 'text' },
    onSaved: (view) => onSaved(view),
  });
  const fetch: FetchSuggestions = async (q) => {
    const records = await search(q.trim());
    for (const r of records) found.current.set(r.id, r);
    return records.map((r) => ({ text: r.text, note: [r.values.failureRateFit != null ? `${String(r.values.failureRateFit)} FIT` : null, catalogLabel(r)].filter(Boolean).join(' · '), key: r.id }));
  };
  const picked = form.draft.resource;
  return (
    <FormDialog form={form} title={t`Fill from hardware catalog`} width={600} onClose={onClose} saveTestId="fmeda-fill-save">
      <Field label={t`Hardware resource`} required error={form.error('text')} hint={picked ? `${String(picked.values.failureModes ?? '')}` : t`Type part of its name; released resources are listed.`}>
        {(id) => (
          <Autocomplete
            id={id}
            data-testid="fmeda-fill-resource"
            autoFocus
            maxLength={200}
            value={form.draft.text}
            onChange={(e) => form.change({ text: e.target.value, resource: picked && picked.text === e.target.value ? picked : null })}
            fetchSuggestions={fetch}
            onPick={(option) => form.change({ text: option.text, resource: (option.key && found.current.get(option.key)) || null })}
          />
        )}
      </Field>
      <Field label={t`Element`}>
        {(id) => (
          <Select
            id={id}
            data-testid="fmeda-fill-element"
            value={form.draft.element}
            onChange={(e) => form.set('element', e.target.value)}
            options={[...elements.map((e) => ({ value: e, label: e })), { value: '', label: t`A new element named as the resource` }]}
          />
        )}
      </Field>
    </FormDialog>
  );
}
