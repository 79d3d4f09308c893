// Deviations of /license (EMQX EE emqx_license_http_api): the 5.8.1 document types the license as an empty
// object; the node answers the license's fields. MQDeck has no license key: see LicenseInfo.
/**
 * What GET /license answers on MQDeck (docs in modules/license/license.service.ts): `type` "community",
 * `max_connections` the node's real limit (a number, or "infinity" when no listener has one), `expiry` false
 * and `expiry_at` "infinity" because nothing expires; `start_at` is the day the node's data dir was created.
 */
export interface LicenseInfo {
  customer: string;
  customer_type: number;
  deployment: string;
  email: string;
  type: string;
  max_connections: number | 'infinity';
  start_at: string;
  expiry_at: string;
  expiry: boolean;
  edition: 'ce' | 'ee';
}

export interface LicenseResponsePatch {
  '/license': {
    get: { 200: LicenseInfo }; // the document says {}; the node answers the fields
    post: { 200: LicenseInfo };
  };
}
