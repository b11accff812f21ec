import type { FastifyBaseLogger } from 'fastify';
import type { Courier } from '../../../adapters/courier/courier';
import type { Mailer } from '../../../adapters/mail/mailer';
import type { PaymentGateway } from '../../../adapters/payments/payment-gateway';
import type { Config } from '../../../config/config';
import { onCommit } from '../../../db/after-commit';
import type { Database } from '../../../db/client';
import { type Due, deliver } from './consequences';
import { createBackgroundTasks, type OrderContext, orderSettings } from './context';
import { OUTBOX_QUEUED } from './state-changes';
import { type SweepResult, sweepOrders } from './sweeper';

/** The order services' shared context, and what main.ts and tests reach through `app.orders`. */
export interface OrdersKit {
  context: OrderContext;
  /** expires due orders and retries the consequences whose time has come, once */
  sweep(): Promise<SweepResult>;
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
}): OrdersKit {
  const context: OrderContext = {
    db: deps.db,
    mailer: deps.mailer,
    gateway: deps.gateway,
    courier: deps.courier,
    log: deps.log,
    settings: orderSettings(deps.config),
    background: createBackgroundTasks(deps.log),
  };
  // The consequences of a commit start right after it, without holding up the request's answer.
  const stopDelivering = onCommit(deps.db, OUTBOX_QUEUED, (values) => {
    context.background.run(() => deliver(context, values as Due[]));
  });
  return {
    context,
    sweep: () => sweepOrders(context),
    idle: () => context.background.idle(),
    async close() {
      stopDelivering();
      await context.background.idle();
    },
  };
}
