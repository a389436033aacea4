'use client';
import Link from 'next/link';
import { useEffect, useState } from 'react';
import { QStaffMember, type StaffMemberDetailFieldsFragment } from '@/lib/painel/members';
import { painelRoutes } from '@/common/painel/routes';
import { Spinner } from '../../ui/spinner';
import { PainelPageLoading } from '../painel-page-loading';
import { usePainelQuery } from '../use-painel-query';
import { AccountCard } from './account-card';
import { ActivitySection } from './activity-section';
import { BackLink } from './back-link';
import { ChangesSection } from './changes-section';
import { LedgerSection } from './ledger-section';
import { NotesSection } from './notes-section';
import { PointsAdjustment } from './points-adjustment';
import { SessionsSection } from './sessions-section';
import { SwitchesCard } from './switches-card';
import { WhatsappSection } from './whatsapp-section';

type Member = StaffMemberDetailFieldsFragment;
const TITLE = 'Ficha do membro';
const LOADING = 'Carregando o membro…';

/** /painel/membros/ficha?id=… (atendimento): one member's account, what they did, and the support switches. */
export function MemberScreen() {
  const [id, setId] = useState<string | null | undefined>(undefined);
  useEffect(() => setId(new URLSearchParams(window.location.search).get('id')), []);
  if (id === undefined) return <Spinner label={LOADING} />;
  if (id === null) {
    return (
      <div className="painel-page">
        <h1>{TITLE}</h1>
        <p>
          Encontre o membro na <Link href={painelRoutes.painelMembers()}>busca de membros</Link>.
        </p>
      </div>
    );
  }
  return <MemberLoader id={id} />;
}

function MemberLoader({ id }: { id: string }) {
  const query = usePainelQuery(QStaffMember, { variables: { id } });
  const [member, setMember] = useState<Member | null>(null);
  useEffect(() => {
    if (query.data) setMember(query.data.staffMember);
  }, [query.data]);
  if (!member)
    return <PainelPageLoading title={TITLE} loadingLabel={LOADING} error={query.error} before={<BackLink />} />;
  return <MemberPage member={member} onChanged={setMember} />;
}

function MemberPage({ member, onChanged }: { member: Member; onChanged: (member: Member) => void }) {
  return (
    <div className="painel-page member-page">
      <BackLink />
      <h1>
        {member.name}{' '}
        <span className={`painel-status ${member.disabled ? 'painel-status--disabled' : 'painel-status--active'}`}>
          {member.disabled ? 'Conta desativada' : 'Conta ativa'}
        </span>
      </h1>
      <div className="member-page__top">
        <AccountCard member={member} />
        <SwitchesCard member={member} onChanged={onChanged} />
      </div>
      <NotesSection memberId={member.id} />
      <SessionsSection member={member} />
      <ActivitySection member={member} />
      <LedgerSection id={member.id} balance={member.balance} />
      <PointsAdjustment memberId={member.id} />
      <WhatsappSection memberId={member.id} />
      <ChangesSection member={member} />
    </div>
  );
}
