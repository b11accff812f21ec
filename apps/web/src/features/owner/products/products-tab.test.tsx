import { NUTRIENTS } from '@makhana/domain/declarations';
import { lowestStock, type Product } from '@makhana/domain/product';
import { SHIPPING_MESSAGES } from '@makhana/domain/shipping';
import { productSchema } from '@makhana/domain/validation';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fetchProducts } from '../../../api/get-products';
import { createStore } from '../../../stores/store';
import { spyToasts, stubRoutes } from '../../../test/customer-fixtures';
import {
  caramel,
  catalogue,
  classic,
  DECLARATIONS,
  fail,
  makeProduct,
  ok,
  okPage,
  periPeri,
  pinkSalt,
  renderRoutes,
} from '../../../test/shop-fixtures';
import { OWNER_PRODUCTS_PATH, ProductsTab } from './products-tab';

let toasts: ReturnType<typeof spyToasts>;
beforeEach(() => {
  toasts = spyToasts();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const byName = (a: Product, b: Product) => a.name.localeCompare(b.name, 'en-IN');
const SERVER_SORTS: Record<string, (a: Product, b: Product) => number> = {
  newest: (a, b) => b.createdAt.localeCompare(a.createdAt) || byName(a, b),
  name: byName,
  'price-asc': (a, b) => a.price - b.price || byName(a, b),
  'price-desc': (a, b) => b.price - a.price || byName(a, b),
  'stock-asc': (a, b) =>
    lowestStock(a) - lowestStock(b) || b.createdAt.localeCompare(a.createdAt) || byName(a, b),
};

/**
 * The server's `GET /products/owner-list` over `products`, in memory: the same search (the words
 * as one phrase in the name, flavour or a sku, case aside), sorts and pages. The owner's writes
 * that succeed change what it serves next, as the server's would. Each query asked is kept.
 */
function serveOwnerList(products: Product[]) {
  const rows = [...products];
  const asked: URLSearchParams[] = [];
  if (!vi.isMockFunction(fetch)) stubRoutes({});
  const fetchMock = vi.mocked(fetch);
  const base = fetchMock.getMockImplementation();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://shop.test');
    if (url.pathname.endsWith(OWNER_PRODUCTS_PATH)) {
      asked.push(url.searchParams);
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 50);
      const found = rows
        .filter((p) =>
          [p.name, p.variant, p.sku, ...p.quantity.map((v) => v.sku)].some((text) =>
            text.toLowerCase().includes(q),
          ),
        )
        .sort(SERVER_SORTS[url.searchParams.get('sort') ?? 'newest']);
      const items = found.slice((page - 1) * limit, page * limit);
      return new Response(
        JSON.stringify(okPage(items, { page, limit, total: found.length }).body),
        { status: 200 },
      );
    }
    const answer = await base!(input, init);
    if (init?.method === 'POST' && answer.ok && url.pathname.includes('/products/')) {
      const data = (await answer.clone().json()).data as Product | { _id: string };
      const at = rows.findIndex((p) => p._id === data._id);
      if (url.pathname.includes('/products/deleteProduct/')) rows.splice(at, 1);
      else if ('quantity' in data) at === -1 ? rows.unshift(data) : rows.splice(at, 1, data);
    }
    return answer;
  });
  return asked;
}

/** The tab over `products` as the server serves them, once its first page is shown. */
async function renderTab(products: Product[] = catalogue) {
  const store = createStore();
  store.dispatch(fetchProducts.fulfilled(products, 'catalogue-loaded'));
  const asked = serveOwnerList(products);
  const view = renderRoutes([{ path: '/', Component: ProductsTab }], { store });
  await waitFor(() => expect(screen.queryByText('Loading products…')).toBeNull());
  return { ...view, store, asked, user: userEvent.setup() };
}

const table = () => screen.getByRole('table', { name: 'Products' });
const rowNames = () =>
  within(table())
    .getAllByRole('rowheader')
    .map((cell) => cell.querySelector('.font-semibold')?.textContent);
const rowOf = (name: string) =>
  within(table())
    .getAllByRole('row')
    .find(
      (row) => row.querySelector('th[scope="row"] .font-semibold')?.textContent === name,
    ) as HTMLElement;
const dialog = () => within(screen.getByRole('dialog'));

/** The new product form's required fields, one weight. */
async function fillNewProduct(
  user: ReturnType<typeof userEvent.setup>,
  form: ReturnType<typeof dialog>,
) {
  await user.type(form.getByRole('textbox', { name: 'Name' }), 'Mint Makhana');
  await user.type(form.getByRole('textbox', { name: 'Brand' }), 'Mithila Makhana Co.');
  await user.type(form.getByRole('textbox', { name: 'Category' }), 'Roasted Makhana');
  await user.type(form.getByRole('spinbutton', { name: 'Price (₹)' }), '249');
  await user.type(form.getByRole('spinbutton', { name: 'Shelf life (months)' }), '6');
  await user.type(form.getByRole('textbox', { name: 'Description' }), 'Cool and crunchy.');
  await user.type(form.getByRole('spinbutton', { name: 'Weight (g) of weight 1' }), '100');
  await user.type(form.getByRole('spinbutton', { name: 'Price (₹) of weight 1' }), '249');
  await fillDeclarations(user, form);
}
/** The declarations of the demo's classic pack, typed into the form's Label and tax section. */
async function fillDeclarations(
  user: ReturnType<typeof userEvent.setup>,
  form: ReturnType<typeof dialog>,
) {
  const fill = (role: 'textbox' | 'spinbutton', name: string, value: string | number) =>
    fireEvent.change(form.getByRole(role, { name }), { target: { value: String(value) } });
  fill('textbox', 'Ingredients', DECLARATIONS.ingredients);
  fill('textbox', 'Allergens', DECLARATIONS.allergens);
  for (const nutrient of NUTRIENTS) {
    fill(
      'spinbutton',
      `${nutrient.label} (${nutrient.unit})`,
      DECLARATIONS.nutrition[nutrient.key],
    );
  }
  fill('textbox', 'Manufacturer', DECLARATIONS.manufacturer.name);
  fill('textbox', 'Manufacturer’s address', DECLARATIONS.manufacturer.address);
  await user.click(form.getByRole('radio', { name: 'Veg' }));
}

