/**
 * Text a member can type: no control characters (a null byte, an escape sequence that repaints a terminal, a bell)
 * and no half of a surrogate pair. Nobody types them, a paste or a script does; PostgreSQL refuses a null byte in a
 * text column, and the review lists print titles and addresses in a terminal. Tabs and line breaks stay.
 */
export const INVALID_CHARACTERS_MESSAGE = 'O texto tem caracteres inválidos. Apague e digite de novo.';

// C0 controls except tab, line feed and carriage return; DEL and the C1 controls.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export const isPlainText = (value: string): boolean => !CONTROL.test(value) && !LONE_SURROGATE.test(value);
