import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/schema';
import { foreignKeysOf } from '../../db/dialect';
import type { FileStorage } from '../../storage/file-storage';
import { badUserInput } from '../../graphql/errors';
import { parseInput } from '../../graphql/validate';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { revokeAllSessions } from '../auth/service';
import type { Throttle } from '../auth/throttle';
import { deleteAccountSchema } from '../../../lib/validation/profile-schema';
import { findSurveyByWoodWork, findWoodWorkByUser, surveyEquipments } from './repository';
import { removePhoto } from './profile-image';
import { requireMember } from '../users/service';

type Db = Kysely<Database>;

/** Tables this module reads field by field; any other table with a user_id column is exported generically. */
const KNOWN_TABLES = new Set([
  'users',
  'user_wood_works',
  'woodwork_surveys',
  'woodwork_survey_equipments',
  'consent_answers',
  'email_confirmations',
  'refresh_tokens',
  'verification_codes',
  'pending_signups',
  'outbox',
  'careers',
  'states',
  'cities',
  'equipments',
]);

/** Columns never handed out, even to their owner: they only help an attacker who gets the file. */
const SECRET_COLUMN = /hash|token|secret|password/i;

const withoutSecrets = (row: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(row).filter(([key]) => !SECRET_COLUMN.test(key)));

/**
 * Rows of other modules' tables (invoices, points, survey answers…) that belong to the member: every table with a
 * user_id column, found in the database's catalogue, so a module added later is included without changing this code.
 */
async function otherModulesData(db: Db, userId: number): Promise<Record<string, unknown[]>> {
  // Kysely's introspection lists the tables of either database, without its own migration tables.
  const tables = (await db.introspection.getTables()).sort((a, b) => a.name.localeCompare(b.name));
  const out: Record<string, unknown[]> = {};
  const children: string[] = [];
  for (const { name, columns } of tables) {
    if (KNOWN_TABLES.has(name)) continue;
    if (!columns.some((c) => c.name === 'user_id')) {
      children.push(name);
      continue;
    }
    const rows = await sql<Record<string, unknown>>`
      SELECT * FROM ${sql.table(name)} WHERE user_id = ${userId}`.execute(db);
    out[name] = rows.rows.map(withoutSecrets);
  }
  // One level further: rows that hang off the member's rows by a foreign key (an invoice's files and events).
  for (const name of children) {
    const keys = await foreignKeysOf(db, name);
    const key = keys.find((k) => k.table in out && !KNOWN_TABLES.has(k.table));
    if (!key) continue;
    const rows = await sql<Record<string, unknown>>`
      SELECT * FROM ${sql.table(name)} WHERE ${sql.ref(key.from)} IN (
        SELECT ${sql.ref(key.to)} FROM ${sql.table(key.table)} WHERE user_id = ${userId})`.execute(db);
    out[name] = rows.rows.map(withoutSecrets);
  }
  return out;
}

