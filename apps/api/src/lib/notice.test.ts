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

  it('names the address a HOST set on purpose opens it on, and an owner password of its own', () => {
    const warning = developmentWarning(
      loadConfig({ HOST: '0.0.0.0', ADMIN_PASSWORD: 'a-password-of-our-own' }),
    );
    expect(warning).toContain('it listens on 0.0.0.0 (HOST)');
    expect(warning).toContain("the owner's password is printed below");
  });

  it('says nothing in production', () => {
    expect(
      developmentWarning({
        isProduction: true,
        host: '0.0.0.0',
        payments: { provider: 'razorpay' },
        admin: { password: 'a-password-of-our-own' },
      }),
    ).toBeNull();
  });
});
