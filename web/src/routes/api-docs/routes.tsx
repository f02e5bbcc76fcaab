import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { openApiDocumentQueryOptions } from '../../features/api-docs/api/get-openapi-document';
import { appRoute, guardedBy, settingsCrumbs } from '../frame';

const apiDocsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: 'api-docs',
  staticData: { title: 'labels.menu.apiDocs' },
  beforeLoad: guardedBy('app.settings.api_docs'),
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(openApiDocumentQueryOptions());
    return { crumbs: settingsCrumbs('labels.menu.apiDocs') };
  },
  component: lazyRouteComponent(() => import('./api-docs-page'), 'ApiDocsPage'),
});

export const apiDocsRoutes = [apiDocsRoute] as const;
