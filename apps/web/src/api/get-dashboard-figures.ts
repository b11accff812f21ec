import type { DashboardFigures } from '@makhana/domain/contracts/owner';
import { useEffect, useState } from 'react';
import { errorMessage } from '../lib/api-client';
import { ownerGet } from './owner-thunk';

/** GET /admins/dashboard: the owner's cards and chart, counted by the server from paid orders. */
export function getDashboardFigures(signal?: AbortSignal): Promise<DashboardFigures> {
  return ownerGet<DashboardFigures>('/admins/dashboard', signal);
}

export type DashboardFiguresView =
  | { status: 'loading' }
  | { status: 'ready'; figures: DashboardFigures }
  | { status: 'error'; message: string };

/** The figures as of opening the tab; they are asked for again the next time it opens. */
export function useDashboardFigures(): DashboardFiguresView {
  const [view, setView] = useState<DashboardFiguresView>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    getDashboardFigures(controller.signal).then(
      (figures) => {
        if (!controller.signal.aborted) setView({ status: 'ready', figures });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setView({ status: 'error', message: errorMessage(error) });
      },
    );
    return () => controller.abort();
  }, []);

  return view;
}
