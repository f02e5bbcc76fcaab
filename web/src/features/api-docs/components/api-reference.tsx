import type { createApiReference } from '@scalar/api-reference';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
// Scalar's own self-contained build, served as a file and loaded by this page only: none of its
// modules (nor the ones it shares with the app) enter the app's bundle, so the first screen never pays for it.
import scalarUrl from '@scalar-browser/standalone.js?url';

declare global {
  interface Window {
    Scalar?: { createApiReference: typeof createApiReference };
  }
}

let loading: Promise<NonNullable<Window['Scalar']>> | null = null;

const loadScalar = () =>
  (loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scalarUrl;
    script.onload = () => (window.Scalar ? resolve(window.Scalar) : reject(new Error('Scalar did not load')));
    script.onerror = () => {
      loading = null;
      reject(new Error('Scalar did not load'));
    };
    document.head.append(script);
  }));

/**
 * Closes the two gaps Scalar's markup leaves (WCAG 4.1.2 and 2.1.1; axe's button-name and
 * scrollable-region-focusable): its copy buttons show only an icon and have no name, and its
 * scrolling lists of endpoints cannot be reached with the keyboard.
 */
const repairScalar = (root: HTMLElement, copyLabel: string): void => {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[class*="copy-button"]:not([aria-label])')) button.setAttribute('aria-label', copyLabel);
  for (const list of root.querySelectorAll<HTMLElement>('ul.endpoints:not([tabindex])')) list.tabIndex = 0;
};

/**
 * The reference of the REST API for integrators, drawn by Scalar from the OpenAPI document.
 * Nothing leaves for another site: no default fonts, no telemetry, no "Ask AI" agent (it would
 * send the API's description to Scalar's service), no MCP button (it uploads the document to
 * Scalar's dashboard), no button opening Scalar's hosted client; with no `proxyUrl`, "Test request"
 * calls the API itself, never through Scalar's proxy.
 */
export const ApiReference = ({ document: openApi }: { document: Record<string, unknown> }) => {
  const container = useRef<HTMLDivElement>(null);
  const { t } = useTranslation();
  const copyLabel = t('labels.shell.copyToClipboard');
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    const observer = new MutationObserver(() => repairScalar(root, copyLabel));
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [copyLabel]);
  useEffect(() => {
    let destroy: (() => void) | null = null;
    let left = false;
    void loadScalar().then((scalar) => {
      if (left || !container.current) return;
      const reference = scalar.createApiReference(container.current, {
        content: openApi,
        withDefaultFonts: false,
        telemetry: false,
        showDeveloperTools: 'never',
        persistAuth: false,
        agent: { disabled: true },
        mcp: { disabled: true },
        hideClientButton: true,
      });
      destroy = () => reference.destroy();
    });
    return () => {
      left = true;
      destroy?.();
    };
  }, [openApi]);
  return <div ref={container} data-testid="api-reference" />;
};
