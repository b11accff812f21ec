import type { OrderContext } from './context';
import { retryOrderMails, retryStatusMails } from './order-mails';
import { expireDueOrders } from './state-changes';

export interface SweepResult {
  /** unpaid orders expired, their stock released */
  expired: number;
  /** unsent mails tried again: a paid order's (counted once for both of its mails) or a status move's */
  mailed: number;
}

/**
 * One sweep: expires unpaid orders past their time and retries order mails and status-move mails
 * that did not go out (each status mail after its backoff, for three days). Safe in every API
 * process at once (rows are claimed with SKIP LOCKED).
 */
export async function sweepOrders(ctx: OrderContext): Promise<SweepResult> {
  const expired = await expireDueOrders(ctx);
  const mailed = (await retryOrderMails(ctx)) + (await retryStatusMails(ctx));
  if (expired > 0 || mailed > 0) ctx.log.info({ expired, mailed }, 'order sweep');
  return { expired, mailed };
}

export interface Sweeper {
  /** stops the timer and waits for a sweep in progress */
  stop(): Promise<void>;
}

/** Runs `sweep` every `intervalMs`; a sweep still running when the next is due is not doubled. */
export function startSweeper(
  sweep: () => Promise<unknown>,
  intervalMs: number,
  log: Pick<OrderContext['log'], 'error'>,
): Sweeper {
  let running: Promise<void> | null = null;
  const tick = () => {
    if (running) return;
    running = sweep()
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error }, 'order sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      if (running) await running;
    },
  };
}
