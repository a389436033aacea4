'use client';
import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { maskPhone } from '@/common/format/masks';
import { MConfirmPhoneChange, MRequestPhoneChange } from '@/lib/profile/operations';
import { useLazyZodResolver } from '@/lib/validation/lazy-resolver';
import type { ChangePhoneInput, PhoneCodeInput } from '@/common/validation/profile-schema';
import { ResendCodeButton } from '../forms/resend-code-button';
import { useFormServerError } from '../forms/use-form-server-error';
import { TextField } from '../ui/text-field';
import type { ProfileStatusAfterSave } from './profile-form';
import { maskedChange } from '../ui/masked-change';

interface Sent {
  phoneNumber: string;
  maskedPhone: string;
  sentAt: number;
}

function ServerAlert({ message }: { message: string | null }) {
  return message ? (
    <p className="alert alert--error" role="alert">
      {message}
    </p>
  ) : null;
}

/** New celular → SMS code → celular changed: /completar-cadastro/celular and /alterar-celular. */
export function PhoneChangeFlow({
  initialPhone,
  onDone,
}: {
  initialPhone: string;
  onDone: (status: ProfileStatusAfterSave) => void;
}) {
  const [sent, setSent] = useState<Sent | null>(null);
  const [request, { loading: requesting }] = useMutation(MRequestPhoneChange);
  const phoneForm = useForm<ChangePhoneInput>({
    resolver: useLazyZodResolver(() => import('@/common/validation/profile-schema').then((m) => m.changePhoneSchema)),
    defaultValues: { phoneNumber: maskPhone(initialPhone) },
  });
  const phoneErrors = useFormServerError(phoneForm.setError, ['phoneNumber']);

  const send = async (phoneNumber: string): Promise<boolean> => {
    phoneErrors.clearServerError();
    try {
      const { data } = await request({ variables: { phoneNumber } });
      if (!data) return false;
      setSent({ phoneNumber, maskedPhone: data.requestPhoneChange.maskedPhone, sentAt: Date.now() });
      return true;
    } catch (error) {
      phoneErrors.showServerError(error);
      return false;
    }
  };

  const onPhone = phoneForm.handleSubmit(async () => {
    await send(phoneForm.getValues('phoneNumber'));
  });

  if (sent) {
    return (
      <CodeForm
        sent={sent}
        onResend={async () => {
          await send(sent.phoneNumber);
        }}
        resendError={phoneErrors.serverError}
        onChangePhone={() => setSent(null)}
        onDone={onDone}
      />
    );
  }
  return (
    <form className="form" onSubmit={onPhone} noValidate>
      <ServerAlert message={phoneErrors.serverError} />
      <TextField
        label="Celular com DDD"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="(11) 98765-4321"
        hint="Enviaremos um código por SMS para confirmar."
        error={phoneForm.formState.errors.phoneNumber?.message}
        {...phoneForm.register('phoneNumber', {
          onChange: maskedChange(phoneForm, 'phoneNumber', maskPhone),
        })}
      />
      <button type="submit" className="button button--primary button--block" disabled={requesting}>
        {requesting ? 'Enviando…' : 'Enviar código'}
      </button>
    </form>
  );
}

function CodeForm({
  sent,
  onResend,
  resendError,
  onChangePhone,
  onDone,
}: {
  sent: Sent;
  onResend: () => Promise<void>;
  resendError: string | null;
  onChangePhone: () => void;
  onDone: (status: ProfileStatusAfterSave) => void;
}) {
  const [confirm, { loading }] = useMutation(MConfirmPhoneChange);
  const form = useForm<PhoneCodeInput>({
    resolver: useLazyZodResolver(() => import('@/common/validation/profile-schema').then((m) => m.phoneCodeSchema)),
    defaultValues: { code: '' },
  });
  const { serverError, showServerError, clearServerError } = useFormServerError(form.setError, ['code']);
  const onSubmit = form.handleSubmit(async (values) => {
    clearServerError();
    try {
      const { data } = await confirm({ variables: { code: values.code } });
      if (data) onDone(data.confirmPhoneChange.profileStatus);
    } catch (error) {
      showServerError(error);
    }
  });
  return (
    <form className="form" onSubmit={onSubmit} noValidate>
      <p>
        Enviamos um código de 6 números por SMS para <strong>{sent.maskedPhone}</strong>. Ele vale por 10 minutos.
      </p>
      <ServerAlert message={serverError ?? resendError} />
      <TextField
        label="Código recebido por SMS"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      <button type="submit" className="button button--primary button--block" disabled={loading}>
        {loading ? 'Confirmando…' : 'Confirmar celular'}
      </button>
      <ResendCodeButton onResend={onResend} sentAt={sent.sentAt} />
      <p className="form__links">
        <button type="button" className="link-button" onClick={onChangePhone}>
          Usar outro número
        </button>
      </p>
    </form>
  );
}
