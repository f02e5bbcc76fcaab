// First: the session's renewal and the downloads the first call waits for start before the rest is evaluated.
import { configured, translated } from './start-early';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, loadFirstScreenCode, warmFirstScreen } from './app';

const boot = async () => {
  // The pages' code and data of the path being opened, beside the renewal (the route tree is set up by now).
  loadFirstScreenCode();
  await Promise.all([configured.then(warmFirstScreen), translated]);
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
