import { POLICY, SHIPPING_FEE_RUPEES } from '@makhana/domain/constants';
import { SITE } from '@makhana/domain/site';
import { Link } from 'react-router';
import { ContentPage } from './content-prose';

export function RefundPolicyPage() {
  return (
    <ContentPage
      title="Refund Policy"
      subtitle="When you are entitled to a refund, and how quickly it reaches you."
      description={`Refunds at ${SITE.brand}: eligibility, how to ask, and refund timelines of ${POLICY.refundBusinessDays} business days.`}
      canonicalPath="/refund-policy"
    >
      <p>
        We want every pack of {SITE.shortBrand} to arrive fresh and crunchy. If something goes
        wrong, we will put it right with a replacement or a refund.
      </p>

      <h2>When you get a refund</h2>
      <ul>
        <li>
          <strong>Cancelled orders:</strong> orders cancelled within{' '}
          {POLICY.cancellationWindowHours} hours of being placed are refunded in full.
        </li>
        <li>
          <strong>Damaged, defective or wrong items:</strong> if a pack arrives torn, spoiled, past
          its best-before date or different from what you ordered, and you tell us within{' '}
          {POLICY.returnWindowDays} days of delivery.
        </li>
        <li>
          <strong>Missing items:</strong> if an item is missing from your parcel and reported within{' '}
          {POLICY.returnWindowDays} days of delivery.
        </li>
        <li>
          <strong>Orders we cannot fulfil:</strong> if we cancel your order because an item is out
          of stock or your pincode cannot be served.
        </li>
      </ul>

      <h2>What is not refundable</h2>
      <p>
        Because makhana is a food product, we cannot accept returns of opened packs for reasons of
        taste or preference, or of packs damaged after delivery through improper storage. Problems
        reported more than {POLICY.returnWindowDays} days after delivery are not eligible.
      </p>

      <h2>How to ask for a refund</h2>
      <ol>
        <li>
          <Link to="/raise-complaint">Raise a complaint</Link> with your order ID, the issue and a
          photo of the product, packaging and invoice.
        </li>
        <li>
          Our team replies within {POLICY.supportReplyHours} hours ({POLICY.businessHours}) and may
          ask for more photos.
        </li>
        <li>
          Once your request is approved we offer a replacement or a refund, whichever you prefer.
        </li>
      </ol>

      <h2>How refunds are paid</h2>
      <p>
        Refunds go back to the original payment method (UPI, card, net banking or wallet) through
        Razorpay and reach your account within {POLICY.refundBusinessDays} business days of
        approval. The exact date depends on your bank. When the refund is for our error, the
        shipping fee of ₹{SHIPPING_FEE_RUPEES}, if you paid one, is refunded too.
      </p>

      <h2>Failed payments</h2>
      <p>
        If money was debited but your order was not placed, the payment is reversed automatically by
        Razorpay and your bank. If it has not reached you within {POLICY.refundBusinessDays}{' '}
        business days, write to <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a> with
        the payment reference and we will chase it for you.
      </p>
    </ContentPage>
  );
}
