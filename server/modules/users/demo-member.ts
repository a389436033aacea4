import type { Db, UserRow } from '../../db/schema';

/** The demo member of the embedded default and of the tests; the README publishes the password. */
export const DEMO_MEMBER = {
  name: 'Ana',
  surName: 'Souza',
  cpf: '52998224725',
  email: 'marceneiro@exemplo.com.br',
  phoneNumber: '11987654321',
  password: 'Serragem#2026',
} as const;

/** The demo account whose accountType grants draft preview (see CONTENT_PREVIEW_ACCOUNT_TYPES); same password. */
export const DEMO_EDITOR = {
  name: 'Paula',
  surName: 'Editora',
  cpf: '71460238508',
  email: 'editor@exemplo.com.br',
  phoneNumber: '11987650001',
  password: 'Serragem#2026',
  accountType: 'editor',
} as const;

/** Two more members whose invoices wait in the painel's demo review queue (not for signing in: no demo password). */
export const DEMO_REVIEW_MEMBERS = {
  carlos: { name: 'Carlos', surName: 'Pereira', cpf: '71460258371', email: 'carlos.pereira@exemplo.com.br' },
  joana: { name: 'Joana', surName: 'Ribeiro', cpf: '38601492703', email: 'joana.ribeiro@exemplo.com.br' },
} as const;

/**
 * Every demo member, known by CPF and e-mail together: the demo CPFs are valid numbers a real person could hold, so a
 * member counts as demo data (the banner, `npm run members -- remove-demo`) only with the demo e-mail beside it.
 */
export const DEMO_MEMBER_ACCOUNTS: readonly { readonly cpf: string; readonly email: string }[] = [
  DEMO_MEMBER,
  DEMO_EDITOR,
  DEMO_REVIEW_MEMBERS.carlos,
  DEMO_REVIEW_MEMBERS.joana,
].map(({ cpf, email }) => ({ cpf, email }));

/** The demo members still in the club (none once `npm run members -- remove-demo` ran). */
export const findDemoMembers = (db: Db): Promise<UserRow[]> =>
  db
    .selectFrom('users')
    .selectAll()
    .where((eb) =>
      eb.or(DEMO_MEMBER_ACCOUNTS.map(({ cpf, email }) => eb.and([eb('cpf', '=', cpf), eb('email', '=', email)]))),
    )
    .orderBy('id')
    .execute();
