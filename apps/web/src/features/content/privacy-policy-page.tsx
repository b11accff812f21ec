import { POLICY } from '@makhana/domain/constants';
import { formatAddress, SITE } from '@makhana/domain/site';
import { Link } from 'react-router';
import { useShopIdentity } from '../../lib/use-shop-identity';
import { ContentPage } from './content-prose';

export function PrivacyPolicyPage() {
  const identity = useShopIdentity();
  return (
    <ContentPage
      title="Privacy Policy"
      subtitle="What we collect, why we collect it, and the choices you have."
      description={`How ${SITE.brand} collects, uses and protects your personal data when you shop with us.`}
      canonicalPath="/policy"
      lastUpdated={POLICY.privacyPolicyUpdated}
    >
      <p>
        {SITE.brand} (&ldquo;we&rdquo;, &ldquo;us&rdquo;) sells organic makhana from{' '}
        {SITE.address.city}, {SITE.address.state}. This policy explains how we handle the personal
        data of everyone who visits our website or buys from us, in line with the Digital Personal
        Data Protection Act, 2023 and the Information Technology Act, 2000. By using the website you
        agree to the practices described here.
      </p>

      <h2>Information we collect</h2>
      <ul>
        <li>
          <strong>Account details:</strong> your name, e-mail address and phone number when you
          register or sign in.
        </li>
        <li>
          <strong>Delivery details:</strong> the addresses and pincodes you save or enter at
          checkout, so that we can confirm delivery and ship your order.
        </li>
        <li>
          <strong>Order details:</strong> what you bought, the amounts paid and the status of each
          order and payment.
        </li>
        <li>
          <strong>What you send us:</strong> product reviews, contact messages, complaints and any
          invoice image you attach to a complaint.
        </li>
        <li>
          <strong>Technical data:</strong> your browser type, device and IP address, recorded in our
          server logs to keep the website secure and working.
        </li>
      </ul>

      <h2>How you sign in</h2>
      <p>
        We do not ask you to create a password. When you sign in, we e-mail you a one-time code that
        expires within minutes and can be used only once; we store it only in a protected (hashed)
        form. If you choose to sign in with Google, we receive your name and e-mail address from
        Google and nothing else.
      </p>

      <h2>Payments</h2>
      <p>
        All orders are prepaid online through Razorpay, a payment gateway regulated by the Reserve
        Bank of India. Your card number, UPI PIN, net-banking password and CVV are entered on
        Razorpay&apos;s secure checkout and never reach our servers. We receive only the payment
        reference, the amount and whether the payment succeeded, which we keep with your order.
      </p>

      <h2>Cookies and local storage</h2>
      <p>We use a small number of strictly necessary browser storage items:</p>
      <ul>
        <li>
          <strong>Cart:</strong> the contents of your cart are kept in your browser&apos;s local
          storage, so they are still there when you come back.
        </li>
        <li>
          <strong>Session:</strong> secure, http-only cookies and local storage keep you signed in
          between pages and visits.
        </li>
      </ul>
      <p>
        We do not use advertising cookies and we do not sell or rent your personal data. If you
        clear your browser&apos;s storage, your cart is emptied and you will need to sign in again.
      </p>

      <h2>How we use your information</h2>
      <ul>
        <li>to process, ship and track your orders and send order and delivery updates;</li>
        <li>to check whether we can deliver to your pincode;</li>
        <li>to answer your messages and resolve complaints, returns and refunds;</li>
        <li>to show your reviews on our product pages;</li>
        <li>to prevent fraud and misuse and to keep the records Indian tax law requires.</li>
      </ul>

      <h2>Who we share it with</h2>
      <p>
        We share only what each partner needs to do its job: our courier partners receive your name,
        delivery address and phone number; Razorpay processes your payment; our e-mail provider
        delivers sign-in codes and order updates. We may also disclose information when the law or a
        government authority requires it. Your data is stored on servers in India or with providers
        bound by equivalent safeguards.
      </p>

      <h2>How long we keep it</h2>
      <p>
        We keep your account details while your account is active. Invoices and order records are
        kept for as long as GST and accounting laws require, after which they are deleted or
        anonymised. One-time sign-in codes are deleted as soon as they are used or expire.
      </p>

      <h2>Your rights</h2>
      <p>
        You may ask us to show you the personal data we hold about you, to correct or update it, or
        to erase it where we are not required to keep it. You can update your profile and addresses
        at any time from your <Link to="/dashboard">dashboard</Link>. For anything else, write to{' '}
        <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>; we reply within{' '}
        {POLICY.supportReplyHours} hours on business days ({POLICY.businessHours}).
      </p>

      <h2>Security</h2>
      <p>
        The website is served over encrypted HTTPS connections, access to customer data is limited
        to the staff who need it, and sign-in codes and tokens are stored in protected form. No
        system is perfectly secure, so please tell us at once if you notice anything suspicious on
        your account.
      </p>

      <h2>Children</h2>
      <p>
        Our website is meant for adults. Customers under 18 should shop with the consent and
        supervision of a parent or guardian.
      </p>

      <h2>Changes to this policy</h2>
      <p>
        When we change this policy we update the date at the top of this page. Significant changes
        will also be announced on the website.
      </p>

      <h2>Grievance officer</h2>
      <p>
        Questions or complaints about your personal data go to our grievance officer (see{' '}
        <Link to="/grievance">grievance redressal</Link>), at{' '}
        {identity ? (
          <a href={`mailto:${identity.grievanceOfficer.email}`}>
            {identity.grievanceOfficer.email}
          </a>
        ) : (
          <a href={`mailto:${SITE.supportEmail}`}>{SITE.supportEmail}</a>
        )}
        , or by post to {identity?.legalName ?? SITE.brand}, {formatAddress()}.
      </p>
    </ContentPage>
  );
}
