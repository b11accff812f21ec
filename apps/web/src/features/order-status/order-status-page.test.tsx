import type { Order } from '@makhana/domain/orders';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../stores/store';
import {
  fail,
  madeRefund,
  ok,
  paidOrder,
  scannedShipment,
  signIn,
  stubRoutes,
} from '../../test/customer-fixtures';
import { renderRoutes } from '../../test/shop-fixtures';
import { OrderStatusPage, RETURNED_TO_ORIGIN_LEAD } from './order-status-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

function DashboardProbe() {
  const location = useLocation();
  return <h1>Dashboard {JSON.stringify(location.state)}</h1>;
}

function renderOrderPage(id = 'order-1') {
  const store = createStore();
  signIn(store);
  return renderRoutes(
    [
      { path: '/order-status/:id', Component: OrderStatusPage },
      { path: '/', element: <h1>Home page</h1> },
      { path: '/dashboard', Component: DashboardProbe },
    ],
    { initialEntries: [`/order-status/${id}`], store },
  );
}

const shipped: Order = {
  ...paidOrder,
  items: [
    ...paidOrder.items,
    {
      _id: 'line-peri-peri',
      product: 'prod-peri-peri',
      name: 'Peri Peri Makhana',
      image: '/uploads/demo/products/peri-peri-1.svg',
      variantWeight: 200,
      quantity: 2,
      priceAtPurchase: 349,
    },
  ],
  shippingCost: 50,
  totalAmount: 1297,
  status: 'Delivered',
  trackingNumber: 'DLV998877',
  trackingUrl: 'https://track.example.com/DLV998877',
};

