import path from 'node:path';
import type { Db } from '../../db/schema';
import { createMember, findUserByCpf } from '../users';
import { hasContent, importContent } from './importer';
import { readContentFolderCached } from './source';

/** The content shipped with the app, at the repository root. */
export const SEED_CONTENT_DIR = path.resolve(__dirname, '..', '..', '..', 'content');

/** An account whose accountType grants draft preview (see CONTENT_PREVIEW_ACCOUNT_TYPES). */
export const DEMO_EDITOR = {
  name: 'Paula',
  surName: 'Editora',
  cpf: '71460238508',
  email: 'editor@exemplo.com.br',
  phoneNumber: '11987650001',
  password: 'Serragem#2026',
  accountType: 'editor',
} as const;

/** The editor account, and the bundled content the first time the club starts with none. */
export async function seedContent(db: Db): Promise<void> {
  if (!(await findUserByCpf(db, DEMO_EDITOR.cpf))) {
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
  if (!(await hasContent(db))) await importContent(db, readContentFolderCached(SEED_CONTENT_DIR));
}
