import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import type { OwnerList } from './use-owner-list';

/**
 * Deleting one item of an owner list after a confirmation: `ask` opens it, `confirm` asks the
 * server (`remove` answers the server's message), toasts the answer and takes the item out of the
 * page (the write's invalidation asks for the page again); a refusal is toasted and nothing changes.
 */
export function useConfirmedRemoval<Item extends { _id: string }>(
  list: Pick<OwnerList<Item>, 'removeItem'>,
  remove: (item: Item) => Promise<string>,
) {
  const [asking, setAsking] = useState<Item | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!asking) return;
    const leaving = asking;
    setBusy(true);
    try {
      const message = await remove(leaving);
      setAsking(null);
      toast.success(message);
      list.removeItem(leaving._id);
    } catch (error) {
      const message = errorMessage(error);
      toast.error(message, { toastId: message });
    } finally {
      setBusy(false);
    }
  };

  return { asking, ask: setAsking, cancel: () => setAsking(null), confirm, busy };
}
