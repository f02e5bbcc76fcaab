import { createHttpHandler } from '../middleware/http-handler';
import { refreshUserLists } from '../services/user-service';

export const handler = createHttpHandler('application', {
  updateUsers: ({ caller }) => refreshUserLists(caller),
});
