/**
 * The staff's roles, spelled once for the API (the staff schema's StaffRole, the role checks, the terminal's
 * `--roles`) and the painel (labels, the sections each role opens). A person may hold several.
 */
export const STAFF_ROLES = ['revisor', 'atendimento', 'lojas', 'premios', 'campanhas', 'admin'] as const;

export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (value: string): value is StaffRole => (STAFF_ROLES as readonly string[]).includes(value);

/** pt-BR name of each role and what it covers, as the painel and the terminal show them. */
export const ROLE_INFO: Readonly<Record<StaffRole, { readonly label: string; readonly covers: string }>> = {
  revisor: { label: 'Revisão', covers: 'notas fiscais e projetos' },
  atendimento: { label: 'Atendimento', covers: 'membros' },
  lojas: { label: 'Lojas', covers: 'lojas, totens e relatórios' },
  premios: { label: 'Prêmios', covers: 'resgates, códigos e transferências a parceiros' },
  campanhas: { label: 'Campanhas', covers: 'regras de pontos, campanhas e produtos' },
  admin: { label: 'Administração', covers: 'contas da equipe e auditoria' },
};

/** Roles in the table's order, whatever order they were given in. */
export const sortRoles = (roles: readonly string[]): StaffRole[] => STAFF_ROLES.filter((role) => roles.includes(role));
