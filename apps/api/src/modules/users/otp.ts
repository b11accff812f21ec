import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { SITE } from '@makhana/domain/site';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Mailer } from '../../adapters/mail/mailer';
import { renderMail } from '../../adapters/mail/template';
import type { Database, Transaction } from '../../db/client';
import { otpCodes } from '../../db/schema';
import { AppError, BadRequestError, ServiceUnavailableError } from '../../lib/errors';
import { deriveKey } from '../auth/tokens';

export const OTP_MAX_ATTEMPTS = 5;
export const OTP_INVALID = 'Invalid OTP';
export const OTP_TOO_MANY_ATTEMPTS = 'Too many wrong attempts. Please request a new OTP.';
export const OTP_EXPIRED = 'OTP has expired. Please request a new OTP.';
export const OTP_MAIL_FAILED = 'We could not send the code. Please try again.';
export const OTP_SUBJECT = `Your ${SITE.shortBrand} sign-in code`;

const PURPOSE = 'login';

export interface OtpSettings {
  authSecret: string;
  ttlSeconds: number;
  resendSeconds: number;
}

export interface OtpLogger {
  info(message: string): void;
  error(details: object, message: string): void;
}

export class OtpService {
  readonly #key: Buffer;

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly settings: OtpSettings,
    private readonly logger: OtpLogger,
    /** non-production: logs the code so a local shopper can sign in without a mailbox */
    private readonly revealCodes: boolean,
  ) {
    this.#key = deriveKey(settings.authSecret, 'otp-v1');
  }

  /** Only the HMAC of a code is stored, bound to its e-mail, keyed with AUTH_SECRET. */
  #hash(email: string, code: string): string {
    return createHmac('sha256', this.#key).update(`${PURPOSE}:${email}:${code}`).digest('hex');
  }

  /** Serialises everything done for one e-mail, across every API process. */
  async #lock(tx: Transaction, email: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${email}`}))`);
  }

  /** Issues a new code for `email` (a registered customer's) and mails it. */
  async send(email: string): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const now = Date.now();
    const issued = await this.db.transaction(async (tx) => {
      await this.#lock(tx, email);
      const [latest] = await tx
        .select({ createdAt: otpCodes.createdAt })
        .from(otpCodes)
        .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, PURPOSE)))
        .orderBy(desc(otpCodes.createdAt))
        .limit(1);
      if (latest) {
        const waitMs = latest.createdAt.getTime() + this.settings.resendSeconds * 1000 - now;
        if (waitMs > 0) return { wait: Math.ceil(waitMs / 1000) };
      }
      // A new code replaces every older one.
      await tx
        .delete(otpCodes)
        .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, PURPOSE)));
      const [row] = await tx
        .insert(otpCodes)
        .values({
          email,
          purpose: PURPOSE,
          codeHash: this.#hash(email, code),
          createdAt: new Date(now),
          expiresAt: new Date(now + this.settings.ttlSeconds * 1000),
        })
        .returning({ id: otpCodes.id });
      return { id: row!.id };
    });
    if ('wait' in issued) {
      const seconds = issued.wait;
      throw new AppError(
        429,
        `Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before requesting a new OTP.`,
      );
    }

    if (this.revealCodes) this.logger.info(`OTP for ${email}: ${code}`);
    const minutes = Math.round(this.settings.ttlSeconds / 60);
    const validity =
      this.settings.ttlSeconds % 60 === 0 && minutes > 0
        ? `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`
        : `${this.settings.ttlSeconds} seconds`;
    const body = renderMail({
      heading: OTP_SUBJECT,
      paragraphs: [
        `Use this code to sign in to ${SITE.brand}:`,
        `The code is valid for ${validity} and can be used once. Never share it with anyone; we will never ask for it.`,
      ],
      highlight: code,
      footnote:
        "Didn't ask for this code? You can safely ignore this e-mail; nobody can sign in without it.",
    });
    try {
      await this.mailer.send({ to: email, subject: OTP_SUBJECT, ...body });
    } catch (error) {
      // A code nobody received must not block the next request behind the cooldown.
      await this.db.delete(otpCodes).where(eq(otpCodes.id, issued.id));
      this.logger.error({ err: error }, 'sign-in code mail failed');
      throw new ServiceUnavailableError(OTP_MAIL_FAILED);
    }
  }

  /** Checks a code; on success it is used up. Wrong tries count, the fifth burns the code. */
  async verify(email: string, code: string): Promise<void> {
    const outcome = await this.db.transaction(async (tx) => {
      await this.#lock(tx, email);
      const [row] = await tx
        .select()
        .from(otpCodes)
        .where(
          and(
            eq(otpCodes.email, email),
            eq(otpCodes.purpose, PURPOSE),
            isNull(otpCodes.consumedAt),
          ),
        )
        .orderBy(desc(otpCodes.createdAt))
        .limit(1);
      if (!row || row.expiresAt.getTime() <= Date.now()) return 'expired' as const;

      const expected = Buffer.from(row.codeHash, 'hex');
      const actual = Buffer.from(this.#hash(email, code), 'hex');
      if (expected.length === actual.length && timingSafeEqual(expected, actual)) {
        await tx.update(otpCodes).set({ consumedAt: new Date() }).where(eq(otpCodes.id, row.id));
        return 'ok' as const;
      }
      const attempts = row.attempts + 1;
      const burnt = attempts >= OTP_MAX_ATTEMPTS;
      await tx
        .update(otpCodes)
        .set({ attempts, ...(burnt ? { consumedAt: new Date() } : {}) })
        .where(eq(otpCodes.id, row.id));
      return burnt ? ('burnt' as const) : ('wrong' as const);
    });
    switch (outcome) {
      case 'ok':
        return;
      case 'expired':
        throw new BadRequestError(OTP_EXPIRED, [{ field: 'otp', message: OTP_EXPIRED }]);
      case 'burnt':
        throw new BadRequestError(OTP_TOO_MANY_ATTEMPTS, [
          { field: 'otp', message: OTP_TOO_MANY_ATTEMPTS },
        ]);
      case 'wrong':
        throw new BadRequestError(OTP_INVALID, [{ field: 'otp', message: OTP_INVALID }]);
    }
  }
}
