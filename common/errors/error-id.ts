/**
 * The code an "Erro interno" answer carries (`extensions.errorId`): eight letters and digits a member can read out
 * over the phone, without the ones that look alike (0/O, 1/I/L, U), as `7F3K-92QA`. The API makes it and writes it
 * in the log line of the failure, so support finds the stack from what the member quotes.
 */
export const ERROR_ID_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export const ERROR_ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** What the app shows under the message. */
export const errorIdLine = (errorId: string): string => `Código do erro: ${errorId}`;
