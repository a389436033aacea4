import { userInfo } from 'node:os';
import { formatStaffTime } from '../../lib/format/dates';
import { approveProject, projectsForReview, publishProject, rejectProject } from '../modules/projects';
import { terminalActor } from '../modules/staff';
import { REVIEW_INPUT_OPTIONS, runCli, UsageError } from './run';

const USAGE = `Uso:
  npm run projects -- list                              projetos (os que aguardam análise primeiro)
  npm run projects -- approve <id> [--points N]         aprova e credita os pontos (500, ou N)
  npm run projects -- reject <id> --reason "motivo"     recusa, com o motivo que o membro verá
  npm run projects -- publish <id>                      publica as fotos (só com a autorização do membro)
  --by "nome"                                           quem age, na auditoria (senão o usuário do sistema)`;

const STATUS = { received: 'recebido', in_review: 'em análise', approved: 'aprovado', rejected: 'recusado' } as const;

runCli({
  usage: USAGE,
  options: { points: { type: 'string' }, reason: { type: 'string' }, by: { type: 'string' } },
  inputOptions: REVIEW_INPUT_OPTIONS,
  async run({ positionals: [command, rawId], values, config, database, print }) {
    const db = await database();
    const deps = { db, config };
    // Each change is audited with the operator's name, as the painel audits its reviewer.
    const actor = terminalActor(values.by?.trim() || userInfo().username);
    if (command === 'list') {
      const rows = await projectsForReview(db);
      if (rows.length === 0) print('Nenhum projeto enviado.');
      for (const r of rows) {
        const points = r.points === null ? '' : `  ${r.points} pontos`;
        const publishing = r.published_at ? '  publicado' : r.publish_consent === 1 ? '  autoriza publicar' : '';
        print(
          `#${r.id}  ${STATUS[r.status]}  ${formatStaffTime(r.created_at)}  ${r.name}  "${r.title}"  ${r.city}/${r.uf}${points}${publishing}${r.risk_reason ? `  ⚠ ${r.risk_reason}` : ''}`,
        );
      }
      return;
    }
    const id = Number(rawId);
    if (!Number.isInteger(id) || id <= 0) throw new UsageError();
    if (command === 'approve') {
      const points = values.points === undefined ? undefined : Number(values.points);
      const { project, alreadyApproved } = await approveProject(deps, actor, id, points);
      print(
        alreadyApproved
          ? `Projeto #${project.id} já estava aprovado: ${project.points ?? 0} pontos creditados uma única vez.`
          : `Projeto #${project.id} aprovado: ${project.points ?? 0} pontos creditados.`,
      );
    } else if (command === 'reject') {
      const project = await rejectProject(deps, actor, id, values.reason ?? '');
      print(`Projeto #${project.id} recusado: ${project.rejection_reason}`);
    } else if (command === 'publish') {
      const { project, alreadyPublished } = await publishProject(deps, actor, id);
      print(alreadyPublished ? `Projeto #${project.id} já estava publicado.` : `Projeto #${project.id} publicado.`);
    } else {
      throw new UsageError();
    }
  },
});
