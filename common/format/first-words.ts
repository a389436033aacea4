/**
 * The first words of a text, at most `max` characters, then the "…" that says it goes on: cut between words, so a
 * reminder shows "A foto cortou a chave de acesso…" and never half a word. Runs of spaces and line breaks read as one
 * space; a text that fits comes back whole.
 */
export function firstWords(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const room = flat.slice(0, max);
  // The last space inside the room ends the last whole word; a first word longer than the room is cut where it must.
  const lastSpace = room.lastIndexOf(' ');
  const cut = lastSpace > 0 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s,.;:!?—–-]+$/, '')}…`;
}
