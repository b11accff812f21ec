/**
 * What a transaction changed, acted on once it has committed. A write marks its transaction with
 * a topic (and, for some, values: the outbox rows to deliver); after the commit every topic's
 * hooks run once with every value marked, however many writes marked it. A rolled-back
 * transaction runs none. Writers therefore never call a cache or a deliverer themselves, and
 * nothing runs for a write that did not happen.
 */
import type { Database, Executor, Transaction } from './client';

type Hook = (values: readonly unknown[]) => Promise<void> | void;

interface CommitHooks {
  hooks: Map<string, Set<Hook>>;
  log: (error: unknown, topic: string) => void;
}

const marksOf = new WeakMap<object, Map<string, unknown[]>>();
const hooksOf = new WeakMap<object, CommitHooks>();

/**
 * Notes on the transaction that it changed `topic`, with `values` for its hooks. Outside a
 * transaction there is no commit to wait for: that is a writer's mistake, refused at once.
 */
export function markChanged(tx: Executor, topic: string, ...values: unknown[]): void {
  const marks = marksOf.get(tx);
  if (!marks) throw new Error(`a change of ${topic} must be marked on its transaction`);
  const list = marks.get(topic) ?? [];
  list.push(...values);
  marks.set(topic, list);
}

/**
 * Runs `hook` after every commit of `db` whose transaction marked `topic`. Gives the function
 * that removes it. A hook that throws is logged: the write has committed and stands.
 */
export function onCommit(db: Database, topic: string, hook: Hook): () => void {
  const state = hooksOf.get(db);
  if (!state) throw new Error('the database was not opened with commit hooks');
  const set = state.hooks.get(topic) ?? new Set();
  set.add(hook);
  state.hooks.set(topic, set);
  return () => set.delete(hook);
}

/**
 * Gives `db` commit hooks: its `transaction` keeps the marks of the work inside (a nested
 * transaction, a savepoint, shares its parent's) and runs the hooks once the outermost commits.
 */
export function withCommitHooks<T extends Database>(
  db: T,
  log: CommitHooks['log'] = (error, topic) =>
    console.error(`after-commit hook for ${topic} failed`, error),
): T {
  const state: CommitHooks = { hooks: new Map(), log };
  hooksOf.set(db, state);
  const begin = db.transaction.bind(db);
  const transaction: Database['transaction'] = async (work, config) => {
    const marks = new Map<string, unknown[]>();
    const result = await begin((tx) => {
      keepMarks(tx, marks);
      return work(tx);
    }, config);
    await runHooks(state, marks);
    return result;
  };
  db.transaction = transaction as T['transaction'];
  return db;
}

/**
 * `db` with commit hooks of its own, over the same connections: each app in a process that holds
 * several (tests of many processes) carries out the consequences of its own writes only.
 */
export function withOwnCommitHooks<T extends Database>(db: T): T {
  return withCommitHooks(Object.create(db) as T);
}

/** Savepoints opened inside a transaction mark its commit, not one of their own. */
function keepMarks(tx: Transaction, marks: Map<string, unknown[]>): void {
  marksOf.set(tx, marks);
  const nest = tx.transaction.bind(tx);
  tx.transaction = <T>(work: (inner: Transaction) => Promise<T>): Promise<T> =>
    nest((inner) => {
      keepMarks(inner, marks);
      return work(inner);
    });
}

async function runHooks(state: CommitHooks, marks: Map<string, unknown[]>): Promise<void> {
  if (marks.size === 0) return;
  const runs: Promise<void>[] = [];
  for (const [topic, values] of marks) {
    for (const hook of state.hooks.get(topic) ?? []) {
      runs.push(
        Promise.resolve()
          .then(() => hook(values))
          .catch((error: unknown) => state.log(error, topic)),
      );
    }
  }
  await Promise.all(runs);
}
