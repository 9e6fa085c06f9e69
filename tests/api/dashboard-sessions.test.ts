import { eq, sql } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { checkoutSessions, orders } from "@/db/schema";
import { dashboardMerchant } from "@/lib/core/actor";
import { parseSessionQuery } from "@/lib/dashboard/session-filters";
import { SESSION_SORTS, type SessionSort } from "@/lib/sessions/search";
import { call, newMerchant, newSession, type TestMerchant, TOKEN, WALLET } from "../support/api";
import { testDb } from "../support/db";

// The dashboard's sessions list (filters, sorts, keyset pages) and its CSV export, on the real
// database: the page rendered in-process as the signed-in merchant, the export's route handler
// called with a Request as Next.js would.

let signedIn = "";
vi.mock("@/lib/auth/session", async (original) => {
  const real = await original<typeof import("@/lib/auth/session")>();
  const { redirect } = await import("next/navigation");
  return {
    ...real,
    // signed out (""), as the real check does: a redirect to sign in
    requireMerchant: async () => {
      if (!signedIn) redirect("/dashboard/sign-in");
      return { merchantId: signedIn, actor: dashboardMerchant(signedIn) };
    },
  };
});
vi.mock("next/navigation", async (original) => (await import("../support/page-mocks")).stubRouter(original));
// counts the keyset pages read, to see the export stream them rather than read them all first; and
// can make the database fail, as when it is down
const reads = { count: 0, fail: false };
vi.mock("@/lib/sessions/search", async (original) => {
  const real = await original<typeof import("@/lib/sessions/search")>();
  return {
    ...real,
    searchSessions: (...args: Parameters<typeof real.searchSessions>) => {
      reads.count++;
      if (reads.fail) throw Object.assign(new Error("connect ECONNREFUSED 10.0.0.9:5432"), { code: "ECONNREFUSED" });
      return real.searchSessions(...args);
    },
  };
});

const { default: SessionsPage } = await import("@/app/dashboard/(app)/sessions/page");
const { GET: exportCsv } = await import("@/app/dashboard/sessions/export/route");
const { searchSessions } = await import("@/lib/sessions/search");

beforeEach(() => {
  reads.count = 0;
  reads.fail = false;
});

const render = async (search: Record<string, string>) =>
  renderToStaticMarkup(await SessionsPage({ searchParams: Promise.resolve(search) }));
const exportOf = (search: Record<string, string>) =>
  exportCsv(new Request(`http://checkout.test/dashboard/sessions/export?${new URLSearchParams(search)}`));

/** Every page of the list for these address parameters, `limit` at a time, through the cursor. */
async function allPages(m: TestMerchant, search: Record<string, string>, limit: number) {
  const parsed = parseSessionQuery(search);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  const ids: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  do {
    const page = await searchSessions(
      await testDb(),
      { ...parsed.filters, sort: parsed.sort, cursor, limit },
      { actor: dashboardMerchant(m.id) },
    );
    ids.push(...page.rows.map((r) => r.id));
    cursor = page.nextCursor ?? undefined;
    pages++;
    if (pages > 100) throw new Error("the cursor does not advance");
  } while (cursor);
  return ids;
}

/** Records of an RFC 4180 text: quoted fields may hold commas, quotes ("") and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') ((field += '"'), i++);
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") (record.push(field), (field = ""));
    else if (c === "\r" && text[i + 1] === "\n") {
      (record.push(field), records.push(record), (field = ""), (record = []), i++);
    } else field += c;
  }
  if (field || record.length) throw new Error(`the text does not end with CRLF: ${JSON.stringify(text.slice(-40))}`);
  return records;
}

async function setRow(id: string, values: Partial<typeof checkoutSessions.$inferInsert>) {
  await (await testDb()).update(checkoutSessions).set(values).where(eq(checkoutSessions.id, id));
}

async function start(m: TestMerchant, id: string, paymentPlatform: string, fiatCurrency = "USD") {
  const res = await call("POST", `/api/checkout/sessions/${id}/start`, { key: m.apiKey, body: { paymentPlatform, fiatCurrency } });
  expect(res.status, res.text).toBe(200);
}

/**
 * Nine sessions of one merchant with ties on purpose: three share a creation time, three an amount,
 * and two both; and a second merchant's sessions with the same amounts and times.
 */
