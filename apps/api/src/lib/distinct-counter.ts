import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * How many different things each key (a client) has asked about today: the sign-in's "is there an
 * account for this e-mail?" answered to one client for a few dozen e-mails a day, not a customer
 * list. With Redis every process counts together; without it each counts alone, as the rate
 * limits do. Items are kept as short hashes, never as they were sent.
 */
export interface DistinctCounter {
  /**
   * Whether `key` may ask about `item` today: yes for an item it asked about already, and for a
   * new one while it has asked about fewer than `limit`; a refused item is not counted.
   */
  admit(key: string, item: string, limit: number): Promise<boolean>;
}

const DAY_MS = 86_400_000;
/** Keys one process keeps at once without Redis; past it the oldest goes. */
const MAX_LOCAL_KEYS = 50_000;

const hashOf = (item: string) => createHash('sha256').update(item).digest('base64url').slice(0, 16);

/**
 * Adds the item unless the set is full, in one step: two processes asking at once cannot both
 * take the last place.
 */
const ADMIT_SCRIPT = `
if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then return 1 end
if redis.call('SCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('SADD', KEYS[1], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[3])
return 1`;

export function createDistinctCounter(redis: Redis | null, name: string): DistinctCounter {
  const local = localCounter();
  if (!redis) return local;
  return {
    async admit(key, item, limit) {
      const day = Math.floor(Date.now() / DAY_MS);
      const redisKey = `mm-distinct-${name}:${day}:${key}`;
      try {
        const admitted = await redis.eval(
          ADMIT_SCRIPT,
          1,
          redisKey,
          hashOf(item),
          limit,
          DAY_MS / 1000,
        );
        return admitted === 1;
      } catch {
        // Redis down: this process counts alone meanwhile, as without Redis; never no count.
        return local.admit(key, item, limit);
      }
    },
  };
}

function localCounter(): DistinctCounter {
  let today = -1;
  const keys = new Map<string, Set<string>>();
  return {
    async admit(key, item, limit) {
      const day = Math.floor(Date.now() / DAY_MS);
      if (day !== today) {
        keys.clear();
        today = day;
      }
      let items = keys.get(key);
      if (!items) {
        if (keys.size >= MAX_LOCAL_KEYS) keys.delete(keys.keys().next().value as string);
        items = new Set();
        keys.set(key, items);
      }
      const hashed = hashOf(item);
      if (items.has(hashed)) return true;
      if (items.size >= limit) return false;
      items.add(hashed);
      return true;
    },
  };
}

/** A client as the limits count it: an IPv4 address, or an IPv6 address's /64. */
export function clientOf(ip: string): string {
  if (!ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
