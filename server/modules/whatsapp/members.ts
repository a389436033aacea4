import type { Db } from '../../db/schema';

/**
 * The local numbers (DDD and number, as the club stores a celular) a WhatsApp id may stand for. Brazilian ids may lack
 * the mobile ninth digit (`551187654321` for (11) 98765-4321), and may have it: both forms are tried.
 */
export function localFormsOf(waId: string): string[] {
  const match = /^55(\d{2})(\d{8,9})$/.exec(waId);
  if (!match) return [];
  const [, ddd, number] = match as unknown as [string, string, string];
  if (number.length === 9) return number.startsWith('9') ? [ddd + number, ddd + number.slice(1)] : [ddd + number];
  // An eight-digit mobile (6 to 9 first) is the ninth-digit number without its 9.
  return /^[6-9]/.test(number) ? [`${ddd}9${number}`, ddd + number] : [ddd + number];
}

/** The WhatsApp id Meta gives a member's celular: 55, the DDD and the number with its ninth digit. */
export const waIdOf = (localPhone: string): string => `55${localPhone.replace(/\D/g, '')}`;

/**
 * The member whose verified celular this is, or null: an unverified number, a disabled account, or a number two
 * verified members share is nobody's, so no one's data is ever answered to the wrong phone.
 */
export async function memberOfWaId(db: Db, waId: string): Promise<number | null> {
  const forms = localFormsOf(waId);
  if (forms.length === 0) return null;
  const rows = await db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.and([eb('phone_number', 'in', forms), eb('phone_verified_at', 'is not', null), eb('disabled_at', 'is', null)]),
    )
    .limit(2)
    .execute();
  return rows.length === 1 ? rows[0]!.id : null;
}
