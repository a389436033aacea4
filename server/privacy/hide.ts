/**
 * What of a member's documents staff and operators may see: enough to tell two people apart on the phone, never the
 * whole number (common/format/masks formats a number as it is typed; these hide it).
 */

/** `***.982.***-25`: the middle digits and the last two of an 11-digit CPF. */
export const hideCpf = (cpf: string): string => `***.${cpf.slice(3, 6)}.***-${cpf.slice(-2)}`;

/** `**.***.***\/****-81`: only the two check digits of a 14-digit CNPJ. */
export const hideCnpj = (cnpj: string): string => `**.***.***/****-${cnpj.slice(-2)}`;
