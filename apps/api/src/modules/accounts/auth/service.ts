import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, gte, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../../db/client';
import { admins, refreshSessions, users } from '../../../db/schema';
import { UnauthorizedError } from '../../../lib/errors';
import {
  type AccessClaims,
  AccessTokens,
  hashRefreshToken,
  NOT_AUTHENTICATED,
  newRefreshToken,
  type Realm,
  SESSION_EXPIRED,
} from './tokens';

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export interface Session extends TokenPair {
  /** the family id, carried as `sid` in every access token of the session */
  sessionId: string;
  subjectId: string;
  /** when the refresh token stops working: the refresh cookie lives exactly as long */
  refreshExpiresAt: Date;
}

type RefreshRow = typeof refreshSessions.$inferSelect;

/** How long after its replacement a refresh token shown again still continues its session. */
export const LOST_ANSWER_GRACE_MS = 30_000;
/** Tokens a family may gain within that time before a token shown again counts as a copy. */
const MAX_GRACE_TOKENS = 3;

const SUBJECT_TYPE = { customer: 'user', owner: 'admin' } as const satisfies Record<
  Realm,
  'user' | 'admin'
>;

/** The shared cache's topic (its channels) for sessions' liveness, in every process. */
export const SESSIONS_TOPIC = 'sessions';

/** What `SessionService` keeps its liveness answers in: the shop's shared cache (decision 025). */
export interface LivenessCache {
  get<T>(key: string, load: () => Promise<T>): Promise<T>;
  /** drops every answer in every process; resolves once they all have */
  invalidate(): Promise<void>;
}

export interface SessionSettings {
  authSecret: string;
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  /** the owner's sessions (decision 031): their whole life, and the idle time that ends them */
  ownerSessionHours: number;
  ownerIdleMinutes: number;
}

/** A session of the owner's as the owner's list of sessions shows it. */
export interface OwnerSessionView {
  _id: string;
  userAgent: string;
  clientIp: string;
  signedInAt: Date;
  lastUsedAt: Date;
}

/** How long the owner's last-use time may lag: a request writes it at most once a minute. */
const LAST_USE_STEP_SECONDS = 60;

/**
 * Sessions of both realms. A sign-in starts a family of refresh tokens; each refresh replaces the
 * token by a new one of the family, and showing a replaced token again (a stolen copy, or the
 * thief's after the owner refreshed) revokes the whole family. A family ends at the latest one
 * refresh lifetime after its sign-in, however often it was refreshed: a stolen token that keeps
 * being used cannot keep a session open for ever. Everything lives in the database, so any API
 * process can serve any request.
 */
export class SessionService {
  readonly tokens: AccessTokens;
  readonly refreshTtlMs: number;
  readonly ownerLifetimeMs: number;
  readonly ownerIdleMs: number;
  readonly #liveSession: ReturnType<typeof liveSessionQuery>;
  readonly #liveOwnerSession: ReturnType<typeof liveOwnerSessionQuery>;

  constructor(
    private readonly db: Database,
    settings: SessionSettings,
    /**
     * Answers of `isLive`, kept a few seconds in each process; every revocation drops them in
     * every process before it returns. Without it each check asks the database.
     */
    private readonly liveness: LivenessCache | null = null,
  ) {
    this.tokens = new AccessTokens(settings.authSecret, settings.accessTokenTtlSeconds);
    this.refreshTtlMs = settings.refreshTokenTtlDays * 24 * 3600 * 1000;
    this.ownerLifetimeMs = Math.min(this.refreshTtlMs, settings.ownerSessionHours * 3600 * 1000);
    this.ownerIdleMs = settings.ownerIdleMinutes * 60 * 1000;
    this.#liveSession = liveSessionQuery(db);
    this.#liveOwnerSession = liveOwnerSessionQuery(db);
  }

