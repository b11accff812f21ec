import {
  addressSchema,
  loginEmailSchema,
  loginVerifySchema,
  otpSchema,
  registerSchema,
} from '@makhana/domain/validation';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Mailer } from '../../../adapters/mail/mailer';
import type { OidcClient } from '../../../adapters/oauth/oidc';
import type { Config } from '../../../config/config';
import type { Database } from '../../../db/client';
import { success } from '../../../lib/envelope';
import { NotFoundError, UnauthorizedError } from '../../../lib/errors';
import { maxLengths, parseInput } from '../../../lib/validation';
import { strictRateLimit } from '../../../plugins/rate-limit';
import { SESSION_EXPIRED } from '../auth/tokens';
import { googleRoutes } from './google';
import { OtpService } from './otp';
import {
  addAddress,
  applyEmailChange,
  deleteAddress,
  findUserByEmail,
  getUserView,
  listAddresses,
  listUserViews,
  markEmailVerified,
  NO_ACCOUNT_MESSAGE,
  registerUser,
  updateAccount,
  updateAddress,
} from './service';

export interface UserRouteDeps {
  db: Database;
  config: Config;
  mailer: Mailer;
  oidc: OidcClient | null;
}

const EMAIL_LIMIT = maxLengths({ email: 254 });
const PERSON_LIMITS = maxLengths({ firstName: 100, lastName: 100, email: 254, phoneNumber: 20 });
const ADDRESS_LIMITS = maxLengths({
  name: 100,
  street: 300,
  city: 100,
  state: 100,
  country: 100,
  landmark: 200,
  email: 254,
  locality: 200,
});

const accountSchema = registerSchema.extend({
  gender: z
    .union([z.enum(['Male', 'Female']), z.literal(''), z.null()], {
      error: 'Gender must be Male or Female',
    })
    .optional()
    .transform((value) => (value === '' ? null : value)),
});

const emailChangeSchema = z.object({ otp: otpSchema });

const addressParams = z.object({
  addressId: z
    .string({ error: 'Address id is required' })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid address id'),
});

const userAgentOf = (request: FastifyRequest) =>
  String(request.headers['user-agent'] ?? '').slice(0, 300);

