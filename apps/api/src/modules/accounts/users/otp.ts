import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { SITE } from '@makhana/domain/site';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Mailer } from '../../../adapters/mail/mailer';
import { renderMail } from '../../../adapters/mail/template';
import type { Database, Executor, Transaction } from '../../../db/client';
import { otpCodes, otpRequests } from '../../../db/schema';
import { AppError, BadRequestError, ServiceUnavailableError } from '../../../lib/errors';
import type { Notice } from '../../../lib/notice';
import { deriveKey } from '../auth/tokens';

export const OTP_MAX_ATTEMPTS = 5;
export const OTP_INVALID = 'Invalid OTP';
export const OTP_TOO_MANY_ATTEMPTS = 'Too many wrong attempts. Please request a new OTP.';
export const OTP_EXPIRED = 'OTP has expired. Please request a new OTP.';
export const OTP_MAIL_FAILED = 'We could not send the code. Please try again.';
export const OTP_HOURLY_CAP =
  'Too many codes were sent to this e-mail in the last hour. Please try again later.';
export const OTP_DAILY_CAP =
  'Too many codes were sent to this e-mail today. Please try again tomorrow.';
export const OTP_SUBJECT = `Your ${SITE.shortBrand} sign-in code`;
export const EMAIL_CHANGE_SUBJECT = `Confirm your new ${SITE.shortBrand} e-mail`;
export const EMAIL_APPROVAL_SUBJECT = `Approve a new e-mail for your ${SITE.shortBrand} account`;

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

type Purpose = 'login' | AccountPurpose;
/** An account's e-mail change: approved from the current address, proven at the new one. */
type AccountPurpose = 'email-approve' | 'email-change';

/** Who a code is for: the e-mail that signs in, or the account whose e-mail is changing. */
type Target = { purpose: 'login'; email: string } | { purpose: AccountPurpose; userId: string };

export interface OtpSettings {
  authSecret: string;
  ttlSeconds: number;
  resendSeconds: number;
  /** codes mailed to one address, whatever they were for */
  maxPerHour: number;
  maxPerDay: number;
}

export interface OtpLogger {
  error(details: object, message: string): void;
}

type Issued =
  | { wait: number }
  | { cap: typeof OTP_HOURLY_CAP | typeof OTP_DAILY_CAP }
  | { id: string; requestId: string };

