import { Command, Redis, type RedisOptions, ReplyError } from 'ioredis';
import { CIRCUIT_CLOSED, CIRCUIT_OPEN } from './redis-circuit';

export interface CircuitOptions {
  /** commands in a row that get no answer (or no connection) before Redis is not asked */
  failures: number;
  /** how often a ping asks a Redis not asked, to close the circuit when it answers */
  probeEveryMs: number;
}

const DEFAULT_CIRCUIT: CircuitOptions = { failures: 3, probeEveryMs: 1_000 };

/** The error a command gets at once while the circuit is open. */
export class RedisCircuitOpenError extends Error {
  constructor() {
    super('Redis is not asked for now: it did not answer the last commands');
  }
}

/**
 * The shop's Redis client. A Redis that is gone fails each command at once (no offline queue),
 * but one that holds its connections and never answers (a stopped or swapping server) costs each
 * command its whole timeout, and a checkout makes several. After a few commands in a row without
 * an answer the client stops asking: commands fail at once, so every user takes its fallback
 * without waiting, and a ping in the background asks again until Redis answers. Redis's own error
 * replies are answers: they never open the circuit.
 *
 * Users that must know (the caches, whose invalidations would not arrive) listen for
 * `CIRCUIT_OPEN` and `CIRCUIT_CLOSED`. `duplicate()` gives a plain client (the subscribers).
 */
export class ShopRedis extends Redis {
  readonly #circuit: CircuitOptions;
  #misses = 0;
  #probe: NodeJS.Timeout | null = null;

  constructor(url: string, options: RedisOptions, circuit: Partial<CircuitOptions> = {}) {
    super(url, options);
    this.#circuit = { ...DEFAULT_CIRCUIT, ...circuit };
    this.on('end', () => this.#stopProbing());
  }

  /** Whether commands are sent to Redis (the circuit is closed). */
  get circuitClosed(): boolean {
    return this.#probe === null;
  }

  override sendCommand(command: Command, stream?: Parameters<Redis['sendCommand']>[1]): unknown {
    if (!this.circuitClosed) {
      command.reject(new RedisCircuitOpenError());
      return command.promise;
    }
    const sent = super.sendCommand(command, stream);
    command.promise.then(
      () => this.#answered(),
      (error: unknown) => (error instanceof ReplyError ? this.#answered() : this.#missed()),
    );
    return sent;
  }

  #answered(): void {
    this.#misses = 0;
  }

  #missed(): void {
    this.#misses += 1;
    if (this.#misses < this.#circuit.failures || !this.circuitClosed || this.status === 'end')
      return;
    this.#probe = setInterval(() => this.#ask(), this.#circuit.probeEveryMs);
    this.#probe.unref();
    this.emit(CIRCUIT_OPEN);
  }

  /** One ping past the circuit; an answer closes it. */
  #ask(): void {
    const ping = new Command('ping', []);
    super.sendCommand(ping);
    ping.promise.then(
      () => {
        if (this.circuitClosed) return;
        this.#stopProbing();
        this.#misses = 0;
        this.emit(CIRCUIT_CLOSED);
      },
      () => {},
    );
  }

  #stopProbing(): void {
    if (this.#probe) clearInterval(this.#probe);
    this.#probe = null;
  }
}
