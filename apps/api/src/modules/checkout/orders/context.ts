import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Courier } from '../../../adapters/courier/courier';
import type { Mailer } from '../../../adapters/mail/mailer';
import type { PaymentGateway } from '../../../adapters/payments/payment-gateway';
import type { Config } from '../../../config/config';
import type { Database } from '../../../db/client';
import type { DiscountCodes } from '../discounts/service';

/** What the order and payment services need from the app, built once in app.ts. */
export interface OrderContext {
  db: Database;
  mailer: Mailer;
  gateway: PaymentGateway;
  /** the courier orders are booked with; null when the owner types the tracking (`manual`) */
  courier: Courier | null;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  settings: {
    publicUrl: string;
    ownerEmail: string;
    pendingOrderMinutes: number;
    /** DATA_DIR/private: files never served as they are, such as a return's photos */
    privateDir: string;
    /** the least time between two questions to the courier about one parcel */
    trackingIntervalSeconds: number;
  };
  /** the discount codes' rows, kept in every process between the owner's changes */
  discountCodes: DiscountCodes;
  /** work that follows an answer (a move's consequences): never awaited by a request, awaited on close */
  background: BackgroundTasks;
}

export interface BackgroundTasks {
  run(task: () => Promise<unknown>): void;
  /** resolves once every task started so far has settled */
  idle(): Promise<void>;
}

export function createBackgroundTasks(log: Pick<FastifyBaseLogger, 'error'>): BackgroundTasks {
  const pending = new Set<Promise<unknown>>();
  return {
    run(task) {
      const promise = Promise.resolve()
        .then(task)
        .catch((error: unknown) => log.error({ err: error }, 'background task failed'))
        .finally(() => pending.delete(promise));
      pending.add(promise);
    },
    async idle() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}

export function orderSettings(config: Config): OrderContext['settings'] {
  return {
    publicUrl: config.publicUrl,
    ownerEmail: config.mail.ownerEmail,
    pendingOrderMinutes: config.orders.pendingOrderMinutes,
    privateDir: path.join(config.dataDir, 'private'),
    trackingIntervalSeconds: config.shipping.trackingIntervalSeconds,
  };
}
