import { runInNewContext } from 'node:vm';
import { edgeFunctionSource, type EdgeFunctionName } from '../lib/edge';

/** The part of CloudFront Functions' viewer-request event the edge's functions read and write. */
export interface ViewerRequest {
  method: string;
  uri: string;
  querystring: Record<string, { value: string }>;
  headers: Record<string, { value: string }>;
}

/**
 * A viewer-request function of the edge, run in node from the very source that the distribution
 * publishes to CloudFront (infra/lib/edge.ts), in a context of its own as CloudFront runs it.
 */
export const loadEdgeFunction = (name: EdgeFunctionName, options: { stage: string }): ((request: ViewerRequest) => ViewerRequest) => {
  const handler = runInNewContext(`${edgeFunctionSource(name, options)}\nhandler;`, {}, { filename: `${name}.js` }) as (event: {
    request: ViewerRequest;
  }) => ViewerRequest;
  return (request) => handler({ request: structuredClone(request) });
};
