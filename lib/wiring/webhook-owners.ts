// The composition root of webhooks' event owners: a client ID's test event also reaches the
// orchestrator it is linked to, and orchestrators (which emit through webhooks) own the links.
// lib/api/route.ts and lib/test/setup.ts load this module first.
import { findActiveLink } from "../orchestrators";
import { setLinkedOrchestratorReader } from "../webhooks";

setLinkedOrchestratorReader(async (clientIdId) => (await findActiveLink(clientIdId))?.orchestratorId ?? null);
