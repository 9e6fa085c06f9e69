import type { z } from "zod";
import type { Db } from "@/db/client";
import type { As, MerchantActor } from "@/lib/core/actor";
import { invalid } from "@/lib/core/errors";
import { createPaymentLink, getPaymentLink, listPaymentLinks, type PaymentLinkDto, updatePaymentLink } from "@/lib/links/service";
import type { CreateV1PaymentLinkBody, paymentLinkListQuery, updatePaymentLinkBody } from "@/lib/links/schemas";
import { merchantDefaults, merchantRow, renameFields, resolveToken } from "./orders";

// Payment links in the v1 style (/api/v1/payment-links): the same links as /api/payment-links, with
// the destination named as v1 orders name it (destinationAddress, the chain id as a string) and
// defaulting as theirs does, and errors with the v1 envelope's errorCode (the route's generation).

/** A link as the v1 API answers it. */
export function serializeV1PaymentLink({ recipientAddress, destinationChainId, ...link }: PaymentLinkDto) {
  return { ...link, destinationAddress: recipientAddress, destinationChainId: String(destinationChainId) };
}
export type V1PaymentLinkDto = ReturnType<typeof serializeV1PaymentLink>;

export async function createV1PaymentLink(db: Db, body: CreateV1PaymentLinkBody, { actor }: As<MerchantActor>) {
  const { destinationAddress, destinationToken, destinationChainId, ...rest } = body;
  const recipientAddress = destinationAddress ?? (await merchantRow(db, actor.merchantId)).evmWalletAddress;
  if (!recipientAddress) {
    throw invalid(
      "destinationAddress",
      "is required: this merchant has no default wallet (set evmWalletAddress in the dashboard's settings)",
    );
  }
  const chainId = destinationChainId ?? merchantDefaults().chainId;
  const link = await createPaymentLink(
    db,
    {
      ...rest,
      destinationChainId: chainId,
      destinationToken: resolveToken(destinationToken, chainId) as `0x${string}`,
      recipientAddress: recipientAddress as `0x${string}`,
    },
    { actor },
  ).catch((err: unknown) => {
    throw renameFields(err);
  });
  return serializeV1PaymentLink(link);
}

export async function listV1PaymentLinks(db: Db, query: z.infer<typeof paymentLinkListQuery>, as: As<MerchantActor>) {
  const { paymentLinks, nextCursor } = await listPaymentLinks(db, query, as);
  return { paymentLinks: paymentLinks.map(serializeV1PaymentLink), nextCursor };
}

export async function getV1PaymentLink(db: Db, id: string, as: As<MerchantActor>) {
  return serializeV1PaymentLink(await getPaymentLink(db, id, as));
}

export async function updateV1PaymentLink(db: Db, id: string, patch: z.infer<typeof updatePaymentLinkBody>, as: As<MerchantActor>) {
  return serializeV1PaymentLink(await updatePaymentLink(db, id, patch, as));
}
