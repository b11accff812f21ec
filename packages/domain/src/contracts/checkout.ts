/** Orders, payments and the pincode check as the API sends them: money in rupees unless named. */
import { z } from 'zod';
import { ORDER_ACTORS, ORDER_MOVES, ORDER_STATUSES, PAYMENT_STATUSES } from '../order-state';
import { REFUND_STATES } from '../refunds';
import { RETURN_REASONS, RETURN_STATES } from '../returns';
import { SHIPMENT_STATES } from '../shipping';

export const shippingAddressShape = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    pincode: z.string(),
    country: z.string(),
  })
  .meta({
    id: 'ShippingAddress',
    description: "The checkout form's fields, copied onto the order.",
  });

export const orderItemShape = z
  .object({
    _id: z.string().meta({ description: "the order line's id: what a refund of lines names" }),
    product: z.string().meta({ description: 'the product id' }),
    name: z.string(),
    image: z.string().meta({ description: 'empty when the product had no picture' }),
    variantWeight: z.int().meta({ description: 'grams' }),
    quantity: z.int(),
    priceAtPurchase: z.number(),
    discount: z.number().optional().meta({
      description:
        "the line's share of the order's discount code, in rupees: the line cost its price less this; 0 without a code; the API always sends it",
    }),
  })
  .meta({ id: 'OrderItem' });

export const orderStatusMoveShape = z
  .object({
    event: z.enum(ORDER_MOVES).meta({
      description:
        'what happened: paid (a sale), paid_sold_out (paid after the stock was gone: refund due), failed, expired, cancelled, shipped, delivered, refunded (everything left went back), refunded_part (part of the payment went back)',
    }),
    by: z.enum(ORDER_ACTORS).meta({ description: 'who made the move' }),
    from: z.enum(ORDER_STATUSES),
    to: z.enum(ORDER_STATUSES),
    at: z.string().meta({ description: 'when the move was made' }),
    trackingNumber: z.string().nullable(),
    trackingUrl: z.string().nullable(),
    note: z.string().nullable().meta({ description: "the owner's reason, for a refund" }),
  })
  .meta({
    id: 'OrderStatusMove',
    description: "One move of the order's state, whoever made it.",
  });

/** A second payment for an order already paid: money the shop owes back until it is refunded. */
export const extraPaymentShape = z
  .object({
    paymentId: z.string().meta({ description: "the gateway's payment id" }),
    amount: z.number().meta({ description: 'what it took, in rupees' }),
    capturedAt: z.string(),
    refundId: z.string().nullable().meta({ description: "the gateway's refund id, once refunded" }),
    refundedAt: z.string().nullable().meta({ description: 'null while it is owed' }),
    refundFailure: z.string().nullable().meta({
      description: 'why the last refund did not go through; null once one did',
    }),
  })
  .meta({ id: 'ExtraPayment' });

const taxAmounts = {
  taxableValue: z.number(),
  cgst: z.number(),
  sgst: z.number(),
  igst: z.number(),
  total: z.number(),
};

export const taxDocumentLineShape = z
  .object({
    description: z.string(),
    hsnCode: z.string(),
    quantity: z.int(),
    unitPrice: z.number().meta({ description: "the unit's price, GST included, in rupees" }),
    discount: z.number().meta({
      description:
        "a discount given at the sale, GST included, in rupees: the line's value is its units' price less this; 0 without one",
    }),
    gstRate: z.number(),
    ...taxAmounts,
  })
  .meta({ id: 'TaxDocumentLine' });

export const taxDocumentShape = z
  .object({
    number: z
      .string()
      .meta({ description: 'e.g. MM/2627/000123: consecutive within its financial year' }),
    issuedAt: z.string(),
    placeOfSupply: z.object({ state: z.string(), code: z.string() }),
    taxType: z.enum(['CGST+SGST', 'IGST']),
    ...taxAmounts,
    lines: z.array(taxDocumentLineShape),
  })
  .meta({
    id: 'TaxDocument',
    description: 'A GST tax invoice as issued: amounts in rupees, shipping a line of its own',
  });
export type TaxDocument = z.infer<typeof taxDocumentShape>;

export const creditNoteShape = taxDocumentShape
  .extend({
    invoiceNumber: z.string().meta({ description: "the original invoice's number" }),
  })
  .meta({ id: 'CreditNote', description: 'money given back on an invoice, its taxes reversed' });
export type CreditNote = z.infer<typeof creditNoteShape>;