async function fixture() {
  const m = await newMerchant();
  const other = await newMerchant();
  const spec: { amount: string; at: string }[] = [
    { amount: "10.00", at: "2026-03-01T10:00:00.000Z" },
    { amount: "25.50", at: "2026-03-01T10:00:00.000Z" },
    { amount: "25.50", at: "2026-03-01T10:00:00.000Z" },
    { amount: "25.50", at: "2026-03-02T23:59:59.999Z" },
    { amount: "99.999999", at: "2026-03-03T00:00:00.000Z" },
    { amount: "100.00", at: "2026-03-04T12:00:00.000Z" },
    { amount: "100.00", at: "2026-03-04T12:00:00.000Z" },
    { amount: "1.50", at: "2026-03-05T08:00:00.000Z" },
    { amount: "5000.00", at: "2026-03-06T08:00:00.000Z" },
  ];
  const sessions: { id: string; amount: string; at: string }[] = [];
  for (const [i, s] of spec.entries()) {
    const made = await newSession(m, { amountUsdc: s.amount, metadata: { n: String(i) } });
    await setRow(made.id, { createdAt: new Date(s.at) });
    sessions.push({ id: made.id, ...s });
  }
  for (const s of spec.slice(0, 4)) {
    const made = await newSession(other, { amountUsdc: s.amount, metadata: { n: "other" } });
    await setRow(made.id, { createdAt: new Date(s.at) });
  }
  signedIn = m.id;
  return { m, other, sessions };
}

const micro = (amount: string) => BigInt(amount.replace(".", "").padEnd(amount.indexOf(".") + 7, "0"));
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const ORDER: Record<SessionSort, (a: { id: string; amount: string; at: string }, b: { id: string; amount: string; at: string }) => number> =
  {
    newest: (a, b) => (a.at === b.at ? byId(b, a) : a.at < b.at ? 1 : -1),
    oldest: (a, b) => (a.at === b.at ? byId(a, b) : a.at < b.at ? -1 : 1),
    amount_desc: (a, b) => (micro(a.amount) === micro(b.amount) ? byId(b, a) : micro(a.amount) < micro(b.amount) ? 1 : -1),
    amount_asc: (a, b) => (micro(a.amount) === micro(b.amount) ? byId(a, b) : micro(a.amount) < micro(b.amount) ? -1 : 1),
  };

