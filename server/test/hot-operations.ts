import { print, type DocumentNode } from 'graphql';
import { QMeDocument, QMyInvoicesDocument, QPointsEntriesDocument } from '../../lib/graphql/generated/graphql';
import { QHomeRemindersDocument } from '../../lib/home/operations.generated';
import {
  QStaffAuditDocument,
  QStaffDashboardDocument,
  QStaffInvoiceQueueDocument,
  QStaffMemberDocument,
  QStaffMemberSearchDocument,
  QStaffNextInvoiceDocument,
} from '../../lib/painel/operations.generated';
import type { GeneratedClub } from './generated-club';

/**
 * The requests whose cost must not grow with the club (issue #45's list): a member's own pages, by the heavy
 * member, and the painel's pages, each with the app's own document. The scale benchmark times them; the query-plan
 * guard explains every statement they send.
 */
export interface HotOperation {
  readonly name: string;
  readonly endpoint: 'member' | 'painel';
  readonly query: string;
  readonly variables: (club: GeneratedClub) => Record<string, unknown>;
}

export const MEMBER_LOGIN = `mutation Login($login: String!, $password: String!) {
  userLogin(login: $login, password: $password) { token refresh_token }
}`;

const text = (document: DocumentNode | { toString(): string }) =>
  'kind' in document ? print(document as DocumentNode) : String(document);
const none = () => ({});

export const HOT_OPERATIONS: readonly HotOperation[] = [
  {
    name: 'login',
    endpoint: 'member',
    query: MEMBER_LOGIN,
    variables: (club) => ({ login: club.heavyMemberEmail, password: club.password }),
  },
  { name: '`me`', endpoint: 'member', query: text(QMeDocument), variables: none },
  {
    name: 'extract, first page',
    endpoint: 'member',
    query: text(QPointsEntriesDocument),
    variables: () => ({ first: 20 }),
  },
  {
    name: '/minhas-nfs, first page',
    endpoint: 'member',
    query: text(QMyInvoicesDocument),
    variables: () => ({ first: 10 }),
  },
  { name: "heavy member's home reminders", endpoint: 'member', query: text(QHomeRemindersDocument), variables: none },
  { name: 'painel home', endpoint: 'painel', query: text(QStaffDashboardDocument), variables: none },
  {
    name: 'invoice queue, first page',
    endpoint: 'painel',
    query: text(QStaffInvoiceQueueDocument),
    variables: () => ({ first: 25 }),
  },
  { name: 'next invoice', endpoint: 'painel', query: text(QStaffNextInvoiceDocument), variables: none },
  {
    name: 'member search by name',
    endpoint: 'painel',
    query: text(QStaffMemberSearchDocument),
    variables: (club) => ({ text: club.nameSearch }),
  },
  {
    name: 'member page (support)',
    endpoint: 'painel',
    query: text(QStaffMemberDocument),
    variables: (club) => ({ id: String(club.heavyMemberId) }),
  },
  { name: 'audit list', endpoint: 'painel', query: text(QStaffAuditDocument), variables: () => ({ first: 50 }) },
];
