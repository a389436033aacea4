import type { UseFormRegisterReturn } from 'react-hook-form';
import { ROLE_INFO, STAFF_ROLES } from '@/common/painel/roles';

/** The roles as checkboxes in one fieldset, each with what it covers; its error is announced with the group. */
export function RoleChoices({
  registration,
  error,
  idPrefix,
}: {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  idPrefix: string;
}) {
  const errorId = `${idPrefix}-roles-error`;
  return (
    <fieldset className="painel-roles-choice" aria-describedby={error ? errorId : undefined}>
      <legend>Funções</legend>
      {STAFF_ROLES.map((role) => (
        <div className="checkbox-field" key={role}>
          <input
            id={`${idPrefix}-${role}`}
            type="checkbox"
            className="checkbox-field__input"
            value={role}
            aria-invalid={error ? true : undefined}
            {...registration}
          />
          <label className="checkbox-field__label" htmlFor={`${idPrefix}-${role}`}>
            {ROLE_INFO[role].label} <span className="muted">({ROLE_INFO[role].covers})</span>
          </label>
        </div>
      ))}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
