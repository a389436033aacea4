import { randomBytes } from 'node:crypto';
import { badUserInput } from '../../errors/api-errors';
import { parseInput } from '../../errors/parse-input';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { revokeAllSessions } from '../auth';
import { deleteAccountSchema } from '../../../common/validation/profile-schema';
import * as repo from './repository';
import { findSurveyByWoodWork, findWoodWorkByUser, surveyEquipments } from './repository';
import { photoKeyOf, removePhoto } from './profile-image';
import { requireMember } from '../users';
import type { Db, UserRow } from '../../db/schema';
import { nowOf, type ServiceDeps } from '../service-deps';

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

/** Everything the club holds about the member (LGPD art. 18, II and V), as pretty JSON. */
export async function exportMyData(deps: ServiceDeps<'db' | 'config' | 'userId'>): Promise<string> {
  const { db } = deps;
  const now = nowOf(deps);
  const user = await requireMember(db, deps.userId);
  const { career, state, city } = await repo.placeNamesOf(db, user);
  const woodWork = await findWoodWorkByUser(db, user.id);
  const survey = woodWork ? await findSurveyByWoodWork(db, woodWork.id) : undefined;
  const equipments = survey ? await surveyEquipments(db, survey.id) : [];
  const recipients = repo.recipientsOf(user);

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
    consentimentos: await repo.consentAnswersOf(db, user.id),
    confirmacoesDeEmail: await repo.emailConfirmationsOf(db, user.id),
    sessoes: await repo.sessionsOf(db, user.id),
    cadastrosIniciados: (await repo.pendingSignUpsOf(db, user.cpf)).map(withoutSecrets),
    // Subjects only: bodies carry codes and links that must not outlive their message.
    mensagensEnviadas: await repo.messageSubjectsTo(db, recipients),
    outrosDados: await repo.otherModulesRowsOf(db, user.id, KNOWN_TABLES, withoutSecrets),
  };
  return JSON.stringify(data, null, 2);
}

export const WRONG_PASSWORD_MESSAGE = 'Senha incorreta.';
const DELETION_RULE = { name: 'account-deletion', max: 5, windowMs: 60 * 60 * 1000 } as const;

export type DeletionDeps = ServiceDeps<'db' | 'config' | 'storage' | 'throttle' | 'ip' | 'userId'>;

/**
 * Closes the account: the password proves it is the member, then the account is disabled, every session ends and
 * personal data is anonymised. Rows of the points ledger stay (with the anonymous id) so totals and audits add up.
 */
export async function deleteAccount(deps: DeletionDeps, input: unknown): Promise<void> {
  const user = await requireMember(deps.db, deps.userId);
  await deps.throttle.hit(DELETION_RULE, String(user.id), deps.ip);
  const { password } = parseInput(deleteAccountSchema, input);
  if (!(await verifyPassword(user.password_hash, password))) {
    throw badUserInput(WRONG_PASSWORD_MESSAGE, { password: WRONG_PASSWORD_MESSAGE });
  }
  const now = nowOf(deps);
  const stamp = now.toISOString();
  // Nobody knows this password: the row can never be logged into again, even if re-enabled by mistake.
  const unusable = await hashPassword(randomBytes(32).toString('base64'));
  const recipients = repo.recipientsOf(user);
  await deps.db.transaction().execute(async (trx) => {
    await repo.erasePersonalData(trx, user, recipients, unusable, stamp);
    await revokeAllSessions(trx, user.id, now);
  });
  await removePhoto(deps.storage, user.profile_image);
}

/**
 * The profile's part of deleting a member with their data (ClubModule.removeMember): the rows no cascade reaches, and
 * the profile photo's file, named for deletion once the member's row is gone.
 */
export async function forgetMember(db: Db, member: UserRow): Promise<string[]> {
  await repo.deleteUnlinkedRowsOf(db, member, repo.recipientsOf(member));
  const photo = photoKeyOf(member.profile_image);
  return photo === null ? [] : [photo];
}
