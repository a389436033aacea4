/** Keeps only the digits of a typed value ("529.982.247-25" → "52998224725"). */
export const onlyDigits = (value: string): string => value.replace(/\D/g, '');
