// First: the session's renewal and the downloads the first call waits for start before the rest is evaluated.
import { configured, httpReady, translated } from './start-early';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, loadFirstScreenCode, warmFirstScreen } from './app';
import { configureHttp } from './lib/http';

const boot = async () => {
  // The path's data is asked beside the renewal (the route tree is set up by now), and the pages'
  // code only once the HTTP client is loaded and those calls are on their way: on the browser's few
  // connections to the server, and on its one thread evaluating modules, the first calls would
  // otherwise wait behind the pages' code.
  await configured.then(warmFirstScreen);
  if (httpReady) {
    await httpReady;
    // A task later: the HTTP client sends the calls a few microtasks after they are asked.
    await new Promise((resolve) => setTimeout(resolve, 0));
    loadFirstScreenCode();
  } else {
    // Sent by the early script in index.html (lib/first-call-answers.ts), the calls are out already: the code at
    // once, then the HTTP client for the calls that follow.
    loadFirstScreenCode();
    void configureHttp();
  }
  await translated;
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
