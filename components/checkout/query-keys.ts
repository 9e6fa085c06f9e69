export const checkoutKeys = {
  all: ["checkout"] as const,
  view: (sessionId: string) => ["checkout", "view", sessionId] as const,
};
