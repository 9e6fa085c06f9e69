import { serve } from "inngest/next";
import { inngest } from "@/inngest/client";
import { functions } from "@/inngest/functions";

// GET/POST/PUT /api/inngest – Inngest's own protocol, signed with INNGEST_SIGNING_KEY (not the envelope)
export const { GET, POST, PUT } = serve({ client: inngest, functions });
