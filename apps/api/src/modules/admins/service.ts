import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { admins } from '../../db/schema';
import { NotFoundError, UnauthorizedError } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/password';

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

export interface AdminView {
  _id: string;
  email: string;
  name: string;
}

/** A hash of a throw-away password, so an unknown e-mail costs as much time as a wrong password. */
let decoyHash: Promise<string> | null = null;

export async function verifyOwnerCredentials(
  db: Executor,
  email: string,
  password: string,
): Promise<AdminView> {
  const [row] = await db
    .select()
    .from(admins)
    .where(eq(admins.email, email.toLowerCase()))
    .limit(1);
  if (!row) {
    decoyHash ??= hashPassword('decoy-password-never-matches');
    await verifyPassword(password, await decoyHash);
    throw new UnauthorizedError(INVALID_CREDENTIALS);
  }
  if (!(await verifyPassword(password, row.passwordHash))) {
    throw new UnauthorizedError(INVALID_CREDENTIALS);
  }
  return { _id: row.id, email: row.email, name: row.name };
}

export async function getAdminView(db: Executor, adminId: string): Promise<AdminView> {
  const [row] = await db.select().from(admins).where(eq(admins.id, adminId)).limit(1);
  if (!row) throw new NotFoundError('Admin not found');
  return { _id: row.id, email: row.email, name: row.name };
}
