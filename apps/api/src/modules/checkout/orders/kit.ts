import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../../../adapters/mail/mailer';
import type { PaymentGateway } from '../../../adapters/payments/payment-gateway';
import type { Config } from '../../../config/config';
import type { Database } from '../../../db/client';
import type { CatalogueCache } from '../../catalogue';
import { createBackgroundTasks, type OrderContext, orderSettings } from './context';
import { type SweepResult, sweepOrders } from './sweeper';

/** The order services' shared context, and what main.ts and tests reach through `app.orders`. */
export interface OrdersKit {
  context: OrderContext;
  /** expires due orders and retries unsent order mails, once */
  sweep(): Promise<SweepResult>;
  /** waits until the mails started by past requests have been sent or have failed */
  idle(): Promise<void>;
}

export function createOrdersKit(deps: {
  db: Database;
  mailer: Mailer;
  catalogue: CatalogueCache;
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
  config: Config;
}): OrdersKit {
  const context: OrderContext = {
    db: deps.db,
    mailer: deps.mailer,
    catalogue: deps.catalogue,
    gateway: deps.gateway,
    log: deps.log,
    settings: orderSettings(deps.config),
    background: createBackgroundTasks(deps.log),
  };
  return {
    context,
    sweep: () => sweepOrders(context),
    idle: () => context.background.idle(),
  };
}
