import type { adminShape } from '@makhana/domain/contracts/accounts';
import { SECOND_FACTOR_MESSAGES } from '@makhana/domain/second-factor';
import { type AnyColumn, and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ConfigError, DEV_ADMIN_PASSWORD, type SignInLockoutConfig } from '../../../config/config';
import type { Database, Executor } from '../../../db/client';
import { admins, signInFailures } from '../../../db/schema';
import {
  BadRequestError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../../../lib/errors';
import { hashPassword, verifyPassword } from '../../../lib/password';
import { revokeSessionsOf } from '../auth/service';
import { removeSecondFactor, useSecondFactor } from './second-factor';

/**
 * Creates the owner account from ADMIN_EMAIL/ADMIN_PASSWORD when the shop has no owner yet.
 * Safe at every start and from several processes at once (the e-mail is unique).
 */
export async function ensureOwnerAccount(
  db: Executor,
  owner: { email: string; password: string },
): Promise<'created' | 'exists'> {
  const [existing] = await db
    .select({ id: admins.id })
    .from(admins)
    .where(eq(admins.role, 'owner'))
    .limit(1);
  if (existing) return 'exists';
  const inserted = await db
    .insert(admins)
    .values({ email: owner.email.toLowerCase(), passwordHash: await hashPassword(owner.password) })
    .onConflictDoNothing()
    .returning({ id: admins.id });
  return inserted.length > 0 ? 'created' : 'exists';
}

export const INVALID_CREDENTIALS = 'Invalid email or password';

export type AdminView = z.infer<typeof adminShape>;

/** A hash of a throw-away password, so an unknown e-mail costs as much time as a wrong password. */
let decoyHash: Promise<string> | null = null;

/** The owner account of this e-mail, or null. */
async function ownerByEmail(db: Executor, email: string) {
  const [row] = await db
    .select()
    .from(admins)
    .where(eq(admins.email, email.trim().toLowerCase()))
    .limit(1);
  return row ?? null;
}

/** Whether the password opens this account; an unknown e-mail takes as long to say no. */
async function passwordOpens(row: { passwordHash: string } | null, password: string) {
  if (row) return verifyPassword(password, row.passwordHash);
  decoyHash ??= hashPassword('decoy-password-never-matches');
  await verifyPassword(password, await decoyHash);
  return false;
}

/** Failures older than this are forgotten, so a rare typo never builds up to a delay. */
const FAILURES_FORGOTTEN_AFTER = sql`interval '24 hours'`;
/** The window of the per-e-mail ceiling. */
const CEILING_WINDOW = sql`interval '1 hour'`;

/** A held sign-in's answer, whoever asks and with whatever password. */
export class SignInLockedError extends TooManyRequestsError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      `Too many failed sign-ins. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    );
  }
}

/** The password was right; the owner has a second factor and did not send it. */
export class SecondFactorNeededError extends UnauthorizedError {
  constructor() {
    super(SECOND_FACTOR_MESSAGES.needed, { needsOtp: true });
  }
}

const emailKey = (email: string) => `owner:${email.trim().toLowerCase()}`;
/** One client's failures for one e-mail: a client is its address as the app sees it. */
const clientKey = (email: string, client: string) => `${emailKey(email)}|${client}`;

export interface OwnerSignIn {
  email: string;
  password: string;
  /** the second factor: a code from the app or a recovery code */
  otp?: string | undefined;
  /** where the attempt comes from (the request's address) */
  client: string;
}

/**
 * Owner sign-in (decision 030). Failures are counted per (e-mail, client): after `maxFailures`
 * that client waits `lockSeconds`, doubling with each further failure up to `maxLockSeconds`,
 * and no other client is held up, so nobody can lock the owner out from their own address.
 * Failures are counted per e-mail as well, from every client: past `ceiling` within an hour a
 * sign-in needs the second factor, which an owner who has one always gives; one without is
 * refused until the hour has passed. Unknown e-mails are counted and answered alike. The attempt
 * holds its client's counter row while it checks, so one client's parallel guesses are judged
 * one after another and none slips past a delay.
 */
export async function signInOwner(
  db: Database,
  attempt: OwnerSignIn,
  lockout: SignInLockoutConfig,
): Promise<AdminView> {
  const { email, password, otp, client } = attempt;
  const perClient = clientKey(email, client);
  const perEmail = emailKey(email);
  const outcome = await db.transaction(async (tx) => {
    await tx.insert(signInFailures).values({ key: perClient }).onConflictDoNothing();
    const [counter] = await tx
      .select({ heldForSeconds: secondsUntil(signInFailures.lockedUntil) })
      .from(signInFailures)
      .where(eq(signInFailures.key, perClient))
      .for('update');
    const heldFor = Number(counter?.heldForSeconds ?? 0);
    if (heldFor > 0) return { kind: 'held', seconds: heldFor } as const;

    const owner = await ownerByEmail(tx, email);
    if (!owner?.totpSecret) {
      const [ceiling] = await tx
        .select({
          failures: signInFailures.failures,
          heldForSeconds: secondsUntil(sql`${signInFailures.lastFailedAt} + ${CEILING_WINDOW}`),
        })
        .from(signInFailures)
        .where(eq(signInFailures.key, perEmail));
      const heldForCeiling = Number(ceiling?.heldForSeconds ?? 0);
      if (ceiling && ceiling.failures >= lockout.ceiling && heldForCeiling > 0) {
        return { kind: 'held', seconds: heldForCeiling } as const;
      }
    }

    if (!(await passwordOpens(owner, password)) || !owner) {
      await countFailure(tx, perClient, perEmail, lockout);
      return { kind: 'failed', message: INVALID_CREDENTIALS } as const;
    }
    if (owner.totpSecret) {
      if (!otp) return { kind: 'needs-otp' } as const;
      const proven = await useSecondFactor(
        tx,
        { id: owner.id, email: owner.email, totpSecret: owner.totpSecret },
        otp,
      );
      if (!proven) {
        await countFailure(tx, perClient, perEmail, lockout);
        return { kind: 'failed', message: SECOND_FACTOR_MESSAGES.wrong } as const;
      }
    }
    await tx.delete(signInFailures).where(inArray(signInFailures.key, [perClient, perEmail]));
    return {
      kind: 'signed-in',
      admin: {
        _id: owner.id,
        email: owner.email,
        name: owner.name,
        secondFactor: Boolean(owner.totpSecret),
      },
    } as const;
  });

  switch (outcome.kind) {
    case 'signed-in':
      return outcome.admin;
    case 'held':
      throw new SignInLockedError(outcome.seconds);
    case 'needs-otp':
      throw new SecondFactorNeededError();
    case 'failed':
      await forgetStaleFailures(db);
      throw new UnauthorizedError(outcome.message);
  }
}

/** Whole seconds from now until `moment`, 0 once it has passed or when it is null. */
const secondsUntil = (moment: SQL | AnyColumn) =>
  sql<number>`ceil(greatest(0, coalesce(extract(epoch from (${moment} - now())), 0)))::int`;

async function countFailure(
  tx: Executor,
  perClient: string,
  perEmail: string,
  lockout: SignInLockoutConfig,
): Promise<void> {
  const failures = sql`case when ${signInFailures.lastFailedAt} < now() - ${FAILURES_FORGOTTEN_AFTER} then 1 else ${signInFailures.failures} + 1 end`;
  // A sign-in made the client's row already (to hold it); a proof of identity may not have.
  await tx.insert(signInFailures).values({ key: perClient }).onConflictDoNothing();
  await tx
    .update(signInFailures)
    .set({
      failures: sql`${failures}`,
      lockedUntil: sql`case when ${failures} >= ${lockout.maxFailures}
        then now() + make_interval(secs => least(
          ${lockout.lockSeconds}::float8 * power(2, least(${failures} - ${lockout.maxFailures}, 30)),
          ${lockout.maxLockSeconds}))
        else null end`,
      lastFailedAt: sql`now()`,
    })
    .where(eq(signInFailures.key, perClient));
  await tx
    .insert(signInFailures)
    .values({ key: perEmail, failures: 1 })
    .onConflictDoUpdate({
      target: signInFailures.key,
      set: {
        failures: sql`case when ${signInFailures.lastFailedAt} < now() - ${CEILING_WINDOW} then 1 else ${signInFailures.failures} + 1 end`,
        lastFailedAt: sql`now()`,
      },
    });
}

/** Counters of e-mails nobody has tried for a day (mostly guessed addresses) are dropped. */
async function forgetStaleFailures(db: Database): Promise<void> {
  await db
    .delete(signInFailures)
    .where(
      and(
        sql`${signInFailures.lastFailedAt} < now() - ${FAILURES_FORGOTTEN_AFTER}`,
        sql`(${signInFailures.lockedUntil} is null or ${signInFailures.lockedUntil} < now())`,
      ),
    );
}

/** E-mails of the owner accounts whose password is still the development one. */
export async function ownersWithDevelopmentPassword(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ email: admins.email, passwordHash: admins.passwordHash })
    .from(admins);
  const found: string[] = [];
  for (const row of rows) {
    if (await verifyPassword(DEV_ADMIN_PASSWORD, row.passwordHash)) found.push(row.email);
  }
  return found;
}

/** E-mails of the owner accounts that sign in with a password alone. */
export async function ownersWithoutSecondFactor(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ email: admins.email })
    .from(admins)
    .where(isNull(admins.totpSecret))
    .orderBy(admins.email);
  return rows.map((row) => row.email);
}

/**
 * Production refuses to start while an owner account can be opened with the password printed in
 * the code (a database first started in development keeps it).
 */
export async function refuseDevelopmentOwnerPassword(db: Executor): Promise<void> {
  const [email, ...others] = await ownersWithDevelopmentPassword(db);
  if (email === undefined) return;
  const accounts = [email, ...others].join(', ');
  throw new ConfigError(
    `The owner account ${accounts} still has the development password, which production refuses. ` +
      `Set a new one with \`npm run owner:password\` (with ADMIN_EMAIL=${email} if that is not the configured owner).`,
  );
}

