import * as z from 'zod/mini';
import { UF_BY_CODE } from './access-key';
import { isValidCnpj, normaliseCnpj } from './cnpj';
import { plainTextSchema as text } from './plain-text-schema';

/**
 * A partner store as the club's team adds it, from the painel's form or `npm run stores -- add`: the same rules and
 * messages in the browser and the API (server/modules/stores parses the input with this schema), each message under
 * its field.
 */

/** Lower-case words joined by hyphens, as in /cadastro-promo/loja-centro. */
export const STORE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const STORE_SLUG_MAX = 80;

/** The 27 two-letter states, in alphabetical order, for the form's choice. */
export const UFS: readonly string[] = Object.values(UF_BY_CODE).sort();

export const STORE_FORM_MESSAGES = {
  slugEmpty: 'Informe o endereço da loja (slug), como loja-centro.',
  slugInvalid: 'Use letras minúsculas sem acento, números e hífens, como loja-centro.',
  slugLong: `Use no máximo ${STORE_SLUG_MAX} caracteres.`,
  name: 'Informe o nome da loja (3 a 80 caracteres).',
  city: 'Informe a cidade (2 a 80 caracteres).',
  uf: 'Escolha o estado (UF).',
  cnpj: 'CNPJ inválido: confira os 14 caracteres e os dois dígitos verificadores.',
} as const;

export const storeSlugSchema = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, STORE_FORM_MESSAGES.slugEmpty),
    z.maxLength(STORE_SLUG_MAX, STORE_FORM_MESSAGES.slugLong),
    z.regex(STORE_SLUG, STORE_FORM_MESSAGES.slugInvalid),
  );

export const newStoreSchema = z.object({
  slug: storeSlugSchema,
  name: text(3, 80, STORE_FORM_MESSAGES.name),
  city: text(2, 80, STORE_FORM_MESSAGES.city),
  uf: z.string().check(
    z.trim(),
    z.toUpperCase(),
    z.refine((v) => UFS.includes(v), STORE_FORM_MESSAGES.uf),
  ),
  // Optional: a store may join before its CNPJ is known. Kept as the Receita writes it, without punctuation.
  cnpj: z.nullish(
    z.pipe(
      z.string().check(
        z.maxLength(40, STORE_FORM_MESSAGES.cnpj),
        z.refine((v) => v.trim() === '' || isValidCnpj(v), STORE_FORM_MESSAGES.cnpj),
      ),
      z.transform((v: string) => (v.trim() === '' ? null : normaliseCnpj(v.trim()))),
    ),
  ),
});

export type NewStoreInput = z.input<typeof newStoreSchema>;
export type NewStore = z.output<typeof newStoreSchema>;

/** "Casa das Chapas Ltda." → "casa-das-chapas-ltda": the address the form offers while the slug is left as it came. */
export const suggestSlug = (name: string): string =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, STORE_SLUG_MAX)
    .replace(/-+$/, '');
