import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

/** Placeholder shell until the workbench issue lands: the API is already served at /api. */
function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 32 }}>
      <h1>FMEA Workbench</h1>
    </main>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
