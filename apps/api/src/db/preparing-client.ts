import pg from 'pg';

/** Runs of one statement's text before its connections keep it prepared. */
const PREPARE_AFTER = 3;
/** Texts a pool prepares at most, so each server connection keeps a bounded set of plans. */
const MOST_PREPARED = 200;
/** Texts counted before the counts start again, so one-off texts cannot grow without end. */
const MOST_COUNTED = 10_000;

/**
 * A `pg` client class for a pool whose statements PostgreSQL keeps prepared once they are hot.
 * `pg` sends every statement unnamed unless it is given a name, and PostgreSQL then parses and
 * plans it on every run: about 60 % of its CPU for the checkout's statements. A parameterised
 * text run `after` times gets a name; each connection then parses it once (`pg` remembers which
 * names it has sent), and PostgreSQL plans it once it finds a generic plan as good as the custom
 * ones (after five runs). Texts come from the code, so few are hot; at most `most` are named,
 * and statements without parameters (`begin`, `commit`) stay as they are.
 *
 * A prepared statement whose tables change shape fails with "cached plan must not change result
 * type" until its connection closes; the shop migrates only as it starts, before any statement.
 */
export function preparingClient({
  after = PREPARE_AFTER,
  most = MOST_PREPARED,
}: {
  after?: number;
  most?: number;
} = {}): typeof pg.Client {
  const runs = new Map<string, number>();
  const names = new Map<string, string>();

  function nameFor(text: string): string | undefined {
    const name = names.get(text);
    if (name || names.size >= most) return name;
    const count = (runs.get(text) ?? 0) + 1;
    if (count < after) {
      if (runs.size >= MOST_COUNTED) runs.clear();
      runs.set(text, count);
      return undefined;
    }
    runs.delete(text);
    const named = `shop_${names.size + 1}`;
    names.set(text, named);
    return named;
  }

  return class PreparingClient extends pg.Client {
    // biome-ignore lint/suspicious/noExplicitAny: pg's query has a dozen overloads; all pass through unchanged but for the name
    override query(config: any, values?: any, callback?: any): any {
      // Drizzle passes the values beside the config, `pg` callers may put them in it.
      const params: unknown = Array.isArray(values) ? values : config?.values;
      if (
        config !== null &&
        typeof config === 'object' &&
        typeof config.text === 'string' &&
        config.name === undefined &&
        Array.isArray(params) &&
        params.length > 0
      ) {
        const name = nameFor(config.text);
        if (name) return super.query({ ...config, name }, values, callback);
      }
      return super.query(config, values, callback);
    }
  };
}
