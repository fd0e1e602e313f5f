/**
 * What plugins may use from the shell: one API client, one grid, one form
 * pattern, one way to confirm, notify and guard edits. Plugins import only
 * from here (`@fmea/workbench/sdk`), never from the shell's internals.
 */
export { api, ApiError } from '../api/client.ts';
export type { Page, Router, UserInfo, SiteChoice } from '../api/types.ts';
export { session, loadUser, can } from '../stores/session.ts';
export type { ButtonOf, RouteName } from '@fmea/core/domain';
export { ui } from '../stores/ui.ts';
export { Button, EmptyState, Field, PageHeader, Select, TextArea, TextInput } from '../components/form.tsx';
export { Autocomplete, type AutocompleteProps, type FetchSuggestions } from '../components/Autocomplete.tsx';
export { Dialog } from '../components/dialog.tsx';
export { confirm, notify, notifyError } from '../components/feedback.tsx';
export { confirmLeave, useDirty, useGuardedNavigate } from '../shell/edit-guard.ts';
export { PasswordPolicyHint } from '../shell/PasswordPolicyHint.tsx';
export { refreshAppInfo, useAppInfo } from '../shell/app-info.ts';
export { definePlugin, type AreaPageProps, type WorkAreaPlugin } from '../plugins/contract.ts';
export { currentLocale, type Locale } from '../i18n/index.ts';
export * from '../components/data-grid/index.ts';
export { useGridLabels } from '../shell/grid-labels.ts';
export { onChangeNotice } from '../realtime/client.ts';
