import { useLingui } from '@lingui/react/macro';
import { api, Field, FormDialog, Select, TextArea, TextInput, useForm, type ApiData } from '@fmea/sdk';

/** A notice as the administration list answers it; status '0' draft, '1' published, '2' withdrawn. */
export type Notice = ApiData<'/api/notice/list'>['items'][number];

export const NOTICE_TYPES = ['system', 'maintenance', 'release', 'other'] as const;

export function useNoticeTypeLabel(): (type: string) => string {
  const { t } = useLingui();
  return (type) => {
    switch (type) {
      case 'system':
        return t`System notice`;
      case 'maintenance':
        return t`Maintenance`;
      case 'release':
        return t`New release`;
      case 'other':
        return t`Other`;
      default:
        return type;
    }
  };
}

/** Create (a draft) or change a notice: title, type and content. */
export function NoticeDialog({ notice, onClose, onSaved }: { notice: Notice | null; onClose: () => void; onSaved: (n: Notice) => void }) {
  const { t } = useLingui();
  const typeLabel = useNoticeTypeLabel();
  const types: string[] = [...NOTICE_TYPES];
  if (notice?.type && !types.includes(notice.type)) types.push(notice.type);
  const form = useForm({
    initial: { title: notice?.title ?? '', type: notice?.type || 'system', content: notice?.content ?? '' },
    save: (d) => api.post('/api/notice/saveOrUpdate', { ...(notice ? { id: notice.id } : {}), title: d.title.trim(), type: d.type, content: d.content }),
    onSaved,
  });
  const { draft, set, error } = form;
  return (
    <FormDialog form={form} title={notice ? t`Edit notice ${notice.number}` : t`New notice`} width={680} onClose={onClose}>
      <Field label={t`Title`} error={error('title')} required>
        {(id) => <TextInput id={id} name="title" maxLength={200} value={draft.title} onChange={(e) => set('title', e.target.value)} />}
      </Field>
      <Field label={t`Type`} error={error('type')}>
        {(id) => <Select id={id} name="type" value={draft.type} onChange={(e) => set('type', e.target.value)} options={types.map((v) => ({ value: v, label: typeLabel(v) }))} />}
      </Field>
      <Field label={t`Content`} error={error('content')}>
        {(id) => <TextArea id={id} name="content" rows={10} maxLength={100000} value={draft.content} onChange={(e) => set('content', e.target.value)} />}
      </Field>
    </FormDialog>
  );
}
