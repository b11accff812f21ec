import { useEffect } from 'react';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { AppRouterProvider } from '../lib/router-provider';
import { persistor, renderedState, sessionRestored, store } from '../stores/store';
import type { AppRouter } from './router';
import { PageStartContext } from './startup';

const servedStart = { served: true, sessionRestored };

/**
 * A page the server rendered hydrates with the state it was rendered with (`renderedState`), then
 * takes this browser's cart and session; any other page waits for the session to be read first.
 */
export function App({ router, onLive }: { router: AppRouter; onLive?: () => void }) {
  // After the first commit: for a served page, once React has taken over its markup.
  useEffect(() => onLive?.(), [onLive]);
  if (renderedState) {
    return (
      <Provider store={store} serverState={renderedState}>
        <PageStartContext.Provider value={servedStart}>
          <AppRouterProvider router={router} />
        </PageStartContext.Provider>
      </Provider>
    );
  }
  return (
    <Provider store={store}>
      <PersistGate loading={null} persistor={persistor}>
        <AppRouterProvider router={router} />
      </PersistGate>
    </Provider>
  );
}
