import type { ProjectFieldsFragment } from '@/lib/graphql/generated/graphql';

/** Projects as the API answers them, shared by the projects screens' tests. */
export const photo = (projectId: string, position: number, total: number) => ({
  __typename: 'ProjectPhoto' as const,
  id: `${projectId}-p${position}`,
  position,
  alt: `Projeto ${projectId} — foto ${position + 1} de ${total}`,
  url: `/arquivos/projetos/${projectId}/${position}.jpg`,
  width: 1600,
  height: 1200,
  thumbnailUrl: `/arquivos/projetos/${projectId}/${position}-mini.jpg`,
  thumbnailWidth: 480,
  thumbnailHeight: 360,
});

export const projectCard = (n: number) => ({
  __typename: 'Project' as const,
  id: String(n),
  title: `Projeto ${n}`,
  environment: 'KITCHEN' as const,
  status: 'IN_REVIEW' as const,
  points: null,
  // Newer projects have higher numbers, as the API sends them (newest first).
  createdAt: `2026-03-${String(n).padStart(2, '0')}T15:00:00.000Z`,
  cover: photo(String(n), 0, 1),
});

export function project(overrides: Partial<ProjectFieldsFragment> = {}) {
  return {
    ...projectCard(7),
    title: 'Cozinha planejada',
    description: 'Armários em MDF.\nPuxadores embutidos.',
    uf: 'SP',
    city: 'Campinas',
    finishedMonth: '2026-03',
    rejectionReason: null,
    publishConsent: true,
    published: false,
    campaignSlug: null,
    campaignTitle: null,
    updatedAt: '2026-03-10T15:00:00.000Z',
    products: [
      { __typename: 'Product' as const, id: 'p1', name: 'MDF Branco TX', category: 'Painéis MDF' },
      { __typename: 'Product' as const, id: 'p2', name: 'Dobradiça 35 mm', category: 'Dobradiças' },
      { __typename: 'Product' as const, id: 'p3', name: 'MDF Carvalho', category: 'Painéis MDF' },
    ],
    invoices: [
      { __typename: 'ProjectInvoice' as const, id: 'n1', number: 123, issuerName: 'Loja X', issuedMonth: '2026-03' },
    ],
    photos: [photo('7', 0, 3), photo('7', 1, 3), photo('7', 2, 3)],
    events: [
      { __typename: 'ProjectEvent' as const, status: 'RECEIVED' as const, note: null, at: '2026-03-07T15:00:00.000Z' },
    ],
    ...overrides,
  };
}
