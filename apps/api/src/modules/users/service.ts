import type { Address as AddressView, User as UserView } from '@makhana/domain/account';
import type { AddressInput } from '@makhana/domain/validation';
import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { addresses, orders, users } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { BadRequestError, ConflictError, NotFoundError } from '../../lib/errors';

export const EMAIL_TAKEN_MESSAGE = 'An account with this email already exists. Please log in.';
export const EMAIL_IN_USE_MESSAGE = 'This email is already used by another account.';
export const NO_ACCOUNT_MESSAGE = 'No account found for this email. Please register first.';
export const ADDRESS_NOT_FOUND = 'Address not found';
export const MAX_ADDRESSES = 20;

/** The spec's User and Address (section 3), shared with the storefront. */
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
    db.select({ n: count() }).from(orders).where(eq(orders.userId, row.id)),
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

/** Every customer, newest first (the owner's Users table): three queries, whatever the count. */
export async function listUserViews(db: Database): Promise<UserView[]> {
  const [rows, addressRows, orderCounts] = await Promise.all([
    db.select().from(users).orderBy(desc(users.createdAt), desc(users.id)),
    db
      .select({ id: addresses.id, userId: addresses.userId })
      .from(addresses)
      .orderBy(desc(addresses.createdAt), desc(addresses.id)),
    db.select({ userId: orders.userId, n: count() }).from(orders).groupBy(orders.userId),
  ]);
  const addressIds = new Map<string, string[]>();
  for (const a of addressRows)
    addressIds.set(a.userId, [...(addressIds.get(a.userId) ?? []), a.id]);
  const counts = new Map(orderCounts.map((o) => [o.userId, Number(o.n)]));
  return rows.map((row) => ({
    _id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    gender: row.gender,
    email: row.email,
    phoneNumber: row.phoneNumber,
    address: addressIds.get(row.id) ?? [],
    orders: counts.get(row.id) ?? 0,
  }));
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export interface RegisterInput {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
}

export async function registerUser(db: Database, input: RegisterInput): Promise<UserView> {
  const email = input.email.toLowerCase();
  if (await findUserByEmail(db, email)) throw new ConflictError(EMAIL_TAKEN_MESSAGE);
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

export interface AccountInput extends RegisterInput {
  /** undefined keeps the current value, null clears it */
  gender?: 'Male' | 'Female' | null | undefined;
}

export async function updateAccount(
  db: Database,
  userId: string,
  input: AccountInput,
): Promise<UserView> {
  const email = input.email.toLowerCase();
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, userId)))
    .limit(1);
  if (other)
    throw new ConflictError(EMAIL_IN_USE_MESSAGE, [
      { field: 'email', message: EMAIL_IN_USE_MESSAGE },
    ]);
  try {
    const [row] = await db
      .update(users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        ...(input.gender !== undefined ? { gender: input.gender } : {}),
        email,
        phoneNumber: input.phoneNumber,
      })
      .where(eq(users.id, userId))
      .returning();
    if (!row) throw new NotFoundError('User not found');
    return toUserView(db, row);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ConflictError(EMAIL_IN_USE_MESSAGE, [
        { field: 'email', message: EMAIL_IN_USE_MESSAGE },
      ]);
    }
    throw error;
  }
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

export async function listAddresses(db: Database, userId: string): Promise<AddressView[]> {
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

/**
 * The customer for a Google sign-in: the one with this subject, else the one with this e-mail
 * (which gets the subject linked), else a new one.
 */
export async function findOrCreateGoogleUser(
  db: Database,
  profile: { subject: string; email: string; firstName: string; lastName: string },
): Promise<UserRow> {
  const email = profile.email.toLowerCase();
  for (let attempt = 0; attempt < 2; attempt++) {
    const [bySubject] = await db
      .select()
      .from(users)
      .where(eq(users.googleSubject, profile.subject))
      .limit(1);
    if (bySubject) return bySubject;

    const byEmail = await findUserByEmail(db, email);
    if (byEmail) {
      if (byEmail.googleSubject && byEmail.googleSubject !== profile.subject) {
        throw new ConflictError('This e-mail is linked to a different Google account.');
      }
      const [linked] = await db
        .update(users)
        .set({ googleSubject: profile.subject })
        .where(and(eq(users.id, byEmail.id), sql`${users.googleSubject} is null`))
        .returning();
      if (linked) return linked;
      continue;
    }
    try {
      const [created] = await db
        .insert(users)
        .values({
          email,
          firstName: profile.firstName,
          lastName: profile.lastName,
          googleSubject: profile.subject,
        })
        .returning();
      return created!;
    } catch (error) {
      // Someone else created or linked this account a moment ago: read it again.
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new ConflictError('Google sign-in could not be completed. Please try again.');
}
