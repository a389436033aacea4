// The painel's documents (lib/painel/operations.graphql, checked against the staff schema), named as the screens use
// them, and their types.
export type * from './operations.generated';
export {
  QStaffMeDocument as QStaffMe,
  MStaffLoginDocument as MStaffLogin,
  MStaffLogoutDocument as MStaffLogout,
  QStaffSetupLinkDocument as QStaffSetupLink,
  MStaffSetupDocument as MStaffSetup,
  QStaffAccountsDocument as QStaffAccounts,
  MStaffInviteDocument as MStaffInvite,
  MStaffSetRolesDocument as MStaffSetRoles,
  MStaffSetDisabledDocument as MStaffSetDisabled,
  MStaffResetAuthenticatorDocument as MStaffResetAuthenticator,
  QStaffAuditDocument as QStaffAudit,
  QStaffInvoiceQueueDocument as QStaffInvoiceQueue,
  QStaffInvoiceDocument as QStaffInvoice,
  QStaffNextInvoiceDocument as QStaffNextInvoice,
  MStaffTakeInvoiceDocument as MStaffTakeInvoice,
  MStaffReleaseInvoiceDocument as MStaffReleaseInvoice,
  MStaffApproveInvoiceDocument as MStaffApproveInvoice,
  MStaffRejectInvoiceDocument as MStaffRejectInvoice,
  QStaffDashboardDocument as QStaffDashboard,
} from './operations.generated';
