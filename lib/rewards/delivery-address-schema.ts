import * as z from 'zod/mini';
import { plainTextSchema as text } from '@/common/validation/plain-text-schema';
import { cepSchema } from '@/common/validation/profile-schema';

/**
 * The delivery address of one redemption, as the confirmation's form holds it (the profile's address fields). The
 * limits and messages are the ones the API checks on `RewardAddressInput` (server/modules/rewards/service.ts).
 */
export const deliveryAddressSchema = z.object({
  cep: cepSchema,
  address: text(3, 120, 'Informe a rua do endereço de entrega.'),
  number: text(1, 10, 'Informe o número do endereço (ou "s/n").'),
  complement: text(0, 60, 'O complemento pode ter no máximo 60 caracteres.'),
  district: text(0, 60, 'O bairro pode ter no máximo 60 caracteres.'),
  stateId: z.string().check(z.minLength(1, 'Escolha o estado do endereço de entrega.')),
  cityName: text(2, 80, 'Informe a cidade do endereço de entrega.'),
});

export type DeliveryAddressInput = z.input<typeof deliveryAddressSchema>;
export type DeliveryAddressData = z.output<typeof deliveryAddressSchema>;
