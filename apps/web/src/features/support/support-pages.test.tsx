import { ISSUE_TYPES } from '@makhana/domain/validation';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../stores/store';
import { customer, fail, ok, signIn, spyToasts, stubRoutes } from '../../test/customer-fixtures';
import { renderRoutes } from '../../test/shop-fixtures';
import { ComplaintPage } from './complaint-page';
import { ContactPage } from './contact-page';

let toasts: ReturnType<typeof spyToasts>;
beforeEach(() => {
  toasts = spyToasts();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const renderContact = () =>
  renderRoutes([{ path: '/contact-us', Component: ContactPage }], {
    initialEntries: ['/contact-us'],
  });

async function fillContact(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Your name'), 'Asha Jha');
  await user.type(screen.getByLabelText('Email address'), 'asha@example.com');
  await user.type(screen.getByLabelText('Phone number'), '9876543210');
  await user.type(screen.getByLabelText('Message'), 'Do you ship to Pune?');
}

describe('ContactPage', () => {
  it('shows the banner, the contact details and every validation message', async () => {
    const api = stubRoutes({});
    const user = userEvent.setup();
    renderContact();
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'care@mithilamakhana.in' })).toBeTruthy();
    expect(screen.getByText(/within 24 hours/)).toBeTruthy();
    expect(screen.getByLabelText('Email address').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Phone number').getAttribute('type')).toBe('tel');

    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Valid email required')).toBeTruthy();
    const message = screen.getByLabelText('Message');
    expect(message.getAttribute('aria-invalid')).toBe('true');
    const describedBy = message.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBeTruthy();
    expect(api.callsTo('POST /supports/contact-us')).toHaveLength(0);
  });

  it("has a 'Check our FAQs' button to the FAQ section of home", async () => {
    stubRoutes({});
    const user = userEvent.setup();
    const { router } = renderContact();
    await user.click(screen.getByRole('link', { name: 'Check our FAQs' }));
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.state).toEqual({ scrollTo: 'faq' });
  });

  it('sends the message, toasts, clears the form and goes home', async () => {
    const api = stubRoutes({
      'POST /supports/contact-us': ok({ ticketNumber: 'MM-T-000042' }),
    });
    const user = userEvent.setup();
    const { router } = renderContact();
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(toasts.success).toHaveBeenCalledWith('Message sent successfully!');
    expect(toasts.success).toHaveBeenCalledWith(
      'Your ticket number is MM-T-000042. We have mailed you a link to follow it.',
      { autoClose: 12_000 },
    );
    expect(api.callsTo('POST /supports/contact-us')[0]?.body).toEqual({
      from_name: 'Asha Jha',
      reply_to: 'asha@example.com',
      phone: '9876543210',
      message: 'Do you ship to Pune?',
    });
    await router.navigate('/contact-us');
    expect(((await screen.findByLabelText('Your name')) as HTMLInputElement).value).toBe('');
  });

  it("shows the server's message, or the network line", async () => {
    stubRoutes({
      'POST /supports/contact-us': fail(400, 'message: Must be at most 5000 characters'),
    });
    const user = userEvent.setup();
    const { router } = renderContact();
    await fillContact(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'message: Must be at most 5000 characters',
    );
    expect(router.state.location.pathname).toBe('/contact-us');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please try again.'),
    );
    expect(toasts.error).toHaveBeenCalledWith('Something went wrong. Please try again.', {
      toastId: 'Something went wrong. Please try again.',
    });
  });
});

const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'bill.png', { type: 'image/png' });

function renderComplaint(store = createStore()) {
  return renderRoutes([{ path: '/raise-complaint', Component: ComplaintPage }], {
    initialEntries: ['/raise-complaint'],
    store,
  });
}

async function fillComplaint(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Your name'), 'Asha Jha');
  await user.type(screen.getByLabelText('Email address'), 'asha@example.com');
  await user.type(screen.getByLabelText('Order number'), 'MM-2025-0042');
  await user.selectOptions(screen.getByLabelText('Issue type'), 'Wrong Item');
  await user.type(screen.getByLabelText('Describe the problem'), 'I got peri peri, not caramel.');
}

