import { createHttpHandler, operation } from '../middleware/http-handler';
import { requireCaller } from '../middleware/require-caller';
import { refreshUserLists } from '../services/user-service';

export const handler = createHttpHandler('application', {
  updateUsers: operation({ run: (request) => refreshUserLists(requireCaller(request)) }),
});
