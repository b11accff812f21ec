// The catalogue: products, their variants, images and stock on the shelf, banners, reviews.
export { bannerRoutes } from './banners/routes';
export { listBanners } from './banners/service';
export { bannerImageRoutes, productImageRoutes } from './images/routes';
export {
  CATALOGUE_CHANGED,
  type CatalogueCache,
  catalogueChanged,
  createCatalogueCache,
} from './products/catalogue-cache';
export { DEMO_PRODUCTS, demoUploadName } from './products/demo-catalogue';
export { seedDemoCatalogue } from './products/demo-seed';
export { countLowStockProducts } from './products/low-stock';
export { productRoutes } from './products/routes';
export { listProducts } from './products/service';
export { returnToShelf, takeFromShelfWith } from './products/shelf';
export { forgetReviewAuthor } from './reviews/erased-author';
export { reviewRoutes } from './reviews/routes';
export { listReviews, reviewedBy, reviewsByAuthor } from './reviews/service';