  #lifetimeOf(realm: Realm): number {
    return realm === 'owner' ? this.ownerLifetimeMs : this.refreshTtlMs;
  }

  /** The moment a family signed in at `signedInAt` ends, whatever its refreshes. */
  #endOf(realm: Realm, signedInAt: Date): number {
    return signedInAt.getTime() + this.#lifetimeOf(realm);
  }

  /** Whether an owner's session has gone unused too long (the customer's never idle out). */
  #idle(realm: Realm, row: RefreshRow, now: number): boolean {
    return realm === 'owner' && row.lastUsedAt.getTime() <= now - this.ownerIdleMs;
  }

  async start(realm: Realm, subjectId: string, userAgent = '', clientIp = ''): Promise<Session> {
    const familyId = randomUUID();
    const refreshToken = newRefreshToken();
    const signedInAt = new Date();
    const refreshExpiresAt = new Date(this.#endOf(realm, signedInAt));
    await this.db.insert(refreshSessions).values({
      subjectType: SUBJECT_TYPE[realm],
      subjectId,
      familyId,
      tokenHash: hashRefreshToken(refreshToken),
      expiresAt: refreshExpiresAt,
      signedInAt,
      userAgent: userAgent.slice(0, 300),
      clientIp: clientIp.slice(0, 64),
      lastUsedAt: signedInAt,
      // Signing in is the owner's proof of identity, good for the dangerous acts for a while.
      provenAt: realm === 'owner' ? signedInAt : null,
    });
    const accessToken = await this.tokens.sign({ sub: subjectId, realm, sid: familyId });
    return { accessToken, refreshToken, sessionId: familyId, subjectId, refreshExpiresAt };
  }

  /** Replaces a refresh token by a new pair of the same family. */
  async rotate(
    realm: Realm,
    refreshToken: string,
    userAgent = '',
    clientIp = '',
  ): Promise<Session> {
    const row = await this.#find(realm, refreshToken);
    if (!row || row.revokedAt) throw new UnauthorizedError(SESSION_EXPIRED);
    if (row.replacedBy) return this.#replacedShownAgain(realm, row, userAgent, clientIp);
    const now = Date.now();
    if (
      row.expiresAt.getTime() <= now ||
      this.#endOf(realm, row.signedInAt) <= now ||
      this.#idle(realm, row, now) ||
      !(await this.#subjectExists(realm, row.subjectId))
    ) {
      throw new UnauthorizedError(SESSION_EXPIRED);
    }

    const next = newRefreshToken();
    const nextId = randomUUID();
    const refreshExpiresAt = new Date(
      Math.min(now + this.refreshTtlMs, this.#endOf(realm, row.signedInAt)),
    );
    const rotated = await this.db.transaction(async (tx) => {
      // Only one of two concurrent refreshes with the same token may win; the other is a reuse.
      const claimed = await tx
        .update(refreshSessions)
        .set({ replacedBy: nextId })
        .where(
          and(
            eq(refreshSessions.id, row.id),
            isNull(refreshSessions.replacedBy),
            isNull(refreshSessions.revokedAt),
          ),
        )
        .returning({ id: refreshSessions.id });
      if (claimed.length === 0) return false;
      await tx.insert(refreshSessions).values({
        id: nextId,
        ...successorOf(row, { userAgent, clientIp }),
        tokenHash: hashRefreshToken(next),
        expiresAt: refreshExpiresAt,
      });
      return true;
    });
    if (!rotated) return this.#replacedShownAgain(realm, row, userAgent, clientIp);
    return this.#pair(realm, row, next, refreshExpiresAt);
  }

  /**
   * A replaced token shown again. Within LOST_ANSWER_GRACE_MS of its replacement the answer that
   * carried the new token may never have reached the browser (a reload or a tap on a link aborts
   * the refresh in flight; two tabs refresh at once), so the session goes on with one more token
   * of the family, at most MAX_GRACE_TOKENS of them. Later, it means a copy exists: the whole
   * family ends.
   */
  async #replacedShownAgain(
    realm: Realm,
    row: RefreshRow,
    userAgent: string,
    clientIp: string,
  ): Promise<Session> {
    const now = Date.now();
    // Read again: a refresh that lost the race to replace `row` holds it as it was before.
    const [current] = await this.db
      .select({ replacedBy: refreshSessions.replacedBy })
      .from(refreshSessions)
      .where(eq(refreshSessions.id, row.id))
      .limit(1);
    const replacedBy = current?.replacedBy ?? null;
    const [successor] = replacedBy
      ? await this.db
          .select({ createdAt: refreshSessions.createdAt })
          .from(refreshSessions)
          .where(
            and(
              eq(refreshSessions.id, replacedBy),
              isNull(refreshSessions.revokedAt),
              gt(
                refreshSessions.createdAt,
                sql`now() - make_interval(secs => ${LOST_ANSWER_GRACE_MS / 1000})`,
              ),
            ),
          )
          .limit(1)
      : [];
    // Tokens the family gained since `row` was replaced: its successor and any issued here.
    const [since] = successor
      ? await this.db
          .select({ n: sql<number>`count(*)::int` })
          .from(refreshSessions)
          .where(
            and(
              eq(refreshSessions.familyId, row.familyId),
              gte(refreshSessions.createdAt, successor.createdAt),
            ),
          )
      : [];
    const within = successor !== undefined && Number(since?.n ?? 0) < MAX_GRACE_TOKENS;
    if (
      !within ||
      this.#endOf(realm, row.signedInAt) <= now ||
      !(await this.#subjectExists(realm, row.subjectId))
    ) {
      await this.revokeFamily(row.familyId);
      throw new UnauthorizedError(SESSION_EXPIRED);
    }
    const next = newRefreshToken();
    const refreshExpiresAt = new Date(
      Math.min(now + this.refreshTtlMs, this.#endOf(realm, row.signedInAt)),
    );
    await this.db.insert(refreshSessions).values({
      ...successorOf(row, { userAgent, clientIp }),
      tokenHash: hashRefreshToken(next),
      expiresAt: refreshExpiresAt,
    });
    return this.#pair(realm, row, next, refreshExpiresAt);
  }

  async #pair(
    realm: Realm,
    row: RefreshRow,
    refreshToken: string,
    refreshExpiresAt: Date,
  ): Promise<Session> {
    const accessToken = await this.tokens.sign({ sub: row.subjectId, realm, sid: row.familyId });
    return {
      accessToken,
      refreshToken,
      sessionId: row.familyId,
      subjectId: row.subjectId,
      refreshExpiresAt,
    };
  }

  /** The live (current, unexpired, unrevoked) session a refresh token opens, or null. */
  async findLive(realm: Realm, refreshToken: string) {
    const row = await this.#find(realm, refreshToken);
    const now = Date.now();
    if (
      !row ||
      row.revokedAt ||
      row.replacedBy ||
      row.expiresAt.getTime() <= now ||
      this.#endOf(realm, row.signedInAt) <= now ||
      this.#idle(realm, row, now)
    ) {
      return null;
    }
    return row;
  }

  /** The family id a refresh token belongs to, live or not (logout names its session with it). */
  async familyOf(realm: Realm, refreshToken: string): Promise<string | null> {
    return (await this.#find(realm, refreshToken))?.familyId ?? null;
  }

  async revokeFamily(familyId: string): Promise<void> {
    await this.db
      .update(refreshSessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshSessions.familyId, familyId), isNull(refreshSessions.revokedAt)));
    await this.sessionsEnded();
  }

  /**
   * Drops every process's kept liveness answers: to be called once a write that ends sessions
   * has committed (a revocation here, an erased customer, the owner's password set anew).
   */
  async sessionsEnded(): Promise<void> {
    await this.liveness?.invalidate();
  }

  /** Whether a session family is still signed in: logout and reuse end its access tokens at once. */

  async isLive(claims: AccessClaims): Promise<boolean> {
    const ask = async () => {
      const now = Date.now();
      if (claims.realm === 'owner') return this.#ownerLive(claims, now);
      const [row] = await this.#liveSession.execute({
        familyId: claims.sid,
        subjectType: SUBJECT_TYPE[claims.realm],
        subjectId: claims.sub,
        now: new Date(now),
        signedInAfter: new Date(now - this.refreshTtlMs),
      });
      return row !== undefined;
    };
    // A session that only ran out of time may be taken as live for the cache's few seconds; one
    // that was ended is dropped from every process's cache before its ending returns.
    return this.liveness
      ? this.liveness.get(`${claims.realm}:${claims.sub}:${claims.sid}`, ask)
      : ask();
  }

  /**
   * An owner's session is live within its (short) lifetime and while used: a live answer also
   * marks the session used now, at most once a minute.
   */
  async #ownerLive(claims: AccessClaims, now: number): Promise<boolean> {
    const [row] = await this.#liveOwnerSession.execute({
      familyId: claims.sid,
      subjectId: claims.sub,
      now: new Date(now),
      signedInAfter: new Date(now - this.ownerLifetimeMs),
      usedAfter: new Date(now - this.ownerIdleMs),
    });
    if (!row) return false;
    if (row.lastUsedAt.getTime() <= now - LAST_USE_STEP_SECONDS * 1000) {
      await this.db
        .update(refreshSessions)
        .set({ lastUsedAt: new Date(now) })
        .where(and(eq(refreshSessions.familyId, claims.sid), isNull(refreshSessions.revokedAt)));
    }
    return true;
  }

  /** The owner's live sessions, the most recently used first. */
  async ownerSessions(subjectId: string): Promise<OwnerSessionView[]> {
    const now = Date.now();
    const rows = await this.db
      .select({
        _id: refreshSessions.familyId,
        userAgent: refreshSessions.userAgent,
        clientIp: refreshSessions.clientIp,
        signedInAt: refreshSessions.signedInAt,
        lastUsedAt: refreshSessions.lastUsedAt,
      })
      .from(refreshSessions)
      .where(
        and(
          eq(refreshSessions.subjectType, 'admin'),
          eq(refreshSessions.subjectId, subjectId),
          isNull(refreshSessions.revokedAt),
          isNull(refreshSessions.replacedBy),
          gt(refreshSessions.expiresAt, new Date(now)),
          gt(refreshSessions.signedInAt, new Date(now - this.ownerLifetimeMs)),
          gt(refreshSessions.lastUsedAt, new Date(now - this.ownerIdleMs)),
        ),
      )
      .orderBy(desc(refreshSessions.lastUsedAt));
    // A family answered twice within a lost answer's grace is one session.
    const seen = new Set<string>();
    return rows.filter((row) => !seen.has(row._id) && seen.add(row._id));
  }

  /** Ends one of this subject's sessions; false when it has none by that id. */
  async revokeSessionOf(realm: Realm, subjectId: string, familyId: string): Promise<boolean> {
    return (await this.#revokeOf(realm, subjectId, eq(refreshSessions.familyId, familyId))) > 0;
  }

  /** Ends every session of this subject but `keep`; answers how many ended. */
  async revokeOtherSessions(realm: Realm, subjectId: string, keep: string): Promise<number> {
    return this.#revokeOf(realm, subjectId, ne(refreshSessions.familyId, keep));
  }

  /** Ends the subject's live sessions that `which` picks; answers how many families ended. */
  async #revokeOf(realm: Realm, subjectId: string, which: SQL): Promise<number> {
    const ended = await this.db
      .update(refreshSessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          which,
          eq(refreshSessions.subjectType, SUBJECT_TYPE[realm]),
          eq(refreshSessions.subjectId, subjectId),
          isNull(refreshSessions.revokedAt),
        ),
      )
      .returning({ familyId: refreshSessions.familyId });
    if (ended.length > 0) await this.sessionsEnded();
    return new Set(ended.map((row) => row.familyId)).size;
  }

  /** When this session last proved who is in it (null: never). */
  async provenAt(familyId: string): Promise<Date | null> {
    const [row] = await this.db
      .select({ provenAt: sql<Date | null>`max(${refreshSessions.provenAt})` })
      .from(refreshSessions)
      .where(and(eq(refreshSessions.familyId, familyId), isNull(refreshSessions.revokedAt)));
    return row?.provenAt ? new Date(row.provenAt) : null;
  }

  async markProven(familyId: string): Promise<void> {
    await this.db
      .update(refreshSessions)
      .set({ provenAt: new Date() })
      .where(and(eq(refreshSessions.familyId, familyId), isNull(refreshSessions.revokedAt)));
  }

  /** Verifies an access token of `realm` and that its session is still live. */
  async authenticate(token: string, realm: Realm): Promise<AccessClaims> {
    const claims = await this.tokens.verify(token, realm);
    if (!(await this.isLive(claims))) throw new UnauthorizedError(NOT_AUTHENTICATED);
    return claims;
  }

  async #find(realm: Realm, refreshToken: string) {
    if (!refreshToken || refreshToken.length > 200) return undefined;
    const [row] = await this.db
      .select()
      .from(refreshSessions)
      .where(
        and(
          eq(refreshSessions.tokenHash, hashRefreshToken(refreshToken)),
          eq(refreshSessions.subjectType, SUBJECT_TYPE[realm]),
        ),
      )
      .limit(1);
    return row;
  }

  async #subjectExists(realm: Realm, subjectId: string): Promise<boolean> {
    const table = realm === 'customer' ? users : admins;
    const [row] = await this.db
      .select({ id: table.id })
      .from(table)
      .where(eq(table.id, subjectId))
      .limit(1);
    return row !== undefined;
  }

  /**
   * Ends every session of a subject but `except` (the caller's own), refresh and access tokens
   * alike: what proved the subject's identity has changed (its e-mail, a newly attached Google).
   */
  async revokeSubject(
    realm: Realm,
    subjectId: string,
    options: { except?: string } = {},
  ): Promise<void> {
    await this.db
      .update(refreshSessions)
      .set({ revokedAt: new Date() })
      .where(
        and(
          eq(refreshSessions.subjectType, SUBJECT_TYPE[realm]),
          eq(refreshSessions.subjectId, subjectId),
          isNull(refreshSessions.revokedAt),
          options.except === undefined
            ? undefined
            : sql`${refreshSessions.familyId} <> ${options.except}`,
        ),
      );
    await this.sessionsEnded();
  }
}

