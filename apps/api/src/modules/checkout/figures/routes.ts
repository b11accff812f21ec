import { dashboardFiguresShape } from '@makhana/domain/contracts/owner';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../../db/client';
import { success } from '../../../lib/envelope';
import { answers } from '../../../plugins/route-contracts';
import { dashboardFigures } from './service';

export const FIGURES_FETCHED = 'Dashboard figures fetched successfully';

/** The owner's figures about the shop's sales; registered under `/admins` with the owner's calls. */
export const figuresRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/dashboard',
    {
      config: { realm: 'owner' },
      schema: {
        summary: "The owner's cards and chart",
        description:
          "Paid orders, customers, products, paid revenue, this month's growth against last month's, and sales per day over the last 30 days, in India's time.",
        tags: ['checkout'],
        response: answers(dashboardFiguresShape),
      },
    },
    async () => success(await dashboardFigures(db, new Date()), FIGURES_FETCHED),
  );
};