/** Everything the club holds about the member (LGPD art. 18, II and V), as pretty JSON. */
export async function exportMyData(db: Db, userId: number | null, now: Date): Promise<string> {
  const user = await requireMember(db, userId);
  const [career, state, city] = await Promise.all([
    user.career_id === null
      ? undefined
      : db.selectFrom('careers').select('name').where('id', '=', user.career_id).executeTakeFirst(),
    user.state_id === null
      ? undefined
      : db.selectFrom('states').select(['uf', 'name']).where('id', '=', user.state_id).executeTakeFirst(),
    user.city_id === null
      ? undefined
      : db.selectFrom('cities').select('name').where('id', '=', user.city_id).executeTakeFirst(),
  ]);
  const woodWork = await findWoodWorkByUser(db, user.id);
  const survey = woodWork ? await findSurveyByWoodWork(db, woodWork.id) : undefined;
  const equipments = survey ? await surveyEquipments(db, survey.id) : [];
  const recipients = [user.email, user.phone_number].filter((r): r is string => r !== null);

  const data = {
    geradoEm: now.toISOString(),
    aviso:
      'Dados que o Clube do Marceneiro guarda sobre você. Senhas e códigos de acesso são guardados só como hash e não são exportados.',
    participante: {
      ...withoutSecrets(user),
      career: career?.name ?? null,
      state: state ? `${state.name} (${state.uf})` : null,
      city: city?.name ?? null,
    },
    marcenaria: woodWork ? withoutSecrets(woodWork) : null,
    pesquisaDaMarcenaria: survey ? { ...survey, equipments: equipments.map((e) => e.name) } : null,
    consentimentos: await db
      .selectFrom('consent_answers')
      .select(['accepted', 'message', 'answered_at'])
      .where('user_id', '=', user.id)
      .execute(),
    confirmacoesDeEmail: await db
      .selectFrom('email_confirmations')
      .select(['email', 'created_at', 'expires_at', 'used_at'])
      .where('user_id', '=', user.id)
      .execute(),
    sessoes: await db
      .selectFrom('refresh_tokens')
      .select(['created_at', 'expires_at', 'used_at', 'revoked_at'])
      .where('user_id', '=', user.id)
      .execute(),
    cadastrosIniciados: (await db.selectFrom('pending_signups').selectAll().where('cpf', '=', user.cpf).execute()).map(
      withoutSecrets,
    ),
    // Subjects only: bodies carry codes and links that must not outlive their message.
    mensagensEnviadas:
      recipients.length === 0
        ? []
        : await db
            .selectFrom('outbox')
            .select(['channel', 'recipient', 'subject', 'created_at'])
            .where('recipient', 'in', recipients)
            .execute(),
    outrosDados: await otherModulesData(db, user.id),
  };
  return JSON.stringify(data, null, 2);
}

export const WRONG_PASSWORD_MESSAGE = 'Senha incorreta.';
const DELETION_RULE = { name: 'account-deletion', max: 5, windowMs: 60 * 60 * 1000 } as const;

export interface DeletionDeps {
  readonly db: Db;
  readonly config: AppConfig;
  readonly storage: FileStorage;
  readonly throttle: Throttle;
  readonly ip: string;
}

/**
 * Closes the account: the password proves it is the member, then the account is disabled, every session ends and
 * personal data is anonymised. Rows of the points ledger stay (with the anonymous id) so totals and audits add up.
 */
export async function deleteAccount(deps: DeletionDeps, userId: number | null, input: unknown): Promise<void> {
  const user = await requireMember(deps.db, userId);
  await deps.throttle.hit(DELETION_RULE, String(user.id), deps.ip);
  const { password } = parseInput(deleteAccountSchema, input);
  if (!(await verifyPassword(user.password_hash, password))) {
    throw badUserInput(WRONG_PASSWORD_MESSAGE, { password: WRONG_PASSWORD_MESSAGE });
  }
  const now = new Date(deps.config.now());
  const stamp = now.toISOString();
  // Nobody knows this password: the row can never be logged into again, even if re-enabled by mistake.
  const unusable = await hashPassword(randomBytes(32).toString('base64'));
  const recipients = [user.email, user.phone_number].filter((r): r is string => r !== null);
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('user_wood_works').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('email_confirmations').where('user_id', '=', user.id).execute();
    await trx.deleteFrom('verification_codes').where('subject', '=', String(user.id)).execute();
    await trx.deleteFrom('pending_signups').where('cpf', '=', user.cpf).execute();
    if (recipients.length > 0) await trx.deleteFrom('outbox').where('recipient', 'in', recipients).execute();
    await trx
      .updateTable('users')
      .set({
        name: 'Conta',
        sur_name: 'excluída',
        cpf: `excluido-${user.id}`,
        email: `excluido-${user.id}@conta-excluida.invalid`,
        email_confirmed_at: null,
        phone_number: null,
        phone_number_prefix: null,
        phone_verified_at: null,
        password_hash: unusable,
        birth_date: null,
        gender: null,
        cep: null,
        address: null,
        number: null,
        complement: null,
        district: null,
        city_id: null,
        profile_image: null,
        accept_email_comunications: 0,
        accept_message_comunications: 0,
        chatbot_invoice_upload_enabled: 0,
        consent_pending: 0,
        change_password_required: 0,
        disabled_at: stamp,
        updated_at: stamp,
      })
      .where('id', '=', user.id)
      .execute();
    await revokeAllSessions(trx, user.id, now);
  });
  await removePhoto(deps.storage, user.profile_image);
}