describe('OrderStatusPage', () => {
  it('thanks the customer and shows every field of the order', async () => {
    const api = stubRoutes({ 'GET /orders/order-id-details/order-1': ok(paidOrder) });
    renderOrderPage();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you for your order!' }),
    ).toBeTruthy();
    expect(api.callsTo('GET /orders/order-id-details/order-1')).toHaveLength(1);
    expect(screen.getByTestId('order-number').textContent).toBe('MM-2025-0042');
    expect(document.body.textContent).toContain('12 May 2025');

    const [item] = screen.getAllByTestId('order-item');
    expect(item?.textContent).toContain('Himalayan Pink Salt Makhana');
    expect(item?.textContent).toContain('250g · Qty 1 · ₹549 each');
    expect(item?.querySelector('img')?.getAttribute('src')).toBe(
      '/uploads/demo/products/pink-salt-1.svg',
    );
    expect(screen.getByTestId('order-shipping').textContent).toBe('Free');
    expect(screen.getByTestId('order-total').textContent).toBe('₹549');
    expect(screen.getByTestId('transaction-id').textContent).toBe('pay_SIM7788');
    expect(screen.getByText('Prepaid')).toBeTruthy();

    const payment = screen.getByTestId('payment-status');
    expect(payment.textContent).toBe('Payment completed');
    expect(payment.dataset.tone).toBe('green');
    const status = screen.getByTestId('order-status');
    expect(status.textContent).toBe('Confirmed');
    expect(status.dataset.tone).toBe('yellow');

    const address = screen.getByRole('region', { name: 'Shipping to' });
    expect(address.textContent).toContain('Asha Jha');
    expect(address.textContent).toContain('12 Station Road, Laheriasarai, Near Shyama Mandir');
    expect(address.textContent).toContain('Darbhanga, Bihar - 846004');
    expect(address.textContent).toContain(
      'Your order will be shipped within 1-2 business days; we will e-mail you the tracking link.',
    );
    expect(within(address).queryByRole('link')).toBeNull();

    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'View my orders' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    await userEvent.setup().click(screen.getByRole('link', { name: 'View my orders' }));
    expect(
      await screen.findByRole('heading', { name: 'Dashboard {"section":"orders"}' }),
    ).toBeTruthy();
  });

  it('shows a partly refunded order: the sum, each refund where its money is, and what it gave back', async () => {
    const delivered: Order = {
      ...paidOrder,
      status: 'Delivered',
      refundedAmount: 100,
      refunds: [
        madeRefund(paidOrder, {
          by: 'owner',
          amount: 100,
          reason: 'One pouch arrived torn',
          status: 'initiated',
          processedAt: null,
          lines: [
            {
              item: 'line-pink-salt',
              name: 'Himalayan Pink Salt Makhana 250 g',
              quantity: 0,
              amount: 100,
              restocked: false,
            },
          ],
        }),
        madeRefund(paidOrder, { id: 'refused', status: 'refused', failure: 'Refused' }),
        madeRefund(paidOrder, {
          id: 'sent-back',
          by: 'owner',
          amount: 50,
          reason: 'Late delivery',
          status: 'failed',
          failure: 'The bank sent the refund back to the shop; it must be sent again.',
          processedAt: null,
          lines: [],
        }),
      ],
    };
    stubRoutes({ 'GET /orders/order-id-details/order-1': ok(delivered) });
    renderOrderPage();

    const payment = await screen.findByTestId('payment-status');
    expect(payment.textContent).toBe('Partly refunded: ₹100');
    expect(document.body.textContent).toContain(
      'Your makhana has been delivered. Enjoy! ₹100 of your payment is refunded.',
    );
    // The refused one moved no money: the customer does not see it. The one the bank sent back
    // is still theirs, and on its way again.
    const [refund, sentBack, ...more] = screen.getAllByTestId('order-refund');
    expect(more).toEqual([]);
    expect(sentBack?.textContent).toContain(
      '₹50 · Your bank sent it back to us: we are sending it again',
    );
    expect(refund?.textContent).toContain('₹100 · Refund initiated on 13 May 2025');
    expect(refund?.textContent).toContain('Himalayan Pink Salt Makhana 250 g: ₹100 off the price');
    expect(refund?.textContent).toContain('Reason: One pouch arrived torn');
  });

  it("shows the order's progress, each move with its time in India's time", async () => {
    const history: Order['history'] = [
      {
        event: 'paid',
        by: 'gateway',
        from: 'Pending',
        to: 'Confirmed',
        at: '2025-05-12T04:31:00.000Z',
        trackingNumber: null,
        trackingUrl: null,
        note: null,
      },
      {
        event: 'shipped',
        by: 'owner',
        from: 'Confirmed',
        to: 'Shipped',
        at: '2025-05-13T06:00:00.000Z',
        trackingNumber: 'DLV998877',
        trackingUrl: 'https://track.example.com/DLV998877',
        note: null,
      },
    ];
    stubRoutes({
      'GET /orders/order-id-details/order-9': ok({ ...shipped, _id: 'order-9', history }),
    });
    renderOrderPage('order-9');
    const progress = await screen.findByRole('region', { name: 'Progress' });
    const steps = within(progress).getAllByTestId('order-progress-step');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Payment received12 May 2025, 10:01 am',
      'Shipped13 May 2025, 11:30 am · Tracking DLV998877',
    ]);
  });

  it('shows no progress before the order has moved', async () => {
    stubRoutes({ 'GET /orders/order-id-details/order-1': ok({ ...paidOrder, history: [] }) });
    renderOrderPage();
    await screen.findByTestId('order-number');
    expect(screen.queryByRole('region', { name: 'Progress' })).toBeNull();
  });

  it('links the tracking page once the order has shipped, and charges shipping', async () => {
    stubRoutes({ 'GET /orders/order-id-details/order-9': ok({ ...shipped, _id: 'order-9' }) });
    renderOrderPage('order-9');
    const track = await screen.findByRole('link', { name: /Track your shipment/ });
    expect(track.getAttribute('href')).toBe('https://track.example.com/DLV998877');
    expect(track.getAttribute('target')).toBe('_blank');
    expect(screen.getAllByTestId('order-item')).toHaveLength(2);
    expect(screen.getByTestId('order-shipping').textContent).toBe('₹50');
    expect(screen.getByTestId('order-total').textContent).toBe('₹1,297');
    expect(screen.getByTestId('order-status').dataset.tone).toBe('green');
    expect(screen.queryByText(/Your order will be shipped within/)).toBeNull();
  });

  it('shows a discount code: its line off the items, or the shipping it made free; the rows add up', async () => {
    const discounted: Order = {
      ...paidOrder,
      items: paidOrder.items.map((item) => ({ ...item, discount: 54.9 })),
      totalAmount: 494.1,
      discount: { code: 'SAVE10', amount: 54.9 },
    };
    stubRoutes({ 'GET /orders/order-id-details/order-1': ok(discounted) });
    const { unmount } = renderOrderPage();
    expect((await screen.findByTestId('order-discount')).textContent).toBe('−₹54.9');
    expect(screen.getByText('Discount (SAVE10)')).toBeTruthy();
    expect(screen.getByTestId('order-subtotal').textContent).toBe('₹549');
    expect(screen.getByTestId('order-total').textContent).toBe('₹494.1');
    unmount();

    const shipFree: Order = {
      ...paidOrder,
      items: paidOrder.items.map((item) => ({ ...item, priceAtPurchase: 149, discount: 0 })),
      shippingCost: 0,
      totalAmount: 149,
      discount: { code: 'SHIPFREE', amount: 50 },
    };
    stubRoutes({ 'GET /orders/order-id-details/order-1': ok(shipFree) });
    renderOrderPage();
    expect((await screen.findByTestId('order-shipping')).textContent).toBe('Free with SHIPFREE');
    expect(screen.queryByTestId('order-discount')).toBeNull();
  });

  it('colours a failed payment red', async () => {
    stubRoutes({
      'GET /orders/order-id-details/order-1': ok({
        ...paidOrder,
        paymentStatus: 'failed',
        status: 'Cancelled',
        transactionId: null,
      }),
    });
    renderOrderPage();
    expect((await screen.findByTestId('payment-status')).dataset.tone).toBe('red');
    expect(
      screen.getByText(
        'This order was cancelled because its payment was not completed. No money was taken.',
      ),
    ).toBeTruthy();
    expect(screen.getByTestId('transaction-id').textContent).toBe('Not available yet');
  });

  it("says exactly 'Order not found.' when the lookup fails, with the same links", async () => {
    stubRoutes({ 'GET /orders/order-id-details/nope': fail(404, 'Order not found') });
    renderOrderPage('nope');
    expect(await screen.findByRole('heading', { name: 'Order not found.' })).toBeTruthy();
    expect(screen.queryByText('Thank you for your order!')).toBeNull();
    expect(screen.getByRole('link', { name: 'Continue shopping' }).getAttribute('href')).toBe('/');
    expect(screen.getByRole('link', { name: 'View my orders' }).getAttribute('href')).toBe(
      '/dashboard',
    );
  });
  it('downloads the tax invoice as a PDF under the name the server gives it', async () => {
    const invoiced: Order = {
      ...paidOrder,
      invoice: {
        number: 'MM/2627/000123',
        issuedAt: '2026-11-20T05:00:00.000Z',
        placeOfSupply: { state: 'Bihar', code: '10' },
        taxType: 'CGST+SGST',
        taxableValue: 522.86,
        cgst: 13.07,
        sgst: 13.07,
        igst: 0,
        total: 549,
        lines: [],
      },
      creditNotes: [
        {
          number: 'MMC/2627/000004',
          issuedAt: '2026-11-21T05:00:00.000Z',
          invoiceNumber: 'MM/2627/000123',
          placeOfSupply: { state: 'Bihar', code: '10' },
          taxType: 'CGST+SGST',
          taxableValue: 522.86,
          cgst: 13.07,
          sgst: 13.07,
          igst: 0,
          total: 549,
          lines: [],
        },
      ],
    };
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = String(input).replace(/^.*\/api\/v1/, '');
        asked.push(path);
        if (path === '/orders/order-id-details/order-1') {
          return new Response(JSON.stringify(ok(invoiced).body), {
            headers: { 'Content-Type': 'application/json' },
          });
        }
        return new Response(new Blob(['%PDF-1.7']), {
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="invoice-MM-2627-000123.pdf"',
          },
        });
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:invoice');
    URL.revokeObjectURL = vi.fn();
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    const user = userEvent.setup();
    renderOrderPage();
    expect(await screen.findByText('MM/2627/000123')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Download invoice MM/2627/000123' }));
    await vi.waitFor(() => expect(saved).toEqual(['invoice-MM-2627-000123.pdf']));
    expect(asked).toContain('/orders/invoice/order-1');

    const notes = screen.getByRole('list', { name: 'Credit notes' });
    expect(notes.textContent).toContain('Credit note MMC/2627/000004 against MM/2627/000123');
    await user.click(within(notes).getByRole('button', { name: 'Download MMC/2627/000004' }));
    await vi.waitFor(() => expect(asked).toContain('/orders/credit-note/order-1?n=1'));
  });
});

