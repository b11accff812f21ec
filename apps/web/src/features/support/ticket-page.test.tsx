import type { Ticket } from '@makhana/domain/contracts/support';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, spyToasts, stubRoutes } from '../../test/customer-fixtures';
import { renderRoutes } from '../../test/shop-fixtures';
import { TicketPage } from './ticket-page';

let toasts: ReturnType<typeof spyToasts>;
beforeEach(() => {
  toasts = spyToasts();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const KEY = `1798761600.${'a'.repeat(43)}`;
const TICKET: Ticket = {
  ticketNumber: 'MM-T-000007',
  kind: 'complaint',
  subject: 'Damaged Product',
  status: 'Answered',
  createdAt: '2026-11-20T05:00:00.000Z',
  lastMessageAt: '2026-11-20T09:00:00.000Z',
  order: { _id: 'order-1', orderNumber: 'MM-20261120-AB12C' },
  fromName: 'Asha Jha',
  orderReference: 'MM-20261120-AB12C',
  resolvedAt: null,
  messages: [
    { by: 'customer', message: 'The pouch arrived torn.', at: '2026-11-20T05:00:00.000Z' },
    { by: 'owner', message: 'Sorry! A new pouch is on its way.', at: '2026-11-20T09:00:00.000Z' },
  ],
};

const renderTicket = (hash: string) =>
  renderRoutes([{ path: '/support/ticket/:ticketNumber', Component: TicketPage }], {
    initialEntries: [`/support/ticket/MM-T-000007${hash}`],
  });

describe('TicketPage', () => {
  it("opens the thread with the link's key, sent in a header and never in the address", async () => {
    const api = stubRoutes({
      'GET /supports/ticket/MM-T-000007': ok(TICKET),
      'POST /supports/reply/MM-T-000007': ok({
        ...TICKET,
        status: 'Open',
        messages: [
          ...TICKET.messages,
          { by: 'customer', message: 'Thank you!', at: '2026-11-20T10:00:00.000Z' },
        ],
      }),
    });
    const user = userEvent.setup();
    renderTicket(`#key=${KEY}`);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Ticket MM-T-000007' }),
    ).toBeTruthy();
    const [read] = api.callsTo('GET /supports/ticket/MM-T-000007');
    expect(read?.headers['X-Ticket-Key']).toBe(KEY);
    expect(api.calls.every((call) => !call.path.includes(KEY))).toBe(true);
    expect(screen.getByTestId('ticket-status').textContent).toBe('Answered');
    const thread = screen.getAllByTestId('ticket-message').map((entry) => entry.textContent);
    expect(thread[0]).toContain('You');
    expect(thread[0]).toContain('The pouch arrived torn.');
    expect(thread[1]).toContain('Sorry! A new pouch is on its way.');
    // A visitor sees the order's number, not a link to a page that needs a sign-in.
    expect(screen.getByText('MM-20261120-AB12C')).toBeTruthy();

    await user.type(screen.getByRole('textbox', { name: 'Your reply' }), 'Thank you!');
    await user.click(screen.getByRole('button', { name: 'Send reply' }));
    await waitFor(() => expect(toasts.success).toHaveBeenCalledWith('Reply sent'));
    const [sent] = api.callsTo('POST /supports/reply/MM-T-000007');
    expect(sent?.body).toEqual({ message: 'Thank you!' });
    expect(sent?.headers['X-Ticket-Key']).toBe(KEY);
    expect(screen.getAllByTestId('ticket-message')).toHaveLength(3);
    expect(screen.getByTestId('ticket-status').textContent).toBe('Open');
  });

  it('says when the ticket cannot be opened, and how to reach it', async () => {
    stubRoutes({ 'GET /supports/ticket/MM-T-000007': fail(404, 'Support request not found') });
    renderTicket('');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not find this support request.');
    expect(within(alert).getByRole('link', { name: 'sign in' }).getAttribute('href')).toBe(
      '/login',
    );
  });

  it("shows an expired link's own words", async () => {
    const expired =
      'This link has expired. Sign in to see your support requests, or write to us again.';
    const api = stubRoutes({ 'GET /supports/ticket/MM-T-000007': fail(401, expired) });
    renderTicket(`#key=${KEY}`);
    expect((await screen.findByRole('alert')).textContent).toContain(expired);
    // A refused key is not a session that ran out: nothing tries to renew one.
    expect(api.calls.some((call) => call.path.includes('refresh-token'))).toBe(false);
  });
});
