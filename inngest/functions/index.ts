import { deliverWebhook } from "./deliver-webhook";
import { expireSession } from "./expire-session";
import { railStep } from "./rail-step";
import { sendReceipt } from "./send-receipt";
import { sweep } from "./sweep";

export const functions = [deliverWebhook, expireSession, railStep, sendReceipt, sweep];
