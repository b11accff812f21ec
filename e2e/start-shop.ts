// The shop as the journeys see it: the API serving the built storefront, with Google sign-in
// pointed at a local OpenID Connect server (oauth2-mock-server) that signs in one Google account.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';
import { GOOGLE_ACCOUNT } from './google-account';

const oidc = new OAuth2Server();
await oidc.issuer.keys.generate('RS256');
await oidc.start(Number(process.env.E2E_OIDC_PORT ?? 3211), '127.0.0.1');
// The mock names itself http://localhost:PORT; use the address it is bound to.
oidc.issuer.url = `http://127.0.0.1:${oidc.address().port}`;
oidc.service.on('beforeTokenSigning', (token) => {
  Object.assign(token.payload, GOOGLE_ACCOUNT);
});

const repoRoot = resolve(import.meta.dirname, '..');
const shop = spawn(process.execPath, ['--import', 'tsx', join('apps', 'api', 'src', 'main.ts')], {
  cwd: repoRoot,
  stdio: 'inherit',
  env: {
    ...process.env,
    GOOGLE_CLIENT_ID: 'makhana-e2e',
    GOOGLE_CLIENT_SECRET: 'makhana-e2e-secret',
    GOOGLE_ISSUER_URL: oidc.issuer.url,
  },
});

async function stop(signal: NodeJS.Signals) {
  shop.kill(signal);
  await oidc.stop();
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
shop.on('exit', async (code) => {
  await oidc.stop().catch(() => undefined);
  process.exit(code ?? 0);
});
