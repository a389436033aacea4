import {
  MStaffMemberAccountType,
  MStaffMemberChatbot,
  MStaffMemberConsent,
  MStaffMemberEndSessions,
  MStaffMemberRequirePasswordChange,
  MStaffMemberSetDisabled,
  type StaffMemberDetailFieldsFragment,
  type SwitchKind,
} from '@/lib/painel/members';
import { painelRequest } from '@/lib/painel/request';

/** Runs the switch; every answer is the member's page as it now stands. */
export async function runSwitch(
  kind: SwitchKind,
  id: string,
  reason: string,
  message: string,
): Promise<StaffMemberDetailFieldsFragment> {
  switch (kind) {
    case 'disable':
    case 'enable':
      return (await painelRequest(MStaffMemberSetDisabled, { id, reason, disabled: kind === 'disable' }))
        .staffMemberSetDisabled;
    case 'end-sessions':
      return (await painelRequest(MStaffMemberEndSessions, { id, reason })).staffMemberEndSessions;
    case 'require-password-change':
      return (await painelRequest(MStaffMemberRequirePasswordChange, { id, reason })).staffMemberRequirePasswordChange;
    case 'consent':
      return (await painelRequest(MStaffMemberConsent, { id, reason, message })).staffMemberConsent;
    case 'chatbot-on':
    case 'chatbot-off':
      return (await painelRequest(MStaffMemberChatbot, { id, reason, on: kind === 'chatbot-on' })).staffMemberChatbot;
    case 'editor':
    case 'member':
      return (await painelRequest(MStaffMemberAccountType, { id, reason, type: kind })).staffMemberAccountType;
  }
}
