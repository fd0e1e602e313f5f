import { Trans, useLingui } from '@lingui/react/macro';
import { api, Autocomplete, Field, FormDialog, localName, notify, Select, TextArea, TextInput, useForm, useLoad, type FetchSuggestions, type SuggestionOption } from '@fmea/sdk';
import type { ProgramRow } from '../program-api.ts';

const MILESTONES = ['dtPostDate', 'releaseDate', 'dePostDate', 'completeDate'] as const;
type Draft = {
  programName: string;
  enProgramName: string;
  productNum: string;
  productName: string;
  ownerId: string;
  startDate: string;
  endDate: string;
  sopDate: string;
  dtPostDate: string;
  releaseDate: string;
  dePostDate: string;
  completeDate: string;
  description: string;
};

const draftOf = (p: ProgramRow | null): Draft => ({
  programName: p?.programName ?? '',
  enProgramName: p?.enProgramName ?? '',
  productNum: p?.productNum ?? '',
  productName: p?.productName ?? '',
  ownerId: p?.programOwnerId ?? '',
  startDate: p?.startDate ?? '',
  endDate: p?.endDate ?? '',
  sopDate: p?.sopDate ?? '',
  dtPostDate: p?.dtPostDate ?? '',
  releaseDate: p?.releaseDate ?? '',
  dePostDate: p?.dePostDate ?? '',
  completeDate: p?.completeDate ?? '',
  description: p?.description ?? '',
});

const orNull = (v: string) => (v.trim() ? v.trim() : null);

/** A new program, or one edited: the bilingual name, product, owner, plan dates and milestone dates (the server checks their order). */
export function ProgramDialog({ program, onClose, onSaved }: { program: ProgramRow | null; onClose: () => void; onSaved: (saved: { id: string }) => void }) {
  const { t, i18n } = useLingui();
  const users = useLoad(() => api.get('/api/user/list', { limit: 500 }), []);
  const form = useForm({
    initial: draftOf(program),
    validate: (d) => ({
      fields: {
        programName: !d.programName.trim() && t`Name (Chinese): enter the program's name.`,
        endDate: d.startDate && d.endDate && d.endDate < d.startDate ? t`End: the end cannot be before the start.` : null,
      },
    }),
    save: (d) => {
      const fields = {
        programName: d.programName.trim(),
        enProgramName: orNull(d.enProgramName),
        productNum: orNull(d.productNum),
        productName: orNull(d.productName),
        programOwnerId: orNull(d.ownerId),
        startDate: orNull(d.startDate),
        endDate: orNull(d.endDate),
        sopDate: orNull(d.sopDate),
        dtPostDate: orNull(d.dtPostDate),
        releaseDate: orNull(d.releaseDate),
        dePostDate: orNull(d.dePostDate),
        completeDate: orNull(d.completeDate),
        description: orNull(d.description),
      };
      return program ? api.post('/api/program/update', { id: program.id, version: program.version, ...fields }) : api.post('/api/program/create', fields);
    },
    onSaved: (saved) => {
      const num = saved.programNum;
      notify('success', program ? t`Program ${num} saved` : t`Program ${num} created`);
      onSaved(saved);
    },
  });

  const findProduct: FetchSuggestions = async (q) => {
    const page = await api.post('/api/mainData/{entity}/list', { params: { entity: 'product' }, json: { search: q.trim() || undefined, page: 1, limit: 10 } });
    return page.items.map((r): SuggestionOption => ({ text: String(r.serialNum), note: localName(i18n.locale, String(r.values.productName ?? ''), (r.values.enProductName as string | null) ?? null), key: String(r.values.productName ?? '') }));
  };

  const milestoneLabel = { dtPostDate: t`DT post`, releaseDate: t`Release`, dePostDate: t`DE post`, completeDate: t`Completion` };
  const date = (key: keyof Draft, label: string, testId?: string) => (
    <Field label={label} error={form.error(key)}>
      {(id) => <TextInput id={id} type="date" data-testid={testId} value={form.draft[key]} onChange={(e) => form.set(key, e.target.value)} />}
    </Field>
  );

  return (
    <FormDialog form={form} width={720} title={program ? <Trans>Edit program</Trans> : <Trans>New program</Trans>} onClose={onClose} saveTestId="program-save">
      <div className="program-names">
        <Field label={<Trans>Name (Chinese)</Trans>} error={form.error('programName')} required>
          {(id) => <TextInput id={id} data-testid="program-name" value={form.draft.programName} maxLength={200} onChange={(e) => form.set('programName', e.target.value)} />}
        </Field>
        <Field label={<Trans>Name (English)</Trans>} error={form.error('enProgramName')}>
          {(id) => <TextInput id={id} data-testid="program-name-en" value={form.draft.enProgramName} maxLength={200} onChange={(e) => form.set('enProgramName', e.target.value)} />}
        </Field>
        <Field label={<Trans>Product number</Trans>} error={form.error('productNum')} hint={<Trans>Type to search the product catalog.</Trans>}>
          {(id) => (
            <Autocomplete
              id={id}
              data-testid="program-product"
              value={form.draft.productNum}
              maxLength={60}
              fetchSuggestions={findProduct}
              onChange={(e) => form.set('productNum', e.target.value)}
              onPick={(o) => form.change({ productNum: o.text, productName: o.key ?? form.draft.productName })}
            />
          )}
        </Field>
        <Field label={<Trans>Product name</Trans>} error={form.error('productName')}>
          {(id) => <TextInput id={id} value={form.draft.productName} maxLength={200} onChange={(e) => form.set('productName', e.target.value)} />}
        </Field>
      </div>
      <Field label={<Trans>Owner</Trans>} error={form.error('ownerId')}>
        {(id) => (
          <Select
            id={id}
            data-testid="program-owner"
            value={form.draft.ownerId}
            onChange={(e) => form.set('ownerId', e.target.value)}
            options={[{ value: '', label: t`(none)` }, ...(users.data ?? []).map((u) => ({ value: u.id, label: u.realName || u.userName }))]}
          />
        )}
      </Field>
      <div className="program-dates">
        {date('startDate', t`Start`, 'program-start')}
        {date('endDate', t`End`, 'program-end')}
        {date('sopDate', t`SOP`)}
        {MILESTONES.map((m) => (
          <div key={m}>{date(m, milestoneLabel[m])}</div>
        ))}
      </div>
      <Field label={<Trans>Description</Trans>} error={form.error('description')}>
        {(id) => <TextArea id={id} value={form.draft.description} maxLength={2000} onChange={(e) => form.set('description', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}