describe("the dashboard's sessions list", () => {
  it("pages through each sort, two at a time, with no session repeated or missed where amounts and times are equal", async () => {
    const { m, sessions } = await fixture();
    for (const sort of SESSION_SORTS) {
      const expected = [...sessions].sort(ORDER[sort]).map((s) => s.id);
      expect(await allPages(m, { sort }, 2), sort).toEqual(expected);
      expect(await allPages(m, { sort }, 1), sort).toEqual(expected);
    }
  });

  it("filters by created day (UTC, both ends included), amount in USDC, status, payment platform and metadata", async () => {
    const { m, sessions } = await fixture();
    const ids = (indexes: number[]) => indexes.map((i) => sessions[i]!.id).sort();
    const found = async (search: Record<string, string>) => (await allPages(m, search, 3)).sort();

    expect(await found({ from: "2026-03-02", to: "2026-03-03" })).toEqual(ids([3, 4]));
    expect(await found({ from: "2026-03-04" })).toEqual(ids([5, 6, 7, 8]));
    expect(await found({ to: "2026-03-01" })).toEqual(ids([0, 1, 2]));
    expect(await found({ min: "25.5", max: "99.999999" })).toEqual(ids([1, 2, 3, 4]));
    expect(await found({ min: "100" })).toEqual(ids([5, 6, 8]));
    expect(await found({ max: "1.5" })).toEqual(ids([7]));
    // beyond what a bigint holds: everything at most, nothing at least
    expect(await found({ max: "999999999999999" })).toHaveLength(9);
    expect(await found({ min: "999999999999999" })).toEqual([]);

    await call("POST", `/api/checkout/sessions/${sessions[1]!.id}/cancel`, { key: m.apiKey });
    expect(await found({ status: "CANCELLED" })).toEqual(ids([1]));
    expect(await found({ q: "4" })).toEqual(ids([4]));
    expect(await found({ q: sessions[6]!.id })).toEqual(ids([6]));

    await start(m, sessions[5]!.id, "wise", "EUR");
    await start(m, sessions[6]!.id, "venmo");
    expect(await found({ platform: "wise" })).toEqual(ids([5]));
    expect(await found({ platform: "venmo" })).toEqual(ids([6]));
    expect(await found({ platform: "zelle" })).toEqual([]);
    // together, and sorted
    expect(await allPages(m, { min: "25.50", max: "100", from: "2026-03-01", to: "2026-03-04", sort: "amount_asc" }, 2)).toEqual(
      [1, 2, 3, 4, 5, 6]
        .map((i) => sessions[i]!)
        .sort(ORDER.amount_asc)
        .map((s) => s.id),
    );
  });

  it("shows the filters kept in the form, and another merchant's sessions never", async () => {
    const { sessions } = await fixture();
    const page = await render({ min: "25.5", max: "100", sort: "amount_desc", platform: "wise" });
    expect(page).toMatch(/id="min"[^>]*value="25.5"|value="25.5"[^>]*id="min"/);
    expect(page).toContain('<option value="amount_desc" selected="">');
    expect(page).toContain('<option value="wise" selected="">');
    expect(page).toContain("No sessions match these filters.");
    expect(page).toContain('href="/dashboard/sessions"');

    const all = await render({ sort: "oldest" });
    for (const s of sessions) expect(all).toContain(s.id);
    expect(all).toContain("Sessions, oldest first");
    expect(all).not.toContain("Next page");
    expect(all).toContain('href="/dashboard/sessions/export?sort=oldest"');
    // the second merchant's, with the same amounts and times
    expect((await render({})).match(/>sess_[0-9a-f]+</g)?.length).toBe(2 * sessions.length); // cards and table
  });

  it("refuses bad filters with a message naming each field, and lists nothing rather than failing", async () => {
    await fixture();
    const cases: [Record<string, string>, string][] = [
      [{ min: "abc" }, 'Minimum amount (USDC): "abc" is not an amount like 12.50'],
      [{ max: "-5" }, 'Maximum amount (USDC): "-5" is not an amount'],
      [{ max: "1.1234567" }, "Maximum amount (USDC): "],
      [{ min: "10", max: "5" }, "Maximum amount (USDC): must not be less than the minimum amount"],
      [{ from: "2026-02-30" }, "Created from (UTC): must be a date like 2026-11-23"],
      [{ to: "yesterday" }, "Created to (UTC): must be a date like 2026-11-23"],
      [{ from: "2026-03-05", to: "2026-03-01" }, "Created to (UTC): must be on or after the from date"],
      [{ platform: "bitcoin" }, "Payment platform: must be one of the listed payment platforms"],
      [{ sort: "random" }, "Sort: must be one of the listed orders"],
      [{ status: "DONE" }, "Status: must be a session status"],
    ];
    for (const [search, message] of cases) {
      expect(parseSessionQuery(search).ok, JSON.stringify(search)).toBe(false);
      const page = await render(search);
      expect(page, JSON.stringify(search)).toContain('role="alert"');
      expect(page.replaceAll("&quot;", '"'), JSON.stringify(search)).toContain(message);
      expect(page).toContain('aria-invalid="true"');
      expect(page).not.toContain(">sess_");
      expect(page).not.toContain("Export CSV");
      const refused = await exportOf(search);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(message.replaceAll("&quot;", '"'));
    }
    // a cursor of one sort is not one of another's
    const { m } = await fixture();
    const first = await searchSessions(await testDb(), { sort: "amount_desc", limit: 2 }, { actor: dashboardMerchant(m.id) });
    const wrongSort = await render({ sort: "oldest", cursor: first.nextCursor! });
    expect(wrongSort).toContain("cursor: is not a cursor this API returned");
    expect(wrongSort).toContain('role="alert"');
    expect(await render({ q: "a\u0000b" })).toContain("must not contain NUL characters");
  });

  it("refuses a cursor whose key is beyond what the database holds (an amount above int64, a time past its years) with 400", async () => {
    const m = await newMerchant();
    signedIn = m.id;
    const cursorOf = (parts: unknown[]) => Buffer.from(JSON.stringify(parts)).toString("base64url");
    const id = "sess_00000000000000000000000000000000";
    const sortCursors: [string, string][] = [
      ["amount_desc", cursorOf(["amount_desc", "9999999999999999999", id])],
      ["amount_asc", cursorOf(["amount_asc", "9223372036854775808", id])],
      ["oldest", cursorOf(["oldest", "+200000-01-01T00:00:00.000Z", id])],
      ["newest", cursorOf(["+200000-01-01T00:00:00.000Z", id])],
      ["newest", cursorOf(["-000100-01-01T00:00:00.000Z", id])],
    ];
    for (const [sort, cursor] of sortCursors) {
      await expect(
        searchSessions(await testDb(), { sort: sort as SessionSort, limit: 2, cursor }, { actor: dashboardMerchant(m.id) }),
        `${sort} ${cursor}`,
      ).rejects.toMatchObject({ code: "VALIDATION_FAILED", details: { fields: { cursor: "invalid" } } });
      const page = await render({ sort, cursor });
      expect(page).toContain("cursor: is not a cursor this API returned");
      expect(page).toContain('role="alert"');
    }
    // the API's own list
    const api = await call("GET", `/api/checkout/sessions?cursor=${cursorOf(["+200000-01-01T00:00:00.000Z", id])}`, { key: m.apiKey });
    expect(api.status, api.text).toBe(400);
    expect(api.body.error?.details?.fields).toHaveProperty("cursor");
    // the largest amount a bigint holds is still a key
    const largest = cursorOf(["amount_desc", "9223372036854775807", id]);
    expect(
      await searchSessions(await testDb(), { sort: "amount_desc", limit: 2, cursor: largest }, { actor: dashboardMerchant(m.id) }),
    ).toEqual({
      rows: [],
      nextCursor: null,
    });
  });

  it("lets a failed query reach the error boundary instead of showing an empty list", async () => {
    await fixture();
    reads.fail = true;
    await expect(render({ min: "10" })).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });

  it("pages 25 at a time with Next page and First page links that keep the filters", async () => {
    const m = await newMerchant();
    signedIn = m.id;
    for (let i = 0; i < 27; i++) await newSession(m, { amountUsdc: "7.00" });
    const page1 = await render({ min: "7", sort: "amount_asc" });
    const next = /href="(\/dashboard\/sessions\?[^"]*cursor=[^"]+)"[^>]*>Next page/.exec(page1)?.[1]?.replaceAll("&amp;", "&");
    expect(next).toContain("min=7");
    expect(next).toContain("sort=amount_asc");
    const page2 = await render(Object.fromEntries(new URL(next!, "http://x").searchParams));
    expect(page2.match(/<tr /g)?.length).toBe(1 + 2); // header and two rows
    expect(page2).toContain('href="/dashboard/sessions?min=7&amp;sort=amount_asc">First page');
    expect(page2).not.toContain("Next page");
  });
});

