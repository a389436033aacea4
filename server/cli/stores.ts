import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { qrText } from '../../lib/qr/qr-matrix';
import { createKioskCode } from '../modules/kiosk/service';
import { addStore, setActive, StoreError, storesList, storesReport } from '../modules/stores/operator';

const USAGE = `Uso:
  npm run stores -- list                                              lojas, endereço de cadastro e situação
  npm run stores -- add <slug> --name "Nome" --city Cidade --uf SP [--cnpj 00.000.000/0000-00]
  npm run stores -- disable <slug>                                    o link de cadastro deixa de vincular
  npm run stores -- enable <slug>
  npm run stores -- report [--from AAAA-MM-DD] [--to AAAA-MM-DD]      cadastros por loja por dia (padrão: 30 dias)
  npm run stores -- kiosk <slug>                                      código de uso único (30 min) para ativar um totem`;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      city: { type: 'string' },
      uf: { type: 'string' },
      cnpj: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
    },
  });
  const [command, slug] = positionals;
  const config = loadConfig();
  const db = createDatabase(config.database);
  try {
    await migrateToLatest(db);
    switch (command) {
      case 'list': {
        const stores = await storesList(db);
        for (const s of stores) {
          const place = s.city ? `${s.city}/${s.uf}` : '—';
          console.log(`${s.slug}  ${s.name}  ${place}  ${s.active === 1 ? 'ativa' : 'desativada'}`);
          console.log(`  ${config.publicUrl}/cadastro-promo/${s.slug}`);
        }
        if (stores.length === 0) console.log('Nenhuma loja cadastrada.');
        return 0;
      }
      case 'add': {
        if (!slug) break;
        const store = await addStore(db, {
          slug,
          name: values.name,
          city: values.city,
          uf: values.uf,
          cnpj: values.cnpj,
        });
        console.log(
          `Loja ${store.name} cadastrada. Link de cadastro: ${config.publicUrl}/cadastro-promo/${store.slug}`,
        );
        return 0;
      }
      case 'disable':
      case 'enable': {
        if (!slug) break;
        await setActive(db, slug, command === 'enable');
        console.log(
          command === 'enable'
            ? `Loja ${slug} reativada.`
            : `Loja ${slug} desativada: o link de cadastro avisa que ela não participa mais.`,
        );
        return 0;
      }
      case 'kiosk': {
        if (!slug) break;
        const { code, expiresAt } = await createKioskCode(db, slug, new Date(config.now()));
        const url = `${config.publicUrl}/totem?codigo=${code}`;
        console.log(
          `Código do totem: ${code}  (vale até ${expiresAt.toLocaleTimeString('pt-BR', { timeZone: 'America/Sao_Paulo' })}, uma vez)`,
        );
        console.log(`No tablet, abra ${config.publicUrl}/totem e digite o código, ou leia o QR abaixo:`);
        console.log(qrText(url));
        console.log(url);
        return 0;
      }
      case 'report': {
        const report = await storesReport(db, new Date(config.now()), values.from, values.to);
        console.log(`Cadastros por loja, de ${report.fromDay} a ${report.toDay}:`);
        for (const r of report.rows) console.log(`${r.day}  ${r.slug}  ${r.name}  ${r.signUps}`);
        const total = report.rows.reduce((sum, r) => sum + r.signUps, 0);
        console.log(report.rows.length === 0 ? 'Nenhum cadastro pelas lojas no período.' : `Total: ${total}`);
        return 0;
      }
    }
    console.error(USAGE);
    return 2;
  } catch (error) {
    if (error instanceof StoreError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await db.destroy();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
