'use client';
import Link from 'next/link';
import { useRef, useState, type FormEvent } from 'react';
import { errorMessage, fieldErrors } from '@/lib/apollo/errors';
import { formatDate } from '@/common/format/dates';
import { MATCHED_BY_LABELS, memberHref, QStaffMemberSearch } from '@/lib/painel/members';
import { FormAlert } from '../ui/form-alert';
import { Spinner } from '../ui/spinner';
import { TextField } from '../ui/text-field';
import { PainelTable } from './painel-table';
import { usePainelQuery } from './use-painel-query';

/**
 * The last search, so Back from a member's page shows the same list. Held in memory only (gone with a reload or the
 * tab): a CPF typed here stays out of the address, the browser's history and storage.
 */
let lastSearch = '';

const SEARCH_HINT = 'CPF ou celular em qualquer formato, o e-mail inteiro, ou parte do nome';

/** /painel/membros (atendimento): find a member by CPF, e-mail, celular or name; every identifier shown masked. */
export function MemberSearchScreen() {
  // The first render on the server has no last search; a page opened by a link in the painel has one.
  const [draft, setDraft] = useState(() => lastSearch);
  const [applied, setApplied] = useState(() => lastSearch);
  const field = useRef<HTMLInputElement>(null);
  const query = usePainelQuery(QStaffMemberSearch, { variables: { text: applied }, skip: applied === '' });
  const fields = fieldErrors(query.error as never);
  const result = query.data?.staffMemberSearch;

  const search = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    lastSearch = text;
    setApplied(text);
    if (!text) field.current?.focus();
  };

  return (
    <div className="painel-page member-search">
      <h1>Membros</h1>
      <p className="muted">
        Encontre o membro que pediu ajuda. O CPF, o e-mail e o celular aparecem sempre mascarados: confirme com a pessoa
        os dígitos que aparecem.
      </p>
      <form className="member-search__form" onSubmit={search} role="search" aria-label="Buscar membro">
        <TextField
          ref={field}
          label="CPF, e-mail, celular ou nome"
          hint={SEARCH_HINT}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          error={fields['text']}
        />
        <button type="submit" className="button button--primary">
          Buscar
        </button>
      </form>
      <FormAlert message={query.error && !fields['text'] ? errorMessage(query.error as never) : null} />
      {query.loading && <Spinner label="Buscando…" />}
      {result && (
        <section aria-labelledby="resultado" className="member-search__result">
          <h2 id="resultado" aria-live="polite">
            {result.matches.length === 0
              ? 'Nenhum membro encontrado'
              : result.matches.length === 1
                ? '1 membro encontrado'
                : `${result.matches.length} membros encontrados`}
          </h2>
          {result.matches.length === 0 && (
            <p>
              {result.kind === 'NAME'
                ? 'Confira a grafia ou busque pelo CPF, e-mail ou celular.'
                : 'Confira os dígitos com a pessoa, ou busque pelo nome.'}
            </p>
          )}
          {result.matches.length > 0 && (
            <PainelTable
              caption="Membros encontrados"
              columns={['Nome', 'CPF', 'E-mail', 'Celular', 'Situação', 'No clube desde', 'Encontrado pelo']}
            >
              {result.matches.map((member) => (
                <tr key={member.id}>
                  <th scope="row">
                    <Link href={memberHref(member.id)} prefetch={false}>
                      {member.name}
                    </Link>
                  </th>
                  <td className="member-masked">{member.cpfMasked}</td>
                  <td className="member-masked">{member.emailMasked}</td>
                  <td className="member-masked">{member.phoneMasked ?? '—'}</td>
                  <td>
                    <span
                      className={`painel-status ${member.disabled ? 'painel-status--disabled' : 'painel-status--active'}`}
                    >
                      {member.disabled ? 'Desativada' : 'Ativa'}
                    </span>
                  </td>
                  <td>{formatDate(member.since)}</td>
                  <td>{MATCHED_BY_LABELS[member.matchedBy] ?? member.matchedBy}</td>
                </tr>
              ))}
            </PainelTable>
          )}
          {result.more && <p>Há mais membros com esse nome: digite mais do nome ou busque pelo CPF.</p>}
        </section>
      )}
    </div>
  );
}
