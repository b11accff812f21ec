// Paid checkouts a second of this checkout and of another (an earlier commit's worktree), run at
// the same time on one machine, so both meet the same load on the machine and the same
// PostgreSQL: on a shared machine whose speed drifts by a third from one minute to the next, two
// runs one after the other compare the minutes more than the code.
//
//   git worktree add ../before <commit> && (cd ../before && npm ci && npm run build)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     node scripts/bench-compare-checkout.mjs ../before [rounds]
//
// Each shop runs one process with its own database and mail sink; 32 buyers each, for 20 s a
// round. Prints each round's checkouts a second, this checkout's share of the other's, and the
// p95 from asking to pay to the order confirmation reaching each shop's mail server.
import { resolve } from 'node:path';
import { measureCheckout } from './bench-checkout.mjs';
import { startMailSink } from './bench-mail-sink.mjs';
import { freshDatabase, productionEnv, startShop, stopShop, waitForHealth } from './bench-shop.mjs';
import { ensureApiBuild, ensureNode, log, root } from './lib.mjs';

await ensureNode();
const [otherDir, roundsArg = '3'] = process.argv.slice(2);
const serverUrl = process.env.BENCH_DATABASE_URL;
if (!otherDir || !serverUrl) {
  console.error(
    'usage: BENCH_DATABASE_URL=postgres://... node scripts/bench-compare-checkout.mjs <other checkout> [rounds]',
  );
  process.exit(2);
}
ensureApiBuild();

async function startSide(name, dir, port) {
  const env = productionEnv(port);
  const mailSink = await startMailSink();
  const databaseUrl = await freshDatabase(serverUrl, `makhana_compare_${name}`);
  const shop = startShop(
    port,
    {
      ...env,
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: mailSink.url,
      DATABASE_URL: databaseUrl,
      WEB_CONCURRENCY: '1',
      SEED_DEMO: 'false',
      RATE_LIMIT_MAX: '100000000',
      RATE_LIMIT_STRICT_MAX: '100000',
      RATE_LIMIT_ACCOUNT_MAX: '100000',
      RATE_LIMIT_SIGN_IN_EMAILS: '100000',
    },
    undefined,
    dir,
  );
  await waitForHealth(shop.origin);
  return { name, shop, mailSink, env, databaseUrl };
}

const rounds = Number(roundsArg);
const sides = [
  { name: 'this', dir: root, port: 4710 },
  { name: 'other', dir: resolve(otherDir), port: 4711 },
];
const results = [];
for (let round = 1; round <= rounds; round++) {
  log(`Round ${round} of ${rounds}: this checkout and ${otherDir}, side by side`);
  const started = [];
  try {
    for (const side of sides) started.push(await startSide(side.name, side.dir, side.port));
    // Both buyers' clocks start together, once both shops have their buyers signed in.
    let waiting = started.length;
    let go;
    const allReady = new Promise((resolveGo) => {
      go = resolveGo;
    });
    const beforeRun = () => {
      waiting -= 1;
      if (waiting === 0) go();
      return allReady;
    };
    const runs = await Promise.all(
      started.map((side) =>
        measureCheckout({
          origin: side.shop.origin,
          databaseUrl: side.databaseUrl,
          mailSink: side.mailSink,
          owner: { email: side.env.ADMIN_EMAIL, password: side.env.ADMIN_PASSWORD },
          serverGroup: side.shop.pid,
          beforeRun,
        }),
      ),
    );
    const [mine, theirs] = runs;
    const share = Math.round((mine.perSecond / theirs.perSecond) * 100) / 100;
    const mailP95 = (run) => run.confirmationMail?.p95Ms ?? null;
    results.push({
      round,
      this: mine.perSecond,
      other: theirs.perSecond,
      share,
      thisMailP95Ms: mailP95(mine),
      otherMailP95Ms: mailP95(theirs),
    });
    console.log(
      `round ${round}: this ${mine.perSecond}/s, other ${theirs.perSecond}/s, share ${share}; confirmation at SMTP p95: this ${mailP95(mine)} ms, other ${mailP95(theirs)} ms`,
      mine.failures,
      theirs.failures,
    );
  } finally {
    for (const side of started) {
      await stopShop(side.shop);
      side.mailSink.stop();
    }
  }
}
console.table(results);
const total = (key) => results.reduce((sum, r) => sum + r[key], 0);
console.log(
  `all rounds: this checkout did ${Math.round((total('this') / total('other')) * 100) / 100} of the other's paid checkouts a second`,
);
