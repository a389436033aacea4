import { randomUUID } from 'node:crypto';
import type { Db, UserRow } from './db/schema';
import { clubModules } from './modules';
import { demoDataPresent } from './modules/demo';
import { demoHistoryEvents, seedDemoReviewQueue, type DemoHistoryDeps } from './modules/invoices';
import { playInTimeOrder, seedDemoCampaign } from './modules/points';
import { demoProjectEvents } from './modules/projects';
import { demoRewardEvents, seedDemoRewardCodes } from './modules/rewards';
import {
  replacePublishedDemoSecrets,
  seedDemoStaff,
  type DemoStaffCredentials,
  type DemoStaffSecrets,
} from './modules/staff';
import { createMember, DEMO_EDITOR, DEMO_MEMBER, DEMO_REVIEW_MEMBERS, findUserByCpf } from './modules/users';

export { DEMO_MEMBER };

/** Every module's reference data (careers and places before the stores that sit in them), at every start. */
export async function seedReferenceData(db: Db): Promise<void> {
  for (const clubModule of clubModules) await clubModule.seedReference?.(db);
}

/** What every club needs at start, demo or not: reference data and the content files. */
export async function seedClubData(db: Db): Promise<void> {
  await seedReferenceData(db);
  for (const clubModule of clubModules) await clubModule.seedContent?.(db);
}

export interface DemoSeedOptions {
  /** The config and file storage of the running server: the demo member also gets a year of club life. */
  readonly history?: DemoHistoryDeps;
  /** The demo staff's secrets: the README's (the default: development and tests) or fresh ones (production). */
  readonly staffSecrets?: DemoStaffSecrets;
}

/**
 * Reference data plus the demo accounts (each looked up first, so a second start changes nothing). With `history`,
 * the demo member also gets a year of invoices and points, three projects and two reward orders; API tests leave it
 * out so each of them starts from a member with no invoices. Answers the demo staff's fresh credentials, if any were
 * given, to be shown once.
 */
export async function seedDemoData(db: Db, options: DemoSeedOptions = {}): Promise<DemoStaffCredentials[]> {
  await seedClubData(db);
  // The demo admin and reviewer of the painel.
  const credentials = await seedDemoStaff(db, { secrets: options.staffSecrets ?? 'published' });
  if (!(await findUserByCpf(db, DEMO_EDITOR.cpf))) await seedDemoEditor(db);
  if (await findUserByCpf(db, DEMO_MEMBER.cpf)) return credentials;
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
  if (options.history) await seedDemoClubLife(db, options.history, member);
  return credentials;
}

/**
 * The demo member's year of club life (invoices and points, projects, reward orders), and the painel's review queue
 * from the two demo members who exist for it, through the paths members and reviewers use.
 */
export async function seedDemoClubLife(db: Db, history: DemoHistoryDeps, member: UserRow): Promise<void> {
  await seedDemoRewardCodes(db, history.config);
  // Before the history: Ana's invoice of two months ago takes the campaign's bonus.
  await seedDemoCampaign(db, history.config.now());
  // One timeline, in the order things happened: the ledger's running balances and month ends then agree with its
  // lines (a redemption seeded after later expiries was paid from the wrong credits).
  await playInTimeOrder(
    db,
    member.id,
    [
      ...demoHistoryEvents(db, history, member),
      ...demoProjectEvents(db, history, member),
      ...demoRewardEvents(db, history.config, member),
    ],
    history.config.now(),
  );
  // A password nobody knows: these two exist for the reviewers' queue.
  const secret = () => `${randomUUID()}#Aa1`;
  const carlos = await createMember(db, { ...DEMO_REVIEW_MEMBERS.carlos, password: secret(), emailConfirmed: true });
  const joana = await createMember(db, { ...DEMO_REVIEW_MEMBERS.joana, password: secret(), emailConfirmed: true });
  await seedDemoReviewQueue(db, history, { carlos, joana });
}

/** The demo account that previews content drafts (its accountType is `editor`). */
async function seedDemoEditor(db: Db): Promise<void> {
  await createMember(db, {
    ...DEMO_EDITOR,
    emailConfirmed: true,
    phoneVerified: true,
    birthDate: '1985-07-02',
    gender: 'feminino',
    careerName: 'Designer de interiores',
    cep: '80010000',
    address: 'Rua XV de Novembro',
    number: '300',
    district: 'Centro',
    stateUf: 'PR',
    cityName: 'Curitiba',
  });
}

const REMOVE_HINT =
  'Para remover as contas de exemplo e os dados delas: npm run staff -- remove-demo e npm run members -- remove-demo.';

/** The fresh secrets of the demo staff, for the terminal, once. */
export function demoCredentialsNotice(credentials: readonly DemoStaffCredentials[]): string[] {
  return [
    'Dados de demonstração em produção: as contas da equipe de exemplo receberam senha e chave do autenticador novas,',
    'no lugar das publicadas no README. Anote agora: elas não serão mostradas de novo e o clube guarda só o hash da senha.',
    ...credentials.map(
      (c) =>
        `  ${c.name} <${c.email}> (${c.roles.join(', ')}): senha ${c.password}  chave do autenticador ${c.totpSecret}`,
    ),
    'Para trocar a senha e a chave de uma delas: npm run staff -- reset-totp <e-mail> (novo link de ativação).',
    REMOVE_HINT,
  ];
}

export const DEMO_REFUSED_NOTICE =
  'Dados de demonstração desligados: com NODE_ENV=production o clube não cria as contas de exemplo, cujas senhas o README publica. Para um clube de teste, defina DEMO_DATA=true.';

export const DEMO_PRESENT_NOTICE = [
  'Este clube tem contas de exemplo (dados de demonstração): o app e o painel mostram um aviso em todas as telas.',
  'As senhas da equipe de exemplo foram mostradas uma vez, no início que as criou; para trocá-las: npm run staff -- reset-totp <e-mail>.',
  REMOVE_HINT,
];

/**
 * The seeding of `npm start`, as the settings ask (DATABASE_URL, NODE_ENV, DEMO_DATA), and what the operator must read
 * about the demo data at start, in pt-BR lines for the terminal (never the logger: they may hold secrets). Outside
 * production: the demo data as the README shows it, and nothing to read. In production: the demo accounts only with
 * DEMO_DATA=true, their staff with fresh secrets shown here once; any demo staff that still holds the README's secrets
 * gets new ones; and while demo accounts remain, each start says so and how to remove them.
 */
export async function seedAtStart(db: Db, deps: DemoHistoryDeps): Promise<string[]> {
  const { config } = deps;
  const production = config.nodeEnv === 'production';
  let credentials: DemoStaffCredentials[] = [];
  if (config.demoData) {
    credentials = await seedDemoData(db, { history: deps, staffSecrets: production ? 'fresh' : 'published' });
  } else {
    await seedClubData(db);
    if (production) credentials = await replacePublishedDemoSecrets(db);
  }
  if (!production) return [];
  const lines = config.demoDataRefused ? [DEMO_REFUSED_NOTICE] : [];
  if (credentials.length > 0) return [...lines, ...demoCredentialsNotice(credentials)];
  return (await demoDataPresent(db)) ? [...lines, ...DEMO_PRESENT_NOTICE] : lines;
}
