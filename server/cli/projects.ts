import { userInfo } from 'node:os';
import { formatStaffTime } from '../../common/format/dates';
import {
  approveProject,
  projectsForReview,
  publishProject,
  rejectProject,
  unpublishProject,
} from '../modules/projects';
import { terminalActor } from '../modules/staff';
import { REVIEW_INPUT_OPTIONS, runCli, UsageError } from './run';

const USAGE = `Uso:
  npm run projects -- list                              projetos (os que aguardam análise primeiro)
  npm run projects -- approve <id> [--points N] [--confirm]
                                                        aprova e credita os pontos (500, ou N); --confirm confirma um
                                                        projeto com alerta ou acima de REVIEW_CONFIRM_POINTS; acima de
                                                        REVIEW_FOUR_EYES_POINTS fica pedido até outra pessoa da equipe
                                                        confirmar no painel
  npm run projects -- reject <id> --reason "motivo"     recusa, com o motivo que o membro verá
  npm run projects -- publish <id>                      publica as fotos (só com a autorização do membro)
  npm run projects -- unpublish <id> --reason "motivo"  tira as fotos do ar (a aprovação e os pontos ficam)
  --by "nome"                                           quem age, na auditoria (senão o usuário do sistema)`;

const STATUS = { received: 'recebido', in_review: 'em análise', approved: 'aprovado', rejected: 'recusado' } as const;

runCli({
  usage: USAGE,
  options: {
    points: { type: 'string' },
    reason: { type: 'string' },
    by: { type: 'string' },
    confirm: { type: 'boolean' },
  },
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
      const { project, alreadyApproved } = await approveProject(deps, actor, id, points, {
        confirmed: values.confirm === true,
      });
      print(
        alreadyApproved
          ? `Projeto #${project.id} já estava aprovado: ${project.points ?? 0} pontos creditados uma única vez.`
          : project.status === 'approved'
            ? `Projeto #${project.id} aprovado: ${project.points ?? 0} pontos creditados.`
            : `Projeto #${project.id}: aprovação pedida. Nenhum ponto foi creditado: outra pessoa da equipe confirma no painel.`,
      );
    } else if (command === 'reject') {
      const project = await rejectProject(deps, actor, id, values.reason ?? '');
      print(`Projeto #${project.id} recusado: ${project.rejection_reason}`);
    } else if (command === 'publish') {
      const { project, alreadyPublished } = await publishProject(deps, actor, id);
      print(alreadyPublished ? `Projeto #${project.id} já estava publicado.` : `Projeto #${project.id} publicado.`);
    } else if (command === 'unpublish') {
      const project = await unpublishProject(deps, actor, id, values.reason ?? '');
      print(`Projeto #${project.id} fora do ar: as fotos saíram das páginas públicas.`);
    } else {
      throw new UsageError();
    }
  },
});
