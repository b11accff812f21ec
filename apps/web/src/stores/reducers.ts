import { bannerReducer } from './banner-slice';
import { cartReducer } from './cart-slice';
import { loaderReducer } from './loader-slice';
import { productReducer } from './product-slice';
import { reviewReducer } from './review-slice';
import { shopReducer } from './shop-slice';

/** Every slice but the session's, which the browser's store keeps across visits. */
export const shopReducers = {
  product: productReducer,
  cart: cartReducer,
  banner: bannerReducer,
  review: reviewReducer,
  shop: shopReducer,
  loader: loaderReducer,
};
