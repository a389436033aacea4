/** What the painel's invoice screens share: labels, the refusal templates and the keyboard shortcuts. */
import { PHOTO_SHORTCUTS } from './review-desk';

export const INVOICE_STATUS_LABELS: Readonly<Record<string, string>> = {
  received: 'Recebida',
  in_review: 'Em análise',
  approved: 'Aprovada',
  rejected: 'Recusada',
};

export const FILE_KIND_LABELS: Readonly<Record<string, string>> = {
  jpeg: 'Foto',
  png: 'Foto',
  webp: 'Foto',
  heic: 'Foto',
  pdf: 'PDF',
  xml: 'XML',
};

export const isPhoto = (kind: string) => FILE_KIND_LABELS[kind] === 'Foto';

export const SIGNAL_LABELS: Readonly<Record<string, string>> = {
  FLAG: 'Alerta da conferência',
  DEVICE: 'Regra do aparelho',
  SAME_FILE_OTHER_MEMBER: 'Mesmo arquivo de outro membro',
  SAME_FILE_SAME_MEMBER: 'Arquivo repetido',
  SAME_KEY_OTHER_MEMBER: 'Chave tentada por outro membro',
  ISSUER_SIGNATURE: 'XML não autêntico',
  SEFAZ_AUTHORISATION: 'XML não autorizado',
  AUTO_APPROVAL_LIMIT: 'Limite da aprovação automática',
};

/** Reasons the member reads, chosen from a list and completed by the reviewer. */
export const REJECTION_TEMPLATES: readonly string[] = [
  'A foto está ilegível. Envie uma foto nítida da nota inteira, bem iluminada.',
  'A chave de acesso não aparece nos arquivos. Envie a nota inteira.',
  'A nota está em nome de outro CPF.',
  'A loja desta nota não participa do clube.',
  'A compra foi feita há mais de 90 dias.',
  'Esta nota já foi enviada ao clube.',
];

/** The review page's shortcuts, as listed on screen; none acts while a field has the focus. */
export const REVIEW_SHORTCUTS = [
  { key: 'a', label: 'Aprovar com os pontos informados' },
  { key: 'r', label: 'Recusar: vai para o motivo' },
  { key: 'p', label: 'Próxima nota da fila' },
  ...PHOTO_SHORTCUTS,
] as const;

/** The access key in groups of four, as printed on the DANFE. */
export const groupedKey = (key: string) => key.replace(/(\d{4})(?=\d)/g, '$1 ');
