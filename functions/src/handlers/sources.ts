import { createHttpHandler } from '../middleware/http-handler';
import { createPointsOfSource, discoverSource } from '../services/source-discovery-service';
import {
  createConfigurableSource,
  createNamedSource,
  deleteSourceOf,
  fetchSourceNow,
  getSourceOf,
  listSources,
  updateSourceOf,
} from '../services/source-service';

export const handler = createHttpHandler('sources', {
  listSources: ({ caller }) => listSources(caller),
  getSource: ({ caller, params }) => getSourceOf(caller, params.id),
  createSource: ({ caller, body }) => createNamedSource(caller, body),
  createConfigurableSource: ({ caller, body }) => createConfigurableSource(caller, body),
  updateSource: ({ caller, params, body }) => updateSourceOf(caller, params.id, body),
  deleteSource: ({ caller, params }) => deleteSourceOf(caller, params.id),
  discoverSource: ({ caller, params }) => discoverSource(caller, params.id),
  createSourcePoints: ({ caller, params, body }) => createPointsOfSource(caller, params.id, body),
  fetchSource: ({ caller, params }) => fetchSourceNow(caller, params.id),
});
