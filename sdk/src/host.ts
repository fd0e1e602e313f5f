/**
 * What only the app that hosts the plugins (`@fmea/workbench`) uses to run
 * the SDK: sign in and out, switch language and theme, lock the screen,
 * connect the realtime channel, mount the toaster and load each plugin's
 * catalog. Plugins use `@fmea/sdk` and `@fmea/sdk/plugin`, never this
 * (tests/contract/packages.test.ts).
 */
export type { OnlineUser } from './api/types.ts';
export { activateLocale, detectLocale, i18n, registerCatalog } from './i18n/index.ts';
export { clearSession, holds, logout, routerOf, startSession } from './stores/session.ts';
export { lock, setTheme, THEMES, unlock, type Theme } from './stores/ui.ts';
export { Toaster } from './components/feedback.tsx';
export { ApprovalIcon, ChatIcon, HelpIcon, MailIcon, UsersIcon } from './components/icons.tsx';
export { useBeforeUnloadGuard } from './shell/edit-guard.ts';
export { applyProgress, connectRealtime, FLASH_KEY, realtime } from './realtime/client.ts';
