// The choices the profile forms show, apart from their zod schemas (which load when a form is sent).

export const GENDERS = [
  { value: 'feminino', label: 'Feminino' },
  { value: 'masculino', label: 'Masculino' },
  { value: 'outro', label: 'Outro' },
  { value: 'nao-informar', label: 'Prefiro não informar' },
] as const;

export const CUSTOMER_TYPES = [
  { value: 'pessoa-fisica', label: 'Clientes finais (pessoa física)' },
  { value: 'pessoa-juridica', label: 'Empresas, lojas e construtoras' },
  { value: 'ambos', label: 'Os dois' },
] as const;

export const PROJECT_GRADES = [
  { name: 'bedroomProjectGrade', label: 'Quartos' },
  { name: 'kitchenProjectGrade', label: 'Cozinhas' },
  { name: 'bathroomProjectGrade', label: 'Banheiros' },
  { name: 'laundryProjectGrade', label: 'Lavanderias' },
  { name: 'livingRoomProjectGrade', label: 'Salas' },
] as const;

export const GRADE_MIN = 1;
export const GRADE_MAX = 5;
