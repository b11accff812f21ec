import type { SupportMessage } from '@makhana/domain/contracts/owner';
import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { apiPage } from '../../lib/api-client';

export interface OpenSupportCount {
  /** unresolved messages; null until the server has answered */
  open: number | null;
  /** a message was resolved (-1) or reopened (+1) */
  adjust: (change: number) => void;
}

const SupportCountContext = createContext<OpenSupportCount>({ open: null, adjust: () => {} });
export const SupportCountProvider = SupportCountContext.Provider;
export const useSupportCount = () => useContext(SupportCountContext);

/**
 * How many messages wait in the inbox, asked once when the dashboard opens: one item is enough,
 * the count is the page's total.
 */
export function useOpenSupportCount(): OpenSupportCount {
  const [open, setOpen] = useState<number | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    apiPage<SupportMessage>('/supports/inbox?page=1&limit=1&status=open', {
      realm: 'owner',
      signal: controller.signal,
    }).then(
      (answer) => {
        if (!controller.signal.aborted) setOpen(answer.meta.total);
      },
      // Without the count the tab is named without it; the inbox itself says what went wrong.
      () => {},
    );
    return () => controller.abort();
  }, []);
  const adjust = useCallback(
    (change: number) => setOpen((count) => (count === null ? null : Math.max(0, count + change))),
    [],
  );
  return { open, adjust };
}
