import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { googleLoginCodes } from '../../../db/schema';

/** How long the code the Google callback hands the browser may wait to be exchanged. */
export const GOOGLE_CODE_TTL_SECONDS = 60;

/** A secret of 32 random bytes, as the browser binding and the hand-off code are. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Both secrets are high-entropy, so a plain hash keeps a database reader from using them. */
function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/**
 * Stores a single-use code that signs `userId` in, usable only by the browser that holds
 * `browserSecret` (the cookie it got when it started the sign-in). Answers the code.
 */
export async function issueGoogleLoginCode(
  db: Database,
  userId: string,
  browserSecret: string,
): Promise<string> {
  const code = newSecret();
  await db
    .delete(googleLoginCodes)
    .where(lt(googleLoginCodes.expiresAt, sql`now() - interval '1 day'`));
  await db.insert(googleLoginCodes).values({
    codeHash: digest(code),
    userId,
    browserHash: digest(browserSecret),
    expiresAt: sql`now() + make_interval(secs => ${GOOGLE_CODE_TTL_SECONDS})`,
  });
  return code;
}

/**
 * Uses up a code in one statement, so two exchanges of one code cannot both win. A code shown by
 * another browser stays unused: whoever copied it cannot burn it for its owner. Answers the
 * account, or null for an unknown, used, expired or foreign code.
 */
export async function redeemGoogleLoginCode(
  db: Database,
  code: string,
  browserSecret: string,
): Promise<string | null> {
  const [row] = await db
    .update(googleLoginCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(googleLoginCodes.codeHash, digest(code)),
        eq(googleLoginCodes.browserHash, digest(browserSecret)),
        isNull(googleLoginCodes.consumedAt),
        gt(googleLoginCodes.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: googleLoginCodes.userId });
  return row?.userId ?? null;
}
