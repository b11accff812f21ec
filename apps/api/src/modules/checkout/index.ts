// Checkout: orders and their items, stock reservations, payments and payment events, the
// pincode check, order mails and the sweeper; the owner's sales figures.
export { applyDiscountRoutes, discountRoutes } from './discounts/routes';
export { DISCOUNTS_CHANGED } from './discounts/service';
export { figuresRoutes } from './figures/routes';
export { orderRoutes } from './orders/all-routes';
export {
  ERASED_CUSTOMER_NAME,
  forgetCustomerOnOrders,
  removeReturnPhotos,
} from './orders/erased-customer';
export { createOrdersKit, type OrdersKit } from './orders/kit';
export { REFUND_RECORDED } from './orders/refunds';
export { SELLER_NOT_SET_UP } from './orders/routes';
export { boughtBy, isPaidOrder, isSaleOrder, keptPaise } from './orders/rules';
export { recentOrdersOf } from './orders/service';
export { ORDER_MOVED } from './orders/state-changes';
export { startSweeper } from './orders/sweeper';
export { paymentRoutes, simulatedPaymentRoutes, webhookRoutes } from './payments/routes';
export { handleWebhook } from './payments/service';
export { pincodeRoutes } from './pincodes/routes';
export { heldStock, heldUnitsByVariant, variantsEverHeld } from './stock/reservations';
