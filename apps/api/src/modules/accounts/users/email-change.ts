/**
 * A customer's change of e-mail (decision 032). Whoever holds an account's e-mail can sign in to
 * it, so a session alone must not move it: the current address approves the change with a code,
 * the new address proves itself with another, and the old address is then told, with a link that
 * puts the e-mail back and ends every session for EMAIL_UNDO_DAYS. While that link lives, the old
 * address is held: no other account can take it and so block the way back.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  EMAIL_APPROVAL_MINUTES,
  EMAIL_CHANGE_MESSAGES,
  EMAIL_UNDO_DAYS,
  EMAIL_UNDO_PATH,
  type EmailChangeStep,
} from '@makhana/domain/email-change';
import { SITE } from '@makhana/domain/site';
import { and, eq, gt, isNull, lt, ne } from 'drizzle-orm';
import type { Mailer } from '../../../adapters/mail/mailer';
import { renderMail } from '../../../adapters/mail/template';
import type { Database, Executor } from '../../../db/client';
import { emailChanges, emailChangeUndos, users } from '../../../db/schema';
import { isUniqueViolation } from '../../../lib/db-errors';
import {
  BadRequestError,
  ConflictError,
  NotFoundError,
  ServiceUnavailableError,
} from '../../../lib/errors';
import { deriveKey } from '../auth/tokens';
import type { OtpLogger, OtpService } from './otp';

export const EMAIL_IN_USE_MESSAGE = 'This email is already used by another account.';
export const EMAIL_CHANGED_SUBJECT = `Your ${SITE.shortBrand} e-mail was changed`;
export const NOTICE_MAIL_FAILED =
  'We could not e-mail your current address about the change, so nothing changed. Please try again.';

const DAY_MS = 24 * 3600 * 1000;
const APPROVAL_MS = EMAIL_APPROVAL_MINUTES * 60 * 1000;

export function emailInUse(): ConflictError {
  return new ConflictError(EMAIL_IN_USE_MESSAGE, [
    { field: 'email', message: EMAIL_IN_USE_MESSAGE },
  ]);
}

/** Whether a live undo link holds `email` for an account other than `userId`. */
export async function emailHeld(
  db: Executor,
  email: string,
  userId: string | null = null,
): Promise<boolean> {
  const [held] = await db
    .select({ id: emailChangeUndos.id })
    .from(emailChangeUndos)
    .where(
      and(
        eq(emailChangeUndos.restoreEmail, email),
        isNull(emailChangeUndos.usedAt),
        gt(emailChangeUndos.expiresAt, new Date()),
        ...(userId ? [ne(emailChangeUndos.userId, userId)] : []),
      ),
    )
    .limit(1);
  return held !== undefined;
}

/** Whether another account has `email`, or a live undo link holds it for one. */
async function emailTaken(db: Executor, email: string, userId: string): Promise<boolean> {
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  return other !== undefined || (await emailHeld(db, email, userId));
}

const codeError = (message: string) => new BadRequestError(message, [{ field: 'otp', message }]);
const deadLink = () =>
  new BadRequestError(EMAIL_CHANGE_MESSAGES.undoLinkDead, [
    { field: 'token', message: EMAIL_CHANGE_MESSAGES.undoLinkDead },
  ]);

export interface EmailChangeSettings {
  authSecret: string;
  /** the storefront's address, for the undo link */
  publicUrl: string;
}

export class EmailChanges {
  readonly #undoKey: Buffer;

  constructor(
    private readonly db: Database,
    private readonly otp: OtpService,
    private readonly mailer: Mailer,
    private readonly settings: EmailChangeSettings,
    private readonly logger: OtpLogger,
  ) {
    this.#undoKey = deriveKey(settings.authSecret, 'email-undo-v1');
  }

