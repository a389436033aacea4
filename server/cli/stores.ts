import { qrText } from '../../lib/qr/qr-matrix';
import { createKioskCode } from '../modules/kiosk';
import { addStore, setActive, storesList, storesReport } from '../modules/stores';
import { runCli, UsageError } from './run';

const USAGE = `Uso:
  npm run stores -- list                                              lojas, endereço de cadastro e situação
  npm run stores -- add <slug> --name "Nome" --city Cidade --uf SP [--cnpj 00.000.000/0000-00]
  npm run stores -- disable <slug>                                    o link de cadastro deixa de vincular
  npm run stores -- enable <slug>
  npm run stores -- report [--from AAAA-MM-DD] [--to AAAA-MM-DD]      cadastros por loja por dia (padrão: 30 dias)
  npm run stores -- kiosk <slug>                                      código de uso único (30 min) para ativar um totem`;

runCli({
  usage: USAGE,
  options: {
    name: { type: 'string' },
    city: { type: 'string' },
    uf: { type: 'string' },
    cnpj: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
  },
  async run({ positionals: [command, slug], values, config, database, print }) {
    const deps = { db: await database(), config };
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
        const store = await addStore(deps, {
          slug,
          name: values.name,
          city: values.city,
          uf: values.uf,
          cnpj: values.cnpj,
        });
        print(`Loja ${store.name} cadastrada. Link de cadastro: ${config.publicUrl}/cadastro-promo/${store.slug}`);
        return;
      }
      case 'disable':
      case 'enable': {
        if (!slug) break;
        await setActive(deps, slug, command === 'enable');
        print(
          command === 'enable'
            ? `Loja ${slug} reativada.`
            : `Loja ${slug} desativada: o link de cadastro avisa que ela não participa mais.`,
        );
        return;
      }
      case 'kiosk': {
        if (!slug) break;
        const { code, expiresAt } = await createKioskCode(deps, slug);
        const url = `${config.publicUrl}/totem?codigo=${code}`;
        print(
          `Código do totem: ${code}  (vale até ${expiresAt.toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo' })}, uma vez)`,
        );
        print(`No tablet, abra ${config.publicUrl}/totem e digite o código, ou leia o QR abaixo:`);
        print(qrText(url));
        print(url);
        return;
      }
      case 'report': {
        const report = await storesReport(deps, values.from, values.to);
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
