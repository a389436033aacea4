'use client';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { errorMessage, fieldErrors } from '@/lib/apollo/errors';
import { MStaffInvite, type MStaffInviteMutation } from '@/lib/painel/operations';
import type { StaffRole } from '@/common/painel/roles';
import { staffInviteSchema } from '@/common/painel/schemas';
import { FormAlert } from '../ui/form-alert';
import { SubmitButton } from '../ui/submit-button';
import { TextField } from '../ui/text-field';
import { RoleChoices } from './role-choices';
import { usePainelMutation } from './use-painel-mutation';
import { useState } from 'react';

interface InviteValues {
  name: string;
  email: string;
  roles: StaffRole[];
}

type Invitation = MStaffInviteMutation['staffInvite'];

/** Invites a person to the team with their roles; the new link goes to `onInvited`, to be handed over (and the team
 * list asked again). */
export function InviteForm({ onInvited }: { onInvited: (invitation: Invitation) => void }) {
  const [invite, { loading }] = usePainelMutation(MStaffInvite);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<InviteValues, unknown, InviteValues>({
    resolver: zodResolver(staffInviteSchema),
    defaultValues: { name: '', email: '', roles: [] },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const data = await invite({ input: values });
      form.reset();
      onInvited(data.staffInvite);
    } catch (error) {
      // The API names fields as `input.email`; the form's are `email`.
      for (const [key, message] of Object.entries(fieldErrors(error as never))) {
        const field = key.replace(/^input\./, '');
        if (field === 'name' || field === 'email' || field === 'roles') form.setError(field, { message });
      }
      setServerError(errorMessage(error as never));
    }
  });

  return (
    <section className="card painel-invite" aria-labelledby="painel-convite">
      <h2 id="painel-convite">Convidar para a equipe</h2>
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <FormAlert message={serverError} />
        <TextField label="Nome" autoComplete="off" error={errors.name?.message} {...form.register('name')} />
        <TextField
          label="E-mail"
          type="email"
          autoComplete="off"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <RoleChoices idPrefix="convite" registration={form.register('roles')} error={errors.roles?.message} />
        <SubmitButton busy={loading} busyLabel="Convidando…">
          Convidar e gerar link
        </SubmitButton>
      </form>
    </section>
  );
}
