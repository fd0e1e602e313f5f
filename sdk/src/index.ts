/**
 * What plugins may use (the `@fmea/sdk` package): one typed API client (`api`:
 * routes named by path, request and answer types from the route definitions,
 * docs/architecture.md "The typed API client"), one grid, one form
 * pattern (`useForm` + `FormDialog`, docs/architecture.md "Forms"), one way to
 * confirm, notify and guard edits. Plugins import only from here and from
 * `@fmea/sdk/plugin` (the plugin contract), never from the app
 * (`@fmea/workbench`) or another plugin, and keep no general helpers of their
 * own. The app that hosts the plugins uses this too, and `@fmea/sdk/host` for
 * what only the host does (sessions, language, theme, realtime connection).
 */
export { ApiError, onPosted } from './api/client.ts';
export { api, type ApiBody, type ApiData, type ApiForm, type ApiPath, type ApiQuery, type GetPath, type PostPath, type UploadPath } from './api/typed-client.ts';
export { useLoad, type Loaded } from './api/use-load.ts';
export type { Router, UserInfo, SiteChoice } from './api/types.ts';
export { session, loadUser, can } from './stores/session.ts';
export { useUser, usePermission } from './stores/use-user.ts';
export type { ButtonOf, RouteName } from '@fmea/core/domain';
export { ui } from './stores/ui.ts';
export { Button, EmptyState, Field, PageHeader, Select, TextArea, TextInput } from './components/form.tsx';
export { Drawer } from './components/Drawer.tsx';
export { ManualText } from './components/ManualText.tsx';
export { TranslateButton, TranslateRow } from './components/TranslateButton.tsx';
export { useForm, type Form, type FormOptions, type FormProblems } from './components/form/use-form.ts';
export { FormDialog, FormError, type FormDialogProps } from './components/form/form-dialog.tsx';
export { readServerError, errorLines, NO_ERRORS, type FormErrors } from './components/form/server-errors.ts';
export { CheckList } from './components/CheckList.tsx';
export { FilePickerButton, SPREADSHEET_ACCEPT } from './components/FilePicker.tsx';
export { saveBlob, svgToPng } from './components/picture.ts';
export { fitLines, unitsOf } from './components/fit-lines.ts';
export { Autocomplete, type AutocompleteProps, type FetchSuggestions, type SuggestionOption } from './components/Autocomplete.tsx';
export { Dialog } from './components/dialog.tsx';
export { ImportProblems, type ImportProblem } from './components/ImportProblems.tsx';
export { WorkbookImportDialog, type WorkbookImportDialogProps, type WorkbookImportReport } from './components/WorkbookImportDialog.tsx';
export { ImportModeField, ImportRefusal, ImportReportDialog, SpreadsheetFileField, useSpreadsheetImport, type ImportMode, type SpreadsheetImportOptions, type SpreadsheetImportState, type RefusedFile } from './components/SpreadsheetImport.tsx';
// ConfirmHost: where confirm() shows its question (the shell mounts it; a plugin's tests or dev harness mount it themselves)
export { confirm, ConfirmHost, notify, notifyError } from './components/feedback.tsx';
export { confirmDiscard, confirmLeave, useDirty, useGuardedNavigate } from './shell/edit-guard.ts';
export { PasswordPolicyHint } from './shell/PasswordPolicyHint.tsx';
export { refreshAppInfo, useAppInfo } from './shell/app-info.ts';
export { catalogPlugin, definePlugin, type AreaPageProps, type CatalogPluginOptions, type WorkAreaPlugin } from './plugin/contract.ts';
export { CatalogPage, type CatalogPageProps } from './components/catalog/CatalogPage.tsx';
export { StatusTag as CatalogStatusTag } from './components/catalog/columns.tsx';
export { CatalogReviewDialog, type CatalogReviewAction, type CatalogReviewDialogProps, type CatalogReviewTarget } from './components/catalog/ReviewDialog.tsx';
export { currentLocale, type Locale } from './i18n/index.ts';
export { useTaskLogWords } from './i18n/task-log.ts';
export { formatDate, formatDateTime, localName, personName } from './i18n/format.ts';
export * from './components/data-grid/index.ts';
export { useGridLabels } from './shell/grid-labels.ts';
export { onChangeNotice } from './realtime/client.ts';
export { refreshMessageCount } from './shell/message-count.ts';
export { RowMarker, RowThreadProvider, type RowRef } from './components/row-thread/index.ts';
export { useFieldLabels, useValueLabel } from './components/row-thread/field-labels.ts';
export { GradeTag } from './components/scores/GradeTag.tsx';
export { ScoreHistoryGrid } from './components/scores/ScoreHistoryGrid.tsx';
export { useScoreLabels } from './components/scores/labels.ts';
export { UserScoreCard } from './components/scores/UserScoreCard.tsx';
export { useSettingsDraft, type SettingsDraft } from './components/form/use-settings-draft.ts';
export { ScoreRanking } from './components/scores/ScoreRanking.tsx';
export { SettingsActions } from './components/form/SettingsActions.tsx';
export { CustomFieldFilter, customColumnId, customListQuery, NO_CUSTOM_FILTER, type CustomFilter } from './components/form/custom-field-filter.tsx';
export { CustomFieldInputs, customFieldLabel, customFieldPath, customFieldServerFields, useCustomFieldColumns, useCustomFields, type CustomFieldDef, type CustomValues } from './components/form/custom-fields.tsx';
