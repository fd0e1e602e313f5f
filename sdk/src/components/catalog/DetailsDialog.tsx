import { useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { CatalogTypeDefinition } from '@fmea/core/domain';
import { useLoad } from '../../api/use-load.ts';
import { formatDateTime } from '../../i18n/format.ts';
import type { Locale } from '../../i18n/index.ts';
import { Dialog } from '../dialog.tsx';
import { Button } from '../form.tsx';
import { customFieldLabel, useCustomFields, useCustomValueText } from '../form/custom-fields.tsx';
import type { CatalogApi, CatalogRow } from './catalog-api.ts';
import { StatusTag } from './columns.tsx';
import { displayValue, textIn, useCatalogWords } from './labels.ts';
import type { DictionaryItems } from './use-dictionaries.ts';

type Tab = 'record' | 'versions' | 'log';

/** A record: its values and review trail, its versions, and the knowledge log (who changed what, when). */
export function DetailsDialog({ type, calls, row, dictionaries, onClose }: { type: CatalogTypeDefinition; calls: CatalogApi; row: CatalogRow; dictionaries: DictionaryItems; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale as Locale;
  const words = useCatalogWords();
  // the custom fields (System › Customisation forms, entity catalog): every one, as the edit form shows them
  const customFields = useCustomFields('catalog');
  const customText = useCustomValueText(customFields);
  const [tab, setTab] = useState<Tab>('record');
  const versions = useLoad(() => calls.versions(row.id), [row.id]);
  const log = useLoad(() => calls.log(row.id), [row.id]);
  const when = (value: string | null) => formatDateTime(value, locale);
  // a version's description, in English for English readers where it has one
  const text = type.fields.find((f) => f.column === 'text')?.key ?? '';
  const enText = type.fields.find((f) => f.column === 'enText')?.key ?? '';
  const describe = (v: CatalogRow) => String((locale === 'en-US' && v.values[enText]) || v.values[text] || '');
  const tabs: [Tab, string][] = [
    ['record', t`Record`],
    ['versions', t`Versions`],
    ['log', t`Knowledge log`],
  ];
  const trail: [string, string | null, string | null, string | null][] = [
    [t`Applied`, row.applyPerson, row.applyTime, row.applyRemark],
    [t`Audited`, row.auditPerson, row.auditTime, row.auditRemark],
    [t`Approved`, row.approvePerson, row.approveTime, row.approveRemark],
  ];
  const pairs: [string, string, ReactNode][] = [
    ['serialNum', textIn(locale, type.serialHeader), row.serialNum],
    [
      'status',
      t`Status`,
      <>
        <StatusTag status={row.status} /> <span data-testid="catalog-version">V{row.versionNo}</span>
      </>,
    ],
    ...type.fields.map((field): [string, string, ReactNode] => [field.key, textIn(locale, field.header), displayValue(field, row.values[field.key], dictionaries, locale) || '—']),
    ...customFields.map((f): [string, string, ReactNode] => [`custom-${f.systemName}`, customFieldLabel(f, locale), customText(f, row.customFields[f.systemName]) || '—']),
    ['creator', t`Created by`, `${row.createRealName ?? '—'} ${when(row.createTime)}`],
    ['quoteCount', t`Cited`, row.quoteCount],
  ];
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`${textIn(locale, type.title)} ${row.serialNum}`}
      width={860}
      actions={
        <Button kind="primary" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      }
    >
      <div role="tablist" className="catalog-tabs" aria-label={t`Record details`}>
        {tabs.map(([value, label]) => (
          <button key={value} type="button" role="tab" aria-selected={tab === value} className={tab === value ? 'active' : ''} onClick={() => setTab(value)}>
            {label}
          </button>
        ))}
      </div>
      {tab === 'record' ? (
        <div data-testid="catalog-details">
          <dl className="catalog-values">
            {pairs.map(([key, label, value]) => (
              <div key={key} className="catalog-value">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <table className="catalog-table">
            <tbody>
              {trail.map(([label, who, at, remark]) => (
                <tr key={label}>
                  <th scope="row">{label}</th>
                  <td>{who ?? '—'}</td>
                  <td>{when(at)}</td>
                  <td>{remark ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : tab === 'versions' ? (
        <table className="catalog-table" data-testid="catalog-versions">
          <thead>
            <tr>
              <th>{t`Version`}</th>
              <th>{t`Status`}</th>
              <th>{textIn(locale, type.fields.find((f) => f.column === 'text')?.header ?? type.title)}</th>
              <th>{t`Updated`}</th>
              <th>{t`Approved`}</th>
            </tr>
          </thead>
          <tbody>
            {(versions.data ?? []).map((v) => (
              <tr key={v.id}>
                <td>
                  V{v.versionNo}
                  {v.isLatestVersion ? <span className="muted"> · {t`current`}</span> : null}
                </td>
                <td>
                  <StatusTag status={v.status} />
                </td>
                <td>{describe(v)}</td>
                <td>{when(v.updateTime)}</td>
                <td>{v.approvePerson ? `${v.approvePerson} ${when(v.approveTime)}` : ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <table className="catalog-table" data-testid="catalog-log">
          <thead>
            <tr>
              <th>{t`When`}</th>
              <th>{t`Who`}</th>
              <th>{t`What`}</th>
              <th>{t`Version`}</th>
              <th>{t`Status`}</th>
              <th>{t`Remark`}</th>
            </tr>
          </thead>
          <tbody>
            {(log.data?.items ?? []).map((entry) => (
              <tr key={entry.id}>
                <td>{when(entry.at)}</td>
                <td data-testid="catalog-log-who">
                  {/* the real name as colleagues know them, the login to tell two of one name apart */}
                  {entry.userRealName ?? entry.userName}
                  {entry.userRealName ? <span className="muted"> ({entry.userName})</span> : null}
                </td>
                <td>{entry.actionName}</td>
                <td>V{entry.versionNo}</td>
                <td>{[entry.fromStatus, entry.toStatus].filter((s): s is string => s !== null).map(words.status).join(' → ')}</td>
                <td>{entry.remark ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {versions.error || log.error ? <p className="form-error">{versions.error ?? log.error}</p> : null}
    </Dialog>
  );
}
