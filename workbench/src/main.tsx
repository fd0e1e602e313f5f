import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import { App } from './app/App.tsx';
import { activateLocale, detectLocale, i18n } from './i18n/index.ts';
import { setTheme, ui } from './stores/ui.ts';
import './styles.css';

setTheme(ui.theme);
await activateLocale(detectLocale());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <App />
    </I18nProvider>
  </StrictMode>,
);
