import { zodResolver } from '@hookform/resolvers/zod';
import { SITE } from '@makhana/domain/site';
import { contactSchema } from '@makhana/domain/validation';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { FormAlert, TextAreaField, TextField } from '../../components/form-field';
import { SectionLink } from '../../components/section-link';
import { usePageMeta } from '../../lib/seo';
import { toast } from '../../lib/toast';
import { CONTACT_SENT, type ContactFields, sendContactMessage } from './api/send-contact-message';
import { showTicketNumber, supportFailure } from './support-failure';
import { SupportLayout } from './support-layout';

const EMPTY: ContactFields = { from_name: '', reply_to: '', phone: '', message: '' };

/** /contact-us: the contact form, mailed to the owner. */
export function ContactPage() {
  usePageMeta({
    title: `Contact Us | ${SITE.brand}`,
    description: `Write to ${SITE.brand}: questions about makhana, orders or bulk buying.`,
    canonicalPath: '/contact-us',
  });
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(contactSchema), defaultValues: EMPTY });

  const submit = handleSubmit(async (fields) => {
    setServerError(null);
    let sent: { ticketNumber: string } | undefined;
    try {
      sent = await sendContactMessage(fields);
    } catch (error) {
      const message = supportFailure(error);
      setServerError(message);
      toast.error(message, { toastId: message });
      return;
    }
    toast.success(CONTACT_SENT);
    showTicketNumber(sent?.ticketNumber);
    reset(EMPTY);
    navigate('/');
  });

  return (
    <SupportLayout
      title="Contact Us"
      subtitle="Questions, feedback or bulk orders: write to us."
      formTitle="Send us a message"
    >
      <form onSubmit={submit} noValidate className="mt-6 space-y-5">
        <TextField
          label="Your name"
          autoComplete="name"
          registration={register('from_name')}
          error={errors.from_name?.message}
        />
        <div className="grid gap-5 sm:grid-cols-2">
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
            label="Phone number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            registration={register('phone')}
            error={errors.phone?.message}
          />
        </div>
        <TextAreaField
          label="Message"
          rows={6}
          registration={register('message')}
          error={errors.message?.message}
        />
        <FormAlert message={serverError} />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn-primary h-12 px-8" disabled={isSubmitting}>
            {isSubmitting ? 'Sending…' : 'Send message'}
          </button>
          <SectionLink section="faq" className="btn-outline h-12 px-6">
            Check our FAQs
          </SectionLink>
        </div>
      </form>
    </SupportLayout>
  );
}
