import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { createDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { projectsForReview } from '../modules/projects/repository';
import { approveProject, publishProject, rejectProject } from '../modules/projects/review';

const USAGE = `Uso:
  npm run projects -- list                              projetos (os que aguardam análise primeiro)
  npm run projects -- approve <id> [--points N]         aprova e credita os pontos (500, ou N)
  npm run projects -- reject <id> --reason "motivo"     recusa, com o motivo que o membro verá
  npm run projects -- publish <id>                      publica as fotos (só com a autorização do membro)`;

const STATUS = { received: 'recebido', in_review: 'em análise', approved: 'aprovado', rejected: 'recusado' } as const;

async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    args: process.argv.slice(2),
    allowPositionals: true,
    options: { points: { type: 'string' }, reason: { type: 'string' } },
  });
  const [command, rawId] = positionals;
  const config = loadConfig();
  const db = createDatabase(config.database);
  try {
    await migrateToLatest(db);
    const now = new Date();
    if (command === 'list') {
      const rows = await projectsForReview(db);
      if (rows.length === 0) console.log('Nenhum projeto enviado.');
      for (const r of rows) {
        const points = r.points === null ? '' : `  ${r.points} pontos`;
        const publishing = r.published_at ? '  publicado' : r.publish_consent === 1 ? '  autoriza publicar' : '';
        console.log(
          `#${r.id}  ${STATUS[r.status]}  ${r.created_at.slice(0, 16).replace('T', ' ')}  ${r.name}  "${r.title}"  ${r.city}/${r.uf}${points}${publishing}${r.risk_reason ? `  ⚠ ${r.risk_reason}` : ''}`,
        );
      }
      return 0;
    }
    const id = Number(rawId);
    if (['approve', 'reject', 'publish'].includes(command ?? '') && Number.isInteger(id) && id > 0) {
      if (command === 'approve') {
        if (values.points !== undefined && !/^\d+$/.test(values.points))
          throw new Error('--points precisa ser um número inteiro de 0 a 10.000.000.');
        const points = values.points === undefined ? undefined : Number(values.points);
        const { project, alreadyApproved } = await approveProject(db, id, now, points);
        console.log(
          alreadyApproved
            ? `Projeto #${project.id} já estava aprovado: ${project.points ?? 0} pontos creditados uma única vez.`
            : `Projeto #${project.id} aprovado: ${project.points ?? 0} pontos creditados.`,
        );
      } else if (command === 'reject') {
        const project = await rejectProject(db, id, values.reason ?? '', now);
        console.log(`Projeto #${project.id} recusado: ${project.rejection_reason}`);
      } else {
        const { project, alreadyPublished } = await publishProject(db, id, now);
        console.log(
          alreadyPublished ? `Projeto #${project.id} já estava publicado.` : `Projeto #${project.id} publicado.`,
        );
      }
      return 0;
    }
    console.error(USAGE);
    return 2;
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
