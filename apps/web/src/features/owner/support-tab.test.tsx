import type { SupportMessage } from '@makhana/domain/contracts/owner';
import type { Ticket } from '@makhana/domain/contracts/support';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../stores/store';
import { paidOrder, spyToasts } from '../../test/customer-fixtures';
import { signInOwner } from '../../test/owner-fixtures';
import { renderRoutes } from '../../test/shop-fixtures';
import { OwnerDashboardPage } from './owner-dashboard-page';
import { json, type OwnerCall, page, stubOwnerApi } from './owner-test-api';

let toasts: ReturnType<typeof spyToasts>;
beforeEach(() => {
  toasts = spyToasts();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const complaint: SupportMessage = {
  _id: 'msg-complaint',
  kind: 'complaint',
  fromName: 'Asha Jha',
  replyTo: 'asha@example.com',
  phone: null,
  message: 'The pouch arrived torn.',
  issueType: 'Damaged product',
  orderReference: paidOrder.orderNumber,
  order: { _id: paidOrder._id, orderNumber: paidOrder.orderNumber },
  invoiceUrl: '/api/v1/supports/invoice/msg-complaint',
  resolved: false,
  resolvedAt: null,
  createdAt: '2026-11-20T05:00:00.000Z',
  ticketNumber: 'MM-T-000001',
  status: 'Open',
  awaitingReplySince: '2026-11-20T05:00:00.000Z',
  replyOverdue: false,
  resolutionOverdue: false,
};
const contact: SupportMessage = {
  _id: 'msg-contact',
  kind: 'contact',
  fromName: 'Ravi Kumar',
  replyTo: 'ravi@example.com',
  phone: '9123456780',
  message: 'Do you ship to Nepal?',
  issueType: null,
  orderReference: null,
  order: null,
  invoiceUrl: null,
  resolved: false,
  resolvedAt: null,
  createdAt: '2026-11-21T05:00:00.000Z',
  ticketNumber: 'MM-T-000002',
  status: 'Open',
  awaitingReplySince: '2026-11-21T05:00:00.000Z',
  replyOverdue: false,
  resolutionOverdue: false,
};

/** The inbox as the server keeps it: resolving changes the open count too. */
function inboxApi() {
  const messages = new Map([contact, complaint].map((message) => [message._id, message]));
  const openCount = () => [...messages.values()].filter((message) => !message.resolved).length;
  return stubOwnerApi({
    'GET /supports/inbox': ({ query }) =>
      query.get('limit') === '1'
        ? page([], { page: 1, limit: 1, total: openCount() })
        : page([...messages.values()], { page: 1, limit: 50, total: messages.size }),
    'POST /supports/resolve/msg-complaint': ({ body }: OwnerCall) => {
      const { resolved } = body as { resolved: boolean };
      const changed = {
        ...complaint,
        resolved,
        resolvedAt: resolved ? '2026-11-22T05:00:00Z' : null,
        status: resolved ? ('Resolved' as const) : ('Open' as const),
      };
      messages.set(complaint._id, changed);
      return json(changed, { message: resolved ? 'Marked as resolved' : 'Reopened' });
    },
    'GET /supports/invoice/msg-complaint': () =>
      new Response(new Blob(['png-bytes'], { type: 'image/png' }), {
        headers: { 'Content-Type': 'image/png' },
      }),
    [`GET /orders/order-id-details/${paidOrder._id}`]: () => json(paidOrder),
  });
}

let thread: Ticket;
beforeEach(() => {
  thread = {
    ticketNumber: 'MM-T-000002',
    kind: 'contact',
    subject: 'Message',
    status: 'Open',
    createdAt: contact.createdAt,
    lastMessageAt: contact.createdAt,
    order: null,
    fromName: 'Ravi Kumar',
    orderReference: null,
    resolvedAt: null,
    messages: [{ by: 'customer', message: 'Do you ship to Nepal?', at: contact.createdAt }],
  };
});

function renderSupport() {
  const store = createStore();
  signInOwner(store);
  renderRoutes([{ path: '/owner/admin/dashboard', Component: OwnerDashboardPage }], {
    initialEntries: ['/owner/admin/dashboard?tab=support'],
    store,
  });
  return userEvent.setup();
}

const card = async (name: string) =>
  (await screen.findAllByTestId('support-message')).find((item) =>
    item.textContent?.includes(name),
  )!;

describe('SupportTab', () => {
  it('counts the open messages in the tab and follows Mark resolved and Reopen', async () => {
    const api = inboxApi();
    const user = renderSupport();
    const tab = await screen.findByRole('tab', { name: 'Support, 2 unresolved messages' });
    expect(tab.textContent).toBe('Support (2)');
    const countCall = api.callsTo('GET /supports/inbox')[0]!;
    expect(Object.fromEntries(countCall.query)).toEqual({ page: '1', limit: '1', status: 'open' });
    expect(countCall.realm).toBe('owner');

    const asha = await card('Asha Jha');
    expect(asha.textContent).toContain('Complaint · Damaged product');
    expect(within(asha).getByRole('link', { name: 'asha@example.com' }).getAttribute('href')).toBe(
      'mailto:asha@example.com',
    );
    await user.click(
      within(asha).getByRole('button', { name: 'Mark resolved: message from Asha Jha' }),
    );
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Marked as resolved'));
    expect(api.callsTo('POST /supports/resolve/msg-complaint')[0]!.body).toEqual({
      resolved: true,
    });
    expect(tab.textContent).toBe('Support (1)');
    expect(tab.getAttribute('aria-label')).toBe('Support, 1 unresolved message');
    expect(asha.textContent).toContain('Resolved');

    await user.click(within(asha).getByRole('button', { name: 'Reopen: message from Asha Jha' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Reopened'));
    expect(tab.textContent).toBe('Support (2)');
    expect(
      within(asha).getByRole('button', { name: 'Mark resolved: message from Asha Jha' }),
    ).toBeTruthy();

    const ravi = await card('Ravi Kumar');
    expect(ravi.textContent).toContain('Contact');
    expect(within(ravi).getByRole('link', { name: '9123456780' })).toBeTruthy();
    expect(within(ravi).queryByRole('button', { name: /View invoice/ })).toBeNull();
  });

  it("fetches the invoice with the owner's session and shows it from memory until closed", async () => {
    const api = inboxApi();
    const createObjectURL = vi.fn(() => 'blob:invoice-1');
    const revokeObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL }));
    const user = renderSupport();

    const asha = await card('Asha Jha');
    await user.click(within(asha).getByRole('button', { name: 'View invoice from Asha Jha' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invoice' });
    const image = await within(dialog).findByRole('img', {
      name: 'Invoice attached to the complaint from Asha Jha',
    });
    expect(image.getAttribute('src')).toBe('blob:invoice-1');
    const [call] = api.callsTo('GET /supports/invoice/msg-complaint');
    expect(call!.realm).toBe('owner');
    // Nothing of the session in the address.
    expect([...call!.query.keys()]).toEqual([]);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:invoice-1');
  });

  it("opens the complaint's order from the server in the owner's realm", async () => {
    const api = inboxApi();
    const user = renderSupport();
    const asha = await card('Asha Jha');
    await user.click(
      within(asha).getByRole('button', { name: `View order ${paidOrder.orderNumber}` }),
    );
    const dialog = await screen.findByRole('dialog', { name: `Order #${paidOrder.orderNumber}` });
    expect(dialog.textContent).toContain('pay_SIM7788');
    expect(api.callsTo(`GET /orders/order-id-details/${paidOrder._id}`)[0]!.realm).toBe('owner');
  });
  it("opens a ticket's thread, answers it, and marks tickets late for an answer", async () => {
    const late = { ...contact, replyOverdue: true, resolutionOverdue: true };
    const api = stubOwnerApi({
      'GET /supports/inbox': ({ query }) =>
        query.get('limit') === '1'
          ? page([], { page: 1, limit: 1, total: 1 })
          : page([late], { page: 1, limit: 50, total: 1 }),
      'GET /supports/ticket/MM-T-000002': () => json(thread),
      'POST /supports/reply/MM-T-000002': ({ body }: OwnerCall) => {
        const { message } = body as { message: string };
        thread = {
          ...thread,
          status: 'Answered',
          messages: [...thread.messages, { by: 'owner', message, at: '2026-11-21T06:00:00.000Z' }],
        };
        return json(thread, { message: 'Reply sent' });
      },
    });
    const user = renderSupport();
    const ravi = await card('Ravi Kumar');
    expect(ravi.textContent).toContain('MM-T-000002');
    const marks = within(within(ravi).getByRole('list', { name: 'Late' }))
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(marks[0]).toMatch(/^No answer for \d+ days: past the 24-hour promise$/);
    expect(marks[1]).toBe('Unresolved past 30 days');

    await user.click(
      within(ravi).getByRole('button', { name: 'Thread and reply: ticket MM-T-000002' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Ticket MM-T-000002' });
    expect(
      within(dialog)
        .getAllByTestId('ticket-message')
        .map((m) => m.textContent),
    ).toEqual([expect.stringContaining('Do you ship to Nepal?')]);
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect(await within(dialog).findByText('Please write your reply')).toBeTruthy();
    expect(api.callsTo('POST /supports/reply/MM-T-000002')).toHaveLength(0);

    await user.type(
      within(dialog).getByRole('textbox', { name: 'Your answer (mailed to the customer)' }),
      'Not yet, sorry: India only for now.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Reply sent'));
    const [sent] = api.callsTo('POST /supports/reply/MM-T-000002');
    expect(sent?.body).toEqual({ message: 'Not yet, sorry: India only for now.' });
    expect(sent?.realm).toBe('owner');
    expect(within(dialog).getAllByTestId('ticket-message')).toHaveLength(2);
    expect(within(dialog).getAllByTestId('ticket-message')[1]?.textContent).toContain('You');
  });
});
