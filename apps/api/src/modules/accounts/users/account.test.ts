import { describe, expect, it } from 'vitest';
import { addresses } from '../../../db/schema';
import { useTestApp } from '../../../test/app';
import { SAVED_ADDRESS } from '../../../test/order-fixtures';
import { call } from '../../../test/requests';

const api = useTestApp({ env: { RATE_LIMIT_STRICT_MAX: '1000', OTP_RESEND_SECONDS: '0' } });

const HOME = SAVED_ADDRESS;

let n = 0;
const customer = () => api.signInCustomer(`asha${++n}@example.com`);

describe('profile', () => {
  it('reads and updates the signed-in customer', async () => {
    const { accessToken, user } = await customer();
    const me = await call(api.app, 'GET', '/users/getUser', { token: accessToken });
    expect(me.json()).toMatchObject({ statusCode: 200, success: true });
    expect(Object.keys(me.json().data).sort()).toEqual(
      [
        '_id',
        'address',
        'email',
        'firstName',
        'gender',
        'lastName',
        'orders',
        'phoneNumber',
      ].sort(),
    );

    const updated = await call(api.app, 'POST', '/users/updateUserAccount', {
      token: accessToken,
      body: {
        firstName: 'Asha ',
        lastName: 'Devi',
        gender: 'Female',
        // The same e-mail in other letters is no change: it needs no code.
        email: user.email.toUpperCase(),
        phoneNumber: '9000000001',
      },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().message).toBe('Profile updated successfully');
    expect(updated.json().data).toEqual({
      _id: user._id,
      firstName: 'Asha',
      lastName: 'Devi',
      gender: 'Female',
      email: user.email,
      phoneNumber: '9000000001',
      address: [],
      orders: 0,
      pendingEmail: null,
      emailChangeStep: null,
    });
    const { pendingEmail: _none, emailChangeStep: _step, ...view } = updated.json().data;
    const cleared = await call(api.app, 'POST', '/users/updateUserAccount', {
      token: accessToken,
      body: { ...view, gender: null },
    });
    expect(cleared.json().data.gender).toBeNull();
  });

  it("refuses another account's e-mail and bad input", async () => {
    const other = await customer();
    const { accessToken } = await customer();
    const base = { firstName: 'A', lastName: 'B', phoneNumber: '9000000001' };
    const taken = await call(api.app, 'POST', '/users/updateUserAccount', {
      token: accessToken,
      body: { ...base, email: other.user.email },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('This email is already used by another account.');

    const cases: [unknown, string][] = [
      [{ ...base, email: 'x@y.co', gender: 'Other' }, 'gender'],
      [{ ...base, email: 'nope' }, 'email'],
      [{ ...base, email: 'x@y.co', firstName: '' }, 'firstName'],
      [{ ...base, email: 'x@y.co', phoneNumber: '123' }, 'phoneNumber'],
      [{ ...base, email: 'x@y.co', lastName: ['B'] }, 'lastName'],
      [['not', 'an', 'object'], 'body'],
    ];
    for (const [body, field] of cases) {
      const response = await call(api.app, 'POST', '/users/updateUserAccount', {
        token: accessToken,
        body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
  });
});

describe('addresses', () => {
  it("adds, lists (newest first), edits and deletes the caller's addresses", async () => {
    const { accessToken } = await customer();
    const added = await call(api.app, 'POST', '/users/newAddress', {
      token: accessToken,
      body: HOME,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json().message).toBe('Address Added successfully');
    const home = added.json().data;
    expect(home).toEqual({ _id: expect.any(String), ...HOME });

    const workResponse = await call(api.app, 'POST', '/users/newAddress', {
      token: accessToken,
      body: {
        name: 'Office',
        street: '1 Tower',
        city: 'Patna',
        state: 'Bihar',
        country: 'India',
        pincode: '800001',
        phoneNumber: '9876500000',
        label: 'Work',
      },
    });
    expect(workResponse.statusCode, workResponse.body).toBe(200);
    const work = workResponse.json().data;
    expect(work).toMatchObject({
      alternateNumber: '',
      landmark: '',
      email: '',
      locality: '',
      label: 'Work',
    });

    const list = await call(api.app, 'GET', '/users/getAddressDetails', { token: accessToken });
    expect(list.json().data.map((a: { _id: string }) => a._id)).toEqual([work._id, home._id]);
    const me = await call(api.app, 'GET', '/users/getUser', { token: accessToken });
    expect(me.json().data.address).toEqual([work._id, home._id]);

    const edited = await call(api.app, 'POST', `/users/editAddress/${home._id}`, {
      token: accessToken,
      body: { ...HOME, city: 'Madhubani', pincode: '847211' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().message).toBe('Address Update successfully');
    expect(edited.json().data).toMatchObject({
      _id: home._id,
      city: 'Madhubani',
      pincode: '847211',
    });

    const deleted = await call(api.app, 'POST', `/users/deleteAddress/${home._id}`, {
      token: accessToken,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe('Address deleted successfully');
    const after = await call(api.app, 'GET', '/users/getAddressDetails', { token: accessToken });
    expect(after.json().data.map((a: { _id: string }) => a._id)).toEqual([work._id]);
  });

  it("never reads, changes or deletes another customer's address", async () => {
    const asha = await customer();
    const ravi = await customer();
    const hers = (
      await call(api.app, 'POST', '/users/newAddress', { token: asha.accessToken, body: HOME })
    ).json().data;

    const list = await call(api.app, 'GET', '/users/getAddressDetails', {
      token: ravi.accessToken,
    });
    expect(list.json().data).toEqual([]);
    const edit = await call(api.app, 'POST', `/users/editAddress/${hers._id}`, {
      token: ravi.accessToken,
      body: { ...HOME, street: 'Taken over' },
    });
    expect(edit.statusCode).toBe(404);
    expect(edit.json().message).toBe('Address not found');
    const remove = await call(api.app, 'POST', `/users/deleteAddress/${hers._id}`, {
      token: ravi.accessToken,
    });
    expect(remove.statusCode).toBe(404);
    expect(remove.json().message).toBe('Address not found');

    const [row] = await api.db.select().from(addresses);
    expect(row).toMatchObject({ id: hers._id, street: HOME.street, userId: asha.user._id });
  });

  it('keeps at most 20 addresses per customer', async () => {
    const { accessToken, user } = await customer();
    await api.db
      .insert(addresses)
      .values(
        Array.from({ length: 19 }, () => ({ ...HOME, label: 'Home' as const, userId: user._id })),
      );
    const twentieth = await call(api.app, 'POST', '/users/newAddress', {
      token: accessToken,
      body: HOME,
    });
    expect(twentieth.statusCode).toBe(200);
    const more = await call(api.app, 'POST', '/users/newAddress', {
      token: accessToken,
      body: HOME,
    });
    expect(more.statusCode).toBe(400);
    expect(more.json().message).toBe(
      'You can save at most 20 addresses. Please delete one before adding another.',
    );
  });

  it('names the field of bad input and never answers 500', async () => {
    const { accessToken } = await customer();
    const cases: [unknown, string, string][] = [
      [{ ...HOME, phoneNumber: '12345' }, 'phoneNumber', 'Please enter a valid phone number'],
      [{ ...HOME, alternateNumber: '123' }, 'alternateNumber', 'Please enter a valid phone number'],
      [{ ...HOME, pincode: '8460' }, 'pincode', 'Please enter a valid 6-digit pincode'],
      [{ ...HOME, label: 'Other' }, 'label', 'Address type is required'],
      [{ ...HOME, name: '' }, 'name', 'Required'],
      [{ ...HOME, city: 7 }, 'city', 'Required'],
      [{ ...HOME, street: 's'.repeat(20_000) }, 'street', 'Must be at most 300 characters'],
    ];
    for (const [body, field, message] of cases) {
      const response = await call(api.app, 'POST', '/users/newAddress', {
        token: accessToken,
        body,
      });
      expect(response.statusCode, field).toBe(400);
      expect(response.json().errors).toContainEqual({ field, message });
    }
    for (const id of ['not-a-uuid', '00000000-0000-0000-0000-000000000000']) {
      const response = await call(api.app, 'POST', `/users/editAddress/${id}`, {
        token: accessToken,
        body: HOME,
      });
      expect(response.statusCode).toBe(404);
    }
    for (const id of ['%00', 'a%20b', `${'x'.repeat(150)}`, "1'%20or%20'1'='1"]) {
      const response = await call(api.app, 'POST', `/users/deleteAddress/${id}`, {
        token: accessToken,
      });
      expect(response.statusCode, id).toBe(400);
      expect(response.json().errors[0].field).toBe('addressId');
    }
    const empty = await call(api.app, 'POST', '/users/newAddress', { token: accessToken });
    expect(empty.statusCode).toBe(400);
  });

  it('requires a signed-in customer', async () => {
    const response = await call(api.app, 'GET', '/users/getAddressDetails');
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Not authenticated');
    expect((await call(api.app, 'POST', '/users/newAddress', { body: HOME })).statusCode).toBe(401);
  });
});
