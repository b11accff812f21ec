/**
 * The owner's second factor (decision 030): a TOTP secret (RFC 6238 through `otpauth`, any
 * authenticator app) set up in two steps, and ten single-use recovery codes kept as hashes.
 */
import { createHash, randomInt } from 'node:crypto';
import {
  isTotpCode,
  normalizedSecondFactor,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_MESSAGES,
} from '@makhana/domain/second-factor';
import { SITE } from '@makhana/domain/site';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Database, Executor } from '../../../db/client';
import { admins, ownerRecoveryCodes } from '../../../db/schema';
import { BadRequestError, ConflictError, NotFoundError } from '../../../lib/errors';

/** How many 30-second steps either side of now a code is accepted: a phone's clock drifts. */
const DRIFT_STEPS = 1;

function totpOf(secret: string, email: string): TOTP {
  return new TOTP({
    issuer: SITE.brand,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });
}

/** The 30-second step a valid code belongs to, or null when it matches none near now. */
function stepOfCode(secret: string, email: string, code: string): number | null {
  const totp = totpOf(secret, email);
  const delta = totp.validate({ token: code, window: DRIFT_STEPS });
  return delta === null ? null : totp.counter() + delta;
}

function hashRecoveryCode(normalized: string): string {
  return createHash('sha256').update(normalized).digest('hex');
}

/** Ten letters from an alphabet of 31 (about 50 bits), shown as two groups of five. */
function newRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < 10; i++)
    code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

export interface SecondFactorSetup {
  /** base32, for typing into an app that cannot scan */
  secret: string;
  /** the `otpauth://` address the QR code carries */
  otpauthUrl: string;
}

/**
 * A new secret for the owner to add to an app; it counts once a code from it is confirmed. An
 * owner who has a second factor already is refused: a session alone never replaces it.
 */
export async function startSecondFactorSetup(
  db: Executor,
  adminId: string,
): Promise<SecondFactorSetup> {
  const [row] = await db
    .select({ email: admins.email, totpSecret: admins.totpSecret })
    .from(admins)
    .where(eq(admins.id, adminId))
    .limit(1);
  if (!row) throw new NotFoundError('Admin not found');
  if (row.totpSecret) throw new ConflictError(SECOND_FACTOR_MESSAGES.alreadySet);
  const secret = new Secret({ size: 20 }).base32;
  await db.update(admins).set({ totpPendingSecret: secret }).where(eq(admins.id, adminId));
  return { secret, otpauthUrl: totpOf(secret, row.email).toString() };
}

/**
 * Confirms the set-up with a code from the new secret: the secret becomes the owner's second
 * factor, and ten new recovery codes are made (answered once, kept only as hashes).
 */
export async function confirmSecondFactor(
  db: Database,
  adminId: string,
  otp: string,
): Promise<{ recoveryCodes: string[] }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        email: admins.email,
        totpSecret: admins.totpSecret,
        pending: admins.totpPendingSecret,
      })
      .from(admins)
      .where(eq(admins.id, adminId))
      .for('update');
    if (!row) throw new NotFoundError('Admin not found');
    if (row.totpSecret) throw new ConflictError(SECOND_FACTOR_MESSAGES.alreadySet);
    if (!row.pending) throw new ConflictError(SECOND_FACTOR_MESSAGES.noSetup);
    const step = stepOfCode(row.pending, row.email, normalizedSecondFactor(otp));
    if (step === null) {
      throw new BadRequestError(SECOND_FACTOR_MESSAGES.confirmWrong, [
        { field: 'otp', message: SECOND_FACTOR_MESSAGES.confirmWrong },
      ]);
    }
    await tx
      .update(admins)
      .set({ totpSecret: row.pending, totpPendingSecret: null, totpLastStep: step })
      .where(eq(admins.id, adminId));
    const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.delete(ownerRecoveryCodes).where(eq(ownerRecoveryCodes.adminId, adminId));
    await tx.insert(ownerRecoveryCodes).values(
      recoveryCodes.map((code) => ({
        adminId,
        codeHash: hashRecoveryCode(normalizedSecondFactor(code)),
      })),
    );
    return { recoveryCodes };
  });
}

/**
 * Whether `typed` proves the second factor of this owner, using it up: a TOTP code opens one
 * sign-in (a later code of the same or an earlier step is refused), a recovery code is deleted.
 */
export async function useSecondFactor(
  tx: Executor,
  owner: { id: string; email: string; totpSecret: string },
  typed: string,
): Promise<boolean> {
  const code = normalizedSecondFactor(typed);
  if (isTotpCode(code)) {
    const step = stepOfCode(owner.totpSecret, owner.email, code);
    if (step === null) return false;
    const taken = await tx
      .update(admins)
      .set({ totpLastStep: step })
      .where(
        and(
          eq(admins.id, owner.id),
          or(isNull(admins.totpLastStep), lt(admins.totpLastStep, step)),
        ),
      )
      .returning({ id: admins.id });
    return taken.length > 0;
  }
  const used = await tx
    .delete(ownerRecoveryCodes)
    .where(
      and(
        eq(ownerRecoveryCodes.adminId, owner.id),
        eq(ownerRecoveryCodes.codeHash, hashRecoveryCode(code)),
      ),
    )
    .returning({ adminId: ownerRecoveryCodes.adminId });
  return used.length > 0;
}

/** Turns the second factor off (the owner's shell, `npm run owner:password`). */
export async function removeSecondFactor(tx: Executor, adminId: string): Promise<boolean> {
  const [before] = await tx
    .select({ totpSecret: admins.totpSecret })
    .from(admins)
    .where(eq(admins.id, adminId));
  await tx
    .update(admins)
    .set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null })
    .where(eq(admins.id, adminId));
  await tx.delete(ownerRecoveryCodes).where(eq(ownerRecoveryCodes.adminId, adminId));
  return Boolean(before?.totpSecret);
}
