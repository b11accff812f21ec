// Apart from the client (redis-client.ts) so that its listeners do not load ioredis: a shop
// without REDIS_URL never does.

/** Emitted by the shop's Redis client when it stops asking Redis, and when it asks again. */
export const CIRCUIT_OPEN = 'circuit-open';
export const CIRCUIT_CLOSED = 'circuit-closed';
