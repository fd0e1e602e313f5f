import { useEffect, useMemo, useState } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { AP_TABLE_FACTORS, compileApTable, parseRuleSelection, UNVERIFIED_AP_CELLS, type ApRuleType, type ApTable } from '@fmea/core/domain';
import { api, Button, confirm, confirmLeave, Field, FilePickerButton, FormError, notify, notifyError, readServerError, Select, TextInput, useDirty, useLoad, type ApiData } from '@fmea/sdk';
import { apIssueText, draftOf, issuesOf, ruleOf, type RuleDraft } from './ap-model.ts';
import { ApMatrix } from './ApMatrix.tsx';
import { ApRuleTable } from './ApRuleTable.tsx';

type ApRuleSet = ApiData<'/api/apRule/list'>;

interface Draft {
  selection: string;
  rows: RuleDraft[];
}

const draftFrom = (set: ApRuleSet): Draft => ({ selection: set.selection, rows: set.rules.map((r) => draftOf(r)) });

/** AP rules of a table with a live S×O×D preview computed here from the domain rules. */
export default function ApRulesTab({ canEdit, canImport, canExport }: { canEdit: boolean; canImport: boolean; canExport: boolean }) {
  const { t } = useLingui();
  const [table, setTable] = useState<ApTable>('dfmea');
  const stored = useLoad(() => api.get('/api/apRule/list', { table }), [table]);
  const [saved, setSaved] = useState<Draft | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [d, setD] = useState(7);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!stored.data) return;
    const next = draftFrom(stored.data);
    setSaved(next);
    setDraft(next);
    setError(null);
  }, [stored.data]);

  const dirty = draft !== null && saved !== null && JSON.stringify(draft) !== JSON.stringify(saved);
  useDirty(dirty);

  const issues = useMemo(() => issuesOf(draft?.rows ?? []), [draft]);
  const selection = useMemo((): { types: ApRuleType[]; error: string | null } => {
    try {
      return { types: parseRuleSelection(draft?.selection ?? ''), error: null };
    } catch (e) {
      const { messageKey, params } = e as { messageKey?: string; params?: Record<string, string> };
      return { types: [], error: messageKey ? apIssueText(messageKey, params) : String(e) };
    }
  }, [draft?.selection]);
  const lookup = useMemo(() => {
    const broken = new Set(issues.map((i) => i.row));
    const rules = (draft?.rows ?? []).filter((_, i) => !broken.has(i + 1)).map(ruleOf);
    return compileApTable(rules, selection.types);
  }, [draft, issues, selection.types]);

  async function chooseTable(next: ApTable) {
    if (next !== table && (await confirmLeave())) setTable(next);
  }

  async function save() {
    if (!draft) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post('/api/apRule/save', { table, selection: draft.selection.trim(), rules: draft.rows.map(ruleOf) });
      const next = draftFrom(answer);
      setSaved(next);
      setDraft(next);
      notify('success', t`AP rules saved`);
    } catch (e) {
      setError(readServerError(e).message);
    } finally {
      setBusy(false);
    }
  }

  async function importFile(file: File) {
    if (!(await confirm({ title: t`Import AP rules`, message: t`Replace the stored AP rules of this table with the rules in ${file.name}?`, danger: true }))) return;
    try {
      const answer = await api.upload('/api/apRule/import', { file, table });
      const next = draftFrom(answer);
      setSaved(next);
      setDraft(next);
      notify('success', t`AP rules imported`);
    } catch (e) {
      setError(readServerError(e).message);
    }
  }

  const tableOptions = [
    { value: 'dfmea', label: 'DFMEA' },
    { value: 'pfmea', label: 'PFMEA' },
    { value: 'msr', label: 'FMEA-MSR' },
  ];

  return (
    <div className="sys-ap" data-testid="ap-rules">
      <div className="sys-ap-head">
        <Field label={t`Table`}>{(id) => <Select id={id} value={table} onChange={(e) => void chooseTable(e.target.value as ApTable)} options={tableOptions} />}</Field>
        <Field label={t`Rule types applied`} hint={t`e.g. SOD, or S,SO,RPN; empty applies every type`} error={selection.error}>
          {(id) => <TextInput id={id} value={draft?.selection ?? ''} maxLength={100} disabled={!canEdit || !draft} onChange={(e) => setDraft((x) => x && { ...x, selection: e.target.value })} />}
        </Field>
        <div className="page-actions sys-ap-actions">
          {canEdit ? (
            <>
              <Button disabled={!dirty || busy} onClick={() => setDraft(saved)}>
                <Trans>Undo changes</Trans>
              </Button>
              <Button kind="primary" disabled={!dirty || busy || issues.length > 0 || selection.error !== null} onClick={() => void save()}>
                <Trans>Save</Trans>
              </Button>
            </>
          ) : null}
          {canImport ? (
            <>
              <FilePickerButton accept=".xlsx,.json" onFile={(f) => void importFile(f)}>
                <Trans>Import</Trans>
              </FilePickerButton>
              <Button onClick={() => void api.download('/api/fileOperate/downloadImportTemp', 'ap-rule-template.xlsx', { tempName: 'apRule' }).catch(notifyError)}>
                <Trans>Import template</Trans>
              </Button>
            </>
          ) : null}
          {canExport ? (
            <Button onClick={() => void api.download('/api/apRule/export', `ap-rules-${table}.xlsx`, { table, format: 'xlsx' }).catch(notifyError)}>
              <Trans>Export</Trans>
            </Button>
          ) : null}
        </div>
      </div>
      {issues.length ? (
        <p className="alert alert-warning">
          <Plural
            value={issues.length}
            one="# problem in the rules below. A rule with a problem is left out of the preview, and the rules cannot be saved until it is fixed."
            other="# problems in the rules below. Rules with problems are left out of the preview, and the rules cannot be saved until they are fixed."
          />
        </p>
      ) : null}
      <FormError message={error ?? stored.error} />
      {draft ? (
        <div className="sys-ap-body">
          <ApRuleTable rows={draft.rows} issues={issues} selected={selection.types} canEdit={canEdit} onChange={(rows) => setDraft({ ...draft, rows })} />
          <ApMatrix lookup={lookup} d={d} onD={setD} factors={AP_TABLE_FACTORS[table]} unverified={UNVERIFIED_AP_CELLS[table]} />
        </div>
      ) : (
        <div className="page-loading" aria-busy="true" />
      )}
    </div>
  );
}
