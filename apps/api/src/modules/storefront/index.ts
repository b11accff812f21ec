// The storefront's pages as a crawler or a first visit gets them: rendered on the server, with the
// sitemap and robots.txt. Owns no table; reads the catalogue through its index.
export { crawlerRoutes } from './crawlers';
export { createPageRenderer, type PageAnswer, type PageRenderer } from './pages';
