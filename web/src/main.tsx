import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, warmFirstScreen } from './app';
import { restoreStoredSession } from './features/auth/hooks/use-restore-session';
import { loadConfig } from './config';
import { configureHttp } from './lib/http';
import { initI18n } from './lib/i18n';

const boot = async () => {
  const configured = loadConfig().then(() => {
    configureHttp();
    restoreStoredSession();
    warmFirstScreen();
  });
  await Promise.all([configured, initI18n()]);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
};

boot().catch((error: unknown) => {
  console.error('WattWise could not start', error);
  document.getElementById('root')!.textContent = 'WattWise could not start. Please reload the page.';
});