export const userRoutes: FastifyPluginAsync<UserRouteDeps> = async (app, deps) => {
  const { db, config, mailer } = deps;
  const strict = strictRateLimit(config.rateLimit);
  const otp = new OtpService(
    db,
    mailer,
    {
      authSecret: config.authSecret,
      ttlSeconds: config.auth.otpTtlSeconds,
      resendSeconds: config.auth.otpResendSeconds,
      maxPerHour: config.auth.otpMaxPerHour,
      maxPerDay: config.auth.otpMaxPerDay,
    },
    app.log,
    !config.isProduction,
  );

  // One-time codes: the shop's own names (loginUser, loginVerificationUser) and the generic ones
  // are the same two steps (docs/product.md#one-time-codes).
  const sendCode = async (request: FastifyRequest) => {
    const { email } = parseInput(loginEmailSchema, request.body);
    parseInput(EMAIL_LIMIT, { email });
    if (!(await findUserByEmail(db, email))) throw new NotFoundError(NO_ACCOUNT_MESSAGE);
    await otp.send(email);
    return success({ user: { email } }, 'OTP Send successfully');
  };
  const verifyCode = async (request: FastifyRequest, reply: FastifyReply) => {
    const { email, otp: code } = parseInput(loginVerifySchema, request.body);
    parseInput(EMAIL_LIMIT, { email });
    await otp.verify(email, code);
    const user = await findUserByEmail(db, email);
    if (!user) throw new NotFoundError(NO_ACCOUNT_MESSAGE);
    // The first code entered proves the e-mail: sessions from before may belong to whoever set
    // that e-mail without proof, so they end.
    if (await markEmailVerified(db, user.id)) {
      await app.auth.sessions.revokeSubject('customer', user.id);
    }
    const session = await app.auth.sessions.start('customer', user.id, userAgentOf(request));
    app.auth.setCookies(reply, 'customer', session);
    return success(
      {
        user: await getUserView(db, user.id),
        accessToken: session.accessToken,
        refreshToken: session.refreshToken,
      },
      'User Login successfully',
    );
  };
  // The alias routes share one budget per client, or each name would double it.
  const sendCodeLimit = strictRateLimit(config.rateLimit, 'send-code');
  const verifyCodeLimit = strictRateLimit(config.rateLimit, 'verify-code');
  app.post('/loginUser', { config: sendCodeLimit }, sendCode);
  app.post('/send-otp', { config: sendCodeLimit }, sendCode);
  app.post('/loginVerificationUser', { config: verifyCodeLimit }, verifyCode);
  app.post('/verify-otp', { config: verifyCodeLimit }, verifyCode);

  app.post('/registerUser', { config: strict }, async (request) => {
    const input = parseInput(registerSchema, request.body);
    parseInput(PERSON_LIMITS, input);
    const user = await registerUser(db, input);
    return success({ user }, 'Account created successfully');
  });

  app.post('/refresh-token', async (request, reply) => {
    try {
      const token = app.auth.refreshTokenOf(request, 'customer');
      if (!token) throw new UnauthorizedError(SESSION_EXPIRED);
      const session = await app.auth.sessions.rotate('customer', token, userAgentOf(request));
      app.auth.setCookies(reply, 'customer', session);
      return success(
        { accessToken: session.accessToken, refreshToken: session.refreshToken },
        'Access token refreshed',
      );
    } catch (error) {
      if (error instanceof UnauthorizedError) app.auth.clearCookies(reply, 'customer');
      throw error;
    }
  });

  app.post('/logoutUser', async (request, reply) => {
    await app.auth.endSession(request, 'customer');
    app.auth.clearCookies(reply, 'customer');
    return success(null, 'Logout successfully');
  });

  app.get('/getUser', { preHandler: app.auth.requireCustomer }, async (request) => {
    return success(await getUserView(db, request.auth.subjectId), 'User fetched successfully');
  });

  app.get('/getUserDetails', { preHandler: app.auth.requireOwner }, async () => {
    return success(await listUserViews(db), 'Users fetched successfully');
  });

  app.post(
    '/updateUserAccount',
    { preHandler: app.auth.requireCustomer, config: strict },
    async (request) => {
      const input = parseInput(accountSchema, request.body);
      parseInput(PERSON_LIMITS, input);
      const { user, pendingEmail } = await updateAccount(db, otp, request.auth.subjectId, input);
      return success(
        { ...user, pendingEmail },
        pendingEmail
          ? `We sent a code to ${pendingEmail}. Enter it to change your e-mail.`
          : 'Profile updated successfully',
      );
    },
  );

  /**
   * `POST /users/verifyEmailChange {otp}`: the code mailed to the new address of the caller's
   * pending e-mail change. Sets the e-mail and ends every other session of the account (one
   * opened by whoever knew the old e-mail must not live on); the caller's own stays.
   */
  app.post(
    '/verifyEmailChange',
    { preHandler: app.auth.requireCustomer, config: strict },
    async (request) => {
      const { otp: code } = parseInput(emailChangeSchema, request.body);
      const { subjectId, sessionId } = request.auth;
      const email = await otp.verifyEmailChange(subjectId, code);
      const user = await applyEmailChange(db, subjectId, email);
      await app.auth.sessions.revokeSubject('customer', subjectId, { except: sessionId });
      return success(user, 'Email updated successfully');
    },
  );

  app.post('/newAddress', { preHandler: app.auth.requireCustomer }, async (request) => {
    const input = parseInput(addressSchema, request.body);
    parseInput(ADDRESS_LIMITS, input);
    const address = await addAddress(db, request.auth.subjectId, input);
    return success(address, 'Address Added successfully');
  });

  app.post('/editAddress/:addressId', { preHandler: app.auth.requireCustomer }, async (request) => {
    const { addressId } = parseInput(addressParams, request.params);
    const input = parseInput(addressSchema, request.body);
    parseInput(ADDRESS_LIMITS, input);
    const address = await updateAddress(db, request.auth.subjectId, addressId, input);
    return success(address, 'Address Update successfully');
  });

  app.post(
    '/deleteAddress/:addressId',
    { preHandler: app.auth.requireCustomer },
    async (request) => {
      const { addressId } = parseInput(addressParams, request.params);
      const address = await deleteAddress(db, request.auth.subjectId, addressId);
      return success({ _id: address._id }, 'Address deleted successfully');
    },
  );

  app.get('/getAddressDetails', { preHandler: app.auth.requireCustomer }, async (request) => {
    return success(
      await listAddresses(db, request.auth.subjectId),
      'Addresses fetched successfully',
    );
  });

  await app.register(googleRoutes, { db, config, mailer, oidc: deps.oidc });
};
