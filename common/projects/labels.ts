import type { ProjectEnvironment, ProjectStatus } from '../member-schema.generated';

/** The room of a project as members read it; the form's select and every project screen use this one list. */
export const ENVIRONMENT_LABELS: Record<ProjectEnvironment, string> = {
  KITCHEN: 'Cozinha',
  BEDROOM: 'Dormitório',
  BATHROOM: 'Banheiro',
  LAUNDRY: 'Lavanderia',
  LIVING_ROOM: 'Sala',
  OFFICE: 'Escritório',
  OUTDOOR: 'Área externa',
  COMMERCIAL: 'Comercial',
  OTHER: 'Outro',
};

/** A project is masculine in Portuguese ("o projeto"), unlike the invoices' "Recebida"/"Aprovada". */
export const PROJECT_STATUS_LABELS: Record<ProjectStatus, string> = {
  RECEIVED: 'Recebido',
  IN_REVIEW: 'Em análise',
  APPROVED: 'Aprovado',
  REJECTED: 'Recusado',
};
