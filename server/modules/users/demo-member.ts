/** The demo member of the embedded default and of the tests: never seeded in production. */
export const DEMO_MEMBER = {
  name: 'Ana',
  surName: 'Souza',
  cpf: '52998224725',
  email: 'marceneiro@exemplo.com.br',
  phoneNumber: '11987654321',
  password: 'Serragem#2026',
} as const;
