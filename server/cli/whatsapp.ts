import { setTimeout as sleep } from 'node:timers/promises';
import { formatStaffTime } from '../../lib/format/dates';
import { apiRouteTable } from '../http/api-routes';
import { channelActor, deliverWebhook, messageWebhook, readConversation, waIdsOf } from '../modules/whatsapp';
import { runCli, UsageError } from './run';

const USAGE = `Uso:
  npm run whatsapp -- enviar --de "(11) 98765-4321" --texto saldo   manda uma mensagem ao clube, como o WhatsApp mandaria
  npm run whatsapp -- conversa --com "(11) 98765-4321"              mostra a conversa do número com as respostas do clube
Opções de enviar: --servidor http://127.0.0.1:3000 (padrão: a porta PORT desta máquina), --espera 15 (segundos
esperando a resposta; 0 não espera).`;

const minute = formatStaffTime;

/** Waits up to `seconds` for the club's answers after `since`, printing each once. */
async function printAnswers(
  read: () => Promise<{ at: string; direction: string; text: string }[]>,
  since: string,
  seconds: number,
  print: (line: string) => void,
) {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    const answers = (await read()).filter((line) => line.direction === 'out' && line.at >= since);
    if (answers.length > 0) {
      for (const answer of answers) print(`clube: ${answer.text}`);
      return;
    }
    await sleep(500);
  }
  print('O clube ainda não respondeu; veja depois com: npm run whatsapp -- conversa --com <celular>');
}

/**
 * `npm run whatsapp`: the embedded stand-in for Meta. `enviar` posts a correctly signed webhook to the running server
 * (the app secret generated into DATA_DIR, or WHATSAPP_APP_SECRET) and prints the bot's answer; `conversa` reads a
 * number's conversation from the database.
 */
runCli({
  usage: USAGE,
  options: {
    de: { type: 'string' },
    texto: { type: 'string' },
    com: { type: 'string' },
    servidor: { type: 'string' },
    espera: { type: 'string' },
  },
  async run({ positionals: [command], values, config, database, print }) {
    const deps = async () => ({ db: await database(), config });
    switch (command) {
      case 'enviar': {
        const [waId] = waIdsOf(values.de ?? '');
        const text = values.texto?.trim();
        if (!waId) throw new UsageError('--de: o celular com DDD, como "(11) 98765-4321".');
        if (!text || text.length > 4096) throw new UsageError('--texto: a mensagem, de 1 a 4096 caracteres.');
        const wait = Number(values.espera ?? '15');
        if (!Number.isInteger(wait) || wait < 0 || wait > 120) throw new UsageError('--espera: de 0 a 120 segundos.');
        const secret = config.whatsapp.appSecret;
        if (!secret) {
          throw new Error('Sem segredo do WhatsApp: defina WHATSAPP_APP_SECRET, o mesmo do servidor.');
        }
        const server = (values.servidor ?? `http://127.0.0.1:${config.port}`).replace(/\/+$/, '');
        const since = new Date(config.now()).toISOString();
        const status = await deliverWebhook(
          `${server}${apiRouteTable.whatsappWebhook.path}`,
          secret,
          messageWebhook(waId, config.now(), { type: 'text', text: { body: text } }),
        );
        if (status !== 200) {
          throw new Error(
            status === 401
              ? 'O servidor recusou a assinatura: ele usa outro segredo (WHATSAPP_APP_SECRET ou outro DATA_DIR).'
              : `O servidor respondeu ${status}.`,
          );
        }
        print(`Mensagem entregue ao clube como ${waId}.`);
        if (wait > 0) {
          const d = await deps();
          await printAnswers(() => readConversation(d, channelActor, values.de ?? ''), since, wait, print);
        }
        return;
      }
      case 'conversa': {
        if (!waIdsOf(values.com ?? '').length)
          throw new UsageError('--com: o celular com DDD, como "(11) 98765-4321".');
        const lines = await readConversation(await deps(), channelActor, values.com ?? '');
        if (lines.length === 0) print('Nenhuma mensagem com este número.');
        for (const line of lines) {
          const who = line.direction === 'in' ? 'membro' : `clube [${line.state ?? ''}]`;
          print(`${minute(line.at)}  ${who}: ${line.text}`);
        }
        return;
      }
      default:
        throw new UsageError();
    }
  },
});
