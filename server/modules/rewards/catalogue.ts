import type { Db, RewardCategory, RewardType } from '../../db/schema';
import { insertMissingRewards } from './repository';

interface CatalogueReward {
  slug: string;
  name: string;
  category: RewardCategory;
  type: RewardType;
  points: number;
  stock: number;
  perMemberLimit: number | null;
  delivery: string;
  description: string;
}

/**
 * The club's first catalogue, written at every start when missing (by slug) and never overwritten: stock and
 * everything else are the operator's afterwards (`npm run rewards -- stock`). Until the content importer reads
 * content/premios/, this list is where a reward is added.
 */
export const CATALOGUE: readonly CatalogueReward[] = [
  {
    slug: 'trena-laser-40m',
    name: 'Trena a laser 40 m',
    category: 'ferramentas',
    type: 'produto',
    points: 1800,
    stock: 40,
    perMemberLimit: 1,
    delivery: 'Entregue no endereço da oficina em até 15 dias úteis, pelos Correios ou transportadora.',
    description: 'Mede até 40 m com precisão de ±2 mm, calcula área e volume e guarda as últimas 20 medições.',
  },
  {
    slug: 'jogo-formoes-6-pecas',
    name: 'Jogo de formões 6 peças',
    category: 'ferramentas',
    type: 'produto',
    points: 2500,
    stock: 25,
    perMemberLimit: 1,
    delivery: 'Entregue no endereço da oficina em até 15 dias úteis.',
    description: 'Formões de aço cromo-vanádio de 6 a 32 mm, cabo de madeira e estojo de lona.',
  },
  {
    slug: 'tupia-laminadora',
    name: 'Tupia laminadora 530 W',
    category: 'ferramentas',
    type: 'produto',
    points: 8500,
    stock: 10,
    perMemberLimit: 1,
    delivery: 'Entregue no endereço da oficina em até 20 dias úteis, por transportadora.',
    description: 'Para refilar fita de borda e fazer frisos: pinça de 6 mm, base transparente e velocidade variável.',
  },
  {
    slug: 'serra-esquadria-10',
    name: 'Serra de esquadria 10"',
    category: 'ferramentas',
    type: 'produto',
    points: 20000,
    stock: 3,
    perMemberLimit: 1,
    delivery: 'Entregue no endereço da oficina em até 30 dias úteis, por transportadora.',
    description: 'Serra de esquadria de 1.800 W com lâmina de 60 dentes, cortes a 45° e trava de bisel.',
  },
  {
    slug: 'grampos-sargento-4',
    name: 'Kit 4 grampos sargento 30 cm',
    category: 'acessorios',
    type: 'produto',
    points: 900,
    stock: 60,
    perMemberLimit: 2,
    delivery: 'Entregue no endereço da oficina em até 15 dias úteis.',
    description: 'Grampos de aperto rápido com mordente emborrachado, que não marcam o MDF.',
  },
  {
    slug: 'gabarito-dobradica-35',
    name: 'Gabarito para dobradiça de 35 mm',
    category: 'acessorios',
    type: 'produto',
    points: 600,
    stock: 80,
    perMemberLimit: 2,
    delivery: 'Entregue no endereço da oficina em até 15 dias úteis.',
    description: 'Gabarito com broca Forstner de 35 mm e batente regulável: a caneca certa em qualquer porta.',
  },
  {
    slug: 'avental-couro',
    name: 'Avental de raspa de couro',
    category: 'acessorios',
    type: 'produto',
    points: 350,
    stock: 100,
    perMemberLimit: 1,
    delivery: 'Entregue no endereço da oficina em até 15 dias úteis.',
    description: 'Avental de raspa com bolsos para lápis, trena e esquadro, alças cruzadas que poupam o pescoço.',
  },
  {
    slug: 'curso-projeto-moveis-planejados',
    name: 'Curso on-line: projeto de móveis planejados',
    category: 'cursos',
    type: 'curso',
    points: 1200,
    stock: 500,
    perMemberLimit: 1,
    delivery: 'O acesso chega por e-mail em até 2 dias úteis e vale por 12 meses.',
    description: 'Doze aulas sobre medição, plano de corte, ferragens e orçamento, com certificado.',
  },
  {
    slug: 'curso-acabamento-laca',
    name: 'Curso presencial: acabamento em laca',
    category: 'cursos',
    type: 'curso',
    points: 4500,
    stock: 20,
    perMemberLimit: 1,
    delivery: 'Turmas mensais em São Paulo; a data é combinada por WhatsApp em até 5 dias úteis.',
    description: 'Dois dias de prática: preparo, fundo, lixamento e aplicação de laca PU com pistola.',
  },
  {
    slug: 'vale-compra-100',
    name: 'Vale-compra de R$ 100 nas lojas parceiras',
    category: 'vales',
    type: 'vale',
    points: 1000,
    stock: 200,
    perMemberLimit: 5,
    delivery: 'O código chega por e-mail em até 2 dias úteis e vale por 90 dias em qualquer loja parceira.',
    description: 'Use em chapas, fitas e ferragens da marca em qualquer loja parceira do clube.',
  },
  {
    slug: 'vale-compra-500',
    name: 'Vale-compra de R$ 500 nas lojas parceiras',
    category: 'vales',
    type: 'vale',
    points: 4800,
    stock: 50,
    perMemberLimit: 2,
    delivery: 'O código chega por e-mail em até 2 dias úteis e vale por 90 dias em qualquer loja parceira.',
    description: 'Use em chapas, fitas e ferragens da marca em qualquer loja parceira do clube.',
  },
  {
    slug: 'visita-fabrica-mdf',
    name: 'Visita guiada à fábrica de MDF',
    category: 'experiencias',
    type: 'experiencia',
    points: 12000,
    stock: 8,
    perMemberLimit: 1,
    delivery: 'Viagem com acompanhante, transporte e hospedagem inclusos; datas combinadas por telefone.',
    description: 'Um dia na linha de produção de painéis, do cavaco ao revestimento, com almoço com a engenharia.',
  },
];

export async function seedRewardCatalogue(db: Db): Promise<void> {
  const at = new Date().toISOString();
  await insertMissingRewards(
    db,
    CATALOGUE.map((r) => ({
      slug: r.slug,
      name: r.name,
      category: r.category,
      type: r.type,
      points: r.points,
      stock: r.stock,
      per_member_limit: r.perMemberLimit,
      active_from: null,
      active_to: null,
      delivery: r.delivery,
      description: r.description,
      created_at: at,
      updated_at: at,
    })),
  );
}
