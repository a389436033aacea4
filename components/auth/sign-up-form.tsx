'use client';
import { IntentLink } from '../ui/intent-link';
import { useState } from 'react';
import { errorReason } from '@/lib/apollo/errors';
import { routes } from '@/common/routes';
import { MCreateUser } from '@/lib/auth/operations';
import { useRequestMutation } from '@/lib/graphql/use-request';
import { FormAlert } from '../ui/form-alert';
import { HumanCheck, useHumanCheck } from './human-check';
import { useFormServerError } from '../forms/use-form-server-error';
import { SubmitButton } from '../ui/submit-button';
import { SIGN_UP_FIELDS as FIELDS, SignUpFields, useSignUpForm } from '../forms/sign-up-fields';

export interface PendingSignUp {
  signupId: string;
  maskedPhone: string;
  sentAt: number;
}

/** Sign-up step one: who the member is. The API keeps it and texts a code to the celular. */
export function SignUpForm({
  subsidiarySlug,
  onSent,
}: {
  subsidiarySlug: string | null;
  onSent: (pending: PendingSignUp) => void;
}) {
  const [createUser, { loading }] = useRequestMutation(MCreateUser);
  const form = useSignUpForm();
  const { handleSubmit, setError, getValues } = form;
  const { serverError, showServerError, clearServerError } = useFormServerError(setError, FIELDS);
  const [alreadyMember, setAlreadyMember] = useState(false);
  const human = useHumanCheck();

  // The API gets what the member typed; it applies the same schema again.
  const onSubmit = handleSubmit(async () => {
    clearServerError();
    setAlreadyMember(false);
    const check = await human.take();
    if (!check) return;
    try {
      const { data } = await createUser({ variables: { input: getValues(), subsidiarySlug, ...check } });
      onSent({ signupId: data.createUser.signupId, maskedPhone: data.createUser.maskedPhone, sentAt: Date.now() });
    } catch (error) {
      showServerError(error);
      setAlreadyMember(errorReason(error) === 'ALREADY_MEMBER');
      human.reset();
    }
  });

  return (
    <form className="form" method="post" onSubmit={onSubmit} noValidate>
      <FormAlert message={serverError} />
      {alreadyMember && (
        <p className="form__actions">
          <IntentLink className="button button--primary" href={routes.login()}>
            Entrar
          </IntentLink>
          <IntentLink className="button button--secondary" href={routes.forgotPassword()}>
            Esqueci minha senha
          </IntentLink>
        </p>
      )}
      <SignUpFields form={form} />
      <HumanCheck ref={human.ref} error={human.error} />
      <SubmitButton busy={loading} busyLabel="Enviando…">
        Continuar
      </SubmitButton>
    </form>
  );
}