/** What the form sends for those declarations. */
const SENT_DECLARATIONS = { ...DECLARATIONS, gstRate: 5 };

/** The text a control's aria-describedby points at: its error, here. */
const described = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
const disabled = (element: HTMLElement) => (element as HTMLButtonElement).disabled;

describe('ProductsTab table', () => {
  it("lists every product with its price, each weight's free stock, listing and rating", async () => {
    await renderTab([...catalogue, makeProduct({ _id: 'no-weights', name: 'Bare', quantity: [] })]);
    const cells = (name: string) =>
      within(rowOf(name))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    const weights = (name: string) =>
      within(within(rowOf(name)).getByTestId('stock-by-weight'))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    // price, stock, listed, rating, actions
    expect(cells('Classic Roasted Makhana').slice(0, 4)).toEqual([
      '₹199',
      '100 g: 40250 g: 3low500 g: 0low',
      'Listed',
      '4.3 (12)',
    ]);
    expect(weights('Classic Roasted Makhana')).toEqual(['100 g: 40', '250 g: 3low', '500 g: 0low']);
    expect(weights('Peri Peri Makhana')).toEqual(['200 g: 30', '500 g: 12']);
    expect(cells('Peri Peri Makhana')[2]).toBe('Listed');
    expect(weights('Himalayan Pink Salt Makhana')).toEqual(['250 g: 18']);
    expect(cells('Bare')[1]).toBe('No weights');
  });

  it("marks a weight low against the owner's own mark for it", async () => {
    const marked = makeProduct({
      _id: 'marked',
      name: 'Marked',
      quantity: [
        { weight: 100, price: 199, sku: 'MK-100', stock: 12, lowStockBelow: 20 },
        { weight: 250, price: 449, sku: 'MK-250', stock: 2, lowStockBelow: 0 },
      ],
    });
    await renderTab([marked]);
    const items = within(within(rowOf('Marked')).getByTestId('stock-by-weight')).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual(['100 g: 12low', '250 g: 2']);
  });

  it('shows a product not listed, and one listed with no stock', async () => {
    await renderTab([
      makeProduct({ _id: 'off', name: 'Off', listed: false, inStock: false }),
      { ...caramel, inStock: false },
    ]);
    expect(within(rowOf('Off')).getByText('Not listed')).toBeTruthy();
    expect(within(rowOf('Caramel Makhana')).getByText('Listed · sold out')).toBeTruthy();
  });

  it('asks the server for the first page, newest first, and shows where it sits', async () => {
    const { asked } = await renderTab();
    expect(asked).toHaveLength(1);
    expect(Object.fromEntries(asked[0] ?? [])).toEqual({ page: '1', limit: '50' });
    expect(screen.getByText('Showing 1–4 of 4 products')).toBeTruthy();
    expect(screen.getByText('4 products in the shop')).toBeTruthy();
  });

  it('finds products by name, sku or flavour on the server, and sorts them there', async () => {
    const { user, asked, router } = await renderTab();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    const lastAsked = () => Object.fromEntries(asked.at(-1) ?? []);

    await user.type(search, 'ppr-500');
    await waitFor(() => expect(rowNames()).toEqual(['Peri Peri Makhana']));
    expect(lastAsked()).toEqual({ page: '1', limit: '50', q: 'ppr-500' });
    expect(router.state.location.search).toBe('?q=ppr-500');
    await user.clear(search);
    await user.type(search, 'PINK salt');
    await waitFor(() => expect(rowNames()).toEqual(['Himalayan Pink Salt Makhana']));
    await user.clear(search);
    await user.type(search, 'nothing like it');
    expect(await screen.findByText('No products match your search.')).toBeTruthy();
    await user.clear(search);
    await waitFor(() => expect(rowNames()).toHaveLength(4));

    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    await user.selectOptions(sort, 'name');
    await waitFor(() =>
      expect(rowNames()).toEqual([
        'Caramel Makhana',
        'Classic Roasted Makhana',
        'Himalayan Pink Salt Makhana',
        'Peri Peri Makhana',
      ]),
    );
    expect(lastAsked()).toEqual({ page: '1', limit: '50', sort: 'name' });
    expect(router.state.location.search).toBe('?sort=name');
    await user.selectOptions(sort, 'price-desc');
    await waitFor(() => expect(rowNames()[0]).toBe('Himalayan Pink Salt Makhana'));
    await user.selectOptions(sort, 'price-asc');
    await waitFor(() => expect(rowNames()[0]).toBe('Classic Roasted Makhana'));
    await user.selectOptions(sort, 'stock-asc');
    await waitFor(() =>
      expect(rowNames()).toEqual([
        'Caramel Makhana',
        'Classic Roasted Makhana',
        'Peri Peri Makhana',
        'Himalayan Pink Salt Makhana',
      ]),
    );
    await user.selectOptions(sort, '');
    await waitFor(() => expect(lastAsked()).toEqual({ page: '1', limit: '50' }));
  });

  it('pages through the products fifty at a time', async () => {
    const many = Array.from({ length: 51 }, (_, i) =>
      makeProduct({
        _id: `p${i}`,
        name: `Makhana ${String(i).padStart(2, '0')}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
      }),
    );
    const { user, asked } = await renderTab(many);
    expect(rowNames()).toHaveLength(50);
    expect(rowNames()[0]).toBe('Makhana 50');
    await user.click(screen.getByRole('button', { name: 'Next page of products' }));
    await waitFor(() => expect(rowNames()).toEqual(['Makhana 00']));
    expect(asked.at(-1)?.get('page')).toBe('2');
    expect(screen.getByText('Showing 51–51 of 51 products')).toBeTruthy();
  });

  it('shows a card per product on a phone, with its figures and buttons', async () => {
    const phone = vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    stubRoutes({});
    const { user } = await renderTab();
    expect(screen.queryByRole('table')).toBeNull();
    const cards = [...screen.getByRole('list', { name: 'Products' }).children] as HTMLElement[];
    expect(cards).toHaveLength(4);
    const card = within(cards.find((c) => c.textContent?.includes('Peri Peri')) as HTMLElement);
    expect(card.getByText('Stock').nextElementSibling?.textContent).toBe('200 g: 30500 g: 12');
    expect(card.getByText('Price').nextElementSibling?.textContent).toBe('₹349');
    await user.click(card.getByRole('button', { name: 'Edit Peri Peri Makhana' }));
    expect(screen.getByRole('dialog', { name: 'Edit Peri Peri Makhana' })).toBeTruthy();
    phone.mockRestore();
  });

  it('sorts the newest first by default', async () => {
    await renderTab([
      makeProduct({ _id: 'old', name: 'Old', createdAt: '2025-01-01T00:00:00.000Z' }),
      makeProduct({ _id: 'new', name: 'New', createdAt: '2026-01-01T00:00:00.000Z' }),
    ]);
    expect(rowNames()).toEqual(['New', 'Old']);
  });
});

describe('ProductsTab form', () => {
  /** What the API's product body knows, but `inStock`: the seed spec's name for `listed`. */
  const KNOWN_FIELDS = Object.keys(productSchema.in.shape)
    .filter((field) => field !== 'inStock')
    .sort();

  it("shows the form's rules under the fields and sends nothing", async () => {
    const server = stubRoutes({});
    const { user } = await renderTab();
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    await user.click(dialog().getByRole('button', { name: 'Add product' }));

    for (const name of ['Name', 'Brand', 'Category', 'Description']) {
      expect(described(dialog().getByRole('textbox', { name }))).toBe('Required');
    }
    expect(
      dialog()
        .getByRole('spinbutton', { name: 'Shelf life (months)' })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(described(dialog().getByRole('spinbutton', { name: 'Price (₹)' }))).toBe('Required');
    expect(described(dialog().getByRole('spinbutton', { name: 'Weight (g) of weight 1' }))).toBe(
      'Weight is required',
    );
    expect(server.callsTo('POST /products/addProduct')).toHaveLength(0);
  });

  it('lists a product only with its label’s declarations, naming each one missing; saves it off sale without', async () => {
    const saved = makeProduct({ _id: 'prod-new', name: 'Mint Makhana', images: [], listed: false });
    const server = stubRoutes({ 'POST /products/addProduct': ok(saved) });
    const { user } = await renderTab();
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    const form = dialog();
    await user.type(form.getByRole('textbox', { name: 'Name' }), 'Mint Makhana');
    await user.type(form.getByRole('textbox', { name: 'Brand' }), 'Mithila Makhana Co.');
    await user.type(form.getByRole('textbox', { name: 'Category' }), 'Roasted Makhana');
    await user.type(form.getByRole('spinbutton', { name: 'Price (₹)' }), '249');
    await user.type(form.getByRole('spinbutton', { name: 'Shelf life (months)' }), '6');
    await user.type(form.getByRole('textbox', { name: 'Description' }), 'Cool and crunchy.');
    await user.type(form.getByRole('spinbutton', { name: 'Weight (g) of weight 1' }), '100');
    await user.type(form.getByRole('spinbutton', { name: 'Price (₹) of weight 1' }), '249');
    await user.click(form.getByRole('button', { name: 'Add product' }));

    const missing = 'Required before the product is listed';
    for (const name of ['Ingredients', 'Allergens', 'Manufacturer', 'Manufacturer’s address']) {
      expect(described(form.getByRole('textbox', { name }))).toBe(missing);
    }
    expect(form.getByText(missing, { selector: '[role="alert"]' })).toBeTruthy();
    expect(form.getByRole('group', { name: 'Veg or non-veg' }).textContent).toContain(missing);
    expect(server.callsTo('POST /products/addProduct')).toHaveLength(0);

    // Off sale, it is kept while the declarations wait.
    await user.click(form.getByRole('switch', { name: /Listed/ }));
    await user.click(form.getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(server.callsTo('POST /products/addProduct')).toHaveLength(1));
    expect(server.callsTo('POST /products/addProduct')[0]?.body).toMatchObject({
      listed: false,
      hsnCode: '2008',
      gstRate: 5,
      ingredients: '',
      nutrition: null,
      vegetarian: null,
      packer: null,
    });
  });

  it('adds a product with two weights and no pictures, then offers its pictures', async () => {
    const saved = makeProduct({ _id: 'prod-new', name: 'Mint Makhana', images: [] });
    const server = stubRoutes({ 'POST /products/addProduct': ok(saved) });
    const { user, store, asked } = await renderTab();
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    const form = dialog();
    expect(form.getByLabelText('Choose pictures')).toBeTruthy();

    await user.type(form.getByRole('textbox', { name: 'Name' }), 'Mint Makhana');
    await user.type(form.getByRole('textbox', { name: 'Brand' }), 'Mithila Makhana Co.');
    await user.type(form.getByRole('textbox', { name: 'Category' }), 'Roasted Makhana');
    await user.type(form.getByRole('textbox', { name: 'Flavour' }), 'Mint');
    await user.type(form.getByRole('spinbutton', { name: 'Price (₹)' }), '249');
    await user.type(form.getByRole('spinbutton', { name: 'Shelf life (months)' }), '6');
    await user.type(form.getByRole('textbox', { name: 'Description' }), 'Cool and crunchy.');
    await user.type(form.getByRole('spinbutton', { name: 'Weight (g) of weight 1' }), '100');
    await user.type(form.getByRole('spinbutton', { name: 'Price (₹) of weight 1' }), '249');
    await user.type(form.getByRole('spinbutton', { name: 'Stock of weight 1' }), '20');
    await fillDeclarations(user, form);
    await user.click(form.getByRole('button', { name: 'Add weight' }));
    await user.type(form.getByRole('spinbutton', { name: 'Weight (g) of weight 2' }), '250');
    await user.type(form.getByRole('spinbutton', { name: 'Price (₹) of weight 2' }), '549');
    await user.type(form.getByRole('textbox', { name: 'SKU of weight 2' }), 'MM-MNT-250');
    const mark = form.getByRole('spinbutton', { name: 'Low below for weight 2' });
    expect((mark as HTMLInputElement).value).toBe('5');
    await user.clear(mark);
    await user.type(mark, '-2');
    await user.click(form.getByRole('button', { name: 'Add product' }));
    expect(described(mark)).toBe('Low-stock mark cannot be negative');
    await user.clear(mark);
    await user.type(mark, '8');
    const before = asked.length;
    await user.click(form.getByRole('button', { name: 'Add product' }));

    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Product Added successfully'));
    expect(server.callsTo('POST /products/addProduct')[0]?.body).toEqual({
      name: 'Mint Makhana',
      brand: 'Mithila Makhana Co.',
      categoryType: 'Roasted Makhana',
      packOfBox: 1,
      price: 249,
      description: 'Cool and crunchy.',
      shelfLife: 6,
      variant: 'Mint',
      listed: true,
      modelNumber: '',
      countryOfOrigin: 'India',
      healthBenefits: '',
      containerType: '',
      dietaryPreference: '',
      sku: '',
      ...SENT_DECLARATIONS,
      quantity: [
        { weight: 100, price: 249, sku: '', stock: 20, lowStockBelow: 5 },
        { weight: 250, price: 549, sku: 'MM-MNT-250', stock: 0, lowStockBelow: 8 },
      ],
    });
    // The shop's catalogue has it at once, first as the newest.
    expect(store.getState().product.productDetails[0]).toEqual(saved);
    expect(await screen.findByRole('dialog', { name: 'Edit Mint Makhana' })).toBeTruthy();
    expect(dialog().getByRole('group', { name: 'Pictures' })).toBeTruthy();

    // The list is asked again once, and the new product is in it behind the form.
    await waitFor(() => expect(rowNames()).toContain('Mint Makhana'));
    await user.click(dialog().getByRole('button', { name: 'Done' }));
    expect(rowNames()).toContain('Mint Makhana');
    expect(asked.length).toBe(before + 1);
  });

  it('takes pictures in the same form: reordered, described, and uploaded in order after the save', async () => {
    const saved = makeProduct({ _id: 'prod-new', name: 'Mint Makhana', images: [] });
    const withPictures = {
      ...saved,
      images: ['/uploads/products/b.webp', '/uploads/products/c.webp'],
      imageAlts: ['Mint Makhana 100g', 'Pouch, back'],
    };
    URL.createObjectURL = vi.fn((file: Blob) => `blob:${(file as File).name}`);
    URL.revokeObjectURL = vi.fn();
    const sent: FormData[] = [];
    stubRoutes({ 'POST /products/addProduct': ok(saved) });
    const fetchMock = vi.mocked(fetch);
    const base = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/products/addProductImage/prod-new')) {
        sent.push(init?.body as FormData);
        return new Response(JSON.stringify(ok(withPictures).body), { status: 200 });
      }
      return base!(input, init);
    });
    const { user } = await renderTab();
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    const form = dialog();
    await fillNewProduct(user, form);

    await user.upload(form.getByLabelText('Choose pictures'), [
      new File(['a'], 'a.png', { type: 'image/png' }),
      new File(['b'], 'b.png', { type: 'image/png' }),
      new File(['c'], 'c.png', { type: 'image/png' }),
    ]);
    const chosen = () =>
      form.getAllByTestId('chosen-picture').map((tile) => tile.querySelector('img')?.src);
    expect(chosen()).toEqual(['blob:a.png', 'blob:b.png', 'blob:c.png']);
    // Undescribed, a picture reads as the product's name and smallest weight.
    expect(form.getAllByRole('img', { name: 'Mint Makhana 100g' })).toHaveLength(3);

    await user.click(form.getByRole('button', { name: 'Remove picture 1' }));
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:a.png');
    await user.click(form.getByRole('button', { name: 'Move picture 2 earlier' }));
    expect(chosen()).toEqual(['blob:c.png', 'blob:b.png']);
    expect(screen.getByText('Picture 2 is now picture 1.')).toBeTruthy();
    // By keyboard too: the focused button moves it back.
    form.getByRole('button', { name: 'Move picture 1 later' }).focus();
    await user.keyboard('{Enter}');
    expect(chosen()).toEqual(['blob:b.png', 'blob:c.png']);
    await user.type(form.getByLabelText('Picture 2: what it shows'), 'Pouch, back');

    await user.click(form.getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(
      [...(sent[0]?.entries() ?? [])].map(([field, value]) => [
        field,
        typeof value === 'string' ? value : value.name,
      ]),
    ).toEqual([
      ['images', 'b.png'],
      ['alt', ''],
      ['images', 'c.png'],
      ['alt', 'Pouch, back'],
    ]);
    expect(toasts.success).toHaveBeenCalledWith('Product Added successfully');
    const edit = await screen.findByRole('dialog', { name: 'Edit Mint Makhana' });
    expect(within(edit).getByRole('img', { name: 'Pouch, back' })).toBeTruthy();
    expect(within(edit).queryByText('Pictures still to upload')).toBeNull();
  });

  it('keeps the product and the chosen pictures when their upload fails, and uploads them again', async () => {
    const saved = makeProduct({ _id: 'prod-new', name: 'Mint Makhana', images: [] });
    URL.createObjectURL = vi.fn((file: Blob) => `blob:${(file as File).name}`);
    URL.revokeObjectURL = vi.fn();
    let failing = true;
    stubRoutes({ 'POST /products/addProduct': ok(saved) });
    const fetchMock = vi.mocked(fetch);
    const base = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/products/addProductImage/prod-new')) {
        if (failing) {
          return new Response(
            JSON.stringify(fail(503, 'images: The pictures could not be stored').body),
            { status: 503 },
          );
        }
        const added = { ...saved, images: ['/uploads/products/a.webp'], imageAlts: ['A bowl'] };
        return new Response(JSON.stringify(ok(added).body), { status: 200 });
      }
      return base!(input, init);
    });
    const { user } = await renderTab();
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    const form = dialog();
    await fillNewProduct(user, form);
    await user.upload(form.getByLabelText('Choose pictures'), [
      new File(['a'], 'a.png', { type: 'image/png' }),
    ]);
    await user.type(form.getByLabelText('Picture 1: what it shows'), 'A bowl');
    await user.click(form.getByRole('button', { name: 'Add product' }));

    // The product exists: its edit opens, saying so, with the picture still chosen and described.
    const edit = within(await screen.findByRole('dialog', { name: 'Edit Mint Makhana' }));
    expect(edit.getByRole('alert').textContent).toMatch(
      /^The product was saved, but its pictures were not uploaded \(.*could not be stored.*\)/,
    );
    expect((edit.getByLabelText('Picture 1: what it shows') as HTMLInputElement).value).toBe(
      'A bowl',
    );
    expect(toasts.success).toHaveBeenCalledWith('Product Added successfully');

    failing = false;
    await user.click(edit.getByRole('button', { name: 'Upload these pictures' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Images added successfully'));
    expect(edit.queryByText('Pictures still to upload')).toBeNull();
    expect(edit.getByRole('img', { name: 'A bowl' })).toBeTruthy();
  });

  it("edits a weight's price and low-stock mark, and unlists a product", async () => {
    const server = stubRoutes({
      'POST /products/updateProduct/prod-classic': (body) =>
        ok({ ...classic, ...(body as object), inStock: false }),
    });
    const { user, store } = await renderTab();
    await user.click(
      within(rowOf('Classic Roasted Makhana')).getByRole('button', {
        name: 'Edit Classic Roasted Makhana',
      }),
    );
    const price = dialog().getByRole('spinbutton', { name: 'Price (₹) of weight 2' });
    expect((price as HTMLInputElement).value).toBe('449');
    await user.clear(price);
    await user.type(price, '459');
    const mark = dialog().getByRole('spinbutton', { name: 'Low below for weight 1' });
    await user.clear(mark);
    await user.type(mark, '50');
    await user.click(dialog().getByRole('switch', { name: /Listed/ }));
    await user.click(dialog().getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(toasts.success).toHaveBeenCalledWith('Product updated successfully'),
    );
    const body = server.callsTo('POST /products/updateProduct/prod-classic')[0]?.body as {
      quantity: { price: number; sku: string; lowStockBelow: number }[];
      listed: boolean;
    };
    expect(body.quantity.map((v) => [v.sku, v.price, v.lowStockBelow])).toEqual([
      ['MM-CLS-100', 199, 50],
      ['MM-CLS-250', 459, 5],
      ['MM-CLS-500', 849, 5],
    ]);
    expect(body.listed).toBe(false);
    // The API refuses a field it does not know: the form sends its own and nothing else.
    expect(Object.keys(body).sort()).toEqual(KNOWN_FIELDS);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      store.getState().product.productDetails.find((p) => p._id === 'prod-classic')?.quantity[1]
        ?.price,
    ).toBe(459);
    expect(within(rowOf('Classic Roasted Makhana')).getByText('Not listed')).toBeTruthy();
  });

  it("takes a weight's shipping weight: its default shown, sent when filled, never below the net weight", async () => {
    const saved = makeProduct({ _id: 'prod-new', name: 'Mint Makhana', images: [] });
    const server = stubRoutes({ 'POST /products/addProduct': ok(saved) });
    const { user } = await renderTab();
    await user.click(screen.getByRole('button', { name: 'Add product' }));
    const form = dialog();
    const shipping = (n: number) =>
      form.getByRole('spinbutton', { name: `Shipping weight (g) of weight ${n}` });
    expect(shipping(1).getAttribute('placeholder')).toBe('');
    await fillNewProduct(user, form);
    expect(shipping(1).getAttribute('placeholder')).toBe('140 (default)');
    expect(described(shipping(1))).toBe('Empty: the weight plus 40 g of packaging');
    await user.click(form.getByRole('button', { name: 'Add weight' }));
    await user.type(form.getByRole('spinbutton', { name: 'Weight (g) of weight 2' }), '250');
    await user.type(form.getByRole('spinbutton', { name: 'Price (₹) of weight 2' }), '549');
    expect(shipping(2).getAttribute('placeholder')).toBe('290 (default)');

    await user.type(shipping(1), '90');
    await user.click(form.getByRole('button', { name: 'Add product' }));
    expect(described(shipping(1))).toBe(SHIPPING_MESSAGES.shippingWeight);
    expect(shipping(1).getAttribute('aria-invalid')).toBe('true');
    expect(server.callsTo('POST /products/addProduct')).toHaveLength(0);

    await user.clear(shipping(1));
    await user.type(shipping(1), '180');
    await user.click(form.getByRole('button', { name: 'Add product' }));
    await waitFor(() => expect(server.callsTo('POST /products/addProduct')).toHaveLength(1));
    const body = server.callsTo('POST /products/addProduct')[0]?.body as {
      quantity: Record<string, unknown>[];
    };
    // Left empty, the second is not sent: the server gives it the default.
    expect(body.quantity.map((v) => [v.weight, v.shippingWeight])).toEqual([
      [100, 180],
      [250, undefined],
    ]);
    expect('shippingWeight' in (body.quantity[1] ?? {})).toBe(false);
  });

  it('shows a weight’s own shipping weight to edit, and the default as empty so it stays the default', async () => {
    const boxed = makeProduct({
      _id: 'prod-boxed',
      name: 'Boxed Makhana',
      quantity: [
        { weight: 100, price: 199, sku: 'MM-BOX-100', stock: 10, lowStockBelow: 5 },
        {
          weight: 250,
          price: 449,
          sku: 'MM-BOX-250',
          stock: 10,
          lowStockBelow: 5,
          shippingWeight: 320,
        },
      ],
    });
    const server = stubRoutes({
      'POST /products/updateProduct/prod-boxed': (body) => ok({ ...boxed, ...(body as object) }),
    });
    const { user } = await renderTab([boxed]);
    await user.click(screen.getByRole('button', { name: 'Edit Boxed Makhana' }));
    const form = dialog();
    const shipping = (n: number) =>
      form.getByRole('spinbutton', {
        name: `Shipping weight (g) of weight ${n}`,
      }) as HTMLInputElement;
    expect(shipping(1).value).toBe('');
    expect(shipping(1).placeholder).toBe('140 (default)');
    expect(shipping(2).value).toBe('320');

    // The default follows the weight as it is typed.
    const weight = form.getByRole('spinbutton', { name: 'Weight (g) of weight 1' });
    await user.clear(weight);
    await user.type(weight, '120');
    expect(shipping(1).placeholder).toBe('160 (default)');
    await user.clear(shipping(2));
    await user.type(shipping(2), '300');
    await user.click(form.getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(server.callsTo('POST /products/updateProduct/prod-boxed')).toHaveLength(1),
    );
    const body = server.callsTo('POST /products/updateProduct/prod-boxed')[0]?.body as {
      quantity: Record<string, unknown>[];
    };
    expect(body.quantity.map((v) => [v.sku, v.weight, v.shippingWeight])).toEqual([
      ['MM-BOX-100', 120, undefined],
      ['MM-BOX-250', 250, 300],
    ]);
  });

  it('removes a weight in the same form', async () => {
    const server = stubRoutes({
      'POST /products/updateProduct/prod-classic': (body) =>
        ok({ ...classic, ...(body as object) }),
    });
    const { user } = await renderTab();
    await user.click(screen.getByRole('button', { name: 'Edit Classic Roasted Makhana' }));
    await user.click(dialog().getByRole('button', { name: 'Remove weight 3' }));
    expect(dialog().queryByRole('spinbutton', { name: 'Weight (g) of weight 3' })).toBeNull();
    await user.click(dialog().getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(server.callsTo('POST /products/updateProduct/prod-classic')).toHaveLength(1),
    );
    const body = server.callsTo('POST /products/updateProduct/prod-classic')[0]?.body as {
      quantity: { sku: string }[];
    };
    expect(body.quantity.map((v) => v.sku)).toEqual(['MM-CLS-100', 'MM-CLS-250']);
  });

  it("toasts the server's refusal and shows it on the field it names", async () => {
    stubRoutes({
      'POST /products/updateProduct/prod-classic': {
        status: 409,
        body: {
          statusCode: 409,
          data: null,
          message: 'quantity.1.sku: SKU MM-CLS-100 is already used',
          success: false,
          errors: [{ field: 'quantity.1.sku', message: 'SKU MM-CLS-100 is already used' }],
        },
      },
    });
    const { user, store } = await renderTab();
    await user.click(screen.getByRole('button', { name: 'Edit Classic Roasted Makhana' }));
    const sku = dialog().getByRole('textbox', { name: 'SKU of weight 2' });
    await user.clear(sku);
    await user.type(sku, 'MM-CLS-100');
    await user.click(dialog().getByRole('button', { name: 'Save changes' }));

    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith(
        'quantity.1.sku: SKU MM-CLS-100 is already used',
        expect.anything(),
      ),
    );
    expect(described(sku)).toBe('SKU MM-CLS-100 is already used');
    expect(screen.getByRole('dialog')).toBeTruthy();
    // The refusal is the form's: the shop's catalogue is not marked as failed.
    expect(store.getState().product.error).toBeNull();
    expect(store.getState().product.productDetails).toContainEqual(classic);
  });
});

describe('ProductsTab delete', () => {
  it('asks before deleting, and the product leaves the table', async () => {
    const server = stubRoutes({
      'POST /products/deleteProduct/prod-peri-peri': ok({ _id: 'prod-peri-peri' }),
    });
    const { user, store } = await renderTab();
    await user.click(screen.getByRole('button', { name: 'Delete Peri Peri Makhana' }));
    expect(screen.getByRole('dialog', { name: 'Delete Peri Peri Makhana?' })).toBeTruthy();
    await user.click(dialog().getByRole('button', { name: 'Cancel' }));
    expect(server.callsTo('POST /products/deleteProduct/prod-peri-peri')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Peri Peri Makhana' }));
    await user.click(dialog().getByRole('button', { name: 'Delete product' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Product Delete successfully'));
    expect(server.callsTo('POST /products/deleteProduct/prod-peri-peri')).toHaveLength(1);
    expect(rowNames()).not.toContain('Peri Peri Makhana');
    expect(store.getState().product.productDetails.map((p) => p._id)).not.toContain(
      'prod-peri-peri',
    );
  });

  it("keeps the product and toasts the server's message when the delete is refused", async () => {
    stubRoutes({ 'POST /products/deleteProduct/prod-peri-peri': fail(404, 'Product not found') });
    const { user } = await renderTab();
    await user.click(screen.getByRole('button', { name: 'Delete Peri Peri Makhana' }));
    await user.click(dialog().getByRole('button', { name: 'Delete product' }));
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith('Product not found', expect.anything()),
    );
    expect(rowNames()).toContain('Peri Peri Makhana');
  });
});

describe('ProductsTab pictures', () => {
  it('uploads several at once as multipart under images, and says when none is chosen', async () => {
    const sent: FormData[] = [];
    const withThird = {
      ...pinkSalt,
      images: [...pinkSalt.images, '/uploads/products/a.webp', '/uploads/products/b.webp'],
    };
    stubRoutes({});
    const fetchMock = vi.mocked(fetch);
    const base = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/products/addProductImage/prod-pink-salt')) {
        sent.push(init?.body as FormData);
        return new Response(JSON.stringify(ok(withThird).body), { status: 200 });
      }
      return base!(input, init);
    });
    const { user, store } = await renderTab();
    await user.click(screen.getByRole('button', { name: 'Edit Himalayan Pink Salt Makhana' }));
    const pictures = within(dialog().getByRole('group', { name: 'Pictures' }));

    await user.click(pictures.getByRole('button', { name: 'Upload' }));
    expect(described(pictures.getByLabelText('Add pictures'))).toBe('Please select images');
    expect(toasts.error).toHaveBeenCalledWith('Please select images', expect.anything());
    expect(sent).toHaveLength(0);

    const files = [
      new File(['a'], 'a.png', { type: 'image/png' }),
      new File(['b'], 'b.jpg', { type: 'image/jpeg' }),
    ];
    await user.upload(pictures.getByLabelText('Add pictures'), files);
    await user.click(pictures.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Images added successfully'));
    expect(sent[0]?.getAll('images').map((f) => (f as File).name)).toEqual(['a.png', 'b.jpg']);
    expect(pictures.getAllByRole('img')).toHaveLength(3);
    expect(
      store.getState().product.productDetails.find((p) => p._id === 'prod-pink-salt')?.images,
    ).toHaveLength(3);
  });

  it("saves a picture's description, which the shop then uses as its alt", async () => {
    const described = { ...classic, imageAlts: ['Bowl of classic makhana', classic.imageAlts[1]!] };
    const server = stubRoutes({
      'POST /products/productImageAlt/prod-classic': () => ok(described),
    });
    const { user, store } = await renderTab();
    await user.click(screen.getByRole('button', { name: 'Edit Classic Roasted Makhana' }));
    const pictures = within(dialog().getByRole('group', { name: 'Pictures' }));
    const field = pictures.getByLabelText('Picture 1: what it shows');
    await user.clear(field);
    await user.type(field, 'Bowl of classic makhana');
    await user.click(pictures.getByRole('button', { name: 'Save the description of picture 1' }));

    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Picture description saved'));
    expect(server.callsTo('POST /products/productImageAlt/prod-classic')[0]?.body).toEqual({
      imageUrl: classic.images[0],
      alt: 'Bowl of classic makhana',
    });
    expect(pictures.getByRole('img', { name: 'Bowl of classic makhana' })).toBeTruthy();
    expect(
      store.getState().product.productDetails.find((p) => p._id === 'prod-classic')?.imageAlts[0],
    ).toBe('Bowl of classic makhana');
  });

  it('removes the chosen picture after a confirmation, and says when none is chosen', async () => {
    const [first, second] = classic.images;
    const server = stubRoutes({
      'POST /products/deleteProductImage/prod-classic': ok({ ...classic, images: [first] }),
    });
    const { user } = await renderTab();
    await user.click(screen.getByRole('button', { name: 'Edit Classic Roasted Makhana' }));
    const pictures = within(dialog().getByRole('group', { name: 'Pictures' }));

    await user.click(pictures.getByRole('button', { name: 'Remove chosen picture' }));
    expect(pictures.getByText('Please select image to delete')).toBeTruthy();
    expect(toasts.error).toHaveBeenCalledWith('Please select image to delete', expect.anything());

    await user.click(pictures.getByRole('radio', { name: 'Choose picture 2' }));
    await user.click(pictures.getByRole('button', { name: 'Remove chosen picture' }));
    await user.click(screen.getByRole('button', { name: 'Remove picture' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Images delete successfully'));
    expect(server.callsTo('POST /products/deleteProductImage/prod-classic')[0]?.body).toEqual({
      imageUrl: second,
    });
    expect(pictures.getAllByRole('img')).toHaveLength(1);
  });

  it('Escape closes the question over the form, and leaves the form open', async () => {
    const server = stubRoutes({});
    const { user } = await renderTab();
    await user.click(screen.getByRole('button', { name: 'Edit Classic Roasted Makhana' }));
    const pictures = within(dialog().getByRole('group', { name: 'Pictures' }));
    await user.click(pictures.getByRole('radio', { name: 'Choose picture 1' }));
    await user.click(pictures.getByRole('button', { name: 'Remove chosen picture' }));
    expect(screen.getByRole('dialog', { name: 'Remove this picture?' })).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Remove this picture?' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Edit Classic Roasted Makhana' })).toBeTruthy();
    expect(server.callsTo('POST /products/deleteProductImage/prod-classic')).toHaveLength(0);
  });

  it('moves a picture, the first being the main one', async () => {
    const [first, second] = classic.images as [string, string];
    const server = stubRoutes({
      'POST /products/reorderProductImages/prod-classic': (body) =>
        ok({ ...classic, images: (body as { images: string[] }).images }),
    });
    const { user, store } = await renderTab();
    await user.click(screen.getByRole('button', { name: 'Edit Classic Roasted Makhana' }));
    const pictures = within(dialog().getByRole('group', { name: 'Pictures' }));
    expect(disabled(pictures.getByRole('button', { name: 'Move picture 1 left' }))).toBe(true);
    expect(disabled(pictures.getByRole('button', { name: 'Move picture 2 right' }))).toBe(true);

    await user.click(pictures.getByRole('button', { name: 'Move picture 2 left' }));
    await waitFor(() =>
      expect(server.callsTo('POST /products/reorderProductImages/prod-classic')[0]?.body).toEqual({
        images: [second, first],
      }),
    );
    await waitFor(() =>
      expect(
        store.getState().product.productDetails.find((p) => p._id === 'prod-classic')?.images[0],
      ).toBe(second),
    );
    expect(pictures.getAllByRole('img')[0]?.getAttribute('src')).toBe(second);
    expect(pictures.getByRole('status').textContent).toBe('Picture 2 is now picture 1.');
    // Focus stays with the moved picture: now first, it can only go right.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        pictures.getByRole('button', { name: 'Move picture 1 right' }),
      ),
    );
  });

  // What a drag carries; the test DOM has no DataTransfer of its own.
  const carried = () => ({ effectAllowed: 'none', setData: vi.fn() });

  it('drags a saved picture into a new place, saved at once', async () => {
    const [first, second] = classic.images as [string, string];
    const server = stubRoutes({
      'POST /products/reorderProductImages/prod-classic': (body) =>
        ok({ ...classic, images: (body as { images: string[] }).images }),
    });
    const { user } = await renderTab();
    await user.click(screen.getByRole('button', { name: 'Edit Classic Roasted Makhana' }));
    const tiles = dialog().getAllByTestId('saved-picture');
    const [tile1, tile2] = tiles as [HTMLElement, HTMLElement];
    expect(tile2.draggable).toBe(true);

    fireEvent.dragStart(tile2, { dataTransfer: carried() });
    fireEvent.dragOver(tile1);
    fireEvent.drop(tile1);
    await waitFor(() =>
      expect(server.callsTo('POST /products/reorderProductImages/prod-classic')[0]?.body).toEqual({
        images: [second, first],
      }),
    );
    const pictures = within(dialog().getByRole('group', { name: 'Pictures' }));
    await waitFor(() => expect(pictures.getAllByRole('img')[0]?.getAttribute('src')).toBe(second));
    expect(pictures.getByRole('status').textContent).toBe('Picture 2 is now picture 1.');

    // A picture dropped where it was asks nothing of the server.
    const [again] = dialog().getAllByTestId('saved-picture') as [HTMLElement];
    fireEvent.dragStart(again, { dataTransfer: carried() });
    fireEvent.drop(again);
    expect(server.callsTo('POST /products/reorderProductImages/prod-classic')).toHaveLength(1);
  });

  it("toasts the server's refusal of an upload", async () => {
    stubRoutes({});
    const fetchMock = vi.mocked(fetch);
    const base = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/products/addProductImage/')) {
        return new Response(
          JSON.stringify(fail(400, 'images: a.svg is not a JPEG, PNG, WebP or AVIF picture').body),
          { status: 400 },
        );
      }
      return base!(input, init);
    });
    const { user } = await renderTab();
    await user.click(screen.getByRole('button', { name: 'Edit Classic Roasted Makhana' }));
    const pictures = within(dialog().getByRole('group', { name: 'Pictures' }));
    await user.upload(
      pictures.getByLabelText('Add pictures'),
      new File(['<svg/>'], 'a.svg', { type: 'image/png' }),
    );
    await user.click(pictures.getByRole('button', { name: 'Upload' }));
    await waitFor(() =>
      expect(toasts.error).toHaveBeenCalledWith(
        'images: a.svg is not a JPEG, PNG, WebP or AVIF picture',
        expect.anything(),
      ),
    );
    expect(pictures.getAllByRole('img')).toHaveLength(2);
    void periPeri;
  });
});
