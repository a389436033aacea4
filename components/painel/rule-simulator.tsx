'use client';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '@/lib/apollo/errors';
import { formatPoints } from '@/common/format/numbers';
import { QStaffSimulateRules, type QStaffSimulateRulesQuery } from '@/lib/painel/operations';
import { FormAlert } from '../ui/form-alert';
import { SubmitButton } from '../ui/submit-button';
import { usePainelMutation } from './use-painel-mutation';

type Simulation = QStaffSimulateRulesQuery['staffSimulateRules'];

const reais = (cents: number) =>
  (cents / 100).toLocaleString('pt-BR', { style: 'currency', currency: 'BRL', minimumFractionDigits: 2 });

/** The XML the painel sends at most: the API's own limit. */
const XML_MAX_BYTES = 2 * 1024 * 1024;

/** "Simular uma nota": an NF-e XML pasted or chosen, through the rules of its day, each item with its rule and points. */
export function RuleSimulator() {
  const [xml, setXml] = useState('');
  const [alert, setAlert] = useState<string | null>(null);
  const [result, setResult] = useState<Simulation | null>(null);
  const [simulate, { loading }] = usePainelMutation(QStaffSimulateRules);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > XML_MAX_BYTES) return setAlert('O XML passa de 2 MB: não é o de uma NF-e.');
    setAlert(null);
    setXml(await file.text());
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    if (!xml.trim()) return setAlert('Cole o XML da nota ou escolha o arquivo.');
    setAlert(null);
    try {
      setResult((await simulate({ xml })).staffSimulateRules);
    } catch (error) {
      setAlert(errorMessage(error as never));
    }
  };

  return (
    <section className="card painel-rule-sim" aria-labelledby="painel-simular">
      <h2 id="painel-simular">Simular uma nota</h2>
      <p className="muted">
        Os pontos de cada item pelas regras do dia da compra. Nada é gravado; limites por membro não entram.
      </p>
      <form className="form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormAlert message={alert} />
        <div className="field">
          <label className="field__label" htmlFor="painel-simular-xml">
            XML da NF-e
          </label>
          <textarea
            id="painel-simular-xml"
            rows={6}
            spellCheck={false}
            value={xml}
            onChange={(event) => setXml(event.target.value)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor="painel-simular-arquivo">
            Ou escolha o arquivo XML
          </label>
          <input
            id="painel-simular-arquivo"
            type="file"
            accept=".xml,text/xml,application/xml"
            onChange={(event) => void onFile(event.target.files?.[0])}
          />
        </div>
        <SubmitButton busy={loading} busyLabel="Simulando…">
          Simular
        </SubmitButton>
      </form>
      {result && (
        <div className="painel-rule-sim__result" role="status">
          <p>
            {result.issuerName} ({result.uf}) · compra de {result.day} ·{' '}
            <strong>{formatPoints(result.total)} pontos</strong>
          </p>
          <div className="painel-table-wrap">
            <table className="painel-table">
              <caption>Itens da nota simulada</caption>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col" className="painel-table__number">
                    Valor
                  </th>
                  <th scope="col">Regra</th>
                  <th scope="col" className="painel-table__number">
                    Pontos
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.items.map((item) => (
                  <tr key={item.index}>
                    <th scope="row">
                      {item.description}
                      <span className="painel-table__sub">
                        {item.quantity} {item.unit}
                        {item.gtin ? ` · GTIN ${item.gtin}` : ' · sem GTIN'}
                      </span>
                    </th>
                    <td className="painel-table__number">{reais(item.valueCents)}</td>
                    <td>
                      {!item.participates
                        ? 'não participa do clube'
                        : item.parts.length === 0
                          ? 'nenhuma regra em vigor'
                          : item.parts
                              .map((p) => `${p.name} (${p.code} v${p.version}): ${formatPoints(p.points)}`)
                              .join('; ')}
                    </td>
                    <td className="painel-table__number">{formatPoints(item.points)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}
