import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { developmentWarning } from './notice';

describe('developmentWarning', () => {
  it('says in one line that a shop without NODE_ENV is for trying out, on this machine only', () => {
    const config = loadConfig({});
    expect(config.host).toBe('127.0.0.1');
    expect(developmentWarning(config)).toBe(
      "Development mode (NODE_ENV is not production): payments are simulated, the owner's password is the public development one, and only this machine can reach it. Set NODE_ENV=production to run a real shop.",
    );
  });

  it('names the address a HOST set on purpose opens it on', () => {
    expect(developmentWarning(loadConfig({ HOST: '0.0.0.0' }))).toContain(
      'it listens on 0.0.0.0 (HOST)',
    );
  });

  it('says nothing in production', () => {
    expect(
      developmentWarning({
        isProduction: true,
        host: '0.0.0.0',
        payments: { provider: 'razorpay' },
      }),
    ).toBeNull();
  });
});
