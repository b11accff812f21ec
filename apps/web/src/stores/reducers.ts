import { bannerReducer } from './banner-slice';
import { cartReducer } from './cart-slice';
import { loaderReducer } from './loader-slice';
import { productReducer } from './product-slice';
import { reviewReducer } from './review-slice';

/** Every slice but the session's, which the browser's store keeps across visits. */
export const shopReducers = {
  product: productReducer,
  cart: cartReducer,
  banner: bannerReducer,
  review: reviewReducer,
  loader: loaderReducer,
};