/**
 * Sets the password of the owner account with this e-mail, creating the account when it is
 * missing, turns its second factor off (the owner's way back after losing the phone) and ends
 * every session of it: whoever signed in with the old password is signed out.
 */
export async function setOwnerPassword(
  db: Database,
  email: string,
  password: string,
): Promise<{ outcome: 'created' | 'updated'; secondFactorRemoved: boolean }> {
  const address = email.trim().toLowerCase();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: admins.id })
      .from(admins)
      .where(eq(admins.email, address))
      .for('update');
    let adminId: string;
    let secondFactorRemoved = false;
    if (existing) {
      await tx.update(admins).set({ passwordHash }).where(eq(admins.id, existing.id));
      adminId = existing.id;
      secondFactorRemoved = await removeSecondFactor(tx, adminId);
    } else {
      const [created] = await tx
        .insert(admins)
        .values({ email: address, passwordHash })
        .returning({ id: admins.id });
      if (!created) throw new Error('insert returned no row');
      adminId = created.id;
    }
    await revokeSessionsOf(tx, 'owner', adminId);
    // Whoever runs this holds the server: delays earned by strangers' guesses end with it.
    const key = emailKey(address);
    await tx
      .delete(signInFailures)
      .where(
        or(
          eq(signInFailures.key, key),
          sql`left(${signInFailures.key}, ${key.length + 1}) = ${`${key}|`}`,
        ),
      );
    return { outcome: existing ? 'updated' : 'created', secondFactorRemoved };
  });
}

