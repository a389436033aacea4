import { join } from 'node:path';
import { createDatabase } from '../server/db/database';
import { createMember, type CreateMemberInput } from '../server/modules/users/repository';
import { newIdentity } from './identities';
import { PASSWORD } from './members';

/** A complete profile, so a member made with it passes the completeness gate. */
export const COMPLETE_PROFILE = {
  birthDate: '1985-07-02',
  gender: 'masculino',
  careerName: 'Marceneiro',
  cep: '01310100',
  address: 'Avenida Paulista',
  number: '900',
  district: 'Bela Vista',
  stateUf: 'SP',
  cityName: 'São Paulo',
} as const;

/**
 * A fresh member of the profile tests, written straight into the e2e server's database (as global-setup does), so
 * the members other specs share are never changed. Returns the identity to log in with.
 */
export async function createProfileMember(overrides: Partial<CreateMemberInput> = {}) {
  const who = newIdentity();
  const db = createDatabase({ file: join(process.env.E2E_DATA_DIR ?? 'data/e2e', 'club.sqlite') });
  try {
    await createMember(db, {
      name: who.name,
      surName: who.surName,
      cpf: who.cpf,
      email: who.email,
      password: PASSWORD,
      emailConfirmed: true,
      accountType: 'member',
      phoneNumber: who.phone,
      phoneVerified: true,
      ...COMPLETE_PROFILE,
      ...overrides,
    });
  } finally {
    await db.destroy();
  }
  return { ...who, password: PASSWORD };
}
