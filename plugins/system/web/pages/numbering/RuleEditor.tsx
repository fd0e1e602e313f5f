import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { DATE_FORMATS, MAX_NUMBER_ELEMENTS, SEPARATORS, SERIAL_DIGITS_MAX, SERIAL_DIGITS_MIN, type NumberElement } from '@fmea/core/domain';
import { api, Button, confirmLeave, Field, FormError, readServerError, Select, TextInput, useDirty, useLoad } from '@fmea/sdk';
import { moduleName } from './module-names.ts';
import { previewRule, type NextNumber, type RuleRow } from './rule-model.ts';

const KINDS = ['prefix', 'date', 'serial', 'separator', 'space'] as const;

function elementOf(kind: (typeof KINDS)[number]): NumberElement {
  switch (kind) {
    case 'date':
      return { kind, format: 'yyMMdd' };
    case 'serial':
      return { kind, digits: 4 };
    case 'separator':
      return { kind, value: '-' };
    default:
      return { kind };
  }
}

/** Prefix, the ordered elements and manual entry of one module's numbers, with a live preview. */
export function RuleEditor({ rule, canEdit, onSaved, onClose }: { rule: RuleRow; canEdit: boolean; onSaved: (rule: RuleRow) => void; onClose: () => void }) {
  const { t } = useLingui();
  const [draft, setDraft] = useState<RuleRow>(rule);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dirty = JSON.stringify(draft) !== JSON.stringify(rule);
  useDirty(dirty);
  // the serial the server would hand out next (nothing is taken), so the example is the real next number
  const next = useLoad(() => api.get('/api/numberingRule/preview', { module: rule.module }), [rule.module, rule]);
  const preview = previewRule(draft, new Date(), next.data?.serial ?? 1);

  const kindLabel = (kind: string) =>
    kind === 'prefix' ? t`Prefix` : kind === 'date' ? t`Date` : kind === 'serial' ? t`Serial number` : kind === 'separator' ? t`Separator` : t`Space`;
  const setElements = (elements: NumberElement[]) => setDraft((d) => ({ ...d, elements }));
  const replace = (index: number, element: NumberElement) => setElements(draft.elements.map((e, i) => (i === index ? element : e)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...draft.elements];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    setElements(next);
  };

  async function save() {
    setBusy(true);
    setError(null);
    try {
      onSaved(await api.post('/api/numberingRule/save', draft));
    } catch (e) {
      setError(readServerError(e).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="sys-panel" aria-label={t`Numbering rule of ${moduleName(rule.module)}`} data-testid="numbering-editor">
      <div className="page-header">
        <h3>
          <Trans>Numbering rule: {moduleName(rule.module)}</Trans>
        </h3>
        <div className="page-actions">
          <Button onClick={() => void confirmLeave().then((ok) => ok && onClose())}>
            <Trans>Close</Trans>
          </Button>
          {canEdit ? (
            <Button kind="primary" disabled={!dirty || busy} onClick={() => void save()}>
              <Trans>Save</Trans>
            </Button>
          ) : null}
        </div>
      </div>
      <Field label={t`Code prefix`} hint={t`1 to 10 capital letters or digits`}>
        {(id) => <TextInput id={id} value={draft.prefix} maxLength={10} disabled={!canEdit} onChange={(e) => setDraft((d) => ({ ...d, prefix: e.target.value.toUpperCase() }))} />}
      </Field>
      <div className="field">
        <label>
          <Trans>Code elements, in order</Trans>
        </label>
        <ol className="sys-elements">
          {draft.elements.map((el, index) => (
            <li key={index} className="sys-element">
              <Select aria-label={t`Kind of element ${index + 1}`} value={el.kind} disabled={!canEdit} onChange={(e) => replace(index, elementOf(e.target.value as (typeof KINDS)[number]))} options={KINDS.map((k) => ({ value: k, label: kindLabel(k) }))} />
              {el.kind === 'date' ? (
                <Select aria-label={t`Date format`} value={el.format} disabled={!canEdit} onChange={(e) => replace(index, { kind: 'date', format: e.target.value as typeof el.format })} options={DATE_FORMATS.map((f) => ({ value: f, label: f }))} />
              ) : el.kind === 'serial' ? (
                <TextInput aria-label={t`Digits`} type="number" min={SERIAL_DIGITS_MIN} max={SERIAL_DIGITS_MAX} value={el.digits} disabled={!canEdit} onChange={(e) => replace(index, { kind: 'serial', digits: Number(e.target.value) })} />
              ) : el.kind === 'separator' ? (
                <Select aria-label={t`Separator`} value={el.value} disabled={!canEdit} onChange={(e) => replace(index, { kind: 'separator', value: e.target.value as typeof el.value })} options={SEPARATORS.map((s) => ({ value: s, label: s }))} />
              ) : (
                <span className="muted">{el.kind === 'prefix' ? draft.prefix : t`(one space)`}</span>
              )}
              {canEdit ? (
                <span className="sys-element-actions">
                  <Button aria-label={t`Move up`} disabled={index === 0} onClick={() => move(index, -1)}>
                    ↑
                  </Button>
                  <Button aria-label={t`Move down`} disabled={index === draft.elements.length - 1} onClick={() => move(index, 1)}>
                    ↓
                  </Button>
                  <Button aria-label={t`Remove element ${index + 1}`} onClick={() => setElements(draft.elements.filter((_, i) => i !== index))}>
                    ✕
                  </Button>
                </span>
              ) : null}
            </li>
          ))}
        </ol>
        {canEdit ? (
          <div>
            <Button disabled={draft.elements.length >= MAX_NUMBER_ELEMENTS} onClick={() => setElements([...draft.elements, elementOf('separator')])}>
              <Trans>Add element</Trans>
            </Button>
          </div>
        ) : null}
      </div>
      <label className="sys-check">
        <input type="checkbox" checked={draft.allowManual} disabled={!canEdit} onChange={(e) => setDraft((d) => ({ ...d, allowManual: e.target.checked }))} />
        <span>
          <Trans>Users may type a number instead of taking the generated one</Trans>
        </span>
      </label>
      <div className="sys-preview" aria-live="polite" data-testid="numbering-preview">
        <span className="muted">
          <Trans>Next number:</Trans>
        </span>{' '}
        {preview.sample ? <code className="sys-number">{preview.sample}</code> : <span className="muted">—</span>}{' '}
        <span className="muted">({preview.pattern})</span>
        {preview.issues.length ? (
          <ul className="field-message">
            {preview.issues.map((issue, i) => (
              <li key={i}>{issue}</li>
            ))}
          </ul>
        ) : null}
      </div>
      <FormError message={error} />
    </section>
  );
}
