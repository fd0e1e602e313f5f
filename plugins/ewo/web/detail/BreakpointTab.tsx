import { Trans, useLingui } from '@lingui/react/macro';
import type { EwoBreakpointKind, EwoBreakpointResult } from '@fmea/core/domain';
import { api, Button, Field, FormError, formatDateTime, Select, TextArea, TextInput, useForm, type ApiData } from '@fmea/sdk';
import { options, useEwoLabels } from '../labels.ts';
import { Timeline } from './FollowUpTab.tsx';

type Ewo = ApiData<'/api/ewo/get'>;
interface Draft {
  breakpointKind: EwoBreakpointKind;
  breakpointValue: string;
  result: EwoBreakpointResult | '';
  content: string;
}

/**
 * The breakpoint (cut-in) follow-up of a published change: from which serial number, lot or date the change
 * applies, and what the follow-up found there. "In effect" verifies the breakpoint, after which the change may
 * close; "not in effect yet" is recorded and the follow-up goes on.
 */
export function BreakpointTab({ ewo, onChanged }: { ewo: Ewo; onChanged: (saved: Ewo) => void }) {
  const { t, i18n } = useLingui();
  const labels = useEwoLabels();
  const form = useForm<Draft, Ewo>({
    initial: { breakpointKind: ewo.breakpointKind ?? 'serialNumber', breakpointValue: ewo.breakpointValue ?? '', result: '', content: '' },
    guard: false,
    validate: (d) => ({
      fields: {
        breakpointValue: !d.breakpointValue.trim() && t`Breakpoint: enter the serial number, lot or date the change applies from.`,
        result: !d.result && t`Finding: say whether the change is in effect from the breakpoint.`,
        content: !d.content.trim() && t`Content: say what the follow-up checked.`,
      },
    }),
    save: (d) => api.post('/api/ewo/breakpoint', { id: ewo.id, version: ewo.version, breakpointKind: d.breakpointKind, breakpointValue: d.breakpointValue.trim(), result: d.result as EwoBreakpointResult, content: d.content.trim() }),
    onSaved: (saved) => {
      form.reset({ breakpointKind: saved.breakpointKind ?? 'serialNumber', breakpointValue: saved.breakpointValue ?? '', result: '', content: '' });
      onChanged(saved);
    },
  });
  const open = ewo.status === 'published' && ewo.can.followUp;
  const kind = ewo.breakpointKind ? labels.breakpointKind[ewo.breakpointKind] : '—';
  const value = ewo.breakpointValue ?? '—';
  return (
    <div data-testid="ewo-tab-breakpoint">
      <dl className="ewo-fields">
        <div>
          <dt>{t`Breakpoint by`}</dt>
          <dd>{kind}</dd>
        </div>
        <div>
          <dt>{t`Breakpoint`}</dt>
          <dd data-user-content>{value}</dd>
        </div>
        <div>
          <dt>{t`Verified`}</dt>
          <dd data-testid="ewo-breakpoint-verified">{ewo.breakpointVerifyTime ? `${ewo.breakpointVerifiedByName ?? ''} · ${formatDateTime(ewo.breakpointVerifyTime, i18n.locale)}` : t`Not yet`}</dd>
        </div>
      </dl>
      {ewo.status === 'opening' || ewo.status === 'followUp' || ewo.status === 'publishPending' ? (
        <p className="ewo-note">
          <Trans>The breakpoint is followed up once the change is published.</Trans>
        </p>
      ) : null}
      {open ? (
        <form className="ewo-section" onSubmit={(e) => void form.submit(e)} aria-label={t`Breakpoint follow-up`}>
          <h3>{t`Breakpoint follow-up`}</h3>
          <div className="ewo-fields">
            <Field label={<Trans>Breakpoint by</Trans>} error={form.error('breakpointKind')} required>
              {(id) => <Select id={id} data-testid="ewo-breakpoint-kind" value={form.draft.breakpointKind} onChange={(e) => form.set('breakpointKind', e.target.value as EwoBreakpointKind)} options={options(labels.breakpointKind)} />}
            </Field>
            <Field label={<Trans>Breakpoint</Trans>} error={form.error('breakpointValue')} required>
              {(id) => <TextInput id={id} data-testid="ewo-breakpoint-value" type={form.draft.breakpointKind === 'date' ? 'date' : 'text'} maxLength={50} value={form.draft.breakpointValue} onChange={(e) => form.set('breakpointValue', e.target.value)} />}
            </Field>
            <Field label={<Trans>Finding</Trans>} error={form.error('result')} required>
              {(id) => <Select id={id} data-testid="ewo-breakpoint-result" value={form.draft.result} onChange={(e) => form.set('result', e.target.value as EwoBreakpointResult)} options={[{ value: '', label: t`Choose…` }, ...options(labels.result)]} />}
            </Field>
          </div>
          <Field label={<Trans>What was checked</Trans>} error={form.error('content')} required>
            {(id) => <TextArea id={id} data-testid="ewo-breakpoint-content" rows={2} maxLength={200} value={form.draft.content} onChange={(e) => form.set('content', e.target.value)} />}
          </Field>
          <FormError message={form.errors.message} />
          <Button kind="primary" type="submit" data-testid="ewo-breakpoint-save" disabled={form.busy}>
            <Trans>Record the follow-up</Trans>
          </Button>
        </form>
      ) : null}
      <section className="ewo-section">
        <h3>{t`Breakpoint follow-ups`}</h3>
        <Timeline entries={ewo.entries.filter((e) => e.kind === 'breakpoint')} testId="ewo-breakpoint-history" />
      </section>
    </div>
  );
}
