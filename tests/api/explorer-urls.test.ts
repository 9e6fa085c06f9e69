// Databases: PostgreSQL only: a setting's rules and the links built from it, the same statements as the files run on both.
import { beforeEach, describe, expect, it, vi } from "vitest";
import { dashboardMerchant } from "@/lib/core/actor";
import { explorerUrl } from "@/lib/dashboard/format";
import { parseExplorerUrl } from "@/lib/merchants/explorer-urls";
import { getExplorerUrls } from "@/lib/merchants/explorers";
import { newMerchant, randomIp, type TestMerchant } from "../support/api";
import { testDb } from "../support/db";

// Settings → Block explorers: the merchant's own explorer per chain, which the dashboard's links use.

let signedIn: TestMerchant;
vi.mock("@/lib/auth/session", () => ({ requireMerchant: async () => ({ merchantId: signedIn.id }) }));
vi.mock("next/cache", () => ({ revalidatePath: () => {} }));
vi.mock("next/headers", () => ({ headers: async () => new Headers({ "x-forwarded-for": randomIp() }) }));

const { updateExplorerUrls } = await import("@/actions/dashboard/explorer");

const saved = async (m: TestMerchant) => getExplorerUrls(await testDb(), { actor: dashboardMerchant(m.id) });
const TX = `0x${"ab".repeat(32)}`;

beforeEach(async () => {
  signedIn = await newMerchant();
});

describe("parseExplorerUrl", () => {
  it("takes https (http only for localhost), normalised without a trailing slash; empty is the default", () => {
    expect(parseExplorerUrl("  ")).toEqual({ ok: true, url: null });
    expect(parseExplorerUrl(" https://Explorer.Example.com/ ")).toEqual({ ok: true, url: "https://explorer.example.com" });
    expect(parseExplorerUrl("https://example.com:443/base//")).toEqual({ ok: true, url: "https://example.com/base" });
    expect(parseExplorerUrl("http://localhost:4000/")).toEqual({ ok: true, url: "http://localhost:4000" });
    expect(parseExplorerUrl("http://127.0.0.1:4000")).toEqual({ ok: true, url: "http://127.0.0.1:4000" });
  });

  it("refuses other schemes, http elsewhere, a query, a fragment, credentials and what is not a URL", () => {
    const why = (v: string) => {
      const r = parseExplorerUrl(v);
      return r.ok ? "accepted" : r.message;
    };
    expect(why("http://basescan.org")).toMatch(/must use https:\/\//);
    expect(why("javascript://alert(1)")).toMatch(/must use https:\/\//);
    expect(why("ftp://basescan.org")).toMatch(/must use https:\/\//);
    expect(why("basescan.org")).toMatch(/must start with https:\/\//);
    expect(why("https://basescan.org/?a=1")).toMatch(/query/);
    expect(why("https://basescan.org?")).toMatch(/query/);
    expect(why("https://basescan.org/#top")).toMatch(/fragment/);
    expect(why("https://user:pw@basescan.org")).toMatch(/user name or password/);
    expect(why("https://exa mple.com")).toMatch(/not a valid URL/);
    expect(why(`https://example.com/${"a".repeat(300)}`)).toMatch(/at most 200/);
  });
});

describe("saving the explorers", () => {
  it("saves them normalised, and the dashboard's links use them; an empty field is the default again", async () => {
    expect(await updateExplorerUrls({ "8453": "https://Explorer.Example.com/base/", "84532": "" })).toEqual({
      ok: true,
      explorerUrls: { "8453": "https://explorer.example.com/base" },
    });
    const urls = await saved(signedIn);
    expect(urls).toEqual({ "8453": "https://explorer.example.com/base" });
    expect(explorerUrl(8453, "tx", TX, urls)).toBe(`https://explorer.example.com/base/tx/${TX}`);
    expect(explorerUrl(84532, "tx", TX, urls)).toBe(`https://sepolia.basescan.org/tx/${TX}`);

    expect(await updateExplorerUrls({ "8453": "" })).toEqual({ ok: true, explorerUrls: {} });
    expect(await saved(signedIn)).toEqual({});
    expect(explorerUrl(8453, "address", TX, await saved(signedIn))).toBe(`https://basescan.org/address/${TX}`);
  });

  it("refuses the whole form when one field is wrong, naming each field, and saves nothing", async () => {
    await updateExplorerUrls({ "8453": "https://a.example.com" });
    const r = await updateExplorerUrls({ "8453": "https://b.example.com", "84532": "http://sepolia.example.com" });
    expect(r).toEqual({
      ok: false,
      message: "Not saved: check Base Sepolia.",
      fields: { "84532": "must use https:// (http:// only for localhost)" },
    });
    const both = await updateExplorerUrls({ "8453": "https://x.example.com/#f", "84532": "nope" });
    expect(both).toMatchObject({ ok: false, message: "Not saved: check Base and Base Sepolia." });
    expect(Object.keys((both as { fields: object }).fields)).toEqual(["8453", "84532"]);
    expect(await updateExplorerUrls({ "1": "https://etherscan.io" } as never)).toMatchObject({ ok: false });
    expect(await updateExplorerUrls({ "8453": 42 } as never)).toMatchObject({ ok: false });
    expect(await saved(signedIn)).toEqual({ "8453": "https://a.example.com" });
  });

  it("is the signed-in merchant's own", async () => {
    const other = await newMerchant();
    await updateExplorerUrls({ "8453": "https://mine.example.com" });
    expect(await saved(other)).toEqual({});
  });
});