export class OtpService {
  readonly #key: Buffer;

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly settings: OtpSettings,
    private readonly logger: OtpLogger,
    /** outside production: shows each code, so a local shopper can sign in without a mailbox */
    private readonly revealCode: Notice | null,
  ) {
    this.#key = deriveKey(settings.authSecret, 'otp-v1');
  }

  /**
   * Only the HMAC of a code is stored, keyed with AUTH_SECRET and bound to its purpose and
   * address (and, for an e-mail change, to the account), so a code opens nothing else.
   */
  #hash(purpose: Purpose, email: string, userId: string | null, code: string): string {
    const subject = purpose === 'login' ? `login:${email}` : `${purpose}:${userId}:${email}`;
    return createHmac('sha256', this.#key).update(`${subject}:${code}`).digest('hex');
  }

  /** Serialises everything done under one key, across every API process. */
  async #lock(tx: Transaction, key: string): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
  }

  /** The codes of one target: a login's e-mail, or an account's pending e-mail change. */
  #codesOf(target: Target) {
    return target.purpose === 'login'
      ? and(eq(otpCodes.email, target.email), eq(otpCodes.purpose, 'login'))
      : and(eq(otpCodes.userId, target.userId), eq(otpCodes.purpose, target.purpose));
  }

  /** Locks in one order everywhere (account first, then address), so two requests never deadlock. */
  async #lockTarget(tx: Transaction, target: Target, email: string | null): Promise<void> {
    if (target.purpose !== 'login') await this.#lock(tx, `otp-user:${target.userId}`);
    if (email) await this.#lock(tx, `otp:${email}`);
  }

  /** Issues a sign-in code for `email` (a registered customer's) and mails it. */
  async send(email: string): Promise<void> {
    await this.#issue({ purpose: 'login', email }, email);
  }

  /**
   * Issues a code that approves moving account `userId` to `next`, mailed to its `current`
   * address: whoever holds a session alone cannot move the account away from its owner.
   */
  async sendEmailApproval(userId: string, current: string, next: string): Promise<void> {
    await this.#issue({ purpose: 'email-approve', userId }, current, next);
  }

  /** Issues a code that moves account `userId` to `email`, mailed to that new address. */
  async sendEmailChange(userId: string, email: string): Promise<void> {
    await this.#issue({ purpose: 'email-change', userId }, email);
  }

  /** `next`: for an approval, the address the account would move to, named in the mail. */
  async #issue(target: Target, email: string, next = ''): Promise<void> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const userId = target.purpose === 'login' ? null : target.userId;
    const now = Date.now();
    const issued = await this.db.transaction(async (tx): Promise<Issued> => {
      await this.#lockTarget(tx, target, email);
      const [latest] = await tx
        .select({ createdAt: otpCodes.createdAt })
        .from(otpCodes)
        .where(this.#codesOf(target))
        .orderBy(desc(otpCodes.createdAt))
        .limit(1);
      if (latest) {
        const waitMs = latest.createdAt.getTime() + this.settings.resendSeconds * 1000 - now;
        if (waitMs > 0) return { wait: Math.ceil(waitMs / 1000) };
      }
      const cap = await this.#capReached(tx, email, now);
      if (cap) return { cap };
      // A new code replaces every older one.
      await tx.delete(otpCodes).where(this.#codesOf(target));
      const [row] = await tx
        .insert(otpCodes)
        .values({
          email,
          purpose: target.purpose,
          userId,
          codeHash: this.#hash(target.purpose, email, userId, code),
          createdAt: new Date(now),
          expiresAt: new Date(now + this.settings.ttlSeconds * 1000),
        })
        .returning({ id: otpCodes.id });
      const [request] = await tx
        .insert(otpRequests)
        .values({ email, createdAt: new Date(now) })
        .returning({ id: otpRequests.id });
      return { id: row!.id, requestId: request!.id };
    });
    if ('wait' in issued) {
      const seconds = issued.wait;
      throw new AppError(
        429,
        `Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before requesting a new OTP.`,
      );
    }
    if ('cap' in issued) throw new AppError(429, issued.cap);

    this.revealCode?.(`Sign-in code for ${email}: ${code}`);
    try {
      await this.mailer.send({ to: email, ...this.#mail(target.purpose, code, next) });
    } catch (error) {
      // A code nobody received must not block the next request behind the cooldown or the caps.
      await this.db.transaction(async (tx) => {
        await tx.delete(otpCodes).where(eq(otpCodes.id, issued.id));
        await tx.delete(otpRequests).where(eq(otpRequests.id, issued.requestId));
      });
      this.logger.error({ err: error }, 'one-time code mail failed');
      throw new ServiceUnavailableError(OTP_MAIL_FAILED);
    }
  }

  /**
   * Whether `email` already had its share of codes: counted by address, whatever asked for them,
   * so neither sign-in nor e-mail changes can be used to flood one mailbox.
   */
  async #capReached(tx: Transaction, email: string, now: number) {
    // Rows older than the longest window count for nothing any more.
    await tx
      .delete(otpRequests)
      .where(and(eq(otpRequests.email, email), lt(otpRequests.createdAt, new Date(now - DAY_MS))));
    const recent = await tx
      .select({ createdAt: otpRequests.createdAt })
      .from(otpRequests)
      .where(and(eq(otpRequests.email, email), gt(otpRequests.createdAt, new Date(now - DAY_MS))));
    if (recent.length >= this.settings.maxPerDay) return OTP_DAILY_CAP;
    const lastHour = recent.filter((row) => row.createdAt.getTime() > now - HOUR_MS).length;
    if (lastHour >= this.settings.maxPerHour) return OTP_HOURLY_CAP;
    return null;
  }

  #mail(purpose: Purpose, code: string, next: string) {
    const minutes = Math.round(this.settings.ttlSeconds / 60);
    const validity =
      this.settings.ttlSeconds % 60 === 0 && minutes > 0
        ? `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`
        : `${this.settings.ttlSeconds} seconds`;
    const rules = `The code is valid for ${validity} and can be used once. Never share it with anyone; we will never ask for it.`;
    if (purpose === 'login') {
      return {
        subject: OTP_SUBJECT,
        ...renderMail({
          heading: OTP_SUBJECT,
          paragraphs: [`Use this code to sign in to ${SITE.brand}:`, rules],
          highlight: code,
          footnote:
            "Didn't ask for this code? You can safely ignore this e-mail; nobody can sign in without it.",
        }),
      };
    }
    if (purpose === 'email-approve') {
      return {
        subject: EMAIL_APPROVAL_SUBJECT,
        ...renderMail({
          heading: EMAIL_APPROVAL_SUBJECT,
          paragraphs: [
            `Someone signed in to your ${SITE.brand} account asked to change its e-mail to ${next}. If it was you, enter this code to approve it:`,
            rules,
          ],
          highlight: code,
          footnote:
            "Didn't ask for this? Keep the code to yourself: without it your e-mail stays as it is. Then sign in and check your account.",
        }),
      };
    }
    return {
      subject: EMAIL_CHANGE_SUBJECT,
      ...renderMail({
        heading: EMAIL_CHANGE_SUBJECT,
        paragraphs: [
          `Use this code to make this address the e-mail of your ${SITE.brand} account:`,
          rules,
        ],
        highlight: code,
        footnote:
          "Didn't ask for this code? You can safely ignore this e-mail; this address is not added to any account without it.",
      }),
    };
  }

  /** Checks a sign-in code; on success it is used up. Wrong tries count, the fifth burns the code. */
  async verify(email: string, code: string): Promise<void> {
    await this.#check({ purpose: 'login', email }, code, async () => undefined);
  }

  /** Checks the code the current address got to approve account `userId`'s e-mail change. */
  async verifyEmailApproval(userId: string, code: string): Promise<void> {
    await this.#check({ purpose: 'email-approve', userId }, code, async () => undefined);
  }

  /**
   * Checks the code of account `userId`'s pending e-mail change and, in the same transaction,
   * makes the change with `apply` (given the new address): if `apply` throws, the code stays
   * unused, so a change that could not be made can be tried again with it.
   */
  async verifyEmailChange<T>(
    userId: string,
    code: string,
    apply: (tx: Transaction, email: string) => Promise<T>,
  ): Promise<T> {
    return this.#check({ purpose: 'email-change', userId }, code, apply);
  }

  /** Forgets a pending e-mail change's codes (the customer saved their current address). */
  async discardEmailChange(userId: string, tx: Executor = this.db): Promise<void> {
    await tx
      .delete(otpCodes)
      .where(
        and(
          eq(otpCodes.userId, userId),
          inArray(otpCodes.purpose, ['email-approve', 'email-change'] satisfies AccountPurpose[]),
        ),
      );
  }

  async #check<T>(
    target: Target,
    code: string,
    then: (tx: Transaction, email: string) => Promise<T>,
  ): Promise<T> {
    const outcome = await this.db.transaction(async (tx) => {
      await this.#lockTarget(tx, target, target.purpose === 'login' ? target.email : null);
      const [row] = await tx
        .select()
        .from(otpCodes)
        .where(and(this.#codesOf(target), isNull(otpCodes.consumedAt)))
        .orderBy(desc(otpCodes.createdAt))
        .limit(1);
      if (!row || row.expiresAt.getTime() <= Date.now()) return { status: 'expired' } as const;

      const expected = Buffer.from(row.codeHash, 'hex');
      const actual = Buffer.from(this.#hash(target.purpose, row.email, row.userId, code), 'hex');
      if (expected.length === actual.length && timingSafeEqual(expected, actual)) {
        await tx.update(otpCodes).set({ consumedAt: new Date() }).where(eq(otpCodes.id, row.id));
        return { status: 'ok', value: await then(tx, row.email) } as const;
      }
      const attempts = row.attempts + 1;
      const burnt = attempts >= OTP_MAX_ATTEMPTS;
      await tx
        .update(otpCodes)
        .set({ attempts, ...(burnt ? { consumedAt: new Date() } : {}) })
        .where(eq(otpCodes.id, row.id));
      return { status: burnt ? 'burnt' : 'wrong' } as const;
    });
    switch (outcome.status) {
      case 'ok':
        return outcome.value;
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
