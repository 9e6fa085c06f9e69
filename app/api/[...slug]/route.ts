import { unknownRoute } from "@/lib/http/route";

// Any /api path no other route serves: a 404 envelope, whatever the method
export { unknownRoute as GET, unknownRoute as POST, unknownRoute as PUT, unknownRoute as PATCH, unknownRoute as DELETE };