export const orderRefundShape = z
  .object({
    id: z.string(),
    amount: z.number().meta({ description: 'rupees' }),
    reason: z.string(),
    by: z.enum(ORDER_ACTORS).meta({ description: 'who asked for it' }),
    status: z.enum(REFUND_STATES).meta({
      description:
        'pending: asked of the gateway, not confirmed; refused: the gateway said no, nothing moved; initiated: the gateway took it; processed: the money reached the bank; failed: the bank sent it back, and the shop owes it until it is sent again',
    }),
    refundId: z.string().nullable().meta({
      description: "the gateway's refund id (the latest attempt's, after a failed one)",
    }),
    failure: z.string().nullable().meta({ description: 'why it did not go through' }),
    createdAt: z.string(),
    initiatedAt: z.string().nullable(),
    processedAt: z.string().nullable(),
    lines: z
      .array(
        z.object({
          item: z.string().meta({ description: "the order line's id, or 'shipping'" }),
          name: z.string(),
          quantity: z.int().meta({ description: 'units given back; 0 for an amount off' }),
          amount: z.number(),
          restocked: z.boolean(),
        }),
      )
      .meta({ description: 'what it gives back of each line and of the shipping' }),
  })
  .meta({ id: 'OrderRefund', description: "A refund of the order's payment, whole or in part." });

export const orderReturnShape = z
  .object({
    id: z.string(),
    state: z.enum(RETURN_STATES).meta({
      description:
        'requested, then approved or rejected by the owner; an approved one received, then refunded',
    }),
    reason: z.enum(RETURN_REASONS),
    note: z.string().nullable().meta({ description: 'what the customer says happened' }),
    lines: z.array(
      z.object({
        item: z.string().meta({ description: "the order line's id" }),
        name: z.string(),
        quantity: z.int(),
      }),
    ),
    photos: z.int().meta({
      description: 'how many photos came with it: `GET /orders/return-photo/{returnId}/{n}`',
    }),
    decisionNote: z.string().nullable().meta({ description: "the owner's word with the decision" }),
    requestedAt: z.string(),
    decidedAt: z.string().nullable(),
    receivedAt: z.string().nullable(),
    refundedAt: z.string().nullable(),
  })
  .meta({ id: 'OrderReturn', description: 'A return of some units of a delivered order.' });

export const orderShipmentShape = z
  .object({
    courier: z.string().meta({ description: "the courier's name" }),
    waybill: z
      .string()
      .nullable()
      .meta({ description: "the courier's waybill (AWB), once booked" }),
    state: z.enum(SHIPMENT_STATES).meta({
      description:
        'booking: being booked now; booked; refused: the courier said no (see failure); failed: the courier could not be reached, try again',
    }),
    failure: z.string().nullable().meta({ description: 'why the booking did not go through' }),
    undelivered: z.string().nullable().meta({
      description: "the courier's reason for the latest failed delivery, while not delivered",
    }),
    trackedAt: z.string().nullable().meta({ description: 'when the courier last reported on it' }),
    scans: z
      .array(
        z.object({
          at: z.string(),
          status: z.string().meta({ description: '"In transit at Patna Hub"' }),
          location: z.string(),
        }),
      )
      .meta({ description: "the courier's scans, oldest first" }),
  })
  .meta({ id: 'OrderShipment', description: 'The parcel booked with a courier.' });

export const orderShape = z
  .object({
    _id: z.string(),
    orderNumber: z.string(),
    user: z
      .string()
      .nullable()
      .meta({ description: "the customer's id; null once the customer's account was erased" }),
    items: z.array(orderItemShape),
    shippingCost: z.number(),
    totalAmount: z.number(),
    shippingAddress: shippingAddressShape,
    paymentMethod: z.string(),
    paymentStatus: z.enum(PAYMENT_STATUSES),
    status: z.enum(ORDER_STATUSES),
    transactionId: z.string().nullable().meta({ description: "the gateway's payment id" }),
    trackingNumber: z.string().nullable(),
    trackingUrl: z.string().nullable(),
    createdAt: z.string(),
    subtotal: z.number().meta({ description: 'what the lines cost, before shipping' }),
    discount: z
      .object({
        code: z.string(),
        amount: z.number().meta({
          description:
            "what the code took off, in rupees: the lines' shares and any shipping it waived",
        }),
      })
      .nullable()
      .optional()
      .meta({
        description:
          'the discount code it was placed with; null without one; the API always sends it',
      }),
    currency: z.string(),
    needsRefund: z
      .boolean()
      .meta({ description: 'paid, but cannot ship: the owner must refund it' }),
    expiresAt: z
      .string()
      .nullable()
      .meta({ description: 'when an unpaid order gives its stock back' }),
    paidAt: z.string().nullable(),
    refundedAmount: z.number().meta({
      description:
        'what its refunds gave back so far, in rupees (refunds the gateway took); 0 when none',
    }),
    refunds: z.array(orderRefundShape).optional().meta({
      description: 'every refund asked for, oldest first; the API always sends it',
    }),
    returns: z.array(orderReturnShape).optional().meta({
      description: 'every return asked for, oldest first; the API always sends it',
    }),
    extraPayments: z.array(extraPaymentShape).optional().meta({
      description:
        'payments captured after another payment had paid the order: each must go back; the API always sends it',
    }),
    history: z.array(orderStatusMoveShape).optional().meta({
      description: "every move of the order's state, oldest first; the API always sends it",
    }),
    shipment: orderShipmentShape.nullable().optional().meta({
      description:
        "its booking with the courier and the courier's scans; null when none was asked for; the API always sends it",
    }),
    invoice: taxDocumentShape.nullable().optional().meta({
      description: 'the GST tax invoice, once the order is paid; the API always sends it',
    }),
    creditNotes: z.array(creditNoteShape).optional().meta({
      description:
        'one for each refund of the invoiced sale, oldest first; the API always sends it',
    }),
  })
  .meta({ id: 'Order' });

