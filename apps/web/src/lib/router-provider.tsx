import { flushSync } from 'react-dom';
import { RouterProvider, type RouterProviderProps } from 'react-router';

const flushNavigation = (update: () => unknown): undefined => {
  flushSync(update);
};

/**
 * react-router's provider with react-dom's `flushSync` wired in, as `react-router/dom`'s does (its
 * copy of the router's context was not the one the tests' routes read), so that a navigation asked
 * with `{ flushSync: true }` renders within the event that asked for it.
 */
export function AppRouterProvider(props: RouterProviderProps) {
  return <RouterProvider flushSync={flushNavigation} {...props} />;
}
