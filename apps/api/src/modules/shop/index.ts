// The shop itself: who sells (its legal identity), as the owner keeps it.
export { shopRoutes } from './routes';
export {
  DEMO_SHOP_SETTINGS,
  ownerShopSettings,
  readShopIdentity,
  type ShopIdentityRead,
  seedDemoShopSettings,
} from './service';
