import sample from './cep-sample.json';
import { outboundSender, responseJson, type OutboundSend } from './outbound';

/** What a CEP lookup answers: street and district may be empty for a city-wide CEP. */
export interface CepAddress {
  cep: string;
  address: string | null;
  district: string | null;
  cityName: string;
  uf: string;
}

export interface CepProvider {
  /** The address of an 8-digit CEP, or null when unknown or when the provider cannot answer. */
  lookup(cep: string): Promise<CepAddress | null>;
}

type SampleRow = [string, string | null, string | null, string, string];

const SAMPLE = new Map<string, CepAddress>(
  (sample as SampleRow[]).map(([cep, address, district, cityName, uf]) => [
    cep,
    { cep, address, district, cityName, uf },
  ]),
);

/** The embedded default: a few dozen real CEPs, one or more per capital, so the flow can be shown offline. */
export const sampleCepProvider: CepProvider = {
  lookup: async (cep) => SAMPLE.get(cep) ?? null,
};

interface ViaCepAnswer {
  erro?: boolean | string;
  cep?: string;
  logradouro?: string;
  bairro?: string;
  localidade?: string;
  uf?: string;
}

const blankToNull = (value: string | undefined): string | null => (value && value.trim() !== '' ? value.trim() : null);

/** ViaCEP over HTTPS, through the outbound guard. `send` is injectable so tests never reach the internet. */
export function viaCepProvider(send: OutboundSend = outboundSender({ timeoutMs: 4000 })): CepProvider {
  return {
    async lookup(cep) {
      const response = await send(`https://viacep.com.br/ws/${cep}/json/`, { headers: { accept: 'application/json' } });
      if (response.status !== 200) throw new Error(`ViaCEP answered ${response.status}`);
      const body = responseJson(response) as ViaCepAnswer | null;
      if (!body) throw new Error('ViaCEP answered something other than JSON');
      if (body.erro || !body.localidade || !body.uf) return null;
      return {
        cep,
        address: blankToNull(body.logradouro),
        district: blankToNull(body.bairro),
        cityName: body.localidade,
        uf: body.uf.toUpperCase(),
      };
    },
  };
}

/**
 * The configured provider, falling back to the bundled sample when it fails (down, slow, no internet): a lookup
 * never breaks the form, and the member can always type the address by hand.
 */
export function createCepProvider(
  kind: 'viacep' | 'sample',
  options: { send?: OutboundSend; onError?: (error: unknown) => void } = {},
): CepProvider {
  if (kind === 'sample') return sampleCepProvider;
  const primary = viaCepProvider(options.send);
  return {
    async lookup(cep) {
      try {
        return await primary.lookup(cep);
      } catch (error) {
        options.onError?.(error);
        return sampleCepProvider.lookup(cep);
      }
    },
  };
}
