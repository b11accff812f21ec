import {
  addressShape,
  savedProfileShape,
  userShape,
  userSignInShape,
} from '@makhana/domain/contracts/accounts';
import { pageQueryShape } from '@makhana/domain/contracts/envelope';
import { customerDetailsShape, customerShape } from '@makhana/domain/contracts/owner';
import {
  approvalSentMessage,
  codeSentMessage,
  EMAIL_CHANGE_MESSAGES,
  undoneMessage,
} from '@makhana/domain/email-change';
import {
  addressSchema,
  emailUndoSchema,
  loginEmailSchema,
  loginVerifySchema,
  otpSchema,
  profileSchema,
  registerSchema,
} from '@makhana/domain/validation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import type { Mailer } from '../../../adapters/mail/mailer';
import type { OidcClient } from '../../../adapters/oauth/oidc';
import type { Config } from '../../../config/config';
import type { Database } from '../../../db/client';
import { clientOf, createDistinctCounter } from '../../../lib/distinct-counter';
import { page, success } from '../../../lib/envelope';
import { NotFoundError, TooManyRequestsError } from '../../../lib/errors';
import type { Notice } from '../../../lib/notice';
import { strictRateLimit } from '../../../plugins/rate-limit';
import { answers, pageAnswers } from '../../../plugins/route-contracts';
import { userAgentOf } from '../auth/plugin';
import { sessionRoutes } from '../auth/session-routes';
import { customerDetails } from './customer-details';
import { EmailChanges } from './email-change';
import { googleRoutes } from './google';
import { OtpService } from './otp';
import {
  addAddress,
  deleteAddress,
  findUserByEmail,
  getUserView,
  listAddresses,
  listCustomers,
  markEmailVerified,
  NO_ACCOUNT_MESSAGE,
  registerUser,
  updateAccount,
  updateAddress,
} from './service';

export const TOO_MANY_EMAILS_MESSAGE =
  'Too many different e-mails from this connection today. Please try again tomorrow.';

export interface UserRouteDeps {
  db: Database;
  config: Config;
  /** counts what each client asks across processes; null counts in this process only */
  redis: Redis | null;
  mailer: Mailer;
  oidc: OidcClient | null;
  /** where a development shop shows each one-time code; null shows none */
  notice: Notice | null;
}

const emailChangeSchema = z.object({ otp: otpSchema });

const addressParams = z.object({
  addressId: z
    .string({ error: 'Address id is required' })
    .regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid address id'),
});

