import { zodResolver } from '@hookform/resolvers/zod';
import type { Address } from '@makhana/domain/account';
import type { PricedCart } from '@makhana/domain/contracts/checkout';
import { formatRupees } from '@makhana/domain/money';
import { SITE } from '@makhana/domain/site';
import { checkoutAddressSchema, MESSAGES } from '@makhana/domain/validation';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type UseFormRegisterReturn, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { loadAddresses } from '../../api/load-addresses';
import {
  PhoneField,
  PincodeField,
  StateField,
  TextField,
  ToggleBox,
} from '../../components/form-field';
import { CheckCircleIcon, LockIcon } from '../../components/icons';
import { PAYMENT_METHODS } from '../../lib/artwork';
import { cleanPincode } from '../../lib/pincode';
import { usePageMeta } from '../../lib/seo';
import { toast } from '../../lib/toast';
import { selectCustomer } from '../../stores/auth-slice';
import { selectCartItems, selectCartSummary } from '../../stores/cart-selectors';
import { useAppDispatch, useAppSelector } from '../../stores/hooks';
import {
  addressFromFields,
  FIELD_NAMES,
  fieldsFromAddress,
  fieldsFromUser,
  isSavedAlready,
} from './checkout-fields';
import { cartKeyOf, DiscountCodeField } from './discount-code';
import { OrderSummary } from './order-summary';
import { SavedAddressPicker } from './saved-address-picker';
import { type PincodeState, usePincodeCheck } from './use-pincode-check';
import { usePlaceOrder } from './use-place-order';

/** /checkout for a signed-in customer (the router shows visitors the login screen). */
export function CheckoutPage() {
  usePageMeta({ title: `Checkout | ${SITE.brand}`, canonicalPath: '/checkout' });
  const items = useAppSelector(selectCartItems);

  return (
    <div className="container-page py-8 sm:py-12">
      <p className="eyebrow flex items-center gap-1.5">
        <LockIcon className="h-3.5 w-3.5" /> Secure checkout
      </p>
      <h1 className="mt-1 font-display text-3xl font-semibold text-forest-800 sm:text-4xl">
        Checkout
      </h1>
      {items.length === 0 ? <EmptyCheckout /> : <CheckoutForm />}
    </div>
  );
}

function EmptyCheckout() {
  return (
    <div className="card mx-auto mt-8 max-w-lg px-6 py-12 text-center">
      <h2 className="font-display text-2xl font-semibold text-forest-800">Your cart is empty</h2>
      <p className="mt-2 text-muted">Add some makhana to your cart, then come back to check out.</p>
      <Link to="/products" className="btn-primary mt-8">
        Browse Products
      </Link>
    </div>
  );
}

function useSavedAddresses() {
  const dispatch = useAppDispatch();
  const entries = useAppSelector((state) => state.auth.address);
  const [settled, setSettled] = useState(false);

  useEffect(() => {
    // Not aborted on unmount: an aborted load would be stored as a failed one.
    let live = true;
    dispatch(loadAddresses()).finally(() => {
      if (live) setSettled(true);
    });
    return () => {
      live = false;
    };
  }, [dispatch]);

  const addresses = entries.filter((entry): entry is Address => entry !== null);
  // The list starts as one null entry (the auth state's initial value): nothing has loaded yet.
  return { addresses, loaded: settled || !entries.includes(null) };
}

