import { deliverWebhook } from "./deliver-webhook";
import { expireSession } from "./expire-session";
import { sweep } from "./sweep";

export const functions = [deliverWebhook, expireSession, sweep];
