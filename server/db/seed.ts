import type { Kysely } from 'kysely';
import { seedProfileReferenceData } from '../modules/profile/reference-data';
import { seedContent } from '../modules/content/seed';
import { seedDemoHistory, type DemoHistoryDeps } from '../modules/invoices/demo-history';
import { seedInvoiceReferenceData } from '../modules/invoices/seed';
import { seedProductCatalogue } from '../modules/projects/catalogue';
import { seedDemoProjects } from '../modules/projects/demo-projects';
import { createMember, findUserByCpf } from '../modules/users/repository';
import type { Database } from './schema';

const CAREERS: readonly { name: string; woodWorkRelated: boolean }[] = [
  { name: 'Marceneiro', woodWorkRelated: true },
  { name: 'Moveleiro', woodWorkRelated: true },
  { name: 'Arquiteto', woodWorkRelated: false },
  { name: 'Designer de interiores', woodWorkRelated: false },
  { name: 'Outro', woodWorkRelated: false },
];

/** The 27 federative units, each with its capital so every state has at least one city to pick. */
const STATES: readonly { uf: string; name: string; capital: string }[] = [
  { uf: 'AC', name: 'Acre', capital: 'Rio Branco' },
  { uf: 'AL', name: 'Alagoas', capital: 'Maceió' },
  { uf: 'AP', name: 'Amapá', capital: 'Macapá' },
  { uf: 'AM', name: 'Amazonas', capital: 'Manaus' },
  { uf: 'BA', name: 'Bahia', capital: 'Salvador' },
  { uf: 'CE', name: 'Ceará', capital: 'Fortaleza' },
  { uf: 'DF', name: 'Distrito Federal', capital: 'Brasília' },
  { uf: 'ES', name: 'Espírito Santo', capital: 'Vitória' },
  { uf: 'GO', name: 'Goiás', capital: 'Goiânia' },
  { uf: 'MA', name: 'Maranhão', capital: 'São Luís' },
  { uf: 'MT', name: 'Mato Grosso', capital: 'Cuiabá' },
  { uf: 'MS', name: 'Mato Grosso do Sul', capital: 'Campo Grande' },
  { uf: 'MG', name: 'Minas Gerais', capital: 'Belo Horizonte' },
  { uf: 'PA', name: 'Pará', capital: 'Belém' },
  { uf: 'PB', name: 'Paraíba', capital: 'João Pessoa' },
  { uf: 'PR', name: 'Paraná', capital: 'Curitiba' },
  { uf: 'PE', name: 'Pernambuco', capital: 'Recife' },
  { uf: 'PI', name: 'Piauí', capital: 'Teresina' },
  { uf: 'RJ', name: 'Rio de Janeiro', capital: 'Rio de Janeiro' },
  { uf: 'RN', name: 'Rio Grande do Norte', capital: 'Natal' },
  { uf: 'RS', name: 'Rio Grande do Sul', capital: 'Porto Alegre' },
  { uf: 'RO', name: 'Rondônia', capital: 'Porto Velho' },
  { uf: 'RR', name: 'Roraima', capital: 'Boa Vista' },
  { uf: 'SC', name: 'Santa Catarina', capital: 'Florianópolis' },
  { uf: 'SP', name: 'São Paulo', capital: 'São Paulo' },
  { uf: 'SE', name: 'Sergipe', capital: 'Aracaju' },
  { uf: 'TO', name: 'Tocantins', capital: 'Palmas' },
];

const EXTRA_CITIES: readonly { uf: string; name: string }[] = [
  { uf: 'SP', name: 'Campinas' },
  { uf: 'SP', name: 'São Bernardo do Campo' },
  { uf: 'PR', name: 'Londrina' },
  { uf: 'MG', name: 'Uberlândia' },
];

export const DEMO_MEMBER = {
  name: 'Ana',
  surName: 'Souza',
  cpf: '52998224725',
  email: 'marceneiro@exemplo.com.br',
  phoneNumber: '11987654321',
  password: 'Serragem#2026',
} as const;

/** Reference data every environment needs (careers, states, cities). Safe to run on every start. */
export async function seedReferenceData(db: Kysely<Database>): Promise<void> {
  await db
    .insertInto('careers')
    .values(CAREERS.map((c) => ({ name: c.name, wood_work_related: c.woodWorkRelated ? 1 : 0 })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  await db
    .insertInto('states')
    .values(STATES.map((s) => ({ uf: s.uf, name: s.name })))
    .onConflict((oc) => oc.column('uf').doNothing())
    .execute();
  const states = await db.selectFrom('states').select(['id', 'uf']).execute();
  const stateId = new Map(states.map((s) => [s.uf, s.id]));
  const cities = [...STATES.map((s) => ({ uf: s.uf, name: s.capital })), ...EXTRA_CITIES].flatMap((c) => {
    const id = stateId.get(c.uf);
    return id === undefined ? [] : [{ state_id: id, name: c.name }];
  });
  await db
    .insertInto('cities')
    .values(cities)
    .onConflict((oc) => oc.columns(['state_id', 'name']).doNothing())
    .execute();
  await seedProfileReferenceData(db);
  await seedInvoiceReferenceData(db);
  await seedProductCatalogue(db);
}

/**
 * Reference data plus the demo member (looked up by CPF, so a second start changes nothing). With `history`, the
 * config and file storage of the running server, the demo member also gets a year of invoices and points and three
 * projects; API tests leave it out so each of them starts from a member with no invoices.
 */
/** What every club needs at start, demo or not: reference data and the content files. */
export async function seedClubData(db: Kysely<Database>): Promise<void> {
  await seedReferenceData(db);
  await seedContent(db);
}

export async function seedDemoData(db: Kysely<Database>, options: { history?: DemoHistoryDeps } = {}): Promise<void> {
  await seedClubData(db);
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
  }
}
