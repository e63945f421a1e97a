/**
 * The request a piece of work was started by, carried through async calls: the API enters it for
 * each request, and the index publisher copies its id into the jobs it queues, so one id names a
 * save in the API's log line, its job and the worker's log line.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface RequestContext {
  requestId: string;
}

export const requestContext = new AsyncLocalStorage<RequestContext>();

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}
