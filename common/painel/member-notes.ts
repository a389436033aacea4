// Support's internal notes on a member, with the rules the API applies (server/modules/members/notes.ts reads the
// same limits and messages): the form checks first, the API answers the same words.

export const NOTE_MIN = 3;
export const NOTE_MAX = 1000;
export const NOTE_MESSAGES = {
  empty: 'Escreva a nota antes de salvar.',
  length: `A nota precisa ter de ${NOTE_MIN} a ${NOTE_MAX} caracteres.`,
  saved: 'Nota salva.',
} as const;

/** The note as it is kept: trimmed at both ends, its line breaks kept. */
export const cleanNote = (body: string): string => body.trim();

/** What is wrong with a note before it is sent, or null when it can go. */
export function noteProblem(body: string): string | null {
  const text = cleanNote(body);
  if (text === '') return NOTE_MESSAGES.empty;
  if (text.length < NOTE_MIN || text.length > NOTE_MAX) return NOTE_MESSAGES.length;
  return null;
}
