import { deliverWebhook } from "./deliver-webhook";
import { dueJobFunctions } from "./due-jobs";
import { expireSession } from "./expire-session";
import { sweep } from "./sweep";

export const functions = [deliverWebhook, expireSession, ...Object.values(dueJobFunctions), sweep];
