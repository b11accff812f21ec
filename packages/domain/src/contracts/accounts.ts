/** Customers, their addresses, the owner and sessions, as the API sends them. */
import { z } from 'zod';
import { ADDRESS_LABELS, GENDERS } from '../constants';
import { EMAIL_CHANGE_STEPS } from '../email-change';

export const genderShape = z.enum(GENDERS);

export const userShape = z
  .object({
    _id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    gender: genderShape.nullable(),
    email: z.string(),
    phoneNumber: z.string(),
    address: z
      .array(z.string())
      .meta({ description: "the ids of the user's saved addresses, newest first" }),
    orders: z.int().meta({ description: 'how many orders the user has' }),
  })
  .meta({ id: 'User' });

/** The profile as saved: the e-mail stays the old one until both addresses' codes are entered. */
export const savedProfileShape = userShape
  .extend({
    pendingEmail: z.string().nullable().meta({
      description: 'the new e-mail a change is under way to; null when the e-mail is unchanged',
    }),
    emailChangeStep: z.enum(EMAIL_CHANGE_STEPS).nullable().meta({
      description:
        "whose code the change waits for: `approve`, the current address's; `verify`, the new one's",
    }),
  })
  .meta({ id: 'SavedProfile' });

export const addressLabelShape = z.enum(ADDRESS_LABELS);

export const addressShape = z
  .object({
    _id: z.string(),
    name: z.string(),
    street: z.string(),
    city: z.string(),
    state: z.string(),
    country: z.string(),
    pincode: z.string(),
    phoneNumber: z.string(),
    alternateNumber: z.string(),
    landmark: z.string(),
    email: z.string(),
    locality: z.string(),
    label: addressLabelShape,
  })
  .meta({
    id: 'Address',
    description: 'A saved address; the optional parts of the form arrive as empty strings.',
  });

export const adminShape = z
  .object({
    _id: z.string(),
    email: z.string(),
    name: z.string(),
    secondFactor: z.boolean().meta({ description: 'whether sign-in asks for a TOTP code' }),
  })
  .meta({ id: 'Admin' });

/** A second factor being set up: the secret to add to an authenticator app. */
export const secondFactorSetupShape = z
  .object({
    secret: z.string().meta({ description: 'base32, for an app that cannot scan' }),
    otpauthUrl: z.string().meta({ description: 'the otpauth:// address to show as a QR code' }),
  })
  .meta({ id: 'SecondFactorSetup' });

export const recoveryCodesShape = z
  .object({
    recoveryCodes: z.array(z.string()).meta({ description: 'ten single-use codes, shown once' }),
  })
  .meta({ id: 'RecoveryCodes' });

/**
 * The two tokens of a session, for clients other than the browser: a call that carries an `Origin`
 * header (every browser's) gets them in httpOnly cookies only, never where a script could read them.
 */
export const sessionTokensShape = z
  .object({
    accessToken: z.string().optional().meta({ description: 'only to a call without `Origin`' }),
    refreshToken: z.string().optional().meta({ description: 'only to a call without `Origin`' }),
  })
  .meta({ id: 'SessionTokens' });

export const userSignInShape = sessionTokensShape
  .extend({ user: userShape })
  .meta({ id: 'UserSignIn' });

/** Whether this shop has Google sign-in set up: without it the button shows it is off. */
export const googleSignInStatusShape = z
  .object({ configured: z.boolean() })
  .meta({ id: 'GoogleSignInStatus' });

export const adminSignInShape = sessionTokensShape
  .extend({ admin: adminShape })
  .meta({ id: 'AdminSignIn' });

const REFRESH_TOKEN_MESSAGE = 'Refresh token must be a string';

/**
 * The body of a refresh or a logout: a refresh token, for clients without the cookie. The session
 * code reads it from the body itself, passing over a body that is not an object (a browser sends
 * none) and refusing a bad token in these words; this schema does the same, before it runs.
 */
export const refreshTokenBodyShape = z.preprocess(
  (body) => (body !== null && typeof body === 'object' && !Array.isArray(body) ? body : undefined),
  z
    .object({
      refreshToken: z
        .string({ error: REFRESH_TOKEN_MESSAGE })
        .min(1, REFRESH_TOKEN_MESSAGE)
        .max(200, REFRESH_TOKEN_MESSAGE)
        .optional()
        .meta({ description: 'the refresh token a sign-in answered; without it, the cookie' }),
    })
    .optional()
    .meta({ description: 'May be left out: a browser sends none, and its cookie is read.' }),
);

/** One of the owner's live sessions, as the owner's Security tab lists them. */
export const ownerSessionShape = z
  .object({
    _id: z.string(),
    device: z.string().meta({ description: 'browser and system, read from the User-Agent' }),
    clientIp: z.string().meta({ description: 'the address it was last renewed from' }),
    signedInAt: z.string(),
    lastUsedAt: z.string(),
    current: z.boolean().meta({ description: 'the session this request came in' }),
  })
  .meta({ id: 'OwnerSession' });
