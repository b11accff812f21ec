import type { adminShape } from '@makhana/domain/contracts/accounts';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ConfigError, DEV_ADMIN_PASSWORD, type SignInLockoutConfig } from '../../../config/config';
import type { Database, Executor } from '../../../db/client';
import { admins, signInFailures } from '../../../db/schema';
import { NotFoundError, TooManyRequestsError, UnauthorizedError } from '../../../lib/errors';
import { hashPassword, verifyPassword } from '../../../lib/password';
import { revokeSessionsOf } from '../auth/service';

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

/** The owner account this e-mail and password open, or null. */
async function matchOwner(db: Executor, email: string, password: string) {
  const [row] = await db
    .select()
    .from(admins)
    .where(eq(admins.email, email.toLowerCase()))
    .limit(1);
  if (!row) {
    decoyHash ??= hashPassword('decoy-password-never-matches');
    await verifyPassword(password, await decoyHash);
    return null;
  }
  if (!(await verifyPassword(password, row.passwordHash))) return null;
  return { _id: row.id, email: row.email, name: row.name };
}

/** Failures older than this are forgotten, so a rare typo never builds up to a lockout. */
const FAILURES_FORGOTTEN_AFTER = sql`interval '24 hours'`;

/** A locked account's answer, whoever asks and with whatever password. */
export class SignInLockedError extends TooManyRequestsError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      `Too many failed sign-ins. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
    );
  }
}

const lockoutKey = (email: string) => `owner:${email.trim().toLowerCase()}`;

/**
 * Owner sign-in with a lockout per e-mail, whatever address the attempts come from: after
 * `maxFailures` wrong passwords the account is locked for `lockSeconds`, doubling with each
 * further failure up to `maxLockSeconds`; a locked account refuses even the right password, and a
 * success clears the count. Unknown e-mails are counted and locked alike, so the answers never
 * tell which accounts exist. The attempt holds its counter's row lock while it checks the
 * password, so parallel guesses are judged one after another and none slips past a lock.
 */
export async function signInOwner(
  db: Database,
  email: string,
  password: string,
  lockout: SignInLockoutConfig,
): Promise<AdminView> {
  const key = lockoutKey(email);
  const outcome = await db.transaction(async (tx) => {
    await tx.insert(signInFailures).values({ key }).onConflictDoNothing();
    const [counter] = await tx
      .select({
        lockedForSeconds: sql<number>`ceil(greatest(0, extract(epoch from (${signInFailures.lockedUntil} - now()))))::int`,
      })
      .from(signInFailures)
      .where(eq(signInFailures.key, key))
      .for('update');
    const lockedFor = Number(counter?.lockedForSeconds ?? 0);
    if (lockedFor > 0) return { kind: 'locked', seconds: lockedFor } as const;

    const admin = await matchOwner(tx, email, password);
    if (admin) {
      await tx.delete(signInFailures).where(eq(signInFailures.key, key));
      return { kind: 'signed-in', admin } as const;
    }
    const failures = sql`case when ${signInFailures.lastFailedAt} < now() - ${FAILURES_FORGOTTEN_AFTER} then 1 else ${signInFailures.failures} + 1 end`;
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
      .where(eq(signInFailures.key, key));
    return { kind: 'failed' } as const;
  });

  if (outcome.kind === 'signed-in') return outcome.admin;
  if (outcome.kind === 'locked') throw new SignInLockedError(outcome.seconds);
  await forgetStaleFailures(db);
  throw new UnauthorizedError(INVALID_CREDENTIALS);
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
 * missing, and ends every session of it: whoever signed in with the old password is signed out.
 */
export async function setOwnerPassword(
  db: Database,
  email: string,
  password: string,
): Promise<'created' | 'updated'> {
  const address = email.trim().toLowerCase();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: admins.id })
      .from(admins)
      .where(eq(admins.email, address))
      .for('update');
    let adminId: string;
    if (existing) {
      await tx.update(admins).set({ passwordHash }).where(eq(admins.id, existing.id));
      adminId = existing.id;
    } else {
      const [created] = await tx
        .insert(admins)
        .values({ email: address, passwordHash })
        .returning({ id: admins.id });
      if (!created) throw new Error('insert returned no row');
      adminId = created.id;
    }
    await revokeSessionsOf(tx, 'owner', adminId);
    // Whoever runs this holds the server: a lockout earned by strangers' guesses ends with it.
    await tx.delete(signInFailures).where(eq(signInFailures.key, lockoutKey(address)));
    return existing ? 'updated' : 'created';
  });
}

export async function getAdminView(db: Executor, adminId: string): Promise<AdminView> {
  const [row] = await db.select().from(admins).where(eq(admins.id, adminId)).limit(1);
  if (!row) throw new NotFoundError('Admin not found');
  return { _id: row.id, email: row.email, name: row.name };
}