function CheckoutForm() {
  const customer = useAppSelector(selectCustomer);
  const items = useAppSelector(selectCartItems);
  const summary = useAppSelector(selectCartSummary);
  const saved = useSavedAddresses();
  const [pickedId, setPickedId] = useState<string | null>(null);
  const [submitRefused, setSubmitRefused] = useState(false);
  const [saveAddress, setSaveAddress] = useState(true);
  const hintId = useId();

  const {
    register,
    handleSubmit,
    control,
    getValues,
    setValue,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(checkoutAddressSchema),
    defaultValues: fieldsFromUser(customer),
    mode: 'onTouched',
  });

  const pincode = cleanPincode(useWatch({ control, name: 'pincode' }) ?? '');
  const pincodeCheck = usePincodeCheck(pincode);
  const serviceable = pincodeCheck.state.status === 'serviceable';
  // A code applied holds for the cart it was priced for: a cart that changed drops it.
  const [priced, setPriced] = useState<{ cart: PricedCart; key: string } | null>(null);
  const cartKey = cartKeyOf(items);
  const applied = priced?.key === cartKey ? priced.cart : null;
  const { placeOrder, placing } = usePlaceOrder({
    onPincodeRefused: pincodeCheck.refuse,
    onDiscountRefused: () => setPriced(null),
  });

  useEffect(() => {
    if (!serviceable) return;
    setSubmitRefused(false);
    toast.dismiss(MESSAGES.serviceablePincode);
  }, [serviceable]);

  // A served pincode names its district and state: they fill City and State, unless the shopper
  // typed their own there (a town is often not its district). What was filled from an earlier
  // pincode is replaced by the new one's.
  const filledFromPincode = useRef({ city: '', state: '' });
  const place = pincodeCheck.state.status === 'serviceable' ? pincodeCheck.state : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: fills once per served pincode
  useEffect(() => {
    if (!place) return;
    const filled = filledFromPincode.current;
    const fill = (name: 'city' | 'state', value: string) => {
      const now = getValues(name).trim();
      if (!value || (now && now !== filled[name])) return;
      setValue(name, value, { shouldValidate: true, shouldDirty: true });
      filled[name] = value;
    };
    fill('city', place.district);
    fill('state', place.state);
  }, [place?.pincode]);

  const chosenState = useWatch({ control, name: 'state' }) ?? '';

  const pick = (address: Address) => {
    setPickedId(address._id);
    const filled = fieldsFromAddress(address, getValues(), fieldsFromUser(customer));
    // Validated as it fills: a gap in the saved address shows its error at once.
    for (const name of FIELD_NAMES) {
      setValue(name, filled[name], { shouldValidate: true, shouldDirty: true, shouldTouch: true });
    }
  };

  const onSubmit = handleSubmit((values) => {
    if (!serviceable) return;
    const keep = saveAddress && !isSavedAlready(values, saved.addresses);
    void placeOrder(values, {
      saveAddress: keep ? addressFromFields(values) : null,
      discount: applied,
    });
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!serviceable) {
      setSubmitRefused(true);
      toast.error(MESSAGES.serviceablePincode, { toastId: MESSAGES.serviceablePincode });
    }
    void onSubmit(event);
  };

  const pincodeError =
    errors.pincode?.message ??
    (pincodeCheck.state.status === 'not_serviceable' ? MESSAGES.notDeliverable : undefined);

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Checkout"
      className="mt-6 grid gap-6 sm:mt-8 lg:grid-cols-[1fr_400px] lg:items-start lg:gap-8"
    >
      <div className="space-y-6">
        <SavedAddressPicker
          addresses={saved.addresses}
          loaded={saved.loaded}
          selectedId={pickedId}
          onPick={pick}
        />

        <section aria-labelledby="checkout-shipping" className="card p-5 sm:p-6">
          <h2 id="checkout-shipping" className="font-display text-xl font-semibold text-forest-800">
            Shipping details
          </h2>
          <p className="mt-1 text-sm text-muted">We deliver across India.</p>
          <div className="mt-5 grid grid-cols-2 gap-x-3 gap-y-4 sm:gap-x-4">
            <TextField
              label="First name"
              autoComplete="given-name"
              registration={register('firstName')}
              error={errors.firstName?.message}
            />
            <TextField
              label="Last name"
              autoComplete="family-name"
              registration={register('lastName')}
              error={errors.lastName?.message}
            />
            <TextField
              label="Email"
              type="email"
              autoComplete="email"
              containerClassName="col-span-2 sm:col-span-1"
              registration={register('email')}
              error={errors.email?.message}
            />
            <PhoneField
              label="Phone"
              autoComplete="tel-national"
              containerClassName="col-span-2 sm:col-span-1"
              registration={register('phone')}
              error={errors.phone?.message}
            />
            <div className="col-span-2 grid grid-cols-2 gap-x-3 gap-y-4 sm:grid-cols-3 sm:gap-x-4">
              <CheckedPincodeField
                registration={register('pincode')}
                error={pincodeError}
                check={pincodeCheck.state}
              />
              <TextField
                label="City"
                autoComplete="address-level2"
                registration={register('city')}
                error={errors.city?.message}
              />
              <StateField
                value={chosenState}
                registration={register('state')}
                error={errors.state?.message}
              />
            </div>
            <TextField
              label="Address"
              autoComplete="street-address"
              placeholder="House no., street, locality, landmark"
              containerClassName="col-span-2"
              registration={register('address')}
              error={errors.address?.message}
            />
            <ToggleBox
              label="Save this address to my addresses"
              checked={saveAddress}
              onChange={setSaveAddress}
              className="col-span-2"
            />
          </div>
        </section>

        <PaymentMethod />
      </div>

      <OrderSummary
        items={items}
        summary={summary}
        priced={applied}
        discountField={
          <DiscountCodeField
            items={items}
            applied={applied}
            onChange={(cart) => setPriced(cart ? { cart, key: cartKey } : null)}
          />
        }
      >
        <button
          type="submit"
          className="btn-primary mt-5 h-12 w-full text-base"
          disabled={!serviceable || placing}
          aria-describedby={serviceable ? undefined : hintId}
        >
          <LockIcon className="h-4 w-4" />
          {placing
            ? 'Placing your order…'
            : `Place Order · ${formatRupees(applied?.totalAmount ?? summary.total)}`}
        </button>
        <PlaceOrderHint id={hintId} check={pincodeCheck.state} refused={submitRefused} />
      </OrderSummary>
    </form>
  );
}

