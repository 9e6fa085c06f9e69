import { dashboardMerchant } from "@/lib/core/actor";

// Mocks for the tests that render dashboard pages in-process. vitest hoists each vi.mock to the top
// of its file, so the test files keep the vi.mock calls and pass these as their factories:
//   vi.mock("@/lib/auth/session", async (o) => (await import("../support/page-mocks")).signedInAs(() => signedIn)(o));
//   vi.mock("next/navigation", async (o) => (await import("../support/page-mocks")).stubRouter(o));

type Original = <T>() => Promise<T>;

/** lib/auth/session with requireMerchant answering for the merchant `who()` names at the time of the call. */
export const signedInAs = (who: () => string) => async (original: Original) => ({
  ...(await original<typeof import("@/lib/auth/session")>()),
  requireMerchant: async () => ({ merchantId: who(), actor: dashboardMerchant(who()) }),
});

/** next/navigation with a router that does nothing: the pages' client components ask for one, which only a running app mounts. */
export const stubRouter = async (original: Original) => ({
  ...(await original<typeof import("next/navigation")>()),
  useRouter: () => ({ refresh() {}, push() {}, replace() {}, back() {}, forward() {}, prefetch() {} }),
});
