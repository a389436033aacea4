import { runCli, UsageError } from './run';

const USAGE = 'Uso: npm run outbox -- --to <celular ou e-mail>   (ex.: --to "(11) 98765-4321")';

/**
 * `npm run outbox -- --to <phone or e-mail>`: the SMS and e-mails the embedded default "sent" to that recipient,
 * newest first, one per line. Reads DATA_DIR like the server.
 */
runCli({
  usage: USAGE,
  options: { to: { type: 'string' } },
  async run({ values, database, print }) {
    const raw = values.to;
    if (!raw) throw new UsageError();
    const recipient = raw.includes('@')
      ? raw.trim().toLowerCase()
      : raw.replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '');
    const rows = await (
      await database()
    )
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', recipient)
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
    if (rows.length === 0) print(`Nenhuma mensagem para ${recipient}.`);
    for (const row of rows) {
      const text = [row.subject, row.body].filter(Boolean).join(' | ').replace(/\s+/g, ' ');
      print(`${row.created_at}  ${row.channel.toUpperCase()}  ${text}`);
    }
  },
});
