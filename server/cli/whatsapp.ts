import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { formatStaffTime } from '../../common/format/dates';
import { sniffFileKind, type InvoiceFileKind } from '../../common/invoices/file-type';
import { apiRouteTable } from '../http/api-routes';
import {
  channelActor,
  deliverWebhook,
  keepLocalMedia,
  messageWebhook,
  readConversation,
  waIdsOf,
} from '../modules/whatsapp';
import { runCli, UsageError } from './run';

const USAGE = `Uso:
  npm run whatsapp -- enviar --de "(11) 98765-4321" --texto saldo   manda uma mensagem ao clube, como o WhatsApp mandaria
  npm run whatsapp -- enviar --de "(11) 98765-4321" --arquivo nota.jpg [--legenda "<chave de acesso>"]
                                                                    manda a foto, o PDF ou o XML de uma nota
  npm run whatsapp -- conversa --com "(11) 98765-4321"              mostra a conversa do número com as respostas do clube
Opções de enviar: --servidor http://127.0.0.1:3000 (padrão: a porta PORT desta máquina), --espera (segundos
esperando a resposta: 15 para um texto, 40 para um arquivo, que o clube junta às outras páginas por 20 s; 0 não espera).`;

/** A larger file is still kept and sent, so that the club's own refusal (10 MB) can be tried; past this, no. */
const FILE_MAX_BYTES = 20 * 1024 * 1024;

/** Meta's message for a file: a photo as `image`, a PDF or XML (or anything else) as `document`. */
const FILE_MESSAGES: Record<InvoiceFileKind, { type: 'image' | 'document'; mime: string }> = {
  jpeg: { type: 'image', mime: 'image/jpeg' },
  png: { type: 'image', mime: 'image/png' },
  heic: { type: 'image', mime: 'image/heic' },
  pdf: { type: 'document', mime: 'application/pdf' },
  xml: { type: 'document', mime: 'text/xml' },
};

/** Keeps the file where the embedded channel reads media (DATA_DIR), and writes the message Meta would send. */
async function fileMessage(dataDir: string, file: string, caption: string | undefined): Promise<object> {
  const size = await stat(file).then(
    (s) => (s.isFile() ? s.size : -1),
    () => -1,
  );
  if (size < 0) throw new UsageError(`--arquivo: não encontrei o arquivo ${file}.`);
  if (size > FILE_MAX_BYTES) throw new UsageError('--arquivo: no máximo 20 MB.');
  if (caption !== undefined && caption.length > 1024) throw new UsageError('--legenda: no máximo 1024 caracteres.');
  const bytes = await readFile(file);
  const kind = sniffFileKind(bytes.subarray(0, 512));
  const { type, mime } = kind ? FILE_MESSAGES[kind] : { type: 'document' as const, mime: 'application/octet-stream' };
  const kept = await keepLocalMedia(dataDir, bytes);
  const media = { id: kept.id, sha256: kept.sha256, mime_type: mime, ...(caption ? { caption } : {}) };
  return { type, [type]: type === 'document' ? { ...media, filename: path.basename(file) } : media };
}

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
    arquivo: { type: 'string' },
    legenda: { type: 'string' },
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
        if (values.arquivo === undefined && (!text || text.length > 4096))
          throw new UsageError('--texto: a mensagem, de 1 a 4096 caracteres (ou --arquivo).');
        if (values.arquivo !== undefined && text !== undefined)
          throw new UsageError('Mande --texto ou --arquivo, um de cada vez.');
        const wait = Number(values.espera ?? (values.arquivo === undefined ? '15' : '40'));
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
          messageWebhook(
            waId,
            config.now(),
            values.arquivo === undefined
              ? { type: 'text', text: { body: text } }
              : await fileMessage(config.dataDir, values.arquivo, values.legenda),
          ),
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