export const userRoutes: FastifyPluginAsyncZod<UserRouteDeps> = async (app, deps) => {
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
    config.isProduction ? null : deps.notice,
  );
  const emailChanges = new EmailChanges(
    db,
    otp,
    mailer,
    { authSecret: config.authSecret, publicUrl: config.publicUrl },
    app.log,
  );

  // One-time codes: the shop's own names (loginUser, loginVerificationUser) and the generic ones
  // are the same two steps (docs/product.md#one-time-codes). The alias routes share one budget
  // per client, or each name would double it.
  const sendCodeLimit = strictRateLimit(config.rateLimit, 'send-code');
  // "No account found" tells a shopper to register; asked of many e-mails, it would be a list.
  const emailsAsked = createDistinctCounter(deps.redis, 'sign-in-emails');
  const verifyCodeLimit = strictRateLimit(config.rateLimit, 'verify-code');
  for (const path of ['/loginUser', '/send-otp']) {
    app.post(
      path,
      {
        config: sendCodeLimit,
        schema: {
          summary: "Mail a sign-in code to a customer's e-mail",
          tags: ['accounts'],
          body: loginEmailSchema,
          response: answers(z.object({ user: userShape.pick({ email: true }) }), [404, 503]),
        },
      },
      async (request) => {
        const { email } = request.body;
        // Counted before the account is looked up, so a known and an unknown e-mail cost alike.
        if (config.rateLimit.enabled) {
          const admitted = await emailsAsked.admit(
            clientOf(request.ip),
            email.trim().toLowerCase(),
            config.rateLimit.signInEmailsPerDay,
          );
          if (!admitted) throw new TooManyRequestsError(TOO_MANY_EMAILS_MESSAGE);
        }
        if (!(await findUserByEmail(db, email))) throw new NotFoundError(NO_ACCOUNT_MESSAGE);
        await otp.send(email);
        return success({ user: { email } }, 'OTP Send successfully');
      },
    );
  }
  for (const path of ['/loginVerificationUser', '/verify-otp']) {
    app.post(
      path,
      {
        config: verifyCodeLimit,
        schema: {
          summary: 'Sign a customer in with the mailed code',
          tags: ['accounts'],
          body: loginVerifySchema,
          response: answers(userSignInShape),
        },
      },
      async (request, reply) => {
        const { email, otp: code } = request.body;
        await otp.verify(email, code);
        const user = await findUserByEmail(db, email);
        if (!user) throw new NotFoundError(NO_ACCOUNT_MESSAGE);
        // The first code entered proves the e-mail: sessions from before may belong to whoever
        // set that e-mail without proof, so they end.
        if (await markEmailVerified(db, user.id)) {
          await app.auth.sessions.revokeSubject('customer', user.id);
        }
        const session = await app.auth.sessions.start('customer', user.id, userAgentOf(request));
        app.auth.setCookies(reply, 'customer', session);
        return success(
          { user: await getUserView(db, user.id), ...app.auth.bodyTokens(request, session) },
          'User Login successfully',
        );
      },
    );
  }

  app.post(
    '/registerUser',
    {
      config: strict,
      schema: {
        summary: 'Create a customer account',
        tags: ['accounts'],
        body: registerSchema,
        response: answers(z.object({ user: userShape }), [409]),
      },
    },
    async (request) => {
      const user = await registerUser(db, request.body);
      return success({ user }, 'Account created successfully');
    },
  );

  await app.register(sessionRoutes, {
    realm: 'customer',
    logoutPath: '/logoutUser',
    logoutMessage: 'Logout successfully',
  });

  app.get(
    '/getUser',
    {
      config: { realm: 'customer' },
      schema: {
        summary: 'The signed-in customer',
        tags: ['accounts'],
        response: answers(userShape),
      },
    },
    async (request) =>
      success(await getUserView(db, request.auth.subjectId), 'User fetched successfully'),
  );

  app.get(
    '/getUserDetails',
    {
      config: { realm: 'owner' },
      schema: {
        summary: 'The customers, newest first, a page at a time',
        description: '`?q=` searches names, e-mails and phone numbers.',
        tags: ['accounts'],
        querystring: pageQueryShape,
        response: pageAnswers(customerShape),
      },
    },
    async (request) => {
      const { customers, meta } = await listCustomers(db, request.query);
      return page(customers, meta, 'Users fetched successfully');
    },
  );

  app.get(
    '/customerDetails/:userId',
    {
      config: { realm: 'owner' },
      schema: {
        summary: "One customer's page: contact, addresses, orders, reviews and support messages",
        description:
          'Orders, reviews and messages are the newest 100 of each. An id that names no customer is a 404.',
        tags: ['accounts'],
        // Not checked as uuids here: any other id answers the same 404 as a missing row.
        params: z.object({ userId: z.string().max(100, 'User id is too long') }),
        response: answers(customerDetailsShape),
      },
    },
    async (request) =>
      success(await customerDetails(db, request.params.userId), 'Customer fetched successfully'),
  );

  app.post(
    '/updateUserAccount',
    {
      config: { ...strict, realm: 'customer' },
      schema: {
        summary: "Save the signed-in customer's profile",
        description:
          'A different e-mail is not set yet: `pendingEmail` names it while the change waits for a code, from the current address first (`emailChangeStep` `approve`, see approveEmailChange), then from the new one (`verify`, see verifyEmailChange).',
        tags: ['accounts'],
        body: profileSchema,
        response: answers(savedProfileShape, [409, 503]),
      },
    },
    async (request) => {
      const { user, pendingEmail, emailChangeStep } = await updateAccount(
        db,
        emailChanges,
        request.auth.subjectId,
        request.body,
      );
      if (!pendingEmail) {
        return success({ ...user, pendingEmail, emailChangeStep }, 'Profile updated successfully');
      }
      return success(
        { ...user, pendingEmail, emailChangeStep },
        emailChangeStep === 'approve'
          ? approvalSentMessage(user.email, pendingEmail)
          : codeSentMessage(pendingEmail),
      );
    },
  );

  app.post(
    '/approveEmailChange',
    {
      config: { ...strict, realm: 'customer' },
      schema: {
        summary: 'Approve a pending e-mail change with the code mailed to the current address',
        description:
          'A code then goes to the new address, for verifyEmailChange. Five wrong codes burn the code.',
        tags: ['accounts'],
        body: emailChangeSchema,
        response: answers(savedProfileShape, [409, 503]),
      },
    },
    async (request) => {
      const { subjectId } = request.auth;
      const pendingEmail = await emailChanges.approve(subjectId, request.body.otp);
      const user = await getUserView(db, subjectId);
      return success(
        { ...user, pendingEmail, emailChangeStep: 'verify' as const },
        codeSentMessage(pendingEmail),
      );
    },
  );

  app.post(
    '/verifyEmailChange',
    {
      config: { ...strict, realm: 'customer' },
      schema: {
        summary: 'Confirm an approved e-mail change with the code mailed to the new address',
        description:
          "Sets the e-mail, mails the old address a link that undoes the change for a week, and ends every other session of the account (one opened by whoever knew the old e-mail must not live on); the caller's own stays. If the old address cannot be told, nothing changes and the code stays good.",
        tags: ['accounts'],
        body: emailChangeSchema,
        response: answers(userShape, [409, 503]),
      },
    },
    async (request) => {
      const { subjectId, sessionId } = request.auth;
      await emailChanges.complete(subjectId, request.body.otp);
      await app.auth.sessions.revokeSubject('customer', subjectId, { except: sessionId });
      return success(await getUserView(db, subjectId), EMAIL_CHANGE_MESSAGES.updated);
    },
  );

  app.post(
    '/undoEmailChange',
    {
      config: strict,
      schema: {
        summary: 'Undo an e-mail change with the link mailed to the old address',
        description:
          "The token is the part of the link after `#`. Puts the old e-mail back, voids the account's other links and any change under way, and ends every session of the account.",
        tags: ['accounts'],
        body: emailUndoSchema,
        response: answers(z.object({ email: z.string() }), [409]),
      },
    },
    async (request) => {
      const { userId, email } = await emailChanges.undo(request.body.token);
      await app.auth.sessions.revokeSubject('customer', userId);
      return success({ email }, undoneMessage(email));
    },
  );

  app.post(
    '/newAddress',
    {
      config: { realm: 'customer' },
      schema: {
        summary: 'Save a new address',
        tags: ['accounts'],
        body: addressSchema,
        response: answers(addressShape),
      },
    },
    async (request) => {
      const address = await addAddress(db, request.auth.subjectId, request.body);
      return success(address, 'Address Added successfully');
    },
  );

  app.post(
    '/editAddress/:addressId',
    {
      config: { realm: 'customer' },
      schema: {
        summary: 'Change a saved address',
        tags: ['accounts'],
        params: addressParams,
        body: addressSchema,
        response: answers(addressShape),
      },
    },
    async (request) => {
      const address = await updateAddress(
        db,
        request.auth.subjectId,
        request.params.addressId,
        request.body,
      );
      return success(address, 'Address Update successfully');
    },
  );

  app.post(
    '/deleteAddress/:addressId',
    {
      config: { realm: 'customer' },
      schema: {
        summary: 'Delete a saved address',
        tags: ['accounts'],
        params: addressParams,
        response: answers(addressShape.pick({ _id: true })),
      },
    },
    async (request) => {
      const address = await deleteAddress(db, request.auth.subjectId, request.params.addressId);
      return success({ _id: address._id }, 'Address deleted successfully');
    },
  );

  app.get(
    '/getAddressDetails',
    {
      config: { realm: 'customer' },
      schema: {
        summary: "The signed-in customer's saved addresses, newest first",
        tags: ['accounts'],
        response: answers(z.array(addressShape)),
      },
    },
    async (request) =>
      success(await listAddresses(db, request.auth.subjectId), 'Addresses fetched successfully'),
  );

  await app.register(googleRoutes, {
    db,
    config,
    mailer,
    redis: deps.redis,
    oidc: deps.oidc,
    notice: deps.notice,
  });
};
