import { bannerShape } from '@makhana/domain/contracts/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { success } from '../../../lib/envelope';
import { answers } from '../../../plugins/route-contracts';
import type { CatalogueCache } from '../products/catalogue-cache';
import { KEPT_READ, prepareAnswer, REVALIDATED, sendPrepared } from '../products/prepared-answer';
import { listBanners } from './service';

export const bannerRoutes: FastifyPluginAsyncZod<{
  db: Database;
  catalogue: CatalogueCache;
}> = async (app, { db, catalogue }) => {
  app.get(
    '/getBannerDetails',
    {
      ...KEPT_READ,
      schema: {
        summary: "The home page's banners",
        description: REVALIDATED,
        tags: ['catalogue'],
        response: answers(z.array(bannerShape)),
      },
    },
    async (request, reply) => {
      const key = 'answer:banners';
      const answer = await catalogue.get(key, async () =>
        prepareAnswer(reply, success(await listBanners(db), 'Banners fetched successfully')),
      );
      return sendPrepared(request, reply, answer, key);
    },
  );
};
