/** Members the end-to-end tests log in as; created by global-setup next to the seeded demo member. */
export const PASSWORD = 'Serragem#2026';

export const demo = {
  name: 'Ana',
  cpf: '529.982.247-25',
  email: 'marceneiro@exemplo.com.br',
  phone: '(11) 98765-4321',
  password: PASSWORD,
};

/** The account the seed creates with accountType 'editor', which may read drafts. */
export const editor = { name: 'Paula', email: 'editor@exemplo.com.br', password: PASSWORD };

const complete = {
  birthDate: '1990-05-20',
  gender: 'masculino',
  careerName: 'Marceneiro',
  cep: '01310100',
  address: 'Avenida Paulista',
  number: '200',
  district: 'Bela Vista',
  stateUf: 'SP',
  cityName: 'São Paulo',
};

export const testMembers = {
  incomplete: {
    name: 'Bruno',
    surName: 'Lima',
    cpf: '12345678909',
    email: 'bruno@exemplo.com.br',
    phoneNumber: '11911110001',
    phoneVerified: true,
  },
  noPhone: { name: 'Carla', surName: 'Dias', cpf: '98765432100', email: 'carla@exemplo.com.br', ...complete },
  mustChangePassword: {
    name: 'Davi',
    surName: 'Rocha',
    cpf: '11144477735',
    email: 'davi@exemplo.com.br',
    phoneNumber: '11911110003',
    phoneVerified: true,
    changePasswordRequired: true,
    ...complete,
  },
  disabled: {
    name: 'Elisa',
    surName: 'Prado',
    cpf: '24681357928',
    email: 'elisa@exemplo.com.br',
    phoneNumber: '11911110004',
    phoneVerified: true,
    disabled: true,
    ...complete,
  },
} as const;
