import { randomUUID } from 'node:crypto';
import { and, eq, gt, gte, isNull, sql } from 'drizzle-orm';
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
}

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
  readonly #liveSession: ReturnType<typeof liveSessionQuery>;

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
    this.#liveSession = liveSessionQuery(db);
  }

  /** The moment a family signed in at `signedInAt` ends, whatever its refreshes. */
  #endOf(signedInAt: Date): number {
    return signedInAt.getTime() + this.refreshTtlMs;
  }

  async start(realm: Realm, subjectId: string, userAgent = ''): Promise<Session> {
    const familyId = randomUUID();
    const refreshToken = newRefreshToken();
    const signedInAt = new Date();
    const refreshExpiresAt = new Date(this.#endOf(signedInAt));
    await this.db.insert(refreshSessions).values({
      subjectType: SUBJECT_TYPE[realm],
      subjectId,
      familyId,
      tokenHash: hashRefreshToken(refreshToken),
      expiresAt: refreshExpiresAt,
      signedInAt,
      userAgent: userAgent.slice(0, 300),
    });
    const accessToken = await this.tokens.sign({ sub: subjectId, realm, sid: familyId });
    return { accessToken, refreshToken, sessionId: familyId, subjectId, refreshExpiresAt };
  }

  /** Replaces a refresh token by a new pair of the same family. */
  async rotate(realm: Realm, refreshToken: string, userAgent = ''): Promise<Session> {
    const row = await this.#find(realm, refreshToken);
    if (!row || row.revokedAt) throw new UnauthorizedError(SESSION_EXPIRED);
    if (row.replacedBy) return this.#replacedShownAgain(realm, row, userAgent);
    const now = Date.now();
    if (
      row.expiresAt.getTime() <= now ||
      this.#endOf(row.signedInAt) <= now ||
      !(await this.#subjectExists(realm, row.subjectId))
    ) {
      throw new UnauthorizedError(SESSION_EXPIRED);
    }

    const next = newRefreshToken();
    const nextId = randomUUID();
    const refreshExpiresAt = new Date(
      Math.min(now + this.refreshTtlMs, this.#endOf(row.signedInAt)),
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
        subjectType: row.subjectType,
        subjectId: row.subjectId,
        familyId: row.familyId,
        tokenHash: hashRefreshToken(next),
        expiresAt: refreshExpiresAt,
        signedInAt: row.signedInAt,
        userAgent: (userAgent || row.userAgent).slice(0, 300),
      });
      return true;
    });
    if (!rotated) return this.#replacedShownAgain(realm, row, userAgent);
    return this.#pair(realm, row, next, refreshExpiresAt);
  }

  /**
   * A replaced token shown again. Within LOST_ANSWER_GRACE_MS of its replacement the answer that
   * carried the new token may never have reached the browser (a reload or a tap on a link aborts
   * the refresh in flight; two tabs refresh at once), so the session goes on with one more token
   * of the family, at most MAX_GRACE_TOKENS of them. Later, it means a copy exists: the whole
   * family ends.
   */
  async #replacedShownAgain(realm: Realm, row: RefreshRow, userAgent: string): Promise<Session> {
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
      this.#endOf(row.signedInAt) <= now ||
      !(await this.#subjectExists(realm, row.subjectId))
    ) {
      await this.revokeFamily(row.familyId);
      throw new UnauthorizedError(SESSION_EXPIRED);
    }
    const next = newRefreshToken();
    const refreshExpiresAt = new Date(
      Math.min(now + this.refreshTtlMs, this.#endOf(row.signedInAt)),
    );
    await this.db.insert(refreshSessions).values({
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      familyId: row.familyId,
      tokenHash: hashRefreshToken(next),
      expiresAt: refreshExpiresAt,
      signedInAt: row.signedInAt,
      userAgent: (userAgent || row.userAgent).slice(0, 300),
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
      this.#endOf(row.signedInAt) <= now
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