/**
 * The owner proves who they are again, within a session: with the second factor when one is set,
 * else the password. A wrong one is a 400 naming the field, never a 401 (the session is fine), and
 * counts as a failed sign-in from this client: a stolen session cannot guess the password freely.
 */
export async function proveIdentity(
  db: Database,
  adminId: string,
  attempt: { otp?: string | undefined; password?: string | undefined; client: string },
  lockout: SignInLockoutConfig,
): Promise<void> {
  const [owner] = await db.select().from(admins).where(eq(admins.id, adminId)).limit(1);
  if (!owner) throw new NotFoundError('Admin not found');
  const perClient = clientKey(owner.email, attempt.client);
  const perEmail = emailKey(owner.email);
  const [counter] = await db
    .select({ heldForSeconds: secondsUntil(signInFailures.lockedUntil) })
    .from(signInFailures)
    .where(eq(signInFailures.key, perClient));
  const heldFor = Number(counter?.heldForSeconds ?? 0);
  if (heldFor > 0) throw new SignInLockedError(heldFor);

  const refuse = async (field: 'otp' | 'password', message: string) => {
    await countFailure(db, perClient, perEmail, lockout);
    throw new BadRequestError(message, [{ field, message }]);
  };
  if (owner.totpSecret) {
    if (!attempt.otp) return refuse('otp', SECOND_FACTOR_MESSAGES.needed);
    // Using a code up is one conditional write: two proofs with one code cannot both pass.
    const proven = await useSecondFactor(
      db,
      { id: owner.id, email: owner.email, totpSecret: owner.totpSecret },
      attempt.otp,
    );
    if (!proven) return refuse('otp', SECOND_FACTOR_MESSAGES.wrong);
    return;
  }
  if (!attempt.password) return refuse('password', SECOND_FACTOR_MESSAGES.proveWithPassword);
  if (!(await verifyPassword(attempt.password, owner.passwordHash))) {
    return refuse('password', SECOND_FACTOR_MESSAGES.wrongPassword);
  }
}

export async function getAdminView(db: Executor, adminId: string): Promise<AdminView> {
  const [row] = await db.select().from(admins).where(eq(admins.id, adminId)).limit(1);
  if (!row) throw new NotFoundError('Admin not found');
  return { _id: row.id, email: row.email, name: row.name, secondFactor: row.totpSecret !== null };
}
