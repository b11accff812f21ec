import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../../db/client';
import { success } from '../../../lib/envelope';
import { listBanners } from './service';

export const bannerRoutes: FastifyPluginAsync<{ db: Database }> = async (app, { db }) => {
  app.get('/getBannerDetails', async () => {
    return success(await listBanners(db), 'Banners fetched successfully');
  });
};
