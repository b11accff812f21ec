import {
  CART_QUANTITY_MAX,
  COUNTRY,
  FREE_SHIPPING_ABOVE_RUPEES,
  POLICY,
  PRICES_INCLUDE_TAXES,
  SHIPPING_FEE_RUPEES,
} from '@makhana/domain/constants';
import { SITE } from '@makhana/domain/site';
import { Link } from 'react-router';
import { ContentPage } from './content-prose';

export function TermsPage() {
  return (
    <ContentPage
      title="Terms & Conditions"
      subtitle="The terms that apply when you use our website and buy from us."
      description={`Terms and conditions for shopping at ${SITE.brand}: orders, prices, payment, shipping and returns.`}
      canonicalPath="/term-conditions"
    >
      <p>
        These terms govern your use of this website and every purchase you make from {SITE.brand}, a
        business based in {SITE.address.city}, {SITE.address.state}. By browsing the website or
        placing an order you accept them. Please read them together with our{' '}
        <Link to="/policy">Privacy Policy</Link>, <Link to="/shippingInfo">Shipping Info</Link> and{' '}
        <Link to="/return-cancellation">Returns &amp; Cancellation</Link> pages.
      </p>

      <h2>Who can buy</h2>
      <p>
        You must be at least 18 years old, or shop under the supervision of a parent or guardian,
        and able to enter a binding contract under Indian law. We sell and deliver{' '}
        {POLICY.shippingArea}.
      </p>

      <h2>Your account</h2>
      <p>
        You sign in with a one-time code sent to your e-mail address. Keep access to that mailbox
        secure: anyone who can read it can sign in as you. Tell us straight away if you think
        someone else has used your account.
      </p>

      <h2>Our products</h2>
      <p>
        Makhana is a natural, hand-harvested product. The size, colour and shape of the seeds can
        vary slightly from batch to batch and from the photographs on the website. Nutrition and
        ingredient information is printed on every pack; please read it carefully if you have
        allergies or dietary restrictions. Our content is general information, not medical advice.
      </p>

      <h2>Prices and taxes</h2>
      <ul>
        <li>
          All prices are in Indian rupees, the maximum retail price of the pack.{' '}
          {PRICES_INCLUDE_TAXES} Each product's page names its own GST rate.
        </li>
        <li>
          Standard shipping is free on orders above ₹{FREE_SHIPPING_ABOVE_RUPEES}; below that a
          shipping fee of ₹{SHIPPING_FEE_RUPEES} is added at checkout.
        </li>
        <li>
          Prices may change without notice, but the price shown when you place an order is the price
          you pay.
        </li>
        <li>
          If a product is listed at an obviously wrong price because of an error, we may cancel the
          order and refund you in full.
        </li>
      </ul>

      <h2>Orders</h2>
      <p>
        Placing an order is an offer to buy. The contract is formed when your payment succeeds and
        we confirm the order. You can order up to {CART_QUANTITY_MAX} units of each pack size per
        order; for bulk or corporate gifting orders, please contact us. We may refuse or cancel an
        order if a product is out of stock, if we cannot deliver to your pincode or if we suspect
        fraud; in every such case you receive a full refund.
      </p>

      <h2>Payment</h2>
      <p>
        All orders are prepaid online through Razorpay, by UPI, debit or credit card, net banking or
        wallet. We do not offer cash on delivery. Payments are processed by Razorpay under its own
        terms; we never see or store your full card or bank details.
      </p>

      <h2>Shipping and delivery</h2>
      <p>
        We deliver {POLICY.shippingArea}. Orders are processed in {POLICY.processingBusinessDays}{' '}
        business days and standard delivery takes {POLICY.standardShippingBusinessDays} business
        days after dispatch. Delivery dates are estimates; delays caused by couriers, weather or
        events outside our control do not entitle you to cancel after dispatch, but we will always
        help you trace your parcel. Details are on our <Link to="/shippingInfo">Shipping Info</Link>{' '}
        page.
      </p>

      <h2>Cancellations, returns and refunds</h2>
      <p>
        You may cancel an order within {POLICY.cancellationWindowHours} hours of placing it.
        Damaged, defective or incorrect items can be reported within {POLICY.returnWindowDays} days
        of delivery, and approved refunds reach your original payment method within{' '}
        {POLICY.refundBusinessDays} business days. See our{' '}
        <Link to="/return-cancellation">Returns &amp; Cancellation</Link> and{' '}
        <Link to="/refund-policy">Refund Policy</Link> pages for the full process.
      </p>

      <h2>Reviews and content you post</h2>
      <p>
        Reviews must be honest and based on your own experience. We may remove reviews that are
        abusive, misleading, off-topic or that contain personal information. By posting a review you
        allow us to display it on our website.
      </p>

      <h2>Intellectual property</h2>
      <p>
        The {SITE.brand} name, logo, photographs, illustrations and text on this website belong to
        us and may not be copied or used commercially without our written permission.
      </p>

      <h2>Limitation of liability</h2>
      <p>
        To the extent the law allows, our total liability for any order is limited to the amount you
        paid for that order. Nothing in these terms limits your rights under the Consumer Protection
        Act, 2019 or the Consumer Protection (E-Commerce) Rules, 2020.
      </p>

      <h2>Governing law</h2>
      <p>
        These terms are governed by the laws of {COUNTRY}. Any dispute will be subject to the
        jurisdiction of the courts at {SITE.address.city}, {SITE.address.state}, without affecting
        your right to approach a consumer commission.
      </p>

      <h2>Changes</h2>
      <p>
        We may update these terms from time to time. The version published on this page when you
        place an order applies to that order.
      </p>
    </ContentPage>
  );
}
