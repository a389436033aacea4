/**
 * graphql-js refuses a variable of the wrong type before any resolver runs, in English and naming the schema's
 * types ('Variable "$cpf" got invalid value 123; String cannot represent a non string value: 123'). The app always
 * sends the right types, so only a script meets these; it still gets the club's language and a stable code, with
 * the field named so a form could show it.
 */

export interface VariableProblem {
  /** The input field (or the variable) the value was for. */
  readonly field: string;
  readonly message: string;
}

const REASONS: readonly (readonly [RegExp, string | ((m: RegExpExecArray) => string)])[] = [
  [/^String cannot represent/, 'envie um texto'],
  [/^Int cannot represent non 32-bit/, 'o número é grande demais'],
  [/^Int cannot represent/, 'envie um número inteiro'],
  [/^Float cannot represent/, 'envie um número'],
  [/^Boolean cannot represent/, 'envie true ou false'],
  [/^ID cannot represent/, 'envie um identificador'],
  [/^Enum "\w+" cannot represent|^Value .* does not exist in "\w+" enum/s, 'não é uma das opções aceitas'],
  [/^Expected non-nullable type/, 'o campo é obrigatório'],
  [/^Expected type "\w+" to be an object/, 'envie um objeto'],
  [/^Field "(\w+)" of required type .* was not provided/s, (m) => `falta o campo "${m[1]}"`],
  [/^Field "(\w+)" is not defined by type/, (m) => `o campo "${m[1]}" não existe`],
  [/^Upload value invalid/, 'envie um arquivo'],
];

const reasonFor = (detail: string): string => {
  for (const [pattern, reason] of REASONS) {
    const match = pattern.exec(detail);
    if (match) return typeof reason === 'string' ? reason : reason(match);
  }
  return 'confira o valor enviado';
};

/** "input.title" → "title", "answers[3].text" → "text", "files[0]" → "files". */
const lastField = (path: string): string =>
  path
    .split('.')
    .at(-1)
    ?.replace(/\[\d+\]/g, '') || path;

const problem = (field: string, reason: string): VariableProblem => ({
  field,
  message: `Valor inválido em "${field}": ${reason}.`,
});

/** The pt-BR problem behind graphql's message about a variable, or null when the message is about something else. */
export function variableProblemOf(message: string): VariableProblem | null {
  const invalid = /^Variable "\$(\w+)" got invalid value .*?(?: at "([^"]+)")?; (.*)$/s.exec(message);
  if (invalid) {
    const [, name = '', path, detail = ''] = invalid;
    return problem(lastField(path ?? name), reasonFor(detail));
  }
  const missing =
    /^Variable "\$(\w+)" of (?:required|non-null) type ".*" (?:was not provided|must not be null)\.$/s.exec(message);
  if (missing) return problem(missing[1] ?? '', 'o campo é obrigatório');
  return null;
}
