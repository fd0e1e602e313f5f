/**
 * What a baseline of a DRBFM freezes beside the FMEA snapshot (issue 25): the change and every part, concern,
 * action and meeting with their content fields (lists sorted by id, as the snapshot's), so the released review
 * reads the same after the worksheet changes; its content hash covers them.
 */
export const DRBFM_SNAPSHOT_FIELDS = {
  change: ['ewoId', 'ewoNum', 'changePoint', 'changeReason', 'beforeChange', 'afterChange'],
  parts: ['sort', 'partKind', 'refId', 'code', 'name', 'functions', 'changeNote'],
  concerns: ['partId', 'sort', 'partFunction', 'concern', 'raisedById', 'raisedByName', 'influence', 'cause', 'importance'],
  actions: ['concernId', 'sort', 'kind', 'description', 'responsibleUserId', 'responsibleName', 'targetDate', 'status', 'result'],
  meetings: ['meetingDate', 'participants', 'minutes', 'decisions'],
} as const;

type Scalar = string | number | boolean | null;
type Fields<K extends keyof typeof DRBFM_SNAPSHOT_FIELDS> = Readonly<Record<(typeof DRBFM_SNAPSHOT_FIELDS)[K][number], Scalar>>;
type Rows<K extends Exclude<keyof typeof DRBFM_SNAPSHOT_FIELDS, 'change'>> = readonly ({ readonly id: string } & Fields<K>)[];

export interface DrbfmSnapshot {
  readonly change: Fields<'change'>;
  readonly parts: Rows<'parts'>;
  readonly concerns: Rows<'concerns'>;
  readonly actions: Rows<'actions'>;
  readonly meetings: Rows<'meetings'>;
}

type Source = Readonly<Record<string, unknown>>;
const scalar = (value: unknown): Scalar => (value === undefined || value === null ? null : typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? value : String(value));
const pick = (row: Source, fields: readonly string[]) => Object.fromEntries(fields.map((f) => [f, scalar(row[f])]));
const rows = (list: readonly Source[], fields: readonly string[]) =>
  [...list].sort((a, b) => (String(a.id) < String(b.id) ? -1 : String(a.id) > String(b.id) ? 1 : 0)).map((row) => ({ id: String(row.id), ...pick(row, fields) }));

export function drbfmSnapshot(input: { change: Source; parts: readonly Source[]; concerns: readonly Source[]; actions: readonly Source[]; meetings: readonly Source[] }): DrbfmSnapshot {
  const f = DRBFM_SNAPSHOT_FIELDS;
  return {
    change: pick(input.change, f.change) as DrbfmSnapshot['change'],
    parts: rows(input.parts, f.parts) as unknown as DrbfmSnapshot['parts'],
    concerns: rows(input.concerns, f.concerns) as unknown as DrbfmSnapshot['concerns'],
    actions: rows(input.actions, f.actions) as unknown as DrbfmSnapshot['actions'],
    meetings: rows(input.meetings, f.meetings) as unknown as DrbfmSnapshot['meetings'],
  };
}
