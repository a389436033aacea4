import type { Db } from '../../db/schema';

const CAREERS: readonly { name: string; woodWorkRelated: boolean }[] = [
  { name: 'Marceneiro', woodWorkRelated: true },
  { name: 'Moveleiro', woodWorkRelated: true },
  { name: 'Arquiteto', woodWorkRelated: false },
  { name: 'Designer de interiores', woodWorkRelated: false },
  { name: 'Outro', woodWorkRelated: false },
];

/** The 27 federative units, each with its capital so every state has at least one city to pick. */
const STATES: readonly { uf: string; name: string; capital: string }[] = [
  { uf: 'AC', name: 'Acre', capital: 'Rio Branco' },
  { uf: 'AL', name: 'Alagoas', capital: 'Maceió' },
  { uf: 'AP', name: 'Amapá', capital: 'Macapá' },
  { uf: 'AM', name: 'Amazonas', capital: 'Manaus' },
  { uf: 'BA', name: 'Bahia', capital: 'Salvador' },
  { uf: 'CE', name: 'Ceará', capital: 'Fortaleza' },
  { uf: 'DF', name: 'Distrito Federal', capital: 'Brasília' },
  { uf: 'ES', name: 'Espírito Santo', capital: 'Vitória' },
  { uf: 'GO', name: 'Goiás', capital: 'Goiânia' },
  { uf: 'MA', name: 'Maranhão', capital: 'São Luís' },
  { uf: 'MT', name: 'Mato Grosso', capital: 'Cuiabá' },
  { uf: 'MS', name: 'Mato Grosso do Sul', capital: 'Campo Grande' },
  { uf: 'MG', name: 'Minas Gerais', capital: 'Belo Horizonte' },
  { uf: 'PA', name: 'Pará', capital: 'Belém' },
  { uf: 'PB', name: 'Paraíba', capital: 'João Pessoa' },
  { uf: 'PR', name: 'Paraná', capital: 'Curitiba' },
  { uf: 'PE', name: 'Pernambuco', capital: 'Recife' },
  { uf: 'PI', name: 'Piauí', capital: 'Teresina' },
  { uf: 'RJ', name: 'Rio de Janeiro', capital: 'Rio de Janeiro' },
  { uf: 'RN', name: 'Rio Grande do Norte', capital: 'Natal' },
  { uf: 'RS', name: 'Rio Grande do Sul', capital: 'Porto Alegre' },
  { uf: 'RO', name: 'Rondônia', capital: 'Porto Velho' },
  { uf: 'RR', name: 'Roraima', capital: 'Boa Vista' },
  { uf: 'SC', name: 'Santa Catarina', capital: 'Florianópolis' },
  { uf: 'SP', name: 'São Paulo', capital: 'São Paulo' },
  { uf: 'SE', name: 'Sergipe', capital: 'Aracaju' },
  { uf: 'TO', name: 'Tocantins', capital: 'Palmas' },
];

const EXTRA_CITIES: readonly { uf: string; name: string }[] = [
  { uf: 'SP', name: 'Campinas' },
  { uf: 'SP', name: 'São Bernardo do Campo' },
  { uf: 'PR', name: 'Londrina' },
  { uf: 'MG', name: 'Uberlândia' },
];

/** Careers, states and their capitals: written at every start, existing rows left alone. */
export async function seedPlacesAndCareers(db: Db): Promise<void> {
  await db
    .insertInto('careers')
    .values(CAREERS.map((c) => ({ name: c.name, wood_work_related: c.woodWorkRelated ? 1 : 0 })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  await db
    .insertInto('states')
    .values(STATES.map((s) => ({ uf: s.uf, name: s.name })))
    .onConflict((oc) => oc.column('uf').doNothing())
    .execute();
  const states = await db.selectFrom('states').select(['id', 'uf']).execute();
  const stateId = new Map(states.map((s) => [s.uf, s.id]));
  const cities = [...STATES.map((s) => ({ uf: s.uf, name: s.capital })), ...EXTRA_CITIES].flatMap((c) => {
    const id = stateId.get(c.uf);
    return id === undefined ? [] : [{ state_id: id, name: c.name }];
  });
  await db
    .insertInto('cities')
    .values(cities)
    .onConflict((oc) => oc.columns(['state_id', 'name']).doNothing())
    .execute();
}