describe("the sessions CSV export", () => {
  it("streams exactly the filtered sessions as RFC 4180 CSV, never cached, and only the merchant's own", async () => {
    const { m, sessions } = await fixture();
    const tricky = { note: 'say "hi", then\r\nleave', formula: '=HYPERLINK("http://evil")' };
    await setRow(sessions[4]!.id, { metadata: tricky });
    await start(m, sessions[4]!.id, "wise", "EUR");
    await call("POST", `/api/checkout/sessions/${sessions[4]!.id}/cancel`, { key: m.apiKey });

    const res = await exportOf({ min: "25.5", max: "100", sort: "amount_desc" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="sessions-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const [header, ...records] = parseCsv(await res.text());
    expect(header!.join(",")).toBe(
      "id,created_at,status,amount_usdc,fiat_amount,fiat_currency,chain_id,chain,token,recipient,platforms,completed_at,metadata,payment_link,fee_payer,paid_usdc,gross_usdc,fees_usdc,net_usdc,exception_kind,exception_status,exception_resolution,marked_by,refunded_usdc,refund_state",
    );
    expect(records.map((r) => r[0])).toEqual(
      [1, 2, 3, 4, 5, 6]
        .map((i) => sessions[i]!)
        .sort(ORDER.amount_desc)
        .map((s) => s.id),
    );
    const row = records.find((r) => r[0] === sessions[4]!.id)!;
    expect(row).toEqual([
      sessions[4]!.id,
      "2026-03-03T00:00:00.000Z",
      "CANCELLED",
      "99.999999",
      "",
      "",
      "8453",
      "Base",
      TOKEN,
      WALLET,
      "wise",
      "",
      JSON.stringify(tricky),
      "",
      "MERCHANT",
      "0.00",
      "",
      "",
      "",
      // no exception, not marked paid (tests/api/exceptions.test.ts has one that is)
      "",
      "",
      "",
      "",
      // nothing refunded (tests/api/refunds.test.ts refunds)
      "0.00",
      "none",
    ]);
    expect(JSON.parse(row[12]!)).toEqual(tricky);
    expect(records.find((r) => r[0] === sessions[1]!.id)![12]).toBe('{"n":"1"}');
  });

  it("states an exact-fiat session's price and the platforms of all its orders", async () => {
    const m = await newMerchant();
    signedIn = m.id;
    const { amountUsdc: _a, ...body } = {
      merchantId: m.id,
      amountUsdc: "",
      destinationChainId: 8453,
      destinationToken: TOKEN,
      recipientAddress: WALLET,
      checkoutMode: "exact-fiat",
      fiatAmount: "25.00",
      fiatCurrency: "EUR",
    };
    const made = await call("POST", "/api/checkout/sessions", { key: m.apiKey, body });
    expect(made.status, made.text).toBe(201);
    const id = made.body.responseObject.session.id;
    await start(m, id, "wise", "EUR");
    // an earlier order, on another platform, that expired
    const db = await testDb();
    const [order] = await db.select().from(orders).where(eq(orders.sessionId, id));
    await db
      .insert(orders)
      .values({ ...order!, id: `${order!.id}x`, intentHash: `0x${"ab".repeat(32)}`, status: "EXPIRED", paymentPlatform: "revolut" });
    const [, record] = parseCsv(await (await exportOf({})).text());
    expect(record![0]).toBe(id);
    expect(record!.slice(4, 6)).toEqual(["25.00", "EUR"]);
    expect(record![10]).toBe("revolut;wise");
  });

  it("breaks off, rather than ends early as if complete, when the database fails mid-export", async () => {
    const { m } = await fixture();
    const { sessionsCsvStream } = await import("@/lib/sessions/csv");
    const reader = sessionsCsvStream(await testDb(), { filters: {}, sort: "newest" }, { actor: dashboardMerchant(m.id) }, 2).getReader();
    expect(parseCsv(new TextDecoder().decode((await reader.read()).value))).toHaveLength(1 + 2);
    reads.fail = true;
    await expect(reader.read()).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });

  it("redirects a signed-out request to sign in", async () => {
    signedIn = "";
    await expect(exportOf({})).rejects.toMatchObject({ digest: expect.stringContaining("NEXT_REDIRECT") });
  });

  // 100,000 on PostgreSQL; on the embedded PGlite, which runs in this process, 5,000 make the same point
  const BULK = process.env.TEST_DB === "postgres" ? 100_000 : 5_000;

  it(`streams ${BULK.toLocaleString("en-US")} sessions a batch at a time: the first rows arrive before the last batch is read`, async () => {
    const m = await newMerchant();
    const other = await newMerchant();
    signedIn = m.id;
    const db = await testDb();
    // one statement, set-based; ten sessions share each millisecond, so the cursor's id breaks ties
    for (const who of [m.id, other.id])
      await db.execute(sql`
        insert into checkout_sessions
          (id, merchant_id, amount_micro, destination_chain_id, destination_token, recipient_address, expires_at, created_at, metadata)
        select 'sess_bulk' || lpad(g::text, 6, '0') || ${who === m.id ? "a" : "b"}, ${who}, (g % 997 + 1) * 1000000, 8453, ${TOKEN}, ${WALLET},
               timestamptz '2026-06-01T00:00:00Z' + interval '1 day',
               timestamptz '2026-01-01T00:00:00Z' + (g / 10) * interval '1 millisecond',
               jsonb_build_object('n', g::text)
        from generate_series(1, ${who === m.id ? BULK : 1_000}) g`);

    const res = await exportOf({});
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    const firstChunk = await reader.read();
    // one batch was read for the first chunk; the others wait for the reader
    expect(reads.count).toBe(1);
    let text = decoder.decode(firstChunk.value, { stream: true });
    let chunks = 1;
    let largest = firstChunk.value!.length;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks++;
      largest = Math.max(largest, value.length);
      text += decoder.decode(value, { stream: true });
    }
    expect(reads.count).toBe(BULK / 1000);
    expect(chunks).toBe(BULK / 1000);
    // a chunk holds one batch of 1,000 records (about 230 bytes each), not the export
    expect(largest).toBeLessThan(400_000);
    const records = text.split("\r\n").slice(1, -1);
    expect(records).toHaveLength(BULK);
    expect(new Set(records.map((r) => r.slice(0, r.indexOf(",")))).size).toBe(BULK);
    // the merchant's own: the other merchant's ids end in b
    expect(records.every((r) => /^sess_bulk\d{6}a,/.test(r))).toBe(true);
    // newest first: the last one seeded comes first
    expect(records[0]!.startsWith(`sess_bulk${String(BULK).padStart(6, "0")}a,`)).toBe(true);
    expect(records.at(-1)!.startsWith("sess_bulk000001a,")).toBe(true);
  }, 240_000);
});
