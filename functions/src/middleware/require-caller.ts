import { AppError } from '../errors';
import { type Caller } from '../services/caller';

export const requireCaller = (request: { caller: Caller | null }): Caller => {
  if (!request.caller) throw new AppError('unauthorized');
  return request.caller;
};
