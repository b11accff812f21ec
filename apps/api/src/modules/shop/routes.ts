import { ownerShopSettingsShape, shopIdentityShape } from '@makhana/domain/contracts/shop';
import { shopSettingsSchema } from '@makhana/domain/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { success } from '../../lib/envelope';
import { NotFoundError } from '../../lib/errors';
import { answers } from '../../plugins/route-contracts';
import type { CatalogueCache } from '../catalogue';
import { ownerShopSettings, readShopIdentity, saveShopSettings } from './service';

export const SHOP_SETTINGS_FETCHED = 'Shop settings fetched successfully';
export const SHOP_SETTINGS_SAVED = 'Shop settings saved';
export const NO_IDENTITY = 'The shop has not set out who sells yet.';

/** The owner's settings of who sells, and the part of them every shopper may read. */
export const shopRoutes: FastifyPluginAsyncZod<{
  db: Database;
  catalogue: CatalogueCache;
}> = async (app, { db, catalogue }) => {
  app.get(
    '/admins/shop-settings',
    {
      config: { realm: 'owner' },
      schema: {
        operationId: 'getShopSettings',
        summary:
          "The shop's legal identity, consumer care, grievance officer and invoice prefix, and what is still missing",
        tags: ['owner'],
        response: answers(ownerShopSettingsShape),
      },
    },
    async () => success(await ownerShopSettings(db), SHOP_SETTINGS_FETCHED),
  );

  app.post(
    '/admins/shop-settings',
    {
      config: { realm: 'owner' },
      schema: {
        operationId: 'saveShopSettings',
        summary: "Saves the shop's identity, whole; the GSTIN is checked against the state",
        tags: ['owner'],
        body: shopSettingsSchema,
        response: answers(ownerShopSettingsShape),
      },
    },
    async (request) => success(await saveShopSettings(db, request.body), SHOP_SETTINGS_SAVED),
  );

  app.get(
    '/shop/identity',
    {
      schema: {
        summary: 'Who sells: what the footer, the contact and grievance pages show',
        tags: ['catalogue'],
        response: answers(shopIdentityShape, [404]),
      },
    },
    async () => {
      const { identity } = await readShopIdentity(db, catalogue);
      if (!identity) throw new NotFoundError(NO_IDENTITY);
      return success(identity, SHOP_SETTINGS_FETCHED);
    },
  );
};
