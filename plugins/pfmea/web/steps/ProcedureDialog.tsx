import { useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { WorkElementType } from '@fmea/core/domain';
import { api, Autocomplete, Button, CheckList, Field, FormDialog, notify, TextInput, useForm, useLoad, type ApiData, type FetchSuggestions } from '@fmea/sdk';
import { catalogLabel, type StructureActionProps } from '@fmea/fmea-ui';
import { useWorkElementLabel } from '../kind.tsx';

/** A released catalog record as the catalog's search answers it (the latest release of the caller's product types). */
type LibraryRecord = ApiData<'/api/knowledge/{entity}/search'>['items'][number];

const SEARCH = '/api/knowledge/{entity}/search';
const PAGE = 50;
/** A POST takes no abort signal: Autocomplete drops a superseded answer itself. */
const search = (entity: 'processProcedure' | 'procedureElement', searchName: string) =>
  // the entity is checked by the route's enum (the typed client cannot narrow it)
  api.post(SEARCH, { params: { entity } as { entity: never }, json: { searchName, pageSize: PAGE } }).then((answer) => answer.items);

/**
 * The 4M type a procedure element becomes (the server's rule, core's
 * workElementTypeOfCatalog): a measurement is equipment, so a machine; a
 * method is what the step does, no work element, so it is not offered.
 */
function fourMOf(elementType: unknown): WorkElementType | null {
  if (elementType === 'man' || elementType === 'machine' || elementType === 'material' || elementType === 'environment') return elementType;
  return elementType === 'measurement' ? 'machine' : null;
}

type Draft = { procedureText: string; procedure: LibraryRecord | null; processNo: string; elements: string[] };

/**
 * "Add step from process library" (spec 001 §5: process templates only at the
 * last-level node; docs/domain/pfmea.md): a released process-procedure record
 * becomes a numbered process step under the process item, the chosen
 * procedure-element records its work elements with their 4M types, in the
 * order ticked (POST /api/pfmeaProject/applyProcessProcedure). Both pickers
 * search the catalog's released records (its search route), which are the
 * only ones the server takes.
 */
export function ProcedureDialog({ itemId, onClose, onSaved }: { itemId: string; onClose: () => void; onSaved: (stepId: string) => void }) {
  const { t, i18n } = useLingui();
  const fourM = useWorkElementLabel();
  const [filter, setFilter] = useState('');
  // the records ticked, kept while a new search no longer lists them
  const [picked, setPicked] = useState<ReadonlyMap<string, LibraryRecord>>(new Map());
  const found = useLoad(() => search('procedureElement', filter.trim()), [filter]);
  const named = (r: LibraryRecord) => (i18n.locale === 'en-US' && r.enText ? `${r.text} (${r.enText})` : r.text);

  const form = useForm<Draft, ApiData<'/api/pfmeaProject/applyProcessProcedure'>>({
    initial: { procedureText: '', procedure: null, processNo: '', elements: [] },
    validate: (d) => ({ fields: { procedureText: !d.procedure && t`Choose a released process step from the library.` } }),
    save: (d) =>
      api.post('/api/pfmeaProject/applyProcessProcedure', {
        parentId: itemId,
        procedureRecordId: d.procedure!.id,
        elementRecordIds: d.elements,
        ...(d.processNo.trim() ? { processNo: d.processNo.trim() } : {}),
      }),
    // the server names the records by their ids; the pickers are where they were chosen
    serverFields: { procedureRecordId: 'procedureText', elementRecordIds: 'elements' },
    onSaved: ({ step, elements }) => {
      const no = step.processNo ?? '';
      const name = step.name;
      const count = elements.length;
      notify('success', t`Step ${no} ${name} added with ${count} work elements.`);
      onSaved(step.id);
    },
  });

  // the records behind the options shown, by option key (the record id), for the pick
  const options = useRef(new Map<string, LibraryRecord>());
  const fetchProcedures: FetchSuggestions = async (q) => {
    const records = await search('processProcedure', q.trim());
    for (const r of records) options.current.set(r.id, r);
    return records.map((r) => ({ text: r.text, note: [r.enText, catalogLabel(r)].filter(Boolean).join(' · '), key: r.id }));
  };

  const usable = (found.data ?? []).filter((r) => fourMOf(r.values.elementType) !== null);
  const shown = [...form.draft.elements.map((id) => picked.get(id)).filter((r): r is LibraryRecord => Boolean(r)), ...usable.filter((r) => !form.draft.elements.includes(r.id))];
  const label = (r: LibraryRecord) => {
    const type = fourMOf(r.values.elementType)!;
    const kind = r.values.elementType === 'measurement' ? t`${fourM(type)} (measurement)` : fourM(type);
    return `${named(r)} · ${kind} · ${catalogLabel(r)}`;
  };
  const procedure = form.draft.procedure;

  return (
    <FormDialog form={form} title={t`Add step from process library`} width={640} saveTestId="pfmea-procedure-save" onClose={onClose}>
      <Field label={t`Process step from the library`} required error={form.error('procedureText')} hint={procedure ? <span data-testid="pfmea-procedure-picked">{catalogLabel(procedure)}</span> : t`Type part of its name; released records are listed.`}>
        {(id) => (
          <Autocomplete
            id={id}
            data-testid="pfmea-procedure-name"
            autoFocus
            maxLength={200}
            value={form.draft.procedureText}
            onChange={(e) => {
              const text = e.target.value;
              // the pick holds while the text is still its wording
              form.change({ procedureText: text, procedure: procedure && procedure.text === text ? procedure : null });
            }}
            fetchSuggestions={fetchProcedures}
            onPick={(option) => form.change({ procedureText: option.text, procedure: (option.key && options.current.get(option.key)) || null })}
          />
        )}
      </Field>
      <Field label={t`Process number`} error={form.error('processNo')} hint={t`Leave empty for a generated number (the next multiple of 10).`}>
        {(id) => <TextInput id={id} data-testid="pfmea-procedure-process-no" value={form.draft.processNo} maxLength={20} onChange={(e) => form.set('processNo', e.target.value)} />}
      </Field>
      <Field
        label={t`Work elements from the library`}
        error={form.error('elements')}
        hint={t`Ticked in the order the step takes them. A measurement element becomes a Machine; method elements are not offered (a method is what the step does: its function).`}
      >
        {(id) => (
          <div className="pfmea-library-elements">
            <TextInput aria-label={t`Search work elements`} data-testid="pfmea-procedure-element-search" value={filter} placeholder={t`Search work elements`} onChange={(e) => setFilter(e.target.value)} />
            {shown.length ? (
              <CheckList
                id={id}
                aria-label={t`Work elements from the library`}
                options={shown.map((r) => ({ value: r.id, label: label(r) }))}
                value={form.draft.elements}
                onChange={(next) => {
                  const all = new Map(picked);
                  for (const r of shown) all.set(r.id, r);
                  setPicked(all);
                  form.set('elements', next);
                }}
              />
            ) : (
              <p className="muted">{found.loading ? <Trans>Loading…</Trans> : <Trans>No released work elements match.</Trans>}</p>
            )}
          </div>
        )}
      </Field>
    </FormDialog>
  );
}

/**
 * The structure toolbar's "Add step from process library": offered on the
 * process item only (a template makes a step under it, and the tree's last
 * level holds its work elements; the server refuses anywhere else).
 */
export function ProcedureAction({ node, depth, onDone }: StructureActionProps) {
  const [open, setOpen] = useState(false);
  const { t } = useLingui();
  const onItem = node !== null && depth === 0;
  return (
    <>
      <Button data-testid="pfmea-add-from-library" disabled={!onItem} title={onItem ? undefined : t`Select the process item: a step from the library goes under it.`} onClick={() => setOpen(true)}>
        <Trans>Add step from process library</Trans>
      </Button>
      {open && node ? (
        <ProcedureDialog
          itemId={node.id}
          onClose={() => setOpen(false)}
          onSaved={(stepId) => {
            setOpen(false);
            onDone(stepId);
          }}
        />
      ) : null}
    </>
  );
}