  /**
   * Asks for account `userId` to move to `next`: a code to the current address, or, when that
   * address approved this very change within the hour, a new code to `next` itself. A refusal
   * (a cooldown, a cap, a mail that could not go) leaves everything as it was.
   */
  async request(userId: string, next: string): Promise<EmailChangeStep> {
    const [account] = await this.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!account) throw new NotFoundError('User not found');
    if (await emailTaken(this.db, next, userId)) throw emailInUse();
    const [pending] = await this.db
      .select()
      .from(emailChanges)
      .where(eq(emailChanges.userId, userId))
      .limit(1);
    if (pending?.newEmail === next && approvedRecently(pending.approvedAt)) {
      await this.otp.sendEmailChange(userId, next);
      return 'verify';
    }
    await this.otp.sendEmailApproval(userId, account.email, next);
    await this.db
      .insert(emailChanges)
      .values({ userId, newEmail: next })
      .onConflictDoUpdate({
        target: emailChanges.userId,
        set: { newEmail: next, approvedAt: null, createdAt: new Date() },
      });
    return 'approve';
  }

  /** Forgets a change under way: the customer saved their current address again. */
  async drop(userId: string): Promise<void> {
    await this.db.delete(emailChanges).where(eq(emailChanges.userId, userId));
    await this.otp.discardEmailChange(userId);
  }

  /**
   * The current address's code approves the change under way; a code then goes to the new
   * address. Answers that address. If that mail cannot go, the approval stands for the hour and
   * saving the new e-mail again sends the code without asking the current address again.
   */
  async approve(userId: string, code: string): Promise<string> {
    await this.otp.verifyEmailApproval(userId, code);
    const [pending] = await this.db
      .update(emailChanges)
      .set({ approvedAt: new Date() })
      .where(eq(emailChanges.userId, userId))
      .returning();
    if (!pending) throw codeError(EMAIL_CHANGE_MESSAGES.noChangePending);
    if (await emailTaken(this.db, pending.newEmail, userId)) throw emailInUse();
    await this.otp.sendEmailChange(userId, pending.newEmail);
    return pending.newEmail;
  }

  /**
   * The new address's code makes the change, and the old address is told with its undo link, in
   * one transaction: a change the old address could not be told of is not made, and its code
   * stays good for another try.
   */
  async complete(userId: string, code: string): Promise<void> {
    await this.otp.verifyEmailChange(userId, code, async (tx, email) => {
      const [pending] = await tx
        .select()
        .from(emailChanges)
        .where(eq(emailChanges.userId, userId))
        .for('update');
      if (pending?.newEmail !== email) throw codeError(EMAIL_CHANGE_MESSAGES.noChangePending);
      if (!approvedRecently(pending.approvedAt)) {
        throw codeError(EMAIL_CHANGE_MESSAGES.approvalLapsed);
      }
      const [before] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!before) throw new NotFoundError('User not found');
      if (await emailTaken(tx, email, userId)) throw emailInUse();
      const now = new Date();
      try {
        await tx.update(users).set({ email, emailVerifiedAt: now }).where(eq(users.id, userId));
      } catch (error) {
        if (isUniqueViolation(error)) throw emailInUse();
        throw error;
      }
      await tx.delete(emailChanges).where(eq(emailChanges.userId, userId));
      // Links past their week hold nothing any more.
      await tx.delete(emailChangeUndos).where(lt(emailChangeUndos.expiresAt, now));
      const [undo] = await tx
        .insert(emailChangeUndos)
        .values({
          userId,
          restoreEmail: before.email,
          changedTo: email,
          googleSubject: before.googleSubject,
          expiresAt: new Date(now.getTime() + EMAIL_UNDO_DAYS * DAY_MS),
        })
        .returning({ id: emailChangeUndos.id });
      try {
        await this.mailer.send({
          to: before.email,
          ...this.#changedMail(before.email, email, this.#undoToken(undo!.id)),
        });
      } catch (error) {
        this.logger.error({ err: error }, 'e-mail change notice failed; the change was not made');
        throw new ServiceUnavailableError(NOTICE_MAIL_FAILED);
      }
    });
  }

  /**
   * Puts back the e-mail (and the Google link) an undo link names, voids every other link of the
   * account and any change under way. Answers the account and its e-mail; the caller ends every
   * session of it.
   */
  async undo(token: string): Promise<{ userId: string; email: string }> {
    const id = this.#undoId(token);
    if (!id) throw deadLink();
    return this.db.transaction(async (tx) => {
      const [undo] = await tx
        .select()
        .from(emailChangeUndos)
        .where(eq(emailChangeUndos.id, id))
        .for('update');
      if (!undo || undo.usedAt || undo.expiresAt.getTime() <= Date.now()) throw deadLink();
      const now = new Date();
      try {
        await tx
          .update(users)
          .set({
            email: undo.restoreEmail,
            emailVerifiedAt: now,
            googleSubject: undo.googleSubject,
          })
          .where(eq(users.id, undo.userId));
      } catch (error) {
        if (isUniqueViolation(error)) throw emailInUse();
        throw error;
      }
      await tx
        .update(emailChangeUndos)
        .set({ usedAt: now })
        .where(and(eq(emailChangeUndos.userId, undo.userId), isNull(emailChangeUndos.usedAt)));
      await tx.delete(emailChanges).where(eq(emailChanges.userId, undo.userId));
      await this.otp.discardEmailChange(undo.userId, tx);
      return { userId: undo.userId, email: undo.restoreEmail };
    });
  }

  /** The link's token: the undo's id and its signature, so nothing secret is stored. */
  #undoToken(id: string): string {
    return `${id}.${createHmac('sha256', this.#undoKey).update(id).digest('base64url')}`;
  }

  /** The undo id a token carries, or null when its signature is not ours. */
  #undoId(token: string): string | null {
    const [id = '', signature = ''] = token.split('.');
    const expected = Buffer.from(this.#undoToken(id));
    const actual = Buffer.from(`${id}.${signature}`);
    return expected.length === actual.length && timingSafeEqual(expected, actual) ? id : null;
  }

  #changedMail(from: string, to: string, token: string) {
    return {
      subject: EMAIL_CHANGED_SUBJECT,
      ...renderMail({
        heading: EMAIL_CHANGED_SUBJECT,
        paragraphs: [
          `The e-mail of your ${SITE.brand} account was changed from ${from} to ${to}. If you made this change, there is nothing to do.`,
          `Not you? Undo it within ${EMAIL_UNDO_DAYS} days: your e-mail goes back to ${from}, and every session of your account is signed out.`,
          `${this.settings.publicUrl}${EMAIL_UNDO_PATH}#${token}`,
        ],
        footnote: `Until then no other account can take ${from}. Questions? Write to ${SITE.supportEmail}.`,
      }),
    };
  }
}

function approvedRecently(approvedAt: Date | null): boolean {
  return approvedAt !== null && approvedAt.getTime() > Date.now() - APPROVAL_MS;
}
