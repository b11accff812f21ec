import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { admins } from '../../db/schema';
import { hashPassword } from '../../lib/password';

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
