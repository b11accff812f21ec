import { zodResolver } from '@hookform/resolvers/zod';
import { SITE } from '@makhana/domain/site';
import { complaintSchema, ISSUE_TYPES } from '@makhana/domain/validation';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import {
  FileField,
  FormAlert,
  SelectField,
  TextAreaField,
  TextField,
} from '../../components/form-field';
import { usePageMeta } from '../../lib/seo';
import { toast } from '../../lib/toast';
import { useAppSelector } from '../../stores/hooks';
import { COMPLAINT_SENT, INVOICE_MAX_BYTES, raiseComplaint } from './api/raise-complaint';
import { showTicketNumber, supportFailure } from './support-failure';
import { SupportLayout } from './support-layout';

export const INVOICE_REQUIRED = 'Please attach your invoice as an image';
export const INVOICE_NOT_IMAGE = 'The invoice must be a JPEG, PNG, WebP or GIF image';
export const INVOICE_TOO_LARGE = 'The invoice must be at most 5 MB';
const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

function firstFile(value: unknown): File | null {
  if (value instanceof File) return value;
  if (value && typeof value === 'object' && 'length' in value) {
    const first = (value as ArrayLike<unknown>)[0];
    return first instanceof File ? first : null;
  }
  return null;
}

/** The shared complaint fields, plus the invoice checked here before it is sent (the API checks its bytes). */
const complaintFormSchema = complaintSchema.extend({
  invoice: z.unknown().transform((value, ctx) => {
    const file = firstFile(value);
    const fail = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    if (!file) return fail(INVOICE_REQUIRED);
    if (!IMAGE_TYPES.has(file.type)) return fail(INVOICE_NOT_IMAGE);
    if (file.size > INVOICE_MAX_BYTES) return fail(INVOICE_TOO_LARGE);
    return file;
  }),
});

type ComplaintFormValues = z.input<typeof complaintFormSchema>;

const EMPTY: ComplaintFormValues = {
  from_name: '',
  reply_to: '',
  order_id: '',
  issue_type: '' as ComplaintFormValues['issue_type'],
  query: '',
  invoice: undefined,
};

/** /raise-complaint: a complaint with its invoice, mailed to the owner. */
export function ComplaintPage() {
  usePageMeta({
    title: `Raise a Complaint | ${SITE.brand}`,
    description: `Report a damaged, late or wrong ${SITE.brand} order, or ask for a refund.`,
    canonicalPath: '/raise-complaint',
  });
  const navigate = useNavigate();
  const user = useAppSelector((state) => state.auth.user);
  const fileInput = useRef<HTMLInputElement | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(complaintFormSchema), defaultValues: EMPTY });

  // A signed-in customer's name and e-mail fill the empty fields, also when the account loads late.
  useEffect(() => {
    if (!user) return;
    const name = 'firstName' in user ? `${user.firstName} ${user.lastName}`.trim() : '';
    if (name && !getValues('from_name')) setValue('from_name', name);
    if (user.email && !getValues('reply_to')) setValue('reply_to', user.email);
  }, [user, getValues, setValue]);

  const submit = handleSubmit(async ({ invoice, ...fields }) => {
    setServerError(null);
    let sent: { ticketNumber: string } | undefined;
    try {
      sent = await raiseComplaint(fields, invoice);
    } catch (error) {
      const message = supportFailure(error);
      setServerError(message);
      toast.error(message, { toastId: message });
      return;
    }
    toast.success(COMPLAINT_SENT);
    showTicketNumber(sent?.ticketNumber);
    reset(EMPTY);
    if (fileInput.current) fileInput.current.value = '';
    navigate('/');
  });

  return (
    <SupportLayout
      title="Raise a Complaint"
      subtitle="Tell us what went wrong with your order and we will make it right."
      formTitle="Complaint details"
    >
      <form onSubmit={submit} noValidate className="mt-6 space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Your name"
            autoComplete="name"
            registration={register('from_name')}
            error={errors.from_name?.message}
          />
          <TextField
            label="Email address"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="you@example.com"
            registration={register('reply_to')}
            error={errors.reply_to?.message}
          />
          <TextField
            label="Order number"
            placeholder="MM-261121-1234"
            registration={register('order_id')}
            error={errors.order_id?.message}
          />
          <SelectField
            label="Issue type"
            registration={register('issue_type')}
            error={errors.issue_type?.message}
          >
            <option value="">Choose an issue</option>
            {ISSUE_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </SelectField>
        </div>
        <TextAreaField
          label="Describe the problem"
          rows={5}
          registration={register('query')}
          error={errors.query?.message}
        />
        <FileField
          label="Invoice"
          accept="image/*"
          hint="A photo or screenshot of your invoice: JPEG, PNG, WebP or GIF, up to 5 MB."
          registration={register('invoice')}
          inputRef={fileInput}
          error={errors.invoice?.message}
        />
        <FormAlert message={serverError} />
        <button type="submit" className="btn-primary h-12 px-8" disabled={isSubmitting}>
          {isSubmitting ? 'Submitting…' : 'Submit complaint'}
        </button>
      </form>
    </SupportLayout>
  );
}
