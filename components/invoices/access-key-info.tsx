import { formatCnpj, MODEL_NAMES, type AccessKeyInfo } from '@/common/validation/access-key';

/** The key read back to the member, so a typo shows up as a wrong state, month or store. */
export function AccessKeyDetails({ info }: { info: AccessKeyInfo }) {
  return (
    <dl className="key-info" aria-label="Dados da chave de acesso">
      <div>
        <dt>Estado</dt>
        <dd>{info.uf}</dd>
      </div>
      <div>
        <dt>Emissão</dt>
        <dd>
          {String(info.month).padStart(2, '0')}/{info.year}
        </dd>
      </div>
      <div>
        <dt>CNPJ do emitente</dt>
        <dd>{formatCnpj(info.issuerCnpj)}</dd>
      </div>
      <div>
        <dt>Modelo</dt>
        <dd>
          {MODEL_NAMES[info.model]} ({info.model})
        </dd>
      </div>
      <div>
        <dt>Número</dt>
        <dd>
          {info.number} (série {info.series})
        </dd>
      </div>
    </dl>
  );
}
