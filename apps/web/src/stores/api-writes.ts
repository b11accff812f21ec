import type { UnknownAction } from '@reduxjs/toolkit';

/** Where the API cache sits in the store (lib/api-slice.ts), and the prefix of its actions. */
export const API_REDUCER_PATH = 'api';

/** RTK Query's action for a write (a mutation) that succeeded, with what it answered. */
export interface ApiWriteDone<Result> extends UnknownAction {
  payload: Result;
  meta: { arg: { endpointName: string; originalArgs: unknown } };
}

/**
 * Matches the success of the writes named `endpoints`. The shop's slices follow the owner's writes
 * this way without importing the API slice, which the shop's own pages never download.
 */
export function apiWriteDone<Result>(endpoints: readonly string[]) {
  return (action: UnknownAction): action is ApiWriteDone<Result> => {
    if (action.type !== `${API_REDUCER_PATH}/executeMutation/fulfilled`) return false;
    const { meta } = action as Partial<ApiWriteDone<Result>>;
    return endpoints.includes(meta?.arg?.endpointName ?? '');
  };
}
