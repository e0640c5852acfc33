// Signing secrets are needed in clear to sign, so they are encrypted rather than hashed,
// bound to their endpoint (a secret copied onto another row does not decrypt).
import { decryptSecret, encryptSecret } from "../secrets/encrypt-at-rest";

export const secretContext = (endpointId: string) => `webhook-secret:${endpointId}`;

export const sealWebhookSecret = (endpointId: string, secret: string) => encryptSecret(secret, secretContext(endpointId));
export const openWebhookSecret = (endpointId: string, sealed: string) => decryptSecret(sealed, secretContext(endpointId));
