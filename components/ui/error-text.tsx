import { ERROR_ID_PATTERN } from '@/common/errors/error-id';

const CODE_LINE = /^Código do erro: (.+)$/;

/**
 * An error message as the member reads it: the message, and under it the "Código do erro" that errorMessage adds to
 * an "Erro interno" (lib/apollo/errors.ts), which the member quotes to support and which finds the failure in the
 * API's log. A message without a code renders as it is.
 */
export function ErrorText({ message }: { message: string }) {
  const [first = '', ...rest] = message.split('\n');
  const code = rest.length === 1 ? CODE_LINE.exec(rest[0]!)?.[1] : undefined;
  if (code === undefined || !ERROR_ID_PATTERN.test(code)) return <>{message}</>;
  return (
    <>
      {first}
      <span className="error-code">
        Código do erro: <span className="error-code__id">{code}</span>
      </span>
    </>
  );
}
