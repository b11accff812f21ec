import { FREE_SHIPPING_ABOVE_RUPEES, POLICY, SHIPPING_FEE_RUPEES } from '@makhana/domain/constants';
import { SITE } from '@makhana/domain/site';
import { Link } from 'react-router';
import { ContentPage } from './content-prose';

export function ShippingInfoPage() {
  return (
    <ContentPage
      title="Shipping Info"
      subtitle={`Fresh makhana from ${SITE.address.state}, delivered ${POLICY.shippingArea}.`}
      description={`Shipping at ${SITE.brand}: free above ₹${FREE_SHIPPING_ABOVE_RUPEES}, dispatched in ${POLICY.processingBusinessDays} business days, delivered ${POLICY.shippingArea}.`}
      canonicalPath="/shippingInfo"
    >
      <h2>Where we deliver</h2>
      <p>
        We ship {POLICY.shippingArea}, to most serviceable pincodes through our courier partners.
        Enter your pincode on any product page or at checkout to check that we can deliver to you
        before you pay. We do not ship outside India at present.
      </p>

      <h2>Shipping charges</h2>
      <ul>
        <li>
          <strong>Free standard shipping</strong> on orders above ₹{FREE_SHIPPING_ABOVE_RUPEES}.
        </li>
        <li>
          A flat fee of <strong>₹{SHIPPING_FEE_RUPEES}</strong> on orders of ₹
          {FREE_SHIPPING_ABOVE_RUPEES} or less.
        </li>
        <li>The shipping charge is always shown in your order summary before you pay.</li>
      </ul>

      <h2>How long it takes</h2>
      <ul>
        <li>
          <strong>Processing:</strong> orders are packed and handed to the courier within{' '}
          {POLICY.processingBusinessDays} business days of payment.
        </li>
        <li>
          <strong>Standard shipping:</strong> {POLICY.standardShippingBusinessDays} business days
          after dispatch.
        </li>
        <li>
          <strong>Expedited shipping:</strong> {POLICY.expeditedShippingBusinessDays} business days
          after dispatch, for selected metro pincodes. Write to us before ordering and we will
          confirm availability and any extra charge.
        </li>
      </ul>
      <p>
        Business days are Monday to Saturday, excluding public holidays. Remote areas and the
        North-East may take a little longer, and festivals or severe weather can delay couriers.
      </p>

      <h2>Tracking your order</h2>
      <p>
        You receive an e-mail when your order is confirmed. You can follow the status of every order
        from your <Link to="/dashboard">dashboard</Link> at any time.
      </p>

      <h2>Delivery</h2>
      <p>
        Please make sure your address, pincode and phone number are correct: the courier may call
        you before delivering. If a delivery fails after repeated attempts and the parcel comes back
        to us, we will contact you to arrange re-delivery or a refund of the product value.
      </p>

      <h2>Damaged parcels</h2>
      <p>
        If the outer box looks tampered with or badly damaged, you may refuse the delivery, or
        accept it and photograph the parcel before opening it. Report any damage within{' '}
        {POLICY.returnWindowDays} days of delivery and we will send a replacement or refund you, as
        described in our <Link to="/refund-policy">Refund Policy</Link>.
      </p>
    </ContentPage>
  );
}
