import type { Address as AddressView, User as UserView } from '@makhana/domain/account';
import type { PageMeta } from '@makhana/domain/api';
import type { Customer } from '@makhana/domain/contracts/owner';
import type { EmailChangeStep } from '@makhana/domain/email-change';
import { paiseToRupees } from '@makhana/domain/money';
import type { AddressInput, profileSchema, registerSchema } from '@makhana/domain/validation';
import {
  and,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  or,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../../db/client';
import { addresses, orders, users } from '../../../db/schema';
import { isUniqueViolation } from '../../../lib/db-errors';
import { BadRequestError, ConflictError, NotFoundError } from '../../../lib/errors';
import { containing, offsetOf } from '../../../lib/search';
import { isPaidOrder, isSaleOrder, keptPaise } from '../../checkout';
import { type EmailChanges, emailHeld } from './email-change';

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Please log in.';
export const NO_ACCOUNT_MESSAGE = 'No account found for this email. Please register first.';
export const ADDRESS_NOT_FOUND = 'Address not found';
export const MAX_ADDRESSES = 20;

/** The User and Address the API sends, shared with the storefront. */
export type { Address as AddressView, User as UserView } from '@makhana/domain/account';

type UserRow = typeof users.$inferSelect;
type AddressRow = typeof addresses.$inferSelect;

export function toAddressView(row: AddressRow): AddressView {
  return {
    _id: row.id,
    name: row.name,
    street: row.street,
    city: row.city,
    state: row.state,
    country: row.country,
    pincode: row.pincode,
    phoneNumber: row.phoneNumber,
    alternateNumber: row.alternateNumber,
    landmark: row.landmark,
    email: row.email,
    locality: row.locality,
    label: row.label,
  };
}

async function toUserView(db: Executor, row: UserRow): Promise<UserView> {
  const [addressRows, [orderCount]] = await Promise.all([
    db
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, row.id))
      .orderBy(desc(addresses.createdAt), desc(addresses.id)),
    db
      .select({ n: count() })
      .from(orders)
      .where(and(eq(orders.userId, row.id), isPaidOrder)),
  ]);
  return {
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    gender: row.gender,
    email: row.email,
    phoneNumber: row.phoneNumber,
    address: addressRows.map((a) => a.id),
    orders: Number(orderCount?.n ?? 0),
  };
}

export async function getUserView(db: Executor, userId: string): Promise<UserView> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw new NotFoundError('User not found');
  return toUserView(db, row);
}

/** The owner's customers, newest first, a page at a time, each read whole by `customersIn`. */
export async function listCustomers(
  db: Database,
  query: { page: number; limit: number; q?: string | undefined },
): Promise<{ customers: Customer[]; meta: PageMeta }> {
  const words = containing(query.q);
  const matching = words
    ? or(
        ilike(users.firstName, words),
        ilike(users.lastName, words),
        ilike(sql`(${users.firstName} || ' ' || ${users.lastName})`, words),
        ilike(users.email, words),
        ilike(users.phoneNumber, words),
      )
    : undefined;
  // The page's ids from the index alone, then the subqueries for those rows only: a window
  // count or an offset past rows with subqueries would compute them for every customer.
  const pageIds = db
    .select({ id: users.id })
    .from(users)
    .where(matching)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit)
    .offset(offsetOf(query));
  const customers = await customersIn(db, pageIds);
  const [counted] = await db.select({ n: count() }).from(users).where(matching);
  const total = Number(counted?.n ?? 0);
  return { customers, meta: { page: query.page, limit: query.limit, total } };
}

/**
 * The customers the ids name, newest first, each with their orders, paid total and addresses as
 * subqueries on those rows only. Orders belong to checkout: this read crosses into its table in
 * SQL because an aggregate per customer is the point.
 */
