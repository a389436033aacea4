/** Lower case without accents, so "dobradica" finds "Dobradiça" on a phone keyboard without them. */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}
