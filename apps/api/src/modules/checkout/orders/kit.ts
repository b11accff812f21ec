import type { FastifyBaseLogger } from 'fastify';
import type { Courier } from '../../../adapters/courier/courier';
import type { Mailer } from '../../../adapters/mail/mailer';
import type { PaymentGateway } from '../../../adapters/payments/payment-gateway';
import type { Config } from '../../../config/config';
import { onCommit } from '../../../db/after-commit';
import type { Database } from '../../../db/client';
import type { CatalogueCache } from '../../catalogue';
import { DISCOUNTS_CHANGED, keptDiscountCodes } from '../discounts/service';
import { type Due, deliver } from './consequences';
import { createBackgroundTasks, type OrderContext, orderSettings } from './context';
import { OUTBOX_QUEUED } from './state-changes';
import { type SweepResult, sweepOrders } from './sweeper';

/** The order services' shared context, and what main.ts and tests reach through `app.orders`. */
export interface OrdersKit {
  context: OrderContext;
  /** expires due orders and retries the consequences whose time has come, once */
  sweep(): Promise<SweepResult>;
  /** when this process last finished a sweep (ms since the epoch); null before its first */
  readonly lastSweptAt: number | null;
  /** waits until the consequences started by past requests have been carried out or have failed */
  idle(): Promise<void>;
  /** stops delivering after commits, then waits for the deliveries under way */
  close(): Promise<void>;
}

export function createOrdersKit(deps: {
  db: Database;
  mailer: Mailer;
  gateway: PaymentGateway;
  courier: Courier | null;
  log: FastifyBaseLogger;
  config: Config;
  /** where the discount codes' rows are kept (a cache of their own topic, `DISCOUNTS_CHANGED`) */
  discountCodes: CatalogueCache;
}): OrdersKit {
  const context: OrderContext = {
    db: deps.db,
    mailer: deps.mailer,
    gateway: deps.gateway,
    courier: deps.courier,
    log: deps.log,
    settings: orderSettings(deps.config),
    discountCodes: keptDiscountCodes(deps.db, deps.discountCodes),
    background: createBackgroundTasks(deps.log),
  };
  // The consequences of a commit start right after it, without holding up the request's answer.
  const stopDelivering = onCommit(deps.db, OUTBOX_QUEUED, (values) => {
    context.background.run(() => deliver(context, values as Due[]));
  });
  const stopForgettingCodes = onCommit(deps.db, DISCOUNTS_CHANGED, () =>
    deps.discountCodes.invalidate(),
  );
  let lastSweptAt: number | null = null;
  return {
    context,
    async sweep() {
      const result = await sweepOrders(context);
      lastSweptAt = Date.now();
      return result;
    },
    get lastSweptAt() {
      return lastSweptAt;
    },
    idle: () => context.background.idle(),
    async close() {
      stopDelivering();
      stopForgettingCodes();
      await context.background.idle();
      await deps.discountCodes.close();
    },
  };
}