export async function customersIn(db: Executor, ids: SQLWrapper | string[]): Promise<Customer[]> {
  // Built as subqueries, not raw SQL, so that every column is named with its table: the outer
  // query's `users.id` would otherwise read as the subquery's own `id`.
  // A customer's orders are the ones they paid for: an attempt that failed or was never paid is
  // not one (docs/product.md#a-sale).
  const orderCount = db
    .select({ n: sql`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.userId, users.id), isPaidOrder));
  // What a customer spent is what their sales kept, refunds taken off.
  const spent = db
    .select({ paise: sql`coalesce(sum(${keptPaise}), 0)::int` })
    .from(orders)
    .where(and(eq(orders.userId, users.id), isSaleOrder));
  const addressIds = db
    .select({
      ids: sql`json_agg(${addresses.id} order by ${addresses.createdAt} desc, ${addresses.id} desc)`,
    })
    .from(addresses)
    .where(eq(addresses.userId, users.id));
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      gender: users.gender,
      email: users.email,
      phoneNumber: users.phoneNumber,
      createdAt: users.createdAt,
      orders: sql<number>`(${orderCount})`,
      spentPaise: sql<number>`(${spent})`,
      addressIds: sql<string[] | null>`(${addressIds})`,
    })
    .from(users)
    .where(inArray(users.id, ids))
    .orderBy(desc(users.createdAt), desc(users.id));
  return rows.map((row) => ({
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    gender: row.gender,
    email: row.email,
    phoneNumber: row.phoneNumber,
    address: row.addressIds ?? [],
    orders: Number(row.orders),
    totalSpent: paiseToRupees(Number(row.spentPaise)),
    createdAt: row.createdAt.toISOString(),
  }));
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export type RegisterInput = z.output<typeof registerSchema>;

export async function registerUser(db: Database, input: RegisterInput): Promise<UserView> {
  const email = input.email.toLowerCase();
  // An address a live undo link holds is still its account's (decision 032).
  if ((await findUserByEmail(db, email)) || (await emailHeld(db, email))) {
    throw new ConflictError(EMAIL_TAKEN_MESSAGE);
  }
  try {
    const [row] = await db
      .insert(users)
      .values({
        firstName: input.firstName,
        lastName: input.lastName,
        email,
        phoneNumber: input.phoneNumber,
      })
      .returning();
    return toUserView(db, row!);
  } catch (error) {
    // Two sign-ups with one e-mail at once: the unique index decides, the loser hears 409.
    if (isUniqueViolation(error)) throw new ConflictError(EMAIL_TAKEN_MESSAGE);
    throw error;
  }
}

/** A gender left undefined keeps the current value; null clears it. */
export type AccountInput = z.output<typeof profileSchema>;

export interface AccountUpdate {
  user: UserView;
  /** the new e-mail a change is under way to; the account keeps its e-mail until it is made */
  pendingEmail: string | null;
  /** whose code the change waits for now: the current address's, or the new one's */
  emailChangeStep: EmailChangeStep | null;
}

/**
 * Saves the profile. A different e-mail is not set: the change starts (decision 032), and a
 * refusal to start it (a cooldown, a cap, a mail that could not go) leaves everything unchanged.
 */
export async function updateAccount(
  db: Database,
  emailChanges: EmailChanges,
  userId: string,
  input: AccountInput,
): Promise<AccountUpdate> {
  const email = input.email.toLowerCase();
  const [current] = await db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!current) throw new NotFoundError('User not found');
  const changing = email !== current.email;
  let emailChangeStep: EmailChangeStep | null = null;
  if (changing) emailChangeStep = await emailChanges.request(userId, email);
  // Saving the current e-mail again means the customer no longer wants a change under way.
  else await emailChanges.drop(userId);
  const [row] = await db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      ...(input.gender !== undefined ? { gender: input.gender } : {}),
      phoneNumber: input.phoneNumber,
    })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw new NotFoundError('User not found');
  return {
    user: await toUserView(db, row),
    pendingEmail: changing ? email : null,
    emailChangeStep,
  };
}

/**
 * Records that a code mailed to the account's e-mail was entered. Answers whether it was the
 * first proof: sessions opened before it may belong to whoever set an unproven e-mail.
 */
export async function markEmailVerified(db: Database, userId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!before) throw new NotFoundError('User not found');
    await tx.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, userId));
    return before.verifiedAt === null;
  });
}

function addressValues(input: AddressInput) {
  return {
    name: input.name,
    street: input.street,
    city: input.city,
    state: input.state,
    country: input.country,
    pincode: input.pincode,
    phoneNumber: input.phoneNumber,
    alternateNumber: input.alternateNumber ?? '',
    landmark: input.landmark ?? '',
    email: input.email ?? '',
    locality: input.locality ?? '',
    label: input.label,
  };
}

export async function listAddresses(db: Executor, userId: string): Promise<AddressView[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.createdAt), desc(addresses.id));
  return rows.map(toAddressView);
}

export async function addAddress(
  db: Database,
  userId: string,
  input: AddressInput,
): Promise<AddressView> {
  return db.transaction(async (tx) => {
    // The user's row is the lock that keeps two concurrent adds from passing the limit together.
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!owner) throw new NotFoundError('User not found');
    const [existing] = await tx
      .select({ n: count() })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    if (Number(existing?.n ?? 0) >= MAX_ADDRESSES) {
      throw new BadRequestError(
        `You can save at most ${MAX_ADDRESSES} addresses. Please delete one before adding another.`,
      );
    }
    const [row] = await tx
      .insert(addresses)
      .values({ userId, ...addressValues(input) })
      .returning();
    return toAddressView(row!);
  });
}

export async function updateAddress(
  db: Database,
  userId: string,
  addressId: string,
  input: AddressInput,
): Promise<AddressView> {
  const [row] = await db
    .update(addresses)
    .set(addressValues(input))
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .returning();
  if (!row) throw new NotFoundError(ADDRESS_NOT_FOUND);
  return toAddressView(row);
}

export async function deleteAddress(
  db: Database,
  userId: string,
  addressId: string,
): Promise<AddressView> {
  const [row] = await db
    .delete(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
    .returning();
  if (!row) throw new NotFoundError(ADDRESS_NOT_FOUND);
  return toAddressView(row);
}

export type GoogleUserOutcome =
  /** `firstLink`: Google was attached to an existing account just now */
  | { user: UserRow; firstLink: boolean }
  | {
      refused:
        | 'google_other_account'
        | 'google_email_unproven'
        | 'google_email_held'
        | 'google_failed';
    };

/**
 * The customer for a Google sign-in: the one with this subject, else the one with this e-mail
 * (which gets the subject linked, but only once a code proved that e-mail, or whoever set it
 * without proof would share the account with its real owner), else a new one.
 */
export async function findOrCreateGoogleUser(
  db: Database,
  profile: { subject: string; email: string; firstName: string; lastName: string },
): Promise<GoogleUserOutcome> {
  const email = profile.email.toLowerCase();
  for (let attempt = 0; attempt < 2; attempt++) {
    const [bySubject] = await db
      .select()
      .from(users)
      .where(eq(users.googleSubject, profile.subject))
      .limit(1);
    if (bySubject) return { user: bySubject, firstLink: false };

    const byEmail = await findUserByEmail(db, email);
    if (byEmail) {
      if (byEmail.googleSubject && byEmail.googleSubject !== profile.subject) {
        return { refused: 'google_other_account' };
      }
      if (!byEmail.emailVerifiedAt) return { refused: 'google_email_unproven' };
      const [linked] = await db
        .update(users)
        .set({ googleSubject: profile.subject })
        .where(
          and(
            eq(users.id, byEmail.id),
            eq(users.email, email),
            isNull(users.googleSubject),
            isNotNull(users.emailVerifiedAt),
          ),
        )
        .returning();
      if (linked) return { user: linked, firstLink: true };
      continue;
    }
    if (await emailHeld(db, email)) return { refused: 'google_email_held' };
    try {
      const [created] = await db
        .insert(users)
        .values({
          email,
          firstName: profile.firstName,
          lastName: profile.lastName,
          googleSubject: profile.subject,
          // Google vouched for this address (the callback refuses an unverified one).
          emailVerifiedAt: new Date(),
        })
        .returning();
      return { user: created!, firstLink: false };
    } catch (error) {
      // Someone else created or linked this account a moment ago: read it again.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  return { refused: 'google_failed' };
}