interface CheckedPincodeFieldProps {
  registration: UseFormRegisterReturn<'pincode'>;
  error?: string;
  check: PincodeState;
}

/** Six digits are checked at once and the answer shows below. */
function CheckedPincodeField({ registration, error, check }: CheckedPincodeFieldProps) {
  const served = check.status === 'serviceable' && !error;
  return (
    <PincodeField
      registration={registration}
      error={error}
      placeholder="6-digit pincode"
      containerClassName="col-span-2 sm:col-span-1"
      className={`pr-10 tracking-widest ${served ? 'border-forest-500' : ''}`}
      adornment={
        <>
          {check.status === 'checking' && (
            <span
              aria-hidden="true"
              className="absolute right-3 top-1/2 h-4 w-4 -translate-y-1/2 rounded-full border-2 border-forest-100 border-t-forest-600 motion-safe:animate-spin"
            />
          )}
          {served && (
            <CheckCircleIcon className="absolute right-3 top-1/2 h-5 w-5 -translate-y-1/2 text-forest-600" />
          )}
        </>
      }
      status={
        <>
          {check.status === 'checking' && <span className="text-muted">Checking delivery…</span>}
          {served && check.status === 'serviceable' && (
            <span className="font-medium text-forest-600" data-testid="pincode-serviceable">
              Delivering to {[check.district, check.stateCode].filter(Boolean).join(', ')}
            </span>
          )}
        </>
      }
    />
  );
}

function PaymentMethod() {
  return (
    <section aria-labelledby="checkout-payment" className="card p-5 sm:p-6">
      <h2 id="checkout-payment" className="font-display text-xl font-semibold text-forest-800">
        Payment method
      </h2>
      <fieldset className="mt-4">
        <legend className="sr-only">Payment method</legend>
        <label className="flex cursor-pointer items-start gap-3 rounded-2xl border border-forest-700 bg-forest-50 p-4">
          <input
            type="radio"
            name="paymentMethod"
            value="Prepaid"
            checked
            readOnly
            className="mt-1 h-4 w-4 shrink-0 accent-forest-700"
          />
          <span className="min-w-0">
            <span className="block font-semibold text-ink">Prepaid (UPI, cards, net banking)</span>
            <span className="mt-1 block text-sm leading-relaxed text-muted">
              Pay securely online through Razorpay when you place your order: UPI apps, debit and
              credit cards or net banking. Cash on delivery is not available.
            </span>
            <img
              {...PAYMENT_METHODS}
              sizes="252px"
              alt="UPI, Visa, Mastercard, RuPay and net banking accepted"
              width={240}
              height={28}
              className="mt-3 h-7 w-auto"
            />
          </span>
        </label>
      </fieldset>
    </section>
  );
}

/** Why Place Order is not available yet, or, after a refused submit, the refusal itself. */
function PlaceOrderHint({
  id,
  check,
  refused,
}: {
  id: string;
  check: PincodeState;
  refused: boolean;
}) {
  if (check.status === 'serviceable') {
    return (
      <p className="mt-3 flex items-center justify-center gap-1.5 text-xs text-muted">
        <LockIcon className="h-3.5 w-3.5" /> Payment opens in a secure window
      </p>
    );
  }
  if (refused) {
    return (
      <p id={id} role="alert" className="mt-3 text-center text-sm font-medium text-maroon-700">
        {MESSAGES.serviceablePincode}
      </p>
    );
  }
  return (
    <p id={id} className="mt-3 text-center text-sm text-muted">
      {check.status === 'checking'
        ? 'Checking delivery to your pincode…'
        : 'Enter a pincode we deliver to, to place your order.'}
    </p>
  );
}
