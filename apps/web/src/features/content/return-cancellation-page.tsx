import { POLICY } from '@makhana/domain/constants';
import { SITE } from '@makhana/domain/site';
import { Link } from 'react-router';
import { ContentPage } from './content-prose';

export function ReturnCancellationPage() {
  return (
    <ContentPage
      title="Returns & Cancellation"
      subtitle="Changed your mind, or something arrived wrong? Here is what to do."
      description={`Cancel within ${POLICY.cancellationWindowHours} hours or return damaged items within ${POLICY.returnWindowDays} days of delivery at ${SITE.brand}.`}
      canonicalPath="/return-cancellation"
    >
      <h2>Cancelling an order</h2>
      <p>
        You can cancel an order within <strong>{POLICY.cancellationWindowHours} hours</strong> of
        paying for it, as long as it has not yet been dispatched: press <em>Cancel order</em> on the
        order's page or in My Orders, and tell us why. If you cannot, send us your order ID through
        the <Link to="/contact-us">contact form</Link>, by e-mail to{' '}
        <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a> or by phone on{' '}
        <a href={SITE.phoneHref}>{SITE.phone}</a>. The full amount is refunded to your original
        payment method within {POLICY.refundBusinessDays} business days, with no cancellation
        charge.
      </p>
      <p>
        After {POLICY.cancellationWindowHours} hours, or once your order has shipped, it can no
        longer be cancelled, but you are still protected by our return policy below.
      </p>

      <h2>Returns</h2>
      <p>
        We accept returns within <strong>{POLICY.returnWindowDays} days of delivery</strong> when:
      </p>
      <ul>
        <li>the pack arrived damaged, torn or spoiled;</li>
        <li>you received a different product, flavour or pack size from the one you ordered;</li>
        <li>the product was past its best-before date on arrival.</li>
      </ul>
      <p>
        For food safety we cannot take back opened packs returned for reasons of taste, or products
        damaged by storage after delivery.
      </p>

      <h2>How to return an item</h2>
      <ol>
        <li>
          <Link to="/raise-complaint">Raise a complaint</Link> within {POLICY.returnWindowDays} days
          of delivery, with your order ID, a short description and photos of the product and
          invoice.
        </li>
        <li>
          We reply within {POLICY.supportReplyHours} hours, {POLICY.businessHours}.
        </li>
        <li>
          For most issues a photo is enough and you do not need to send anything back. If we need
          the product returned, we arrange a free pickup from your address.
        </li>
        <li>
          Once approved, we ship a replacement or refund you within {POLICY.refundBusinessDays}{' '}
          business days, whichever you prefer.
        </li>
      </ol>

      <h2>Refunds</h2>
      <p>
        Refunds are paid to the original payment method. Read our{' '}
        <Link to="/refund-policy">Refund Policy</Link> for the details.
      </p>
    </ContentPage>
  );
}
