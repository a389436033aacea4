import { lazyFormat } from './lazy-format';

/**
 * Names in the order a Brazilian reads them: accents and case are no reason to move a name ("Pará", "Paraíba",
 * "Paraná"; "Águas de Lindóia" among the A's), which the databases' byte order gets wrong. Shared by the app and the
 * API, for every list of states and cities.
 */
const PT_BR = lazyFormat(() => new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true }));

export const compareNames = (a: string, b: string): number => PT_BR().compare(a, b);

/** A copy of `items` ordered by their name with the pt-BR collator. */
export function sortByName<T extends { readonly name: string }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => compareNames(a.name, b.name));
}