/** The guards' question, asked on every signed-in request: built once, prepared by name. */
/** A family's next row: who and when it signed in, carried; where from and when used, now. */
function successorOf(row: RefreshRow, now: { userAgent: string; clientIp: string }) {
  return {
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    familyId: row.familyId,
    signedInAt: row.signedInAt,
    provenAt: row.provenAt,
    lastUsedAt: new Date(),
    userAgent: (now.userAgent || row.userAgent).slice(0, 300),
    clientIp: (now.clientIp || row.clientIp).slice(0, 64),
  };
}

/** The owner's live session: its current row, within the owner's lifetime and not idle. */
function liveOwnerSessionQuery(db: Database) {
  return db
    .select({ lastUsedAt: refreshSessions.lastUsedAt })
    .from(refreshSessions)
    .where(
      and(
        eq(refreshSessions.familyId, sql.placeholder('familyId')),
        eq(refreshSessions.subjectType, 'admin'),
        eq(refreshSessions.subjectId, sql.placeholder('subjectId')),
        isNull(refreshSessions.revokedAt),
        isNull(refreshSessions.replacedBy),
        gt(refreshSessions.expiresAt, sql.placeholder('now')),
        gt(refreshSessions.signedInAt, sql.placeholder('signedInAfter')),
        gt(refreshSessions.lastUsedAt, sql.placeholder('usedAfter')),
      ),
    )
    .orderBy(desc(refreshSessions.lastUsedAt))
    .limit(1)
    .prepare('auth_live_owner_session');
}

function liveSessionQuery(db: Database) {
  return db
    .select({ one: sql<number>`1` })
    .from(refreshSessions)
    .where(
      and(
        eq(refreshSessions.familyId, sql.placeholder('familyId')),
        eq(refreshSessions.subjectType, sql.placeholder('subjectType')),
        eq(refreshSessions.subjectId, sql.placeholder('subjectId')),
        isNull(refreshSessions.revokedAt),
        gt(refreshSessions.expiresAt, sql.placeholder('now')),
        // Rows written before the age cap existed may expire later than their sign-in allows.
        gt(refreshSessions.signedInAt, sql.placeholder('signedInAfter')),
      ),
    )
    .limit(1)
    .prepare('auth_live_session');
}

/**
 * Ends every session of a subject inside the caller's transaction: the owner's password was set
 * from the server, so whoever held a session before must sign in with the new one.
 */
export async function revokeSessionsOf(
  db: Executor,
  realm: Realm,
  subjectId: string,
): Promise<void> {
  await db
    .update(refreshSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(refreshSessions.subjectType, SUBJECT_TYPE[realm]),
        eq(refreshSessions.subjectId, subjectId),
        isNull(refreshSessions.revokedAt),
      ),
    );
}
