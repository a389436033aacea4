/**
 * Adapter for the chat-support widget. The embedded build has no chat vendor, so ending a session does nothing;
 * a vendor adapter replaces `endSession` without touching the logout flow.
 */
export interface ChatSupport {
  endSession: () => Promise<void>;
}

export const chatSupport: ChatSupport = {
  endSession: async () => {},
};
