import { useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { api, Button, confirm, notifyError, useGuardedNavigate, useLoad, type ApiData } from '@fmea/sdk';
import { useEwoLabels } from '../labels.ts';
import { AddItemsDialog } from './AddItemsDialog.tsx';

type Ewo = ApiData<'/api/ewo/get'>;
type Touched = ApiData<'/api/ewo/touches'>;
type TouchedItem = Touched['products'][number];

/**
 * What the change touches (issue 24, "an EWO lists what it touches"): its products, BOM parts and FMEA items,
 * each as kept beside what it is now (changed since, gone, or in a project the reader may not open), the FMEA
 * projects with their counts and links; adding and removing while the change may still be edited.
 */
export function ItemsTab({ ewo, onChanged }: { ewo: Ewo; onChanged: (saved: Ewo) => void }) {
  const { t } = useLingui();
  const labels = useEwoLabels();
  const navigate = useGuardedNavigate();
  const touches = useLoad(() => api.get('/api/ewo/touches', { id: ewo.id }), [ewo.id, ewo.version]);
  const [adding, setAdding] = useState(false);
  const itemOf = new Map(ewo.items.map((i) => [i.id, i]));

  const remove = async (item: TouchedItem) => {
    const label = item.label;
    if (!(await confirm({ title: t`Remove affected item`, message: t`Remove ${label} from this change?`, danger: true }))) return;
    try {
      onChanged(await api.post('/api/ewo/items/remove', { id: ewo.id, version: ewo.version, itemId: item.id }));
    } catch (error) {
      notifyError(error);
    }
  };

  const stateText = (item: TouchedItem) =>
    item.state === 'changed' ? (
      <span className="ewo-changed" data-user-content>
        {t`Now:`} {item.currentLabel}
      </span>
    ) : item.state === 'gone' ? (
      <span className="ewo-gone">{t`No longer exists`}</span>
    ) : item.state === 'hidden' ? (
      <span className="ewo-note">{t`In a project you may not open`}</span>
    ) : (
      <span className="ewo-note">{t`As added`}</span>
    );

  const table = (title: string, rows: TouchedItem[], testId: string, fmea = false) => (
    <section className="ewo-section" data-testid={testId}>
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="ewo-empty">
          <Trans>None.</Trans>
        </p>
      ) : (
        <table className="ewo-table">
          <thead>
            <tr>
              <th>{fmea ? t`FMEA` : t`Number`}</th>
              {fmea ? <th>{t`Item`}</th> : null}
              <th>{t`Name or description`}</th>
              <th>{t`Now`}</th>
              <th>{t`Change note`}</th>
              {ewo.can.edit ? <th aria-label={t`Actions`} /> : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((item) => (
              <tr key={item.id} data-testid="ewo-item-row">
                <td>{item.link ? <Button kind="link" onClick={() => void navigate(item.link!)}>{item.code}</Button> : item.code}</td>
                {fmea ? <td>{item.fmeaRef ? labels.fmeaRef[item.fmeaRef] : ''}</td> : null}
                <td data-user-content>{item.label}</td>
                <td>{stateText(item)}</td>
                <td data-user-content>{item.changeNote ?? itemOf.get(item.id)?.changeNote ?? ''}</td>
                {ewo.can.edit ? (
                  <td>
                    <Button kind="link" data-testid="ewo-item-remove" onClick={() => void remove(item)}>
                      <Trans>Remove</Trans>
                    </Button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );

  const data = touches.data;
  return (
    <div data-testid="ewo-tab-items">
      {ewo.can.edit ? (
        <div className="ewo-actions">
          <Button kind="primary" data-testid="ewo-items-add" onClick={() => setAdding(true)}>
            <Trans>Add affected items</Trans>
          </Button>
        </div>
      ) : null}
      {data ? (
        <>
          {table(t`Products`, data.products, 'ewo-items-products')}
          {table(t`BOM parts`, data.bomParts, 'ewo-items-bom')}
          {table(t`FMEA items`, data.fmeaItems, 'ewo-items-fmea', true)}
          {data.projects.length ? (
            <p className="ewo-note" data-testid="ewo-items-projects">
              {t`FMEA projects touched:`}{' '}
              {data.projects.map((p) => `${p.serialNum}${p.name ? ` ${p.name}` : ''} (${p.items})`).join('; ')}
            </p>
          ) : null}
        </>
      ) : (
        <p className="ewo-note">{touches.error ? t`The affected items could not be loaded.` : t`Loading…`}</p>
      )}
      {adding ? (
        <AddItemsDialog
          ewo={ewo}
          onClose={() => setAdding(false)}
          onSaved={(saved) => {
            setAdding(false);
            onChanged(saved);
          }}
        />
      ) : null}
    </div>
  );
}
