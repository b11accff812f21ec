import { zodResolver } from '@hookform/resolvers/zod';
import { SECOND_FACTOR_MESSAGES, secondFactorSchema } from '@makhana/domain/second-factor';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Dialog } from '../../components/dialog';
import { TextField } from '../../components/form-field';
import { ApiError, apiRequest, type ProofKind, setIdentityProver } from '../../lib/api-client';
import { SecondFactorField } from './second-factor-field';

const otpForm = z.object({ proof: secondFactorSchema });
const passwordForm = z.object({
  proof: z
    .string()
    .max(200, SECOND_FACTOR_MESSAGES.wrongPassword)
    .min(1, SECOND_FACTOR_MESSAGES.proveWithPassword),
});

interface Asking {
  kind: ProofKind;
  answer: (proven: boolean) => void;
}

/**
 * While mounted (the owner area), a dangerous act the server refuses for want of a recent proof
 * of identity opens this dialog: the owner gives the code (or the password, without a second
 * factor), and the act goes on by itself; Cancel leaves it undone.
 */
export function IdentityProof() {
  const [asking, setAsking] = useState<Asking | null>(null);
  const waiting = useRef<Promise<boolean> | null>(null);

  useEffect(() => {
    // Several acts refused at once share one question.
    setIdentityProver((kind) => {
      waiting.current ??= new Promise<boolean>((resolve) => {
        setAsking({
          kind,
          answer: (proven) => {
            waiting.current = null;
            setAsking(null);
            resolve(proven);
          },
        });
      });
      return waiting.current;
    });
    return () => setIdentityProver(null);
  }, []);

  return asking ? <ProofDialog kind={asking.kind} answer={asking.answer} /> : null;
}

function ProofDialog({ kind, answer }: Asking) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(kind === 'otp' ? otpForm : passwordForm),
    defaultValues: { proof: '' },
  });

  const submit = handleSubmit(async ({ proof }) => {
    try {
      await apiRequest('/admins/confirm-identity', {
        method: 'POST',
        body: kind === 'otp' ? { otp: proof } : { password: proof },
        realm: 'owner',
      });
      answer(true);
    } catch (error) {
      const message = error instanceof ApiError ? error.message : 'Server error';
      setError('proof', { message });
    }
  });

  return (
    <Dialog
      title="Confirm it is you"
      description="Refunds, erasing a customer, the export and the second factor ask for it again a few minutes after the last time."
      onClose={() => answer(false)}
      size="sm"
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        {kind === 'otp' ? (
          <SecondFactorField
            hint="Or one of your recovery codes."
            registration={register('proof')}
            error={errors.proof?.message}
            data-autofocus
          />
        ) : (
          <TextField
            label="Your password"
            type="password"
            autoComplete="current-password"
            registration={register('proof')}
            error={errors.proof?.message}
            data-autofocus
          />
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className="btn-outline" onClick={() => answer(false)}>
            Cancel
          </button>
          <button type="submit" className="btn-primary" disabled={isSubmitting}>
            {isSubmitting ? 'Checking…' : 'Confirm'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
