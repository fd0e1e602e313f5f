import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { App } from './app/App.tsx';
import { activateLocale, detectLocale, i18n, registerCatalog, setTheme } from '@fmea/sdk/host';
import { ui } from '@fmea/sdk';
import './styles.css';

setTheme(ui.theme);
// the shell's own strings; the SDK's come with it, each plugin's when its area first opens
await registerCatalog(async (locale) => (await (locale === 'zh-CN' ? import('./locales/zh-CN.po') : import('./locales/en-US.po'))).messages);
// detected, not chosen: the app manager's default language still applies until the user picks one
await activateLocale(detectLocale(), { remember: false });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <App />
    </I18nProvider>
  </StrictMode>,
);
