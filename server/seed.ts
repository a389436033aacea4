import { randomUUID } from 'node:crypto';
import type { Db } from './db/schema';
import { clubModules } from './modules';
import { seedDemoHistory, seedDemoReviewQueue, type DemoHistoryDeps } from './modules/invoices';
import { seedDemoProjects } from './modules/projects';
import { seedDemoRewards } from './modules/rewards';
import { seedDemoStaff } from './modules/staff';
import { createMember, DEMO_MEMBER, findUserByCpf } from './modules/users';

export { DEMO_MEMBER };

/** Two more members whose invoices wait in the painel's demo review queue (not for signing in: no demo password). */
const DEMO_REVIEW_MEMBERS = {
  carlos: { name: 'Carlos', surName: 'Pereira', cpf: '71460258371', email: 'carlos.pereira@exemplo.com.br' },
  joana: { name: 'Joana', surName: 'Ribeiro', cpf: '38601492703', email: 'joana.ribeiro@exemplo.com.br' },
} as const;

/** Every module's reference data (careers and places before the stores that sit in them), at every start. */
export async function seedReferenceData(db: Db): Promise<void> {
  for (const clubModule of clubModules) await clubModule.seedReference?.(db);
}

/** What every club needs at start, demo or not: reference data and the content files. */
export async function seedClubData(db: Db): Promise<void> {
  await seedReferenceData(db);
  for (const clubModule of clubModules) await clubModule.seedContent?.(db);
}

/**
 * Reference data plus the demo member (looked up by CPF, so a second start changes nothing). With `history`, the
 * config and file storage of the running server, the demo member also gets a year of invoices and points and three
 * projects; API tests leave it out so each of them starts from a member with no invoices.
 */
export async function seedDemoData(db: Db, options: { history?: DemoHistoryDeps } = {}): Promise<void> {
  await seedClubData(db);
  // The demo admin and reviewer of the painel (SQLite only; never on PostgreSQL).
  await seedDemoStaff(db);
  if (await findUserByCpf(db, DEMO_MEMBER.cpf)) return;
  const member = await createMember(db, {
    ...DEMO_MEMBER,
    emailConfirmed: true,
    phoneVerified: true,
    birthDate: '1988-03-14',
    gender: 'feminino',
    careerName: 'Marceneiro',
    cep: '01310100',
    address: 'Avenida Paulista',
    number: '1000',
    district: 'Bela Vista',
    stateUf: 'SP',
    cityName: 'São Paulo',
    acceptEmailComunications: true,
    acceptMessageComunications: true,
    chatbotInvoiceUploadEnabled: true,
    accountType: 'member',
  });
  if (options.history) {
    await seedDemoHistory(db, options.history, member);
    await seedDemoProjects(db, options.history, member);
    await seedDemoRewards(db, options.history.config, member);
    // A password nobody knows: these two exist for the reviewers' queue.
    const secret = () => `${randomUUID()}#Aa1`;
    const carlos = await createMember(db, { ...DEMO_REVIEW_MEMBERS.carlos, password: secret(), emailConfirmed: true });
    const joana = await createMember(db, { ...DEMO_REVIEW_MEMBERS.joana, password: secret(), emailConfirmed: true });
    await seedDemoReviewQueue(db, options.history, { carlos, joana });
  }
}
