import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';

/**
 * `npm run outbox -- --to <phone or e-mail>`: the SMS and e-mails the embedded default "sent" to that recipient,
 * newest first, one per line. Reads DATA_DIR like the server.
 */
async function main(argv: readonly string[]): Promise<void> {
  const index = argv.indexOf('--to');
  const raw = index >= 0 ? argv[index + 1] : undefined;
  if (!raw) {
    console.error('Uso: npm run outbox -- --to <celular ou e-mail>   (ex.: --to "(11) 98765-4321")');
    process.exit(2);
  }
  const recipient = raw.includes('@')
    ? raw.trim().toLowerCase()
    : raw.replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '');
  const db = createDatabase(loadConfig().database);
  try {
    await migrateToLatest(db);
    const rows = await db
      .selectFrom('outbox')
      .selectAll()
      .where('recipient', '=', recipient)
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
    if (rows.length === 0) console.log(`Nenhuma mensagem para ${recipient}.`);
    for (const row of rows) {
      const text = [row.subject, row.body].filter(Boolean).join(' | ').replace(/\s+/g, ' ');
      console.log(`${row.created_at}  ${row.channel.toUpperCase()}  ${text}`);
    }
  } finally {
    await db.destroy();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
