import { afterEach, describe, expect, it, vi } from 'vitest';
import { REVIEW_COMMENT_MAX } from './constants';
import { DECLARATION_MESSAGES } from './declarations';
import {
  addReviewSchema,
  addressFieldRules,
  addressSchema,
  adminLoginSchema,
  checkoutAddressSchema,
  complaintSchema,
  contactSchema,
  isEmailAddress,
  loginEmailSchema,
  loginVerifySchema,
  MESSAGES,
  ON_SALE_DISAGREE,
  orderStatusMoveSchema,
  otpSchema,
  pincodeCheckSchema,
  productSchema,
  productVariantSchema,
  profileSchema,
  registerFormSchema,
  registerSchema,
  reviewSchema,
  TEXT_LIMITS,
} from './validation';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe("the shop's validation messages", () => {
  it('checks the pincode on the product page', () => {
    expect(pincodeCheckSchema.safeParse({ pincode: '846005' }).success).toBe(true);
    expect(firstMessage(pincodeCheckSchema.safeParse({ pincode: '84600' }))).toBe(
      MESSAGES.validPincode,
    );
    expect(firstMessage(pincodeCheckSchema.safeParse({ pincode: '84600a' }))).toBe(
      MESSAGES.validPincode,
    );
  });

  it('strips non-digits from the checkout pincode and asks for six', () => {
    const base = {
      firstName: 'Asha',
      lastName: 'Kumari',
      email: 'asha@example.in',
      phone: '9876543210',
      address: 'Station Road',
      city: 'Darbhanga',
      state: 'Bihar',
    };
    const ok = checkoutAddressSchema.safeParse({ ...base, pincode: '846 005' });
    expect(ok.success && ok.data.pincode).toBe('846005');
    expect(firstMessage(checkoutAddressSchema.safeParse({ ...base, pincode: '8460' }))).toBe(
      'Enter 6-digit pincode',
    );
    expect(
      firstMessage(checkoutAddressSchema.safeParse({ ...base, firstName: ' ', pincode: '846005' })),
    ).toBe('Required');
    expect(
      firstMessage(checkoutAddressSchema.safeParse({ ...base, email: 'x@', pincode: '846005' })),
    ).toBe('Valid email required');
  });

  it('words login and register errors as the shop does', () => {
    expect(firstMessage(loginVerifySchema.safeParse({ email: '', otp: '123456' }))).toBe(
      'Email is required',
    );
    expect(firstMessage(loginVerifySchema.safeParse({ email: 'a@b', otp: '123456' }))).toBe(
      'Please enter a valid email',
    );
    expect(firstMessage(loginVerifySchema.safeParse({ email: 'a@b.in', otp: '' }))).toBe(
      'OTP is required',
    );
    expect(firstMessage(loginVerifySchema.safeParse({ email: 'a@b.in', otp: '12345' }))).toBe(
      'Please enter a valid OTP',
    );
    const register = {
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.in',
      phoneNumber: '98765',
      terms: true,
    };
    expect(firstMessage(registerFormSchema.safeParse(register))).toBe('Please enter a valid phone');
    expect(
      firstMessage(
        registerFormSchema.safeParse({ ...register, phoneNumber: '9876543210', terms: false }),
      ),
    ).toBe('You must accept the terms and conditions');
  });

  it('checks address phone numbers, pincode and label', () => {
    const address = {
      name: 'Asha',
      street: 'Station Road',
      city: 'Darbhanga',
      state: 'Bihar',
      country: 'India',
      pincode: '846005',
      phoneNumber: '9876543210',
      label: 'Home',
    };
    expect(addressSchema.safeParse(address).success).toBe(true);
    expect(addressSchema.safeParse({ ...address, alternateNumber: '' }).success).toBe(true);
    expect(firstMessage(addressSchema.safeParse({ ...address, alternateNumber: '123' }))).toBe(
      'Please enter a valid phone number',
    );
    expect(firstMessage(addressSchema.safeParse({ ...address, label: '' }))).toBe(
      'Address type is required',
    );
  });

  it('reads an unset profile gender as null and keeps the sign-up rules', () => {
    const profile = {
      firstName: 'Asha',
      lastName: 'Jha',
      gender: '',
      email: 'Asha@Example.com',
      phoneNumber: '9876543210',
    };
    expect(profileSchema.parse(profile)).toMatchObject({ gender: null, email: 'asha@example.com' });
    expect(profileSchema.parse({ ...profile, gender: 'Female' }).gender).toBe('Female');
    expect(firstMessage(profileSchema.safeParse({ ...profile, firstName: ' ' }))).toBe(
      'First name is required',
    );
  });
});

