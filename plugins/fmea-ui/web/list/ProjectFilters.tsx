import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Select, TextInput, type DataGridSort } from '@fmea/sdk';
import { useDictLabel } from './dict-label.ts';
import type { DictItem } from '../types.ts';
import { useDict, useUsers } from './lookups.ts';

/** The list filters beside the search (POST /api/project/list); blank means any. */
export interface ProjectFilterValues {
  stage: string;
  customer: string;
  responsibleUserId: string;
  sopFrom: string;
  sopTo: string;
}

export const NO_FILTERS: ProjectFilterValues = { stage: '', customer: '', responsibleUserId: '', sopFrom: '', sopTo: '' };

export const hasFilters = (filters: ProjectFilterValues) => Object.values(filters).some((v) => v !== '');

/** The grid columns the server sorts by (its whitelist); other ids are never sent. */
const SORTABLE = new Set(['serialNum', 'name', 'sopDate']);

/** The list request's filter and sort fields: blank filters left out, no sort means the server's default (last change first). */
export function listQuery(filters: ProjectFilterValues, sort: DataGridSort | undefined) {
  const body: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) if (value) body[key] = value;
  if (sort && SORTABLE.has(sort.id)) {
    body.sort = sort.id;
    body.order = sort.desc ? 'desc' : 'asc';
  }
  return body;
}

/** A compact filter row for the grid toolbar: stage, customer, responsible person, SOP date range, clear. */
export function ProjectFilters({ value, onChange }: { value: ProjectFilterValues; onChange: (value: ProjectFilterValues) => void }) {
  const { t } = useLingui();
  const stages = useDict('projectStage');
  const customers = useDict('customer');
  const users = useUsers();
  const set = (patch: Partial<ProjectFilterValues>) => onChange({ ...value, ...patch });
  const label = useDictLabel();
  const options = (any: string, items: DictItem[]) => [{ value: '', label: any }, ...items.map((i) => ({ value: i.code, label: label(i) }))];
  const userOptions = [{ value: '', label: t`Any responsible person` }, ...users.map((u) => ({ value: u.id, label: u.realName ? `${u.realName} (${u.userName})` : u.userName }))];
  const dateStyle = { minWidth: 0, width: 'auto' };
  return (
    // a row of its own under the search box, so the controls never wrap apart
    <div className="dfmea-list-filters" role="group" aria-label={t`Filters`} data-testid="dfmea-list-filters">
      <Select aria-label={t`Stage`} data-testid="dfmea-filter-stage" value={value.stage} onChange={(e) => set({ stage: e.target.value })} options={options(t`Any stage`, stages)} />
      <Select aria-label={t`Customer`} data-testid="dfmea-filter-customer" value={value.customer} onChange={(e) => set({ customer: e.target.value })} options={options(t`Any customer`, customers)} />
      <Select aria-label={t`Responsible person`} data-testid="dfmea-filter-responsible" value={value.responsibleUserId} onChange={(e) => set({ responsibleUserId: e.target.value })} options={userOptions} />
      <TextInput
        type="date"
        aria-label={t`SOP date from`}
        title={t`SOP date from`}
        data-testid="dfmea-filter-sop-from"
        style={dateStyle}
        value={value.sopFrom}
        max={value.sopTo || undefined}
        onChange={(e) => set({ sopFrom: e.target.value })}
      />
      <span aria-hidden="true">–</span>
      <TextInput
        type="date"
        aria-label={t`SOP date to`}
        title={t`SOP date to`}
        data-testid="dfmea-filter-sop-to"
        style={dateStyle}
        value={value.sopTo}
        min={value.sopFrom || undefined}
        onChange={(e) => set({ sopTo: e.target.value })}
      />
      <Button kind="link" data-testid="dfmea-filter-clear" disabled={!hasFilters(value)} onClick={() => onChange(NO_FILTERS)}>
        <Trans>Clear filters</Trans>
      </Button>
    </div>
  );
}
