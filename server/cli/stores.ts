import { userInfo } from 'node:os';
import { qrText } from '../../common/qr/qr-matrix';
import { isApiError } from '../errors/api-errors';
import { createKioskCode } from '../modules/kiosk';
import { terminalActor } from '../modules/staff';
import { addStore, setActive, storesList, storesReport } from '../modules/stores';
import { runCli, UsageError } from './run';

const USAGE = `Uso:
  npm run stores -- list                                              lojas, endereço de cadastro e situação
  npm run stores -- add <slug> --name "Nome" --city Cidade --uf SP [--cnpj 00.000.000/0000-00]
  npm run stores -- disable <slug>                                    o link de cadastro deixa de vincular
  npm run stores -- enable <slug>
  npm run stores -- report [--from AAAA-MM-DD] [--to AAAA-MM-DD]      cadastros por loja por dia (padrão: 30 dias)
  npm run stores -- kiosk <slug>                                      código de uso único (30 min) para ativar um totem
Opção: --by "nome" registra quem fez (padrão: o usuário do sistema).`;

/** The terminal's name for each field the service refuses. */
const OPTION_OF: Readonly<Record<string, string>> = {
  slug: '<slug>',
  name: '--name',
  city: '--city',
  uf: '--uf',
  cnpj: '--cnpj',
  from: '--from',
  to: '--to',
};

/** Each refused field on its own line, named as the operator typed it: `--name: Informe o nome da loja…`. */
async function byOption<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const fields = isApiError(error) ? (error.extensions['fields'] as Record<string, string> | undefined) : undefined;
    if (!fields || Object.keys(fields).length === 0) throw error;
    throw new Error(
      Object.entries(fields)
        .map(([field, message]) => `${OPTION_OF[field] ?? field}: ${message}`)
        .join('\n'),
    );
  }
}

runCli({
  usage: USAGE,
  options: {
    name: { type: 'string' },
    city: { type: 'string' },
    uf: { type: 'string' },
    cnpj: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    by: { type: 'string' },
  },
  async run({ positionals: [command, slug], values, config, database, print }) {
    const deps = { db: await database(), config };
    const actor = terminalActor(values.by?.trim() || userInfo().username);
    switch (command) {
      case 'list': {
        const stores = await storesList(deps);
        for (const s of stores) {
          const place = s.city ? `${s.city}/${s.uf}` : '—';
          print(`${s.slug}  ${s.name}  ${place}  ${s.active === 1 ? 'ativa' : 'desativada'}`);
          print(`  ${config.publicUrl}/cadastro-promo/${s.slug}`);
        }
        if (stores.length === 0) print('Nenhuma loja cadastrada.');
        return;
      }
      case 'add': {
        if (!slug) break;
        const store = await byOption(
          addStore(deps, actor, {
            slug,
            name: values.name ?? '',
            city: values.city ?? '',
            uf: values.uf ?? '',
            cnpj: values.cnpj,
          }),
        );
        print(`Loja ${store.name} cadastrada. Link de cadastro: ${config.publicUrl}/cadastro-promo/${store.slug}`);
        return;
      }
      case 'disable':
      case 'enable': {
        if (!slug) break;
        await setActive(deps, actor, slug, command === 'enable');
        print(
          command === 'enable'
            ? `Loja ${slug} reativada.`
            : `Loja ${slug} desativada: o link de cadastro avisa que ela não participa mais.`,
        );
        return;
      }
      case 'kiosk': {
        if (!slug) break;
        const { code, expiresAt, url } = await createKioskCode(deps, actor, slug);
        print(
          `Código do totem: ${code}  (vale até ${expiresAt.toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo' })}, uma vez)`,
        );
        print(`No tablet, abra ${config.publicUrl}/totem e digite o código, ou leia o QR abaixo:`);
        print(qrText(url));
        print(url);
        return;
      }
      case 'report': {
        const report = await byOption(storesReport(deps, values.from, values.to));
        print(`Cadastros por loja, de ${report.fromDay} a ${report.toDay}:`);
        for (const r of report.rows) print(`${r.day}  ${r.slug}  ${r.name}  ${r.signUps}`);
        const total = report.rows.reduce((sum, r) => sum + r.signUps, 0);
        print(report.rows.length === 0 ? 'Nenhum cadastro pelas lojas no período.' : `Total: ${total}`);
        return;
      }
    }
    throw new UsageError();
  },
});
