/**
 * Why a session (a refresh-token family) ended, kept on its tokens (`refresh_tokens.revoked_reason`) when the device
 * it was on should be told at its next refresh. Only this one is said: a logout, a password change or a reuse of a
 * stolen token say nothing more than "Sessão expirada".
 */
export const ENDED_ELSEWHERE = 'ended-elsewhere';

/** The member left on this device ("Sair"): the WhatsApp channel ends the member's chat with a person by it. */
export const LOGGED_OUT = 'logged-out';

/** `extensions.reason` of the refusal, which the app turns into the message on its login screen. */
export const SESSION_ENDED_ELSEWHERE_REASON = 'SESSION_ENDED_ELSEWHERE';

export const SESSION_ENDED_ELSEWHERE_MESSAGE = 'Você saiu deste aparelho pelo perfil em outro aparelho.';
