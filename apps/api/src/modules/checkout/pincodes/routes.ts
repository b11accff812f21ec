import { pincodeCheckSchema } from '@makhana/domain/validation';
import type { FastifyPluginAsync } from 'fastify';
import type { PincodeDirectory } from '../../../adapters/pincode/pincode-directory';
import { success } from '../../../lib/envelope';
import { parseInput } from '../../../lib/validation';
import { PINCODE_NOT_SERVICEABLE, PINCODE_SERVICEABLE, verifyPincode } from './service';

/** `POST /orders/pincodeVerification`: the one pincode check, for the product page and checkout. */
export const pincodeRoutes: FastifyPluginAsync<{ directory: PincodeDirectory }> = async (
  app,
  { directory },
) => {
  app.post('/pincodeVerification', async (request) => {
    const { pincode } = parseInput(pincodeCheckSchema, request.body);
    const { place, verification } = await verifyPincode(directory, pincode);
    return success(verification, place ? PINCODE_SERVICEABLE : PINCODE_NOT_SERVICEABLE);
  });
};
