import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { checkBoundaries, modulesWithoutIndex, relativeImports } from './check-boundaries.mjs';

const repository = join(dirname(fileURLToPath(import.meta.url)), '..');
const made = [];
after(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A throw-away tree in the repository's shape holding `files` (path -> text). */
function tree(files) {
  const root = mkdtempSync(join(tmpdir(), 'mm-boundaries-'));
  made.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const web = (path) => `apps/web/src/${path}`;
const api = (path) => `apps/api/src/${path}`;

describe('import boundaries', () => {
  it('the repository keeps them', () => {
    assert.deepEqual(checkBoundaries(repository), []);
  });

  it('refuses a feature importing another feature, however it is written', () => {
    const root = tree({
      [web('features/cart/cart-page.tsx')]: "import { CheckoutForm } from '../checkout/form';\n",
      [web('features/cart/parts/line.tsx')]:
        "export { x } from '../../checkout/form';\nconst later = import('../../checkout/lazy');\n",
      [web('features/checkout/form.tsx')]: 'export const CheckoutForm = 1;\n',
      [web('features/checkout/lazy.tsx')]: 'export default 1;\n',
    });
    const problems = checkBoundaries(root);
    assert.equal(problems.length, 3);
    for (const problem of problems)
      assert.match(problem, /feature "cart" imports feature "checkout"/);
    assert.match(problems[0], /cart-page\.tsx:1:/);
  });

  it('allows a feature its own files, shared code and the domain package', () => {
    const root = tree({
      [web('features/cart/cart-page.tsx')]: [
        "import { line } from './parts/line';",
        "import { Button } from '../../components/button';",
        "import { money } from '../../lib/money';",
        "import { cart } from '../../stores/cart-slice';",
        "import { fetchProducts } from '../../api/get-products';",
        "import { getCart } from './api/get-cart';",
        "import { SITE } from '@makhana/domain/site';",
      ].join('\n'),
      [web('features/cart/parts/line.tsx')]: "import { CartPage } from '../cart-page';\n",
      [web('features/cart/api/get-cart.ts')]:
        "import { apiRequest } from '../../../lib/api-client';\n",
    });
    assert.deepEqual(checkBoundaries(root), []);
  });

  it("refuses a feature's api/ call to another feature and to shared code", () => {
    const root = tree({
      [web('features/account/orders-section.tsx')]:
        "import { getOrder } from '../order-status/api/get-order';\n",
      [web('api/load-user.ts')]:
        "import { getOrder } from '../features/order-status/api/get-order';\n",
      [web('features/order-status/api/get-order.ts')]: 'export const getOrder = 1;\n',
    });
    const problems = checkBoundaries(root);
    assert.equal(problems.length, 2);
    assert.match(
      problems.join('\n'),
      /feature "account" imports a call of feature "order-status": a call several features need belongs in api\//,
    );
    assert.match(problems.join('\n'), /api\/ imports a call of feature "order-status"/);
  });

  it('lets the shared api/ import lib/ and stores/ import api/, never api/ import stores/, app/ or a feature', () => {
    const root = tree({
      [web('api/get-products.ts')]: "import { apiRequest } from '../lib/api-client';\n",
      [web('stores/product-slice.ts')]: "import { fetchProducts } from '../api/get-products';\n",
      [web('api/load-user.ts')]: [
        "import { selectCustomer } from '../stores/auth-slice';",
        "import { router } from '../app/router';",
        "import { LoginPage } from '../features/account/login-page';",
      ].join('\n'),
    });
    const problems = checkBoundaries(root);
    assert.equal(problems.length, 3);
    assert.match(problems.join('\n'), /api\/ imports stores\/: slices import the thunks in api\//);
    assert.match(problems.join('\n'), /api\/ imports app\//);
    assert.match(problems.join('\n'), /api\/ imports feature "account"/);
  });

  it('refuses shared code importing a feature, and anything below app importing app', () => {
    const root = tree({
      [web('lib/pincode.ts')]: "import { x } from '../features/checkout/form';\n",
      [web('components/card.tsx')]: "import { x } from '../features/product/page';\n",
      [web('features/support/contact-page.tsx')]:
        "import { SectionLink } from '../../app/layout/section-link';\n",
      [web('app/router.tsx')]: "import { HomePage } from '../features/home/home-page';\n",
    });
    const problems = checkBoundaries(root);
    assert.equal(problems.length, 3);
    assert.match(problems.join('\n'), /lib\/ imports feature "checkout"/);
    assert.match(problems.join('\n'), /components\/ imports feature "product"/);
    assert.match(problems.join('\n'), /features\/ imports app\//);
  });

  it("refuses an import of another API module's internals once the module has an index.ts", () => {
    const root = tree({
      [api('modules/orders/index.ts')]: "export { createOrder } from './checkout';\n",
      [api('modules/orders/checkout.ts')]: 'export const createOrder = 1;\n',
      [api('modules/payments/service.ts')]: [
        "import { createOrder } from '../orders';",
        "import { createOrder as again } from '../orders/index';",
        "import { settle } from '../orders/checkout';",
      ].join('\n'),
      [api('app.ts')]: "import { x } from './modules/orders/checkout';\n",
      [api('modules/orders/service.ts')]: "import { createOrder } from './checkout';\n",
    });
    const problems = checkBoundaries(root);
    assert.deepEqual(
      problems.map((p) => p.split(': ')[0]),
      ['apps/api/src/app.ts:1', 'apps/api/src/modules/payments/service.ts:3'],
    );
    assert.match(
      problems[0],
      /imports "checkout" inside module "orders": enter it through its index\.ts/,
    );
  });

  it('names every API module folder that has no index.ts', () => {
    assert.deepEqual(modulesWithoutIndex(repository), []);
    const root = tree({
      [api('modules/catalogue/index.ts')]: "export { x } from './products/service';\n",
      [api('modules/catalogue/products/service.ts')]: 'export const x = 1;\n',
      [api('modules/reviews/service.ts')]: 'export const y = 1;\n',
    });
    const problems = modulesWithoutIndex(root);
    assert.equal(problems.length, 1);
    assert.match(problems[0], /modules\/reviews: a module needs an index\.ts/);
  });

  it('reads every form of import specifier and ignores package imports', () => {
    const text = [
      "import a from './a';",
      'import "./side-effect";',
      "export * from './b';",
      "const c = await import('./c');",
      "import type { D } from '../d';",
      "import { z } from 'zod';",
    ].join('\n');
    assert.deepEqual(
      relativeImports(text).map((i) => i.specifier),
      ['./a', './side-effect', './b', './c', '../d'],
    );
  });
});
