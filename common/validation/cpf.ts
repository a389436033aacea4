import { onlyDigits } from '../format/digits';

function checkDigit(digits: readonly number[], weightStart: number): number {
  const sum = digits.reduce((acc, d, i) => acc + d * (weightStart - i), 0);
  const rest = (sum * 10) % 11;
  return rest === 10 ? 0 : rest;
}

/** CPF check-digit validation; masked or plain input, repeated-digit CPFs (111.111.111-11) refused. */
export function isValidCpf(value: string): boolean {
  const cpf = onlyDigits(value);
  if (cpf.length !== 11 || /^(\d)\1{10}$/.test(cpf)) return false;
  const nums = [...cpf].map(Number);
  return checkDigit(nums.slice(0, 9), 10) === nums[9] && checkDigit(nums.slice(0, 10), 11) === nums[10];
}