/** The pattern the e-mail check replaces; safe to run on the short strings below only. */
const OLD_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

describe('the e-mail check', () => {
  it('accepts exactly what the old pattern accepted', () => {
    // Every string of up to six characters over an alphabet that reaches each branch.
    const alphabet = ['a', '.', '@', ' ', '\u00a0', '\t'];
    let strings = [''];
    let compared = 0;
    for (let length = 1; length <= 6; length += 1) {
      strings = strings.flatMap((prefix) => alphabet.map((c) => prefix + c));
      for (const value of strings) {
        expect(isEmailAddress(value), JSON.stringify(value)).toBe(OLD_EMAIL_PATTERN.test(value));
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(50_000);
    for (const value of ['asha@example.in', 'a.b@c.d.e', 'a@b..c', 'a@.b.c', 'a@b.', 'a@@b.c']) {
      expect(isEmailAddress(value), value).toBe(OLD_EMAIL_PATTERN.test(value));
    }
  });

  it('takes linear time on the inputs that made the old pattern quadratic', () => {
    for (const value of [
      `a@${'.'.repeat(1_000_000)}@`,
      `a@${'a.'.repeat(500_000)} `,
      `${'a'.repeat(1_000_000)}@`,
      '@'.repeat(1_000_000),
    ]) {
      const started = Date.now();
      expect(isEmailAddress(value)).toBe(false);
      // Linear is a few milliseconds here; quadratic on a million characters would take hours.
      // The bound leaves room for a machine busy with other suites.
      expect(Date.now() - started).toBeLessThan(1_000);
    }
  });
});

type Schema = { safeParse(input: unknown): { success: boolean; error?: { issues: Issue[] } } };
type Issue = { message: string; path: PropertyKey[] };

/** Every string field of every schema, with a valid object to put a hostile value into. */
const STRING_FIELDS: [string, Schema, Record<string, unknown>, string[]][] = [
  [
    'checkout address',
    checkoutAddressSchema,
    {
      firstName: 'Asha',
      lastName: 'Kumari',
      email: 'asha@example.in',
      phone: '9876543210',
      address: 'Station Road',
      city: 'Darbhanga',
      state: 'Bihar',
      pincode: '846005',
    },
    ['firstName', 'lastName', 'email', 'phone', 'address', 'city', 'state', 'pincode'],
  ],
  ['pincode check', pincodeCheckSchema, { pincode: '846005' }, ['pincode']],
  ['login', loginEmailSchema, { email: 'asha@example.in' }, ['email']],
  ['code', loginVerifySchema, { email: 'asha@example.in', otp: '123456' }, ['email', 'otp']],
  [
    'register',
    registerSchema,
    { firstName: 'A', lastName: 'B', email: 'a@b.in', phoneNumber: '9876543210' },
    ['firstName', 'lastName', 'email', 'phoneNumber'],
  ],
  [
    'address',
    addressSchema,
    {
      name: 'Asha',
      street: 'Station Road',
      city: 'Darbhanga',
      state: 'Bihar',
      country: 'India',
      pincode: '846005',
      phoneNumber: '9876543210',
      alternateNumber: '',
      landmark: '',
      email: '',
      locality: '',
      label: 'Home',
    },
    [
      'name',
      'street',
      'city',
      'state',
      'country',
      'pincode',
      'phoneNumber',
      'alternateNumber',
      'landmark',
      'email',
      'locality',
    ],
  ],
  [
    'owner login',
    adminLoginSchema,
    { email: 'owner@example.in', password: 'x' },
    ['email', 'password'],
  ],
  [
    'product',
    productSchema,
    {
      name: 'Makhana',
      brand: 'Mithila',
      categoryType: 'Snacks',
      packOfBox: 1,
      price: 100,
      description: 'Roasted',
      shelfLife: 6,
      listed: false,
    },
    [
      'name',
      'brand',
      'categoryType',
      'description',
      'hsnCode',
      'ingredients',
      'allergens',
      'variant',
      'modelNumber',
      'countryOfOrigin',
      'healthBenefits',
      'containerType',
      'dietaryPreference',
      'sku',
    ],
  ],
  ['variant', productVariantSchema, { weight: 100, price: 100 }, ['sku']],
  ['review', reviewSchema, { rating: 5, comment: 'Good' }, ['comment']],
  [
    'contact',
    contactSchema,
    { from_name: 'Asha', reply_to: 'a@b.in', phone: '98765', message: 'Hi' },
    ['from_name', 'reply_to', 'phone', 'message'],
  ],
  [
    'complaint',
    complaintSchema,
    {
      from_name: 'Asha',
      reply_to: 'a@b.in',
      order_id: 'MM-1',
      issue_type: 'Refund',
      query: 'Where is it?',
    },
    ['from_name', 'reply_to', 'order_id', 'query'],
  ],
];

const WORST = [
  `a@${'.'.repeat(1_000_000)}@`,
  `a@${'a.'.repeat(500_000)} `,
  '9'.repeat(1_000_000),
  `${' '.repeat(1_000_000)}a`,
  '-'.repeat(1_000_000),
  '\u{1F600}'.repeat(500_000),
];

describe('length before pattern', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('has a limit for each field, and refuses one character more by it alone', () => {
    for (const [name, schema, valid, fields] of STRING_FIELDS) {
      expect(schema.safeParse(valid).success, name).toBe(true);
      for (const field of fields) {
        const result = schema.safeParse({ ...valid, [field]: 'a'.repeat(5001) });
        const issues = result.error?.issues ?? [];
        expect(issues.length, `${name}.${field}`).toBe(1);
        expect(issues[0]?.path, `${name}.${field}`).toEqual([field]);
        expect(issues[0]?.message, `${name}.${field}`).toMatch(/^Must be at most \d+ characters$/);
      }
    }
  });

  it('refuses the worst strings fast, by their length, without running a pattern on them', () => {
    const test = vi.spyOn(RegExp.prototype, 'test');
    const exec = vi.spyOn(RegExp.prototype, 'exec');
    for (const [name, schema, valid, fields] of STRING_FIELDS) {
      for (const field of fields) {
        for (const value of WORST) {
          const started = Date.now();
          const result = schema.safeParse({ ...valid, [field]: value });
          const elapsed = Date.now() - started;
          // A backtracking pattern on these strings takes seconds; the bound leaves room for a busy
          // machine, and the spies below prove no pattern ran at all.
          expect(elapsed, `${name}.${field}`).toBeLessThan(500);
          // Only the length check speaks: a pattern that ran would add its own message.
          expect(result.error?.issues.map((issue) => issue.message)).toEqual([
            expect.stringMatching(/^Must be at most \d+ characters$/),
          ]);
        }
      }
    }
    // zod's own length measure probes for surrogates with a one-class pattern, which is linear.
    const patternsOnLongInput = [test, exec].flatMap((spy) =>
      spy.mock.calls
        .map(([input], i) => ({ input: String(input), pattern: spy.mock.contexts[i] as RegExp }))
        .filter(
          ({ input, pattern }) => input.length > 5000 && pattern.source !== '[\\uD800-\\uDBFF]',
        )
        .map(({ pattern }) => pattern.source),
    );
    expect(patternsOnLongInput).toEqual([]);
    expect(test.mock.calls.length).toBeGreaterThan(0);
  });

  it('names each limit in its message', () => {
    expect(
      loginEmailSchema.safeParse({ email: `a@${'.'.repeat(300)}.in` }).error?.issues[0]?.message,
    ).toBe(`Must be at most ${TEXT_LIMITS.email} characters`);
    expect(otpSchema.safeParse('1'.repeat(21)).error?.issues[0]?.message).toBe(
      'Must be at most 20 characters',
    );
    expect(
      contactSchema.safeParse({
        from_name: 'Asha',
        reply_to: 'a@b.in',
        phone: '98765',
        message: 'm'.repeat(5001),
      }).error?.issues[0]?.message,
    ).toBe('Must be at most 5000 characters');
  });

  it("keeps the shop's messages for short wrong input", () => {
    const address = STRING_FIELDS[5]?.[2] as Record<string, unknown>;
    expect(firstMessage(addressSchema.safeParse({ ...address, email: 'x@' }))).toBe(
      MESSAGES.validEmail,
    );
    expect(firstMessage(addressSchema.safeParse({ ...address, email: '  ' }))).toBe(
      MESSAGES.validEmail,
    );
    expect(addressSchema.parse({ ...address, email: ' a@b.in ' }).email).toBe('a@b.in');
    expect(
      addressSchema.parse({ ...address, alternateNumber: ' 9876543210 ' }).alternateNumber,
    ).toBe('9876543210');
    expect(firstMessage(loginEmailSchema.safeParse({ email: 'a@b' }))).toBe(MESSAGES.validEmail);
    expect(firstMessage(loginEmailSchema.safeParse({ email: '   ' }))).toBe(MESSAGES.emailRequired);
  });
});

describe('one set of rules for a saved address and the checkout', () => {
  const saved = {
    name: 'Asha Kumari',
    street: 'Station Road',
    city: 'Darbhanga',
    state: 'Bihar',
    country: 'India',
    pincode: '846005',
    phoneNumber: '9876543210',
    label: 'Home',
  };
  const shipping = {
    firstName: 'Asha',
    lastName: 'Kumari',
    email: 'asha@example.in',
    phone: '9876543210',
    address: 'Station Road',
    city: 'Darbhanga',
    state: 'Bihar',
    pincode: '846005',
  };
  const savedPhone = (phoneNumber: string) =>
    addressSchema.safeParse({ ...saved, phoneNumber }).error?.issues.map((i) => i.message);
  const shippingPhone = (phone: string) =>
    checkoutAddressSchema.safeParse({ ...shipping, phone }).error?.issues.map((i) => i.message);

  it('accepts the same ten-digit phone in both', () => {
    expect(addressSchema.safeParse(saved).success).toBe(true);
    expect(checkoutAddressSchema.safeParse(shipping).success).toBe(true);
    expect(checkoutAddressSchema.parse({ ...shipping, phone: ' 9876543210 ' }).phone).toBe(
      '9876543210',
    );
  });

  it('refuses the same bad phone in both, with the same single message', () => {
    for (const phone of ['98765', '98765432101', '98765 43210', '+919876543210', '98765abcde']) {
      expect(savedPhone(phone), phone).toEqual([MESSAGES.validPhoneNumber]);
      expect(shippingPhone(phone), phone).toEqual([MESSAGES.validPhoneNumber]);
    }
  });

  it('keeps "Required" for an empty checkout phone, alone', () => {
    expect(shippingPhone('')).toEqual([MESSAGES.required]);
    expect(shippingPhone('   ')).toEqual([MESSAGES.required]);
    expect(savedPhone('')).toEqual([MESSAGES.validPhoneNumber]);
  });

  it('refuses the same bad pincode in both, each form in its own words', () => {
    for (const pincode of ['', '8460', '84600', '8460051', '84600a']) {
      expect(
        addressSchema.safeParse({ ...saved, pincode }).error?.issues.map((i) => i.message),
        pincode,
      ).toEqual([MESSAGES.validPincode]);
      expect(
        checkoutAddressSchema
          .safeParse({ ...shipping, pincode })
          .error?.issues.map((i) => i.message),
        pincode,
      ).toEqual([MESSAGES.enterPincode]);
    }
  });

  it('builds both from the shared rules', () => {
    expect(addressSchema.shape.phoneNumber.safeParse('12345').error?.issues[0]?.message).toBe(
      addressFieldRules.phone().safeParse('12345').error?.issues[0]?.message,
    );
    expect(addressFieldRules.pincode(MESSAGES.validPincode).safeParse('846005').success).toBe(true);
  });
});

describe('a review', () => {
  const PRODUCT = '00000000-0000-4000-8000-000000000001';
  const issuesOf = (result: {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  }) =>
    result.success ? [] : (result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

  it('takes a whole rating from 1 to 5, and nothing else', () => {
    for (const rating of [1, 3, 5]) {
      expect(reviewSchema.safeParse({ rating, comment: 'Good' }).success, `${rating}`).toBe(true);
    }
    for (const rating of [0, 6, 2.5, -1, Number.NaN, '4', null, undefined]) {
      expect(issuesOf(reviewSchema.safeParse({ rating, comment: 'Good' })), `${rating}`).toEqual([
        ['rating', MESSAGES.ratingRange],
      ]);
    }
  });

  it('asks for a comment when it is empty once trimmed, and stores it trimmed', () => {
    for (const comment of ['', '   ', '\n\t ']) {
      expect(issuesOf(reviewSchema.safeParse({ rating: 4, comment }))).toEqual([
        ['comment', MESSAGES.commentRequired],
      ]);
    }
    expect(reviewSchema.parse({ rating: 4, comment: '  Crunchy  ' }).comment).toBe('Crunchy');
  });

  it('takes 1,000 characters after trimming, and refuses 1,001', () => {
    const longest = 'a'.repeat(REVIEW_COMMENT_MAX);
    expect(reviewSchema.parse({ rating: 4, comment: `  ${longest}  ` }).comment).toBe(longest);
    expect(issuesOf(reviewSchema.safeParse({ rating: 4, comment: `${longest}a` }))).toEqual([
      ['comment', `Must be at most ${REVIEW_COMMENT_MAX} characters`],
    ]);
  });

  it('keeps HTML as the text it is', () => {
    const comment = '<script>alert(1)</script> & <b>tasty</b>';
    expect(reviewSchema.parse({ rating: 5, comment }).comment).toBe(comment);
  });

  it('names the product it adds to, and refuses it missing or blank', () => {
    expect(
      addReviewSchema.parse({ productId: ` ${PRODUCT} `, rating: 5, comment: 'Good' }),
    ).toEqual({ productId: PRODUCT, rating: 5, comment: 'Good' });
    for (const productId of [undefined, '', '  ']) {
      expect(
        issuesOf(addReviewSchema.safeParse({ productId, rating: 5, comment: 'Good' })),
      ).toEqual([['productId', 'productId is required']]);
    }
  });
});

describe('the product form', () => {
  const DECLARED = {
    hsnCode: '2008',
    ingredients: 'Fox nuts (96%), rice bran oil, rock salt',
    allergens: 'None',
    nutrition: {
      energyKcal: 480,
      proteinG: 9.2,
      carbohydrateG: 70,
      sugarsG: 0.5,
      addedSugarsG: 0,
      fatG: 18,
      saturatedFatG: 3.5,
      transFatG: 0,
      sodiumMg: 620,
    },
    vegetarian: true,
    manufacturer: { name: 'Mithila Makhana Co.', address: 'Darbhanga, Bihar 846005' },
  };
  const PRODUCT = {
    name: 'Makhana',
    brand: 'Mithila',
    categoryType: 'Snacks',
    packOfBox: 1,
    price: 100,
    description: 'Roasted',
    shelfLife: 6,
    ...DECLARED,
  };
  const issuesOf = (input: unknown) =>
    (productSchema.safeParse(input).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

  it('requires name, brand, categoryType, packOfBox, price, description and shelfLife', () => {
    for (const empty of [{}, { packOfBox: '', price: '', shelfLife: ' ', name: ' ' }]) {
      expect(issuesOf(empty)).toEqual(
        ['name', 'brand', 'categoryType', 'packOfBox', 'price', 'description', 'shelfLife'].map(
          (field) => [field, MESSAGES.required],
        ),
      );
    }
  });

  it('reads numbers typed as text, and says when one is not a number', () => {
    expect(productSchema.parse({ ...PRODUCT, packOfBox: '2', price: '149' })).toMatchObject({
      packOfBox: 2,
      price: 149,
      listed: true,
      quantity: [],
    });
    expect(issuesOf({ ...PRODUCT, packOfBox: 'two', price: true })).toEqual([
      ['packOfBox', 'Pack of box must be a number'],
      ['price', 'Price must be a number'],
    ]);
  });

  it('lists a product only with every declaration its label needs, naming each missing one', () => {
    const {
      hsnCode: _h,
      ingredients: _i,
      allergens: _a,
      nutrition: _n,
      vegetarian: _v,
      ...bare
    } = PRODUCT;
    expect(
      issuesOf({ ...bare, manufacturer: { name: '', address: '' }, countryOfOrigin: '' }),
    ).toEqual(
      [
        'hsnCode',
        'ingredients',
        'allergens',
        'nutrition',
        'vegetarian',
        'manufacturer.name',
        'manufacturer.address',
        'countryOfOrigin',
      ].map((field) => [field, DECLARATION_MESSAGES.missing]),
    );
    // Off sale, a product may wait for them.
    expect(productSchema.parse({ ...bare, listed: false })).toMatchObject({
      listed: false,
      hsnCode: '',
      gstRate: 5,
      nutrition: null,
      vegetarian: null,
      packer: null,
    });
    // The seed spec's inStock is the same switch.
    expect(issuesOf({ ...bare, inStock: true }).map(([field]) => field)).toContain('hsnCode');
  });

  it('reads the declarations as a form sends them, and checks each', () => {
    const blankNutrition = Object.fromEntries(Object.keys(DECLARED.nutrition).map((k) => [k, '']));
    expect(
      productSchema.parse({
        ...PRODUCT,
        gstRate: '18',
        vegetarian: 'non-veg',
        listed: false,
        nutrition: blankNutrition,
        packer: { name: '', address: '' },
      }),
    ).toMatchObject({ gstRate: 18, vegetarian: false, nutrition: null, packer: null });
    expect(
      issuesOf({
        ...PRODUCT,
        hsnCode: '20A8',
        gstRate: 12,
        vegetarian: 'maybe',
        nutrition: { ...DECLARED.nutrition, proteinG: '', sodiumMg: -1 },
      }),
    ).toEqual([
      ['hsnCode', DECLARATION_MESSAGES.hsnCode],
      ['gstRate', DECLARATION_MESSAGES.gstRate],
      ['nutrition.proteinG', MESSAGES.required],
      ['nutrition.sodiumMg', 'Sodium cannot be negative'],
      ['vegetarian', DECLARATION_MESSAGES.vegetarian],
    ]);
  });

  it('takes the listed switch as a boolean only', () => {
    expect(productSchema.parse({ ...PRODUCT, listed: false }).listed).toBe(false);
    expect(issuesOf({ ...PRODUCT, listed: 'no' })).toEqual([
      ['listed', 'Listed must be true or false'],
    ]);
  });

  it("reads the seed spec's inStock as the same switch, which must agree with listed", () => {
    expect(productSchema.parse({ ...PRODUCT, inStock: false })).toMatchObject({ listed: false });
    expect(productSchema.parse({ ...PRODUCT, inStock: true, listed: true }).listed).toBe(true);
    expect(productSchema.parse({ ...PRODUCT, inStock: false })).not.toHaveProperty('inStock');
    expect(issuesOf({ ...PRODUCT, inStock: false, listed: true })).toEqual([
      ['inStock', ON_SALE_DISAGREE],
    ]);
    expect(issuesOf({ ...PRODUCT, inStock: 'no' })).toEqual([
      ['inStock', 'inStock must be true or false'],
    ]);
  });

  it('needs a weight and a price on each variant; sku and stock are optional', () => {
    expect(productVariantSchema.parse({ weight: '100', price: 99, stock: '' })).toEqual({
      weight: 100,
      price: 99,
      sku: '',
      stock: 0,
    });
    expect(issuesOf({ ...PRODUCT, quantity: [{}, { weight: 0, price: 0, stock: -1 }] })).toEqual([
      ['quantity.0.weight', 'Weight is required'],
      ['quantity.0.price', 'Price is required'],
      ['quantity.1.weight', 'Weight must be at least 1'],
      ['quantity.1.price', 'Price is required'],
      ['quantity.1.stock', 'Stock cannot be negative'],
    ]);
    expect(
      issuesOf({
        ...PRODUCT,
        quantity: [
          { weight: 100, price: 10 },
          { weight: 100, price: 20 },
        ],
      }),
    ).toEqual([['quantity.1.weight', 'This weight is already listed']]);
  });

  it('takes a low-stock mark per weight: a whole number from 0, or none to keep the current one', () => {
    expect(
      productVariantSchema.parse({ weight: 100, price: 99, lowStockBelow: '12' }),
    ).toMatchObject({ lowStockBelow: 12 });
    expect(
      productVariantSchema.parse({ weight: 100, price: 99, lowStockBelow: '' }).lowStockBelow,
    ).toBe(undefined);
    expect(
      issuesOf({
        ...PRODUCT,
        quantity: [
          { weight: 100, price: 10, lowStockBelow: -1 },
          { weight: 250, price: 20, lowStockBelow: 1.5 },
          { weight: 500, price: 30, lowStockBelow: 'many' },
        ],
      }),
    ).toEqual([
      ['quantity.0.lowStockBelow', 'Low-stock mark cannot be negative'],
      ['quantity.1.lowStockBelow', 'Low-stock mark must be a whole number'],
      ['quantity.2.lowStockBelow', 'Low-stock mark must be a number'],
    ]);
  });
});

describe('orderStatusMoveSchema', () => {
  const problems = (input: unknown) =>
    orderStatusMoveSchema.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);

  it('ships with a tracking number and, if given, an http(s) link; delivers with nothing', () => {
    expect(problems({ status: 'Shipped', trackingNumber: 'DL123' })).toBeUndefined();
    expect(problems({ status: 'Delivered' })).toBeUndefined();
    for (const url of ['https://track.example.in/DL123?x=1#a', 'http://example.in', '']) {
      expect(problems({ status: 'Shipped', trackingNumber: 'DL1', trackingUrl: url }), url).toBe(
        undefined,
      );
    }
    expect(problems({ status: 'Shipped', trackingNumber: '  ' })).toEqual([
      ['trackingNumber', MESSAGES.trackingNumberRequired],
    ]);
    expect(problems({ status: 'Pending' })).toEqual([['status', MESSAGES.statusMove]]);
    for (const url of [
      'javascript:alert(1)',
      'ftp://example.in/x',
      'track.example.in/1',
      'https://exa mple.in',
      'https://user@evil.example/',
      'https://',
    ]) {
      expect(problems({ status: 'Shipped', trackingNumber: 'DL1', trackingUrl: url }), url).toEqual(
        [['trackingUrl', MESSAGES.trackingUrl]],
      );
    }
  });

  it('refuses a link of the worst shape at its length, at once', () => {
    const worst = `https://${'a'.repeat(995)} ${'a'.repeat(995)}`;
    const started = Date.now();
    expect(problems({ status: 'Shipped', trackingNumber: 'DL1', trackingUrl: worst })).toEqual([
      ['trackingUrl', MESSAGES.trackingUrl],
    ]);
    expect(Date.now() - started).toBeLessThan(50);
  });
});
