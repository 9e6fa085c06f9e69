import QRCode from "qrcode";
import type { Db } from "@/db/client";
import { and, eq } from "drizzle-orm";
import { checkoutSessions } from "@/db/schema";
import { usdcFromMicro } from "@/lib/core/money";
import { refundableMicro, refundDto, refundRowsOf } from "@/lib/refunds/service";
import type { RefundDto } from "@/lib/wire/refund";

// What a session's page shows of its refunds: each refund, the claim link's QR code, and for a claimed
// one what the merchant's wallet is to send: as text, as an EIP-681 link a phone wallet scans, and as
// the transfer the browser's wallet signs.

export type RefundSend = {
  /** the USDC contract on the session's chain */
  token: string;
  chainId: number;
  to: string;
  /** micro-USDC, as the transfer's uint256 */
  amount: string;
  amountUsdc: string;
  /** the account that is expected to send it: the session's recipient */
  from: string;
  eip681: string;
  qr: string;
};

export type RefundItem = RefundDto & { claimQr: string | null; send: RefundSend | null };

const qr = (text: string) => QRCode.toDataURL(text, { margin: 2, errorCorrectionLevel: "M", type: "image/png", width: 256 });

/** The EIP-681 link of a USDC transfer: `ethereum:<token>@<chain>/transfer?address=<to>&uint256=<amount>`. */
export const eip681 = (token: string, chainId: number, to: string, micro: bigint) =>
  `ethereum:${token}@${chainId}/transfer?address=${to}&uint256=${micro}`;

/** A session of the merchant's (the page has read it through its access check) and its refunds. */
export async function sessionRefunds(
  db: Db,
  sessionId: string,
  merchantId: string,
): Promise<{ refunds: RefundItem[]; refundableUsdc: string }> {
  const [session] = await db
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.id, sessionId), eq(checkoutSessions.merchantId, merchantId)))
    .limit(1);
  if (!session) return { refunds: [], refundableUsdc: "0.00" };
  const rows = await refundRowsOf(db, session.id);
  const items = await Promise.all(
    rows.map(async (row): Promise<RefundItem> => {
      const dto = refundDto(row);
      const open = row.status === "AWAITING_CLAIM" || row.status === "AWAITING_TRANSFER";
      const send =
        row.status === "AWAITING_TRANSFER" && row.payoutAddress
          ? {
              token: session.destinationToken,
              chainId: session.destinationChainId,
              to: row.payoutAddress,
              amount: row.amountMicro.toString(),
              amountUsdc: usdcFromMicro(row.amountMicro),
              from: session.recipientAddress,
              eip681: eip681(session.destinationToken, session.destinationChainId, row.payoutAddress, row.amountMicro),
              qr: await qr(eip681(session.destinationToken, session.destinationChainId, row.payoutAddress, row.amountMicro)),
            }
          : null;
      return { ...dto, claimQr: open && dto.claimUrl ? await qr(dto.claimUrl) : null, send };
    }),
  );
  return { refunds: items, refundableUsdc: usdcFromMicro(await refundableMicro(db, session)) };
}
