import { type TrackingResult, trackShipments } from '../shipping/tracking';
import { deliverDue } from './consequences';
import type { OrderContext } from './context';
import { reconcileWithGateway } from './reconcile';
import { expireDueOrders } from './state-changes';

export interface SweepResult {
  /** unpaid orders the gateway was asked about, and the captures found that nobody reported */
  reconciled: { asked: number; settled: number };
  /** unpaid orders expired, their stock released */
  expired: number;
  /** consequences of moves tried again (a mail that did not go out, a process that died) */
  retried: number;
  /** parcels the courier was asked about, and orders it moved */
  tracked: TrackingResult;
}

/**
 * One sweep: asks the gateway about unpaid orders whose payment may have gone unreported (so one
 * paid is settled before it could expire), expires unpaid orders past their time, asks the
 * courier about parcels on their way (moving the delivered and the returned), then tries again
 * the outbox rows whose lease or back-off has run out (the expiries' own consequences among
 * them). Safe in every API process at once (rows are taken with SKIP LOCKED).
 */
export async function sweepOrders(ctx: OrderContext): Promise<SweepResult> {
  const reconciled = await reconcileWithGateway(ctx);
  const expired = await expireDueOrders(ctx);
  const tracked = await trackShipments(ctx);
  const retried = await deliverDue(ctx);
  if (reconciled.settled > 0 || expired > 0 || retried > 0 || tracked.moved > 0) {
    ctx.log.info({ reconciled, expired, retried, tracked }, 'order sweep');
  }
  return { reconciled, expired, retried, tracked };
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
