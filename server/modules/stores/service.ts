import { z } from 'zod';
import { STORE_SLUG, STORE_SLUG_MAX } from '../../../common/validation/store-schema';
import type { Db } from '../../db/schema';
import { badUserInput } from '../../errors/api-errors';
import { findStoreBySlug } from './repository';

export const STORE_MESSAGES = {
  unknown: 'Não encontramos esta loja parceira. Confira o link ou faça o cadastro normal.',
  disabled: 'Esta loja não participa mais do clube. Faça o cadastro normal.',
} as const;

const slugSchema = z.string().trim().max(STORE_SLUG_MAX).regex(STORE_SLUG);

export interface StoreView {
  slug: string;
  name: string;
  city: string | null;
  uf: string | null;
}

type StoreRow = NonNullable<Awaited<ReturnType<typeof findStoreBySlug>>>;

export const storeView = (row: Pick<StoreRow, 'slug' | 'name' | 'city' | 'uf'>): StoreView => ({
  slug: row.slug ?? '',
  name: row.name,
  city: row.city,
  uf: row.uf,
});

export type StoreLinkStatus = 'ACTIVE' | 'DISABLED' | 'UNKNOWN';

/** What a sign-up link leads to: an active store, a store that left the club, or nothing. */
export async function storeLink(db: Db, slug: string): Promise<{ status: StoreLinkStatus; store: StoreView | null }> {
  const parsed = slugSchema.safeParse(slug);
  const row = parsed.success ? await findStoreBySlug(db, parsed.data) : undefined;
  if (!row) return { status: 'UNKNOWN', store: null };
  if (row.active !== 1) return { status: 'DISABLED', store: null };
  return { status: 'ACTIVE', store: storeView(row) };
}

/**
 * The store a new member signs up through: an active store's slug, or a clear refusal. A mistyped or retired link
 * must never link a member to nothing in silence.
 */
export async function requireActiveStoreSlug(db: Db, slug: string): Promise<string> {
  const link = await storeLink(db, slug);
  if (link.status === 'ACTIVE' && link.store) return link.store.slug;
  const message = link.status === 'DISABLED' ? STORE_MESSAGES.disabled : STORE_MESSAGES.unknown;
  throw badUserInput(message, { subsidiarySlug: message });
}

/** The member's store, shown on the profile; a store that left the club is still where they signed up. */
export async function memberStore(db: Db, slug: string | null): Promise<StoreView | null> {
  if (!slug) return null;
  const row = await findStoreBySlug(db, slug);
  return row ? storeView(row) : null;
}
