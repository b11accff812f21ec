import { bannerShape } from '@makhana/domain/contracts/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { success } from '../../../lib/envelope';
import { answers } from '../../../plugins/route-contracts';
import { listBanners } from './service';

export const bannerRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/getBannerDetails',
    {
      schema: {
        summary: "The home page's banners",
        tags: ['catalogue'],
        response: answers(z.array(bannerShape)),
      },
    },
    async () => success(await listBanners(db), 'Banners fetched successfully'),
  );
};