describe('ComplaintPage', () => {
  it('offers the five issue types and refuses a missing or wrong invoice', async () => {
    const api = stubRoutes({});
    const user = userEvent.setup({ applyAccept: false });
    renderComplaint();
    expect(screen.getByRole('heading', { level: 1, name: 'Raise a Complaint' })).toBeTruthy();
    const select = screen.getByLabelText('Issue type') as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual([
      'Choose an issue',
      ...ISSUE_TYPES,
    ]);
    const invoice = screen.getByLabelText('Invoice');
    expect(invoice.getAttribute('accept')).toBe('image/*');

    await user.click(screen.getByRole('button', { name: 'Submit complaint' }));
    expect(await screen.findByText('Please choose an issue type')).toBeTruthy();
    expect(screen.getByText('Please attach your invoice as an image')).toBeTruthy();
    expect(invoice.getAttribute('aria-describedby')).toBe(
      screen.getByText('Please attach your invoice as an image').id,
    );

    await user.upload(invoice, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Submit complaint' }));
    expect(
      await screen.findByText('The invoice must be a JPEG, PNG, WebP or GIF image'),
    ).toBeTruthy();

    const big = png();
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    await user.upload(invoice, big);
    await user.click(screen.getByRole('button', { name: 'Submit complaint' }));
    expect(await screen.findByText('The invoice must be at most 5 MB')).toBeTruthy();
    expect(api.callsTo('POST /supports/raise-complaint')).toHaveLength(0);
  });

  it('sends every field and the file, toasts, clears the form and the file, and goes home', async () => {
    const api = stubRoutes({ 'POST /supports/raise-complaint': ok(null) });
    const user = userEvent.setup();
    const { router } = renderComplaint();
    await fillComplaint(user);
    const invoice = screen.getByLabelText('Invoice') as HTMLInputElement;
    const file = png();
    await user.upload(invoice, file);
    await user.click(screen.getByRole('button', { name: 'Submit complaint' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(toasts.success).toHaveBeenCalledWith('Complaint submitted successfully!');
    const call = api.fetchMock.mock.calls.find(([url]) =>
      String(url).endsWith('/supports/raise-complaint'),
    );
    const body = call?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    const form = body as FormData;
    expect(form.get('from_name')).toBe('Asha Jha');
    expect(form.get('reply_to')).toBe('asha@example.com');
    expect(form.get('order_id')).toBe('MM-2025-0042');
    expect(form.get('issue_type')).toBe('Wrong Item');
    expect(form.get('query')).toBe('I got peri peri, not caramel.');
    const sent = form.get('invoice') as File;
    expect(sent.name).toBe('bill.png');
    expect(sent.type).toBe('image/png');
    expect(sent.size).toBe(file.size);
    expect(invoice.value).toBe('');
    expect(invoice.files?.length ?? 0).toBe(0);
  });

  it('prefills name and e-mail for a signed-in customer', () => {
    stubRoutes({});
    const store = createStore();
    signIn(store, customer);
    renderComplaint(store);
    expect((screen.getByLabelText('Your name') as HTMLInputElement).value).toBe('Asha Jha');
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe(
      'asha@example.com',
    );
  });

  it("shows the server's message, or 'Server error' without one", async () => {
    stubRoutes({
      'POST /supports/raise-complaint': fail(
        400,
        'invoice: The invoice must be a JPEG, PNG, WebP or GIF image',
      ),
    });
    const user = userEvent.setup();
    const { router } = renderComplaint();
    await fillComplaint(user);
    await user.upload(screen.getByLabelText('Invoice'), png());
    await user.click(screen.getByRole('button', { name: 'Submit complaint' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'invoice: The invoice must be a JPEG, PNG, WebP or GIF image',
    );
    expect(router.state.location.pathname).toBe('/raise-complaint');

    stubRoutes({
      'POST /supports/raise-complaint': { status: 500, body: { success: false, message: '' } },
    });
    await user.click(screen.getByRole('button', { name: 'Submit complaint' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Server error'));
    expect(toasts.success).not.toHaveBeenCalled();
  });
});