export const paymentOrderShape = z
  .object({
    id: z.string().meta({ description: "the gateway's order id" }),
    amount: z.int().meta({ description: 'paise, as Razorpay reads it' }),
    currency: z.literal('INR'),
    keyId: z.string().meta({ description: 'the public key Razorpay Checkout opens with' }),
    provider: z.enum(['simulated', 'razorpay']),
    orderId: z.string().meta({ description: "the shop's order id" }),
    orderNumber: z.string(),
    name: z.string().meta({ description: 'the shop name the payment window shows' }),
    prefill: z.object({ name: z.string(), email: z.string(), contact: z.string() }),
  })
  .meta({ id: 'PaymentOrder', description: "Razorpay Checkout's options for one order." });

/** What the payment window hands back when a payment succeeds; verifyPayment checks it. */
export const paymentSuccessShape = z
  .object({
    razorpay_order_id: z.string(),
    razorpay_payment_id: z.string(),
    razorpay_signature: z.string(),
  })
  .meta({ id: 'PaymentSuccess' });

/** What the payment window reports of a failed attempt, in Razorpay's words. */
export const paymentFailureShape = z
  .object({
    razorpay_order_id: z.string(),
    error: z.object({ code: z.string(), description: z.string(), reason: z.string() }),
  })
  .meta({ id: 'PaymentFailure' });

export const webhookStatusShape = z
  .object({
    status: z.enum(['processed', 'duplicate', 'ignored']).meta({
      description:
        "duplicate: this event id (the X-Razorpay-Event-Id header, else the body's hash) was recorded before, and nothing was done. processed: a captured payment.captured or order.paid, of the order's amount, or a payment.failed, for a known order; a capture settled before, or a failure of an order already paid or failed, is processed too and changes nothing. ignored: any other event, an order not known, or an amount that is not the order's: nothing changed.",
    }),
  })
  .meta({ id: 'WebhookStatus' });

/**
 * A Razorpay webhook event as Razorpay sends it (JSON); only what the shop reads is named. The
 * signature covers the exact bytes, which the API checks before reading any of it.
 */
export const razorpayEventShape = z
  .looseObject({
    entity: z.string().optional().meta({ description: '"event"' }),
    account_id: z.string().optional(),
    event: z.string().meta({
      description:
        'payment.captured, order.paid and payment.failed are applied; any other is answered ignored',
    }),
    contains: z.array(z.string()).optional(),
    payload: z.looseObject({
      payment: z
        .looseObject({
          entity: z.looseObject({
            id: z.string(),
            order_id: z.string(),
            amount: z.number().int().meta({ description: 'in paise' }),
            status: z.string(),
          }),
        })
        .optional(),
    }),
    created_at: z.number().int().optional(),
  })
  .meta({ id: 'RazorpayEvent' });

/** Delhivery's shape whichever directory answered; no postal code means not served. */
export const pincodeVerificationShape = z
  .object({
    delivery_codes: z.array(
      z.object({
        postal_code: z.object({
          pin: z.string(),
          district: z.string(),
          state_code: z.string(),
          state: z.string().optional(),
        }),
      }),
    ),
  })
  .meta({ id: 'PincodeVerification' });

/** A cart priced with a discount code: what the checkout's summary shows before Place Order. */
export const pricedCartShape = z
  .object({
    code: z.string(),
    label: z
      .string()
      .meta({ description: 'what the code gives, for the summary line: "FIRST10: 10% off"' }),
    subtotal: z.number(),
    discount: z
      .number()
      .meta({ description: 'everything the code takes off, shipping it waives included' }),
    shippingCost: z.number(),
    totalAmount: z.number(),
    lines: z.array(
      z.object({
        sku: z.string(),
        discount: z.number().meta({ description: "the line's share of the discount" }),
      }),
    ),
  })
  .meta({ id: 'PricedCart' });
export type PricedCart = z.infer<typeof pricedCartShape>;