describe("OrderStatusPage: the courier's tracking", () => {
  const onItsWay: Order = {
    ...paidOrder,
    status: 'Shipped',
    trackingNumber: '1234567890123',
    trackingUrl: 'https://www.delhivery.com/track/package/1234567890123',
    shipment: scannedShipment,
  };
  const tracking = () => screen.queryByRole('region', { name: 'Tracking' });

  it("lists the courier's scans newest first, in India's time, the failed delivery marked", async () => {
    stubRoutes({ 'GET /orders/order-id-details/order-1': ok(onItsWay) });
    renderOrderPage();
    const section = await screen.findByRole('region', { name: 'Tracking' });
    expect(within(section).getByTestId('shipment-waybill').textContent).toBe(
      'Delhivery · waybill 1234567890123',
    );
    expect(
      within(section)
        .getByRole('link', { name: "Track on the courier's site" })
        .getAttribute('href'),
    ).toBe('https://www.delhivery.com/track/package/1234567890123');

    const steps = within(section).getAllByTestId('tracking-step');
    // A place already in the words is not said twice; 20:15 UTC is past midnight in India.
    expect(steps.map((step) => step.textContent)).toEqual([
      'Delivery attempted: Consignee unavailableDarbhanga · 15 May 2025, 2:30 pm',
      'Out for deliveryDarbhanga · 15 May 2025, 1:45 am',
      'In transit at Patna Hub14 May 2025, 7:35 am',
      'Picked upDarbhanga · 13 May 2025, 6:10 pm',
      'Shipment bookedDarbhanga · 13 May 2025, 11:30 am',
    ]);
    expect(steps.map((step) => step.getAttribute('aria-current'))).toEqual([
      'step',
      null,
      null,
      null,
      null,
    ]);
    expect(steps.map((step) => step.dataset.warning ?? null)).toEqual([
      'true',
      null,
      null,
      null,
      null,
    ]);
  });

  it('says tracking starts with the first scan, before the courier has scanned the parcel', async () => {
    stubRoutes({
      'GET /orders/order-id-details/order-1': ok({
        ...onItsWay,
        trackingUrl: null,
        shipment: { ...scannedShipment, undelivered: null, trackedAt: null, scans: [] },
      }),
    });
    renderOrderPage();
    const section = await screen.findByRole('region', { name: 'Tracking' });
    expect(section.textContent).toContain(
      'Booked with Delhivery. Tracking starts once the courier scans the parcel.',
    );
    expect(within(section).queryByTestId('tracking-step')).toBeNull();
    expect(within(section).queryByRole('link')).toBeNull();
  });

  it('shows nothing of a booking that is not made: refused, failed, under way, or none', async () => {
    const unbooked: Order['shipment'][] = [
      {
        ...scannedShipment,
        state: 'refused',
        waybill: null,
        failure: 'Pincode not serviceable',
        scans: [],
      },
      { ...scannedShipment, state: 'failed', waybill: null, scans: [] },
      { ...scannedShipment, state: 'booking', waybill: null, scans: [] },
      null,
    ];
    for (const shipment of unbooked) {
      stubRoutes({
        'GET /orders/order-id-details/order-1': ok({ ...paidOrder, shipment }),
      });
      const { unmount } = renderOrderPage();
      await screen.findByTestId('order-number');
      expect(tracking(), shipment?.state ?? 'none').toBeNull();
      expect(document.body.textContent).not.toContain('Pincode not serviceable');
      unmount();
    }
  });

  it('explains a parcel the courier brought back, with nothing left to cancel', async () => {
    const back: Order = {
      ...onItsWay,
      status: 'Returned to origin',
      trackingUrl: null,
      shipment: {
        ...scannedShipment,
        scans: [
          ...scannedShipment.scans,
          {
            at: '2025-05-18T05:00:00.000Z',
            status: 'Returned to the seller',
            location: 'Darbhanga',
          },
        ],
      },
      history: [
        {
          event: 'returned_to_origin',
          by: 'courier',
          from: 'Shipped',
          to: 'Returned to origin',
          at: '2025-05-18T05:00:00.000Z',
          trackingNumber: null,
          trackingUrl: null,
          note: null,
        },
      ],
    };
    stubRoutes({ 'GET /orders/order-id-details/order-1': ok(back) });
    renderOrderPage();
    expect(await screen.findByText(RETURNED_TO_ORIGIN_LEAD)).toBeTruthy();
    expect(RETURNED_TO_ORIGIN_LEAD).toBe(
      'The courier could not deliver this order and brought it back to us. We will refund you, or send it again if you reply to our mail.',
    );
    const status = screen.getByTestId('order-status');
    expect(status.textContent).toBe('Returned to origin');
    expect(status.dataset.tone).toBe('yellow');
    expect(screen.getAllByTestId('tracking-step')[0]?.textContent).toContain(
      'Returned to the seller',
    );
    expect(screen.getByTestId('order-progress-step').textContent).toContain(
      'Not delivered: the courier brought it back to us',
    );
    expect(screen.getByRole('region', { name: 'Shipping to' }).textContent).toContain(
      'The courier brought the parcel back to us.',
    );
    expect(screen.queryByRole('region', { name: /Cancel/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Cancel order/ })).toBeNull();
  });
});
