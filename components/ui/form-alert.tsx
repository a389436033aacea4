import { ErrorText } from './error-text';

/** The message of a refused form, announced as it appears; renders nothing without one. */
export function FormAlert({ message }: { message: string | null | undefined }) {
  return message ? (
    <p className="alert alert--error" role="alert">
      <ErrorText message={message} />
    </p>
  ) : null;
}
