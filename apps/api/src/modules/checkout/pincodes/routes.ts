import { pincodeVerificationShape } from '@makhana/domain/contracts/checkout';
import { pincodeCheckSchema } from '@makhana/domain/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PincodeDirectory } from '../../../adapters/pincode/pincode-directory';
import { success } from '../../../lib/envelope';
import { answers } from '../../../plugins/route-contracts';
import { PINCODE_NOT_SERVICEABLE, PINCODE_SERVICEABLE, verifyPincode } from './service';

/** `POST /orders/pincodeVerification`: the one pincode check, for the product page and checkout. */
export const pincodeRoutes: FastifyPluginAsyncZod<{ directory: PincodeDirectory }> = async (
  app,
  { directory },
) => {
  app.post(
    '/pincodeVerification',
    {
      schema: {
        summary: 'Whether the shop delivers to a pincode',
        tags: ['checkout'],
        body: pincodeCheckSchema,
        response: answers(pincodeVerificationShape, [503]),
      },
    },
    async (request) => {
      const { place, verification } = await verifyPincode(directory, request.body.pincode);
      return success(verification, place ? PINCODE_SERVICEABLE : PINCODE_NOT_SERVICEABLE);
    },
  );
};
