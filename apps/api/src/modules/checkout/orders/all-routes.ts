import { shippingRoutes } from '../shipping/routes';
import { orderExportRoutes } from './export-routes';
import { refundRoutes } from './refund-routes';
import { returnRoutes } from './return-routes';
import { orderRoutes as orderOwnRoutes } from './routes';

/**
 * Everything under `/orders` as the one plugin the app registers: the orders' own routes, the
 * owner's refund, returns, the accountant's export and shipping, each in a file of its own.
 */
export const orderRoutes: typeof orderOwnRoutes = async (
  app,
  { db, orders, directory, takesOrders },
) => {
  // Only what each takes: the options the app passed also hold its `/orders` prefix.
  await app.register(orderOwnRoutes, { db, orders, directory, takesOrders });
  await app.register(refundRoutes, { orders });
  await app.register(returnRoutes, { orders });
  await app.register(orderExportRoutes, { db });
  await app.register(shippingRoutes, { orders });
};
