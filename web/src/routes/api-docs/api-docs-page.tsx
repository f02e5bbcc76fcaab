import { ApiReference } from '../../features/api-docs/components/api-reference';
import { useOpenApiDocument } from '../../features/api-docs/api/get-openapi-document';

/** /api-docs: the API reference for integrators (signed-in administrators). */
export const ApiDocsPage = () => <ApiReference document={useOpenApiDocument().data} />;
