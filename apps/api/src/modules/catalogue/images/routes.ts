import multipart from '@fastify/multipart';
import { bannerShape, productShape } from '@makhana/domain/contracts/catalogue';
import { IMAGE_ACCEPT, IMAGE_ALT_MAX, IMAGE_MAX_FILES, IMAGE_WIDTHS } from '@makhana/domain/images';
import {
  deleteImageSchema,
  productImageAltSchema,
  reorderImagesSchema,
} from '@makhana/domain/validation';
import type { FastifySchemaCompiler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ImageStorage } from '../../../adapters/storage/storage';
import type { Database } from '../../../db/client';
import { success } from '../../../lib/envelope';
import { parseInput } from '../../../lib/validation';
import { answers } from '../../../plugins/route-contracts';
import {
  addBannerImages,
  addProductImages,
  assertProductExists,
  BANNER_IMAGE_DELETED,
  BANNER_IMAGES_ADDED,
  BANNER_IMAGES_REORDERED,
  deleteBannerImage,
  deleteProductImage,
  IMAGE_ALT_SAVED,
  IMAGE_DELETED,
  IMAGES_ADDED,
  IMAGES_REORDERED,
  type ImageServiceDeps,
  reorderBannerImages,
  reorderProductImages,
  setProductImageAlt,
} from './service';
import { readPictures, UPLOAD_LIMITS } from './upload';

export interface ImageRouteDeps {
  db: Database;
  storage: ImageStorage;
}

const productParams = z.object({
  productId: z.string().trim().min(1, 'Product id is required').max(100, 'Product id is too long'),
});

/** The upload form as the API document shows it; the handler reads it file by file. */
const imagesForm = z.object({
  images: z
    .array(
      z.string().meta({
        format: 'binary',
        description: `a picture (${IMAGE_ACCEPT}) of at most 10 MB and 40 megapixels`,
      }),
    )
    .min(1)
    .max(IMAGE_MAX_FILES)
    .meta({
      description: `one or more pictures, checked by their bytes and stored as WebP at ${IMAGE_WIDTHS.join(', ')} pixels wide (never enlarged) as <id>-<width>.webp; the largest one's URL is kept`,
    }),
});

/** A product's upload form: the pictures, and optionally the alternative text of each. */
const productImagesForm = imagesForm.extend({
  alt: z.array(z.string().max(IMAGE_ALT_MAX)).max(IMAGE_MAX_FILES).optional().meta({
    description:
      "the n-th is the n-th picture's alternative text; an empty or missing one reads as the product's name and smallest weight",
  }),
});

/**
 * The multipart body is streamed in the handler, within limits, so there is nothing parsed for a
 * schema to check before it: the form's schema documents the route, the handler validates.
 */
const formReadByHandler: FastifySchemaCompiler<unknown> = () => (data) => ({ value: data });

function serviceDeps(
  app: { log: { warn(o: object, m: string): void } },
  deps: ImageRouteDeps,
): ImageServiceDeps {
  return { ...deps, warn: (error, message) => app.log.warn({ err: error }, message) };
}

/** The owner's picture calls on a product: add (multipart), delete, reorder. */
export const productImageRoutes: FastifyPluginAsyncZod<ImageRouteDeps> = async (app, deps) => {
  const service = serviceDeps(app, deps);
  // Multipart is parsed in this scope only: the rest of the API takes JSON.
  await app.register(multipart, { limits: UPLOAD_LIMITS });

  app.post(
    '/addProductImage/:productId',
    {
      config: { realm: 'owner' },
      validatorCompiler: formReadByHandler,
      schema: {
        summary: 'Add pictures to a product (after its others); answers the product',
        tags: ['catalogue'],
        consumes: ['multipart/form-data'],
        params: productParams,
        body: productImagesForm,
        response: answers(productShape, [503]),
      },
    },
    async (request) => {
      const { productId } = parseInput(productParams, request.params);
      await assertProductExists(deps.db, productId);
      const { pictures, alts } = await readPictures(request, { withAlts: true });
      return success(await addProductImages(service, productId, pictures, alts), IMAGES_ADDED);
    },
  );

  app.post(
    '/productImageAlt/:productId',
    {
      config: { realm: 'owner' },
      schema: {
        summary: "Set what one of a product's pictures shows, its alternative text",
        description: "Empty text goes back to the default: the product's name and smallest weight.",
        tags: ['catalogue'],
        params: productParams,
        body: productImageAltSchema,
        response: answers(productShape),
      },
    },
    async (request) =>
      success(
        await setProductImageAlt(
          service,
          request.params.productId,
          request.body.imageUrl,
          request.body.alt,
        ),
        IMAGE_ALT_SAVED,
      ),
  );

  app.post(
    '/deleteProductImage/:productId',
    {
      config: { realm: 'owner' },
      schema: {
        summary: "Delete one of a product's pictures with every stored width",
        tags: ['catalogue'],
        params: productParams,
        body: deleteImageSchema,
        response: answers(productShape),
      },
    },
    async (request) =>
      success(
        await deleteProductImage(service, request.params.productId, request.body.imageUrl),
        IMAGE_DELETED,
      ),
  );

  app.post(
    '/reorderProductImages/:productId',
    {
      config: { realm: 'owner' },
      schema: {
        summary: "Put a product's pictures in a new order; the first is the main picture",
        tags: ['catalogue'],
        params: productParams,
        body: reorderImagesSchema,
        response: answers(productShape),
      },
    },
    async (request) =>
      success(
        await reorderProductImages(service, request.params.productId, request.body.images),
        IMAGES_REORDERED,
      ),
  );
};

/** The owner's calls on the home carousel's pictures; each answers the banners list. */
export const bannerImageRoutes: FastifyPluginAsyncZod<ImageRouteDeps> = async (app, deps) => {
  const service = serviceDeps(app, deps);
  await app.register(multipart, { limits: UPLOAD_LIMITS });
  const bannersAnswer = answers(z.array(bannerShape));

  app.post(
    '/addBannerImage',
    {
      config: { realm: 'owner' },
      validatorCompiler: formReadByHandler,
      schema: {
        summary: 'Add pictures to the home carousel (the first banner, made when there is none)',
        tags: ['catalogue'],
        consumes: ['multipart/form-data'],
        body: imagesForm,
        response: answers(z.array(bannerShape), [503]),
      },
    },
    async (request) => {
      const { pictures } = await readPictures(request);
      return success(await addBannerImages(service, pictures), BANNER_IMAGES_ADDED);
    },
  );

  app.post(
    '/deleteBannerImage',
    {
      config: { realm: 'owner' },
      schema: {
        summary: 'Delete a banner picture with every stored width',
        tags: ['catalogue'],
        body: deleteImageSchema,
        response: bannersAnswer,
      },
    },
    async (request) =>
      success(await deleteBannerImage(service, request.body.imageUrl), BANNER_IMAGE_DELETED),
  );

  app.post(
    '/reorderBannerImages',
    {
      config: { realm: 'owner' },
      schema: {
        summary: "Put the carousel's pictures in a new order",
        tags: ['catalogue'],
        body: reorderImagesSchema,
        response: bannersAnswer,
      },
    },
    async (request) =>
      success(await reorderBannerImages(service, request.body.images), BANNER_IMAGES_REORDERED),
  );
};
